"""One translation layer for every player-facing text: commands, buttons, narration, images.

Strings live in ``i18n/locales/<lang>/*.json`` (flat ``"dotted.key": "text"`` maps, one file per
area so people can work on them separately). Adding a language is adding a folder: no code.
Texts use ``str.format`` fields: ``t("fr", "koikoi.narrate.koikoi", name="Aki")``.

Languages are Discord's locale codes, kept whole where the region is the language: ``zh-CN``
(Simplified) and ``zh-TW`` (Traditional) are two folders and never merge into one ``zh``. A
missing text falls back to English (``zh-TW`` → ``en``), then to the key itself.

Plurals and numbers follow CLDR through Babel, never hand-written rules: :func:`tn` picks the
language's plural category (``key.one``, ``key.few``, ``key.many``, ``key.other``…) and falls
back to ``key.other``; :func:`ordinal` does the same with the ordinal categories (1st, 2nd);
:func:`number` writes a number the way the language does, with a real minus sign.

Card and yaku names also exist in their own language (``こいこい``, ``猪鹿蝶``): the engine
knows Japanese and Korean card names; yaku native names are the ``yaku.<id>.native`` keys.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from babel import Locale as _Babel
from babel.numbers import format_decimal, format_percent

DEFAULT = "en"
_ROOT = Path(__file__).parent / "locales"
# Further folders laid out like ``locales/`` (``<lang>/*.json``): a game that lives outside the
# tree brings its own texts (:func:`add_folder`). Their languages must be among ``locales/``'s.
_EXTRA: list[Path] = []
MINUS = "\N{MINUS SIGN}"  # "−80" never reads as a dash

# Codes that are not a folder name but mean one (Discord sends ``en-US``; a browser may say
# ``zh-Hant``). Anything else unknown is English.
_ALIASES = {
    "zh": "zh-CN",
    "zh-hans": "zh-CN",
    "zh-sg": "zh-CN",
    "zh-hant": "zh-TW",
    "zh-hk": "zh-TW",
    "zh-mo": "zh-TW",
}
# Babel's name for each language folder (CLDR needs the script to tell the two Chinese apart).
_BABEL = {"zh-CN": "zh_Hans_CN", "zh-TW": "zh_Hant_TW"}


@cache
def supported() -> tuple[str, ...]:
    """Languages with a folder of strings, default first."""
    langs = sorted(p.name for p in _ROOT.iterdir() if p.is_dir())
    return (DEFAULT, *(lang for lang in langs if lang != DEFAULT))


@cache
def _by_lower() -> dict[str, str]:
    return {lang.lower(): lang for lang in supported()}


@cache
def _normalize_text(text: str) -> str:
    code = text.strip().replace("_", "-").lower()
    known = _by_lower()
    if code in known:
        return known[code]
    parts = code.split("-")
    for n in range(len(parts), 0, -1):  # zh-hant-tw → zh-hant → zh
        prefix = "-".join(parts[:n])
        alias = _ALIASES.get(prefix, "").lower()
        if alias in known:
            return known[alias]
        if prefix in known:
            return known[prefix]
    return DEFAULT


def normalize(locale: object) -> str:
    """Map a Discord locale (``"fr"``, ``"en-US"``, ``"zh-TW"``, ``Locale.japanese``…) to a
    supported language folder; unknown languages are English."""
    return _normalize_text(str(getattr(locale, "value", locale) or DEFAULT))


def fallbacks(locale: object) -> tuple[str, ...]:
    """Where a text is looked up, in order: the language, then English (``zh-TW`` → ``en``)."""
    lang = normalize(locale)
    return (lang,) if lang == DEFAULT else (lang, DEFAULT)


@cache
def babel_locale(locale: str) -> _Babel:
    """Babel's CLDR data for a language folder."""
    lang = normalize(locale)
    return _Babel.parse(_BABEL.get(lang, lang))


def plural_categories(locale: object) -> frozenset[str]:
    """The CLDR cardinal categories a language's plural keys need (``other`` always)."""
    return babel_locale(normalize(locale)).plural_form.tags | {"other"}


def ordinal_categories(locale: object) -> frozenset[str]:
    """The CLDR ordinal categories a language's ordinal keys need (``other`` always)."""
    return babel_locale(normalize(locale)).ordinal_form.tags | {"other"}


def add_folder(root: Path) -> None:
    """Read ``root/<lang>/*.json`` too, with the texts of ``locales/`` (a game kept outside
    the tree, such as the tests' own game); a key it defines twice is an error as anywhere."""
    if root not in _EXTRA:
        _EXTRA.append(root)
        clear_cache()


def remove_folder(root: Path) -> None:
    """Stop reading a folder :func:`add_folder` added."""
    if root in _EXTRA:
        _EXTRA.remove(root)
        clear_cache()


def clear_cache() -> None:
    """Forget the texts read so far: the next lookup reads the files again."""
    table.cache_clear()


def _no_key_twice(path: Path) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """A JSON object hook that refuses a key written twice in one file (plain JSON keeps the
    last one silently, so a fixed text could hide behind a stale copy)."""

    def build(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for key, value in pairs:
            if key in data:
                raise ValueError(f"{path.parent.name}/{path.name}: key {key!r} defined twice in the file")
            data[key] = value
        return data

    return build


@cache
def table(lang: str) -> dict[str, str]:
    """All strings of one language (files merged; a key defined twice is an error)."""
    merged: dict[str, str] = {}
    paths = [path for root in (_ROOT, *_EXTRA) for path in sorted((root / lang).glob("*.json"))]
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_no_key_twice(path))
        for key, value in data.items():
            if key in merged:
                raise ValueError(f"{lang}: key {key!r} defined twice ({path.name})")
            merged[key] = value
    return merged


def lookup(locale: object, key: str) -> str | None:
    """The raw text of ``key`` along the fallback chain, or ``None``."""
    for lang in fallbacks(locale):
        text = table(lang).get(key)
        if text is not None:
            return text
    return None


def has(locale: object, key: str) -> bool:
    return lookup(locale, key) is not None


def t(locale: object, key: str, /, **params: Any) -> str:
    """The text for ``key`` in ``locale`` (falling back to English, then to the key itself)."""
    text = lookup(locale, key)
    if text is None:
        text = key
    return text.format(**params) if params else text


def _counted(locale: object, key: str, count: int, category: Any, params: dict[str, Any]) -> str:
    for lang in fallbacks(locale):
        strings = table(lang)
        for form in (category(lang, count), "other"):
            text = strings.get(f"{key}.{form}")
            if text is not None:
                return text.format(count=number(lang, count), **params)
    return f"{key}.other"


def tn(locale: object, key: str, count: int, /, **params: Any) -> str:
    """Plural-aware text: ``key.<CLDR category of count>`` (``one``, ``few``, ``many``…), else
    ``key.other``. ``{count}`` is the number written the language's way."""
    return _counted(locale, key, count, lambda lang, n: babel_locale(lang).plural_form(n), params)


def ordinal(locale: object, key: str, n: int, /, **params: Any) -> str:
    """An ordinal text (``1st``, ``2nd``; ``1er``, ``2e``; ``第1位``): ``key.<CLDR ordinal
    category of n>``, else ``key.other``; the text's ``{n}`` is the plain number."""
    for lang in fallbacks(locale):
        strings = table(lang)
        for form in (babel_locale(lang).ordinal_form(n), "other"):
            text = strings.get(f"{key}.{form}")
            if text is not None:
                return text.format(n=n, **params)
    return f"{key}.other"


def number(locale: object, n: int | float) -> str:
    """``n`` the language's way (``1,234``; ``1 234`` in French) with a real minus: ``−80``."""
    # CLDR groups French digits with a narrow no-break space, which the images' font lacks
    # (it would draw a .notdef box): a plain no-break space reads the same.
    text = format_decimal(abs(n), locale=babel_locale(normalize(locale))).replace("\u202f", "\u00a0")
    return f"{MINUS}{text}" if n < 0 else text


def percent(locale: object, rate: float) -> str:
    """A share (0.62) as a percentage the language's way: ``62%``, ``62 %`` in French."""
    text = format_percent(rate, locale=babel_locale(normalize(locale)))
    return text.replace("\u202f", "\u00a0").replace("-", MINUS)


class NamedCard(Protocol):
    """A card that names itself in a language (the engines' ``Card.name``)."""

    def name(self, lang: str) -> str: ...


def card_name(card: NamedCard, locale: object, *, native: bool = False) -> str:
    """A card's name in ``locale`` (``card.<notation>`` key, else the engine's own names).

    ``native=True`` gives the name in the card's own language (Japanese for hanafuda).
    """
    if native:
        return card.name("ja")
    key = f"card.{card}"
    for lang in fallbacks(locale):
        if key in table(lang):
            return table(lang)[key]
    return card.name(normalize(locale))


def card_label(card: Any, locale: object, *, notation: str | None = None, native_lang: str = "ja") -> str:
    """``3a Cherry curtain (桜に幕)``: notation, name, and the card's own name in brackets.

    The bracket is left out when it would repeat the name (a Japanese reader of a hanafuda card,
    a Korean reader of a hwatu card).
    """
    name = card_name(card, locale)
    native = card.name(native_lang)
    head = f"{notation or card} {name}"
    return head if native == name else f"{head} ({native})"

"""One translation layer for every player-facing text: commands, buttons, narration, images.

Strings live in ``i18n/locales/<lang>/*.json`` (flat ``"dotted.key": "text"`` maps, one file per
area so people can work on them separately). Adding a language is adding a folder: no code.
Texts use ``str.format`` fields: ``t("fr", "koikoi.narrate.koikoi", name="Aki")``.

Card and yaku names also exist in their own language (``こいこい``, ``猪鹿蝶``): the engine
knows Japanese and Korean card names; yaku native names are the ``yaku.<id>.native`` keys.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DEFAULT = "en"
_ROOT = Path(__file__).parent / "locales"


@cache
def supported() -> tuple[str, ...]:
    """Languages with a folder of strings, default first."""
    langs = sorted(p.name for p in _ROOT.iterdir() if p.is_dir())
    return (DEFAULT, *(lang for lang in langs if lang != DEFAULT))


def normalize(locale: object) -> str:
    """Map a Discord locale (``"fr"``, ``"en-US"``, ``Locale.french``…) to a supported language."""
    text = str(getattr(locale, "value", locale) or DEFAULT).lower()
    lang = text.split("-")[0].split("_")[0]
    return lang if lang in supported() else DEFAULT


@cache
def table(lang: str) -> dict[str, str]:
    """All strings of one language (files merged; a key defined twice is an error)."""
    merged: dict[str, str] = {}
    folder = _ROOT / lang
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in merged:
                raise ValueError(f"{lang}: key {key!r} defined twice ({path.name})")
            merged[key] = value
    return merged


def has(locale: object, key: str) -> bool:
    return key in table(normalize(locale)) or key in table(DEFAULT)


def t(locale: object, key: str, /, **params: Any) -> str:
    """The text for ``key`` in ``locale`` (falling back to English, then to the key itself)."""
    lang = normalize(locale)
    text = table(lang).get(key)
    if text is None:
        text = table(DEFAULT).get(key, key)
    return text.format(**params) if params else text


def tn(locale: object, key: str, count: int, /, **params: Any) -> str:
    """Plural-aware text: uses ``key.one`` when ``count == 1`` (and 0 in French), else ``key.other``."""
    lang = normalize(locale)
    singular = count == 1 or (lang == "fr" and count == 0)
    return t(locale, f"{key}.{'one' if singular else 'other'}", count=count, **params)


def card_name(card: Any, locale: object, *, native: bool = False) -> str:
    """A card's name in ``locale`` (``card.<notation>`` key, else the engine's own names).

    ``native=True`` gives the name in the card's own language (Japanese for hanafuda).
    """
    if native:
        return card.name("ja")
    lang = normalize(locale)
    key = f"card.{card}"
    if key in table(lang):
        return table(lang)[key]
    return card.name(lang)

"""Every language says everything, says it in that language, and nothing bypasses the tables.

A test here fails when:

- a key of English is missing in a language (plural keys: exactly the language's CLDR plural
  categories, e.g. ``.one``/``.many``/``.other`` in French, ``.other`` alone in Japanese), or a
  language keeps a key English no longer has;
- a slash-command text (``locale_str`` in the cogs) has no ``cmd.<text>`` in a language;
- a text's ``{placeholders}`` differ from English's;
- a text is English in disguise: the same as English (ignoring case, spaces and punctuation)
  where the language should differ, or, in Japanese, Korean and Chinese, Latin words without a
  single character of the language; unless the key is on a short reviewed list of intentional
  sameness (codes, proper names), capped at a few percent of the keys.

Nothing bypasses the tables: ``test_i18n_literals.py`` scans the sources.
"""

from __future__ import annotations

import ast
import string
from functools import cache
from pathlib import Path

import pytest
import regex

import i18n
from engine.hanafuda.cards import CARDS

ROOT = Path(__file__).resolve().parents[1]
OTHERS = [lang for lang in i18n.supported() if lang != i18n.DEFAULT]
CJK = ("ja", "ko", "zh-CN", "zh-TW")
# Keys whose categories are ordinal (1st, 2nd, 3rd), written with i18n.ordinal.
ORDINAL_KEYS = {"standings.ordinal"}
CAP = 0.03  # intentional sameness: at most 3 % of a language's keys

# --- reviewed intentional sameness: the same text as English on purpose -------------------------
# Proper names, codes and notation read the same in every language. Each entry says why; a key
# listed here but no longer the same as English fails the test (the list only shrinks).
SAME_AS_ENGLISH: dict[str, set[str]] = {
    # French words spelled like the English ones (proper names are in PROPER_TERMS).
    "fr": {
        # Total, Base, Points, Score, Options, Sources, Double, Bonus: French words too
        "render.sheet.base",
        "render.sheet.total",
        "render.summary.total",
        "render.doudizhu.sheet.base",
        "render.doudizhu.sheet.total",
        "render.doudizhu.sheet.total_factor",
        "render.doudizhu.summary.total",
        "render.goita.memory.score",
        "render.goita.sheet.points",
        "render.goita.summary.double",
        "render.gostop.pot",
        "render.gostop.reason.double_chongtong",
        "render.gostop.sheet.base",
        "render.gostop.sheet.score",
        "render.gostop.summary.total",
        "render.roppyakken.summary.total",
        "gostop.narrate.round_score",
        "goita.score.double",
        "rules.options_title",
        "rules.show_options",
        "rules.show_table",
        "table.lobby.option.options",
        "table.lobby.options",
        "stats.count.points.one",
        "stats.count.points.many",
        "stats.count.points.other",
        # "normal": a French word
        "cpu.add.normal",
        "cpu.level.normal",
        # command names that are French words: /stats, option action, options, table
        "cmd.action",
        "cmd.options",
        "cmd.stats",
        "cmd.table",
        "cmd.public",
    },
    "ja": set(),
    "ko": set(),
    # Commands named after games with no established Chinese name: /koikoi, /gostop, /goita
    "zh-CN": {"cmd.koikoi", "cmd.gostop", "cmd.goita"},
    "zh-TW": {"cmd.koikoi", "cmd.gostop", "cmd.goita"},
}
# A text made only of these needs no translation (emoji, digits, punctuation, notation).
LETTER = regex.compile(r"\p{L}")
NATIVE = {
    "ja": regex.compile(r"[\p{Hiragana}\p{Katakana}\p{Han}]"),
    "ko": regex.compile(r"[\p{Hangul}\p{Han}]"),
    "zh-CN": regex.compile(r"\p{Han}"),
    "zh-TW": regex.compile(r"\p{Han}"),
}
# Latin that is not English: placeholders, `code`, notation (3a>3c, 11a), units, CPU, Discord.
NOT_WORDS = regex.compile(
    r"\{[^}]*\}|`[^`]*`|<[^>]*>|\b\d+[a-d]\b|https?://\S+|\b(?:CPU|Discord|Tsuki|OK|ID|pt|pts|vs|x)\b",
    regex.IGNORECASE,
)
LATIN_WORD = regex.compile(r"\p{Latin}{3,}")
# Proper names and the games' own romanised terms: the same in every Latin-script language (the
# CJK languages write them in their own script, so this list does not apply to them).
PROPER_TERMS = regex.compile(
    r"\b(?:(?:gwang|meong|pi|go)-bak|Koi-?Koi|Go-?Stop|Roppyakken|Sanbyakuken|Goita|Shogi|Dou Dizhu|"
    r"doudizhu|Shōbu|Go|Stop|Joker|pi|Nagari|Gwang|Seolsa|Chongtong|jjok|sseul|Yaku|Iris|Paulownia|solo)\b",
    regex.IGNORECASE,
)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _squash(text: str) -> str:
    """Case, spacing and punctuation do not make a translation."""
    return regex.sub(r"[\p{P}\p{Z}\s]+", "", text).casefold()


@cache
def command_texts() -> frozenset[str]:
    """Every ``locale_str`` literal of the slash commands (names, descriptions, choices)."""
    found: set[str] = set()
    for path in (ROOT / "cogs").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {"locale_str"} | {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module == "discord.app_commands"
            for alias in node.names
            if alias.name == "locale_str"
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_command(node):
                # discord.py translates a parameter's own name (locale_str(name)) as its name
                found |= {a.arg for a in node.args.args[2 if node.args.args[0].arg == "self" else 1 :]}
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            arg = node.args[0]
            if name in aliases and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
    return frozenset(found)


def _is_command(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Is the function a slash command's callback (``@app_commands.command(...)``)?"""
    for decorator in node.decorator_list:
        func = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(func, ast.Attribute) and func.attr == "command" and node.args.args:
            return True
    return False


def plural_bases(english: dict[str, str]) -> set[str]:
    return {k.rsplit(".", 1)[0] for k in english if k.endswith(".other")} & {
        k.rsplit(".", 1)[0] for k in english if k.endswith(".one")
    }


def expected_keys(lang: str) -> set[str]:
    """The keys ``lang`` must define: English's, with the language's own plural categories,
    plus ``cmd.<text>`` for every command text and, where the engine has no names in that
    language, ``card.<code>`` for every hanafuda card."""
    english = i18n.table(i18n.DEFAULT)
    bases = plural_bases(english) | ORDINAL_KEYS
    keys = {k for k in english if k.rsplit(".", 1)[0] not in bases}
    for base in plural_bases(english) - ORDINAL_KEYS:
        keys |= {f"{base}.{c}" for c in i18n.plural_categories(lang)}
    for base in ORDINAL_KEYS:
        keys |= {f"{base}.{c}" for c in i18n.ordinal_categories(lang)}
    keys |= {f"cmd.{text}" for text in command_texts()}
    if lang not in ("ja", "ko"):  # the engine names the cards in English, Japanese and Korean
        keys |= {f"card.{card}" for card in CARDS}
    return keys


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_exists_with_the_languages_plural_categories(lang: str) -> None:
    expected, actual = expected_keys(lang), set(i18n.table(lang))
    missing = sorted(expected - actual)
    assert not missing, f"{lang} lacks {len(missing)} keys: {missing}"
    # Command texts built at run time (``_(GAME_NAMES[g])``) escape the scan: the SimCord test
    # of the synced commands (tests/cogs/test_locale_e2e.py) checks those; here extra ``cmd.``
    # keys are allowed.
    extra = sorted(actual - expected - {k for k in actual if k.startswith(("card.", "cmd."))})
    assert not extra, f"{lang} has keys nothing asks for (stale, or a wrong plural category): {extra}"


@pytest.mark.parametrize("lang", OTHERS)
def test_command_texts_fit_discords_limits(lang: str) -> None:
    """A command or option name (an English text that is itself a valid name) must translate to
    a valid name; any other command text to at most 100 characters. (The translator would drop
    them, and the command would show English.)"""
    from cogs.translator import MAX_TEXT, valid_name

    wrong = []
    for text in sorted(command_texts()):
        local = i18n.table(lang).get(f"cmd.{text}")
        if local is None:
            continue
        if valid_name(text) and not valid_name(local):
            wrong.append(f"name {text!r} -> {local!r}")
        elif not valid_name(text) and len(local) > MAX_TEXT:
            wrong.append(f"{text!r}: {len(local)} characters")
    assert not wrong, f"{lang}: {wrong}"


def test_english_plural_keys_have_one_and_other_only() -> None:
    english = i18n.table(i18n.DEFAULT)
    for base in plural_bases(english) - ORDINAL_KEYS:
        forms = {k.rsplit(".", 1)[1] for k in english if k.rsplit(".", 1)[0] == base}
        assert forms == {"one", "other"}, f"{base}: {forms}"


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_are_the_same_as_english(lang: str) -> None:
    english, other = i18n.table(i18n.DEFAULT), i18n.table(lang)
    bases = plural_bases(english) | ORDINAL_KEYS
    wrong = []
    for key, text in other.items():
        base = key.rsplit(".", 1)[0]
        if key in english and base not in bases:
            if fields(text) != fields(english[key]):
                wrong.append(f"{key}: {sorted(fields(text))} != {sorted(fields(english[key]))}")
        elif base in bases:
            # a plural form may leave out {count} ("Koi-koi" for one) but never invent a field
            allowed = set().union(*(fields(v) for k, v in english.items() if k.rsplit(".", 1)[0] == base))
            if not fields(text) <= allowed:
                wrong.append(f"{key}: {sorted(fields(text) - allowed)} unknown")
            if key.endswith(".other") and fields(text) != fields(english[f"{base}.other"]):
                wrong.append(f"{key}: {sorted(fields(text))} != English .other")
        elif key.startswith("cmd.") and fields(text):
            wrong.append(f"{key}: a command text has no fields")
    assert not wrong, f"{lang}: {wrong}"


def _english_of(key: str) -> str | None:
    if key.startswith("cmd."):
        return key[4:]
    english = i18n.table(i18n.DEFAULT)
    if key in english:
        return english[key]
    base, _, form = key.rpartition(".")
    return english.get(f"{base}.other") if form in ("one", "few", "many", "two", "zero", "other") else None


def untranslated(lang: str) -> list[str]:
    """Keys of ``lang`` whose text is English in disguise."""
    found = []
    for key, text in i18n.table(lang).items():
        english = _english_of(key)
        if english is None or not LATIN_WORD.search(NOT_WORDS.sub("", english)):
            continue  # nothing English to translate (a code, a number, an emoji, a native name)
        if _squash(text) == _squash(english):
            if lang not in NATIVE and not LATIN_WORD.search(PROPER_TERMS.sub("", NOT_WORDS.sub("", english))):
                continue  # only proper names: the same in French
            found.append(key)
        elif lang in NATIVE and LATIN_WORD.search(NOT_WORDS.sub("", text)) and not NATIVE[lang].search(text):
            found.append(key)  # Latin words and not one character of the language
    return found


@pytest.mark.parametrize("lang", OTHERS)
def test_no_text_is_english_in_disguise(lang: str) -> None:
    allowed = SAME_AS_ENGLISH.get(lang, set())
    assert len(allowed) <= CAP * len(expected_keys(lang)), f"{lang}: the list of sameness is too long"
    found = set(untranslated(lang))
    assert not found - allowed, f"{lang}: {len(found - allowed)} texts are English: {sorted(found - allowed)}"
    stale = sorted(k for k in allowed if k in i18n.table(lang) and k not in found)
    assert not stale, f"{lang}: translated now, drop from SAME_AS_ENGLISH: {stale}"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_card_has_a_name_in_the_language(lang: str) -> None:
    english = {i18n.card_name(c, "en") for c in CARDS}
    same = [str(c) for c in CARDS if i18n.card_name(c, lang) in english]
    assert not same, f"{lang} shows English card names for {same}"

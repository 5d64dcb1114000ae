"""docs/glossary.md is what the texts say: one word per thing, in every game and language.

The glossary's tables are read as data: each row names a concept's word in the six languages and
the locale keys that name it; the last table lists the words each language retired ("Lights",
"Plains", "Junk" in English). A test fails when a listed text does not use its row's word, or
when any text of a language still uses a retired word outside the places the table allows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

import i18n

GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary.md"
LANGS = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
CONCEPT_HEADER = ("concept", *LANGS, "keys")
RETIRED_HEADER = ("language", "retired", "allowed in")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
LATIN_WORD = re.compile(r"^[A-Za-zÀ-ÿ' -]+$")
KATAKANA_WORD = re.compile(r"^[\u30a0-\u30ff]+$")


@dataclass(frozen=True)
class Row:
    concept: str
    words: dict[str, str]
    keys: tuple[str, ...]


@dataclass(frozen=True)
class Retired:
    lang: str
    words: tuple[str, ...]
    allowed: tuple[str, ...]


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _ticked(cell: str) -> tuple[str, ...]:
    return tuple(re.findall(r"`([^`]+)`", cell))


@cache
def tables() -> tuple[tuple[Row, ...], tuple[Retired, ...]]:
    """The glossary's concept rows and retired-word rows, in the order written."""
    rows: list[Row] = []
    retired: list[Retired] = []
    header: tuple[str, ...] = ()
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            header = ()
            continue
        cells = _cells(line)
        if not header:
            header = tuple(cells)
            continue
        if set(line) <= set("|-: "):
            continue
        if header == CONCEPT_HEADER:
            rows.append(Row(cells[0], dict(zip(LANGS, cells[1:7], strict=True)), _ticked(cells[7])))
        elif header == RETIRED_HEADER:
            retired.append(Retired(cells[0], _ticked(cells[1]), _ticked(cells[2])))
    return tuple(rows), tuple(retired)


def _contains(text: str, word: str) -> bool:
    """``word`` in ``text``: letters without case (and ’ as '), other scripts as they are."""
    folded = text.replace("\u2019", "'").casefold()
    return word.replace("\u2019", "'").casefold() in folded


def test_the_glossary_has_its_tables() -> None:
    rows, retired = tables()
    assert len(rows) >= 30, "the concept tables were not found (their header must stay as written)"
    assert {r.lang for r in retired} == set(LANGS), "a retired-words row per language"
    assert all(row.keys and all(row.words.values()) for row in rows), "every row has words and keys"


@pytest.mark.parametrize("row", tables()[0], ids=lambda row: row.concept)
def test_each_listed_text_uses_the_glossary_word(row: Row) -> None:
    """The texts that name a concept name it with the glossary's word, in every language."""
    wrong = []
    for key in row.keys:
        assert i18n.has("en", key), f"{key}: no such text (renamed? update docs/glossary.md)"
        for lang in LANGS:
            text = i18n.table(lang).get(key) or i18n.table(lang).get(f"{key}.other", "")
            if not _contains(text, row.words[lang]):
                wrong.append(f"{lang} {key}: {text[:80]!r} does not say {row.words[lang]!r}")
    assert not wrong, "\n".join(wrong)


def _whole(word: str) -> str:
    """A retired word as a whole word: Latin between word boundaries, katakana not inside a longer
    katakana word (ピ, not コンピューター), other scripts anywhere."""
    if LATIN_WORD.match(word):
        return rf"\b{re.escape(word)}\b"
    if KATAKANA_WORD.match(word):
        return rf"(?<![\u30a0-\u30ff]){re.escape(word)}(?![\u30a0-\u30ff])"
    return re.escape(word)


def _retired_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(_whole(w) for w in words), re.IGNORECASE)


@pytest.mark.parametrize("entry", tables()[1], ids=lambda entry: entry.lang)
def test_no_text_uses_a_retired_word(entry: Retired) -> None:
    """No text says "Lights" or "Plains" (or the language's other retired words) any more."""
    pattern = _retired_pattern(entry.words)
    found = []
    for key, text in sorted(i18n.table(entry.lang).items()):
        plain = PLACEHOLDER.sub("", text)
        for allowed in entry.allowed:
            plain = re.sub(re.escape(allowed), " ", plain, flags=re.IGNORECASE)
        hit = pattern.search(plain)
        if hit:
            found.append(f"{key}: {hit.group(0)!r} in {text[:90]!r}")
    assert not found, f"{entry.lang} texts use retired words (docs/glossary.md):\n" + "\n".join(found)


def test_a_retired_word_is_caught() -> None:
    """The scan finds a retired word as a whole word only: "Lights" yes, "lightning" no."""
    pattern = _retired_pattern(("Lights", "pi", "皮", "ピ"))
    assert pattern.search("Three Lights")
    assert pattern.search("2 pi")
    assert pattern.search("拿一张皮")
    assert not pattern.search("the lightning card")
    assert not pattern.search("pick a pile")
    assert pattern.search("ピとして数える")
    assert not pattern.search("コンピューター")

"""``/move`` takes Goita pieces in the player's language (issue 28's reading of whole matches):
``block:Roi``, ``attack:Général d'or``, ``attack:금장``, ``block:金 Gold``… as the hand, the
buttons and the suggestions name them (docs/glossary.md, "Goita pieces"), not only the letter,
the character or the English word.

Seed (docs/rules/goita.md): a block is made « avec la même pièce » (or a King): the piece is the
move, so the player must be able to name it in their words.
"""

from __future__ import annotations

import pytest

from cogs.goita import piece_words
from cogs.goita.spec import SPEC as GOITA
from cogs.table.typed import from_player
from engine import goita as gt
from engine.core import IllegalAction
from engine.goita.types import KANJI, Piece
from i18n import t

LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")


def typed(text: str) -> gt.Action:
    """What ``/move action:<text>`` plays (``cogs.table.typed.play_typed``'s parsing)."""
    return gt.ENGINE.parse_action(from_player(GOITA, text))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_language_names_every_piece(locale: str) -> None:
    for piece in Piece:
        name = t(locale, f"goita.piece.{piece.name}")
        short = t(locale, f"render.goita.chip.{piece.name}")
        for word in {name, short, f"{KANJI[piece]} {name}", name.upper(), f" {name} "}:
            assert typed(f"block:{word}") == gt.Block(piece), word
            assert typed(f"attack：{word}") == gt.Attack(piece), word
        assert typed(f"down:{name}") == gt.Down(piece)


def test_french_words_without_accents_or_apostrophes() -> None:
    assert typed("attack:general dor") == gt.Attack(Piece.G)
    assert typed("block:Général d'argent") == gt.Block(Piece.S)
    assert typed("block:roi") == gt.Block(Piece.K)


def test_one_word_names_one_piece_in_every_language() -> None:
    """No word of one language names another piece in another: a typed word is never ambiguous."""
    seen: dict[str, Piece] = {}
    for locale in LOCALES:
        for piece in Piece:
            for key in (f"goita.piece.{piece.name}", f"render.goita.chip.{piece.name}"):
                word = piece_words.fold(t(locale, key))
                assert seen.setdefault(word, piece) is piece, f"{word!r} names two pieces"


def test_the_notation_and_anything_else_are_left_as_typed() -> None:
    assert from_player(GOITA, "block:G") == "block:G"
    assert from_player(GOITA, "pass") == "pass"
    assert from_player(GOITA, "block:Dame") == "block:Dame", "the engine refuses it, quoting it as typed"
    with pytest.raises(IllegalAction):
        typed("block:Dame")

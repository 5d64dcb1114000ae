"""Piece and action notation: one letter per piece, ``verb:piece`` actions, round-trips."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.goita import (
    ENGINE,
    KANJI,
    NAMES,
    Attack,
    Block,
    Down,
    Keep,
    Pass,
    Piece,
    Redeal,
    format_pieces,
    parse_action,
    parse_pieces,
)
from engine.goita import types as goita_types

ALL = [
    *(Down(p) for p in Piece),
    *(Attack(p) for p in Piece),
    *(Block(p) for p in Piece),
    Pass(),
    Redeal(),
    Keep(),
]


def test_piece_letters_round_trip() -> None:
    for p in Piece:
        assert Piece.parse(str(p)) is p and Piece.parse(str(p).lower()) is p
        assert eval(repr(p), {"Piece": Piece}) is p
    assert format_pieces(parse_pieces("pp k g r")) == "KRGPP"
    for bad in ("", "X", "KK", "10"):
        with pytest.raises(IllegalAction):
            Piece.parse(bad)


@pytest.mark.parametrize("action", ALL, ids=str)
def test_action_text_round_trips_and_repr_pastes_back(action: object) -> None:
    assert parse_action(str(action)) == action
    assert ENGINE.parse_action(str(action).upper()) == action
    namespace = {name: getattr(goita_types, name) for name in dir(goita_types)}
    assert eval(repr(action), namespace) == action


def test_examples_and_bad_text() -> None:
    assert parse_action("down:K") == Down(Piece.K)
    assert parse_action(" attack : r ") == Attack(Piece.R)
    assert parse_action("block:G") == Block(Piece.G)
    for bad in ("", "play", "down", "down:X", "shoot:K", "block:"):
        with pytest.raises(IllegalAction) as err:
            parse_action(bad)
        assert err.value.key in ("bad_move", "bad_piece")


def test_a_move_names_its_piece_by_letter_character_or_word() -> None:
    """docs/notation.md: ``block:G``, ``block:金`` and ``block:gold`` are the same move, stored
    with the letter; the second King's 玉 and the simplified forms a zh-CN keyboard types too."""
    for piece, kanji in KANJI.items():
        for typed in (str(piece), kanji, NAMES[piece], NAMES[piece].upper()):
            assert parse_action(f"block:{typed}") == Block(piece)
            assert str(parse_action(f"attack：{typed}")) == f"attack:{piece}"
    for typed, piece in (("玉", Piece.K), ("飞", Piece.R), ("银", Piece.S), ("马", Piece.N), ("步", Piece.P)):
        assert Piece.parse(typed) is piece
    for bad in ("金金", "gold2", "歩兵", "Pion"):
        with pytest.raises(IllegalAction):
            Piece.parse(bad)

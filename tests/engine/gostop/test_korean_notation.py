"""The notation Go-Stop players read and type (Korean month numbers) against the engine's."""

from __future__ import annotations

import pytest

from engine.hanafuda import gostop as gs
from engine.hanafuda.cards import CARDS
from engine.hanafuda.gostop.notation import from_player, korean_month, korean_notation, to_player


@pytest.mark.parametrize(
    ("engine", "player"),
    [
        ("12a", "11a"),  # the phoenix: paulownia, 11 on a hwatu face
        ("11a", "12a"),  # the rain man: willow, 12 on a hwatu face
        ("12d>12b", "11d>11b"),
        (">11c", ">12c"),
        ("shake12", "shake11"),
        ("bomb11", "bomb12"),
        ("3a>3c", "3a>3c"),
        ("1a", "1a"),
        ("10b", "10b"),
        ("J2", "J2"),
        ("J2b", "J2b"),
        ("J3", "J3"),
        ("go", "go"),
        ("cup:pi", "cup:pi"),
    ],
)
def test_only_months_11_and_12_change(engine: str, player: str) -> None:
    assert to_player(engine) == player
    assert from_player(player) == engine


def test_the_number_on_each_face_is_the_number_players_type() -> None:
    for card in CARDS:
        typed = to_player(str(card))
        assert int(typed[:-1]) == card.korean_month, card
        assert gs.parse_card(from_player(typed)) == int(card)


def test_every_action_round_trips_through_the_player_notation() -> None:
    actions = [
        *(gs.Play(c) for c in range(51)),
        gs.Play(gs.parse_card("12a"), gs.parse_card("12c")),
        *(gs.Take(c) for c in range(48)),
        *(gs.Shake(m) for m in range(1, 13)),
        *(gs.Bomb(m) for m in range(1, 13)),
        gs.Flip(),
        gs.Go(),
        gs.Stop(),
        gs.Claim(True),
        gs.Claim(False),
        gs.CupAs(True),
        gs.CupAs(False),
    ]
    for action in actions:
        assert gs.parse_action(from_player(to_player(str(action)))) == action
    assert korean_notation(korean_notation("12d>11b")) == "12d>11b"


def test_month_numbers() -> None:
    assert [korean_month(m) for m in range(1, 13)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 11]

"""Action notation: ``parse_action(str(a)) == a`` for every action, ``repr`` pastes back as code."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.hanafuda.cards import CARDS, Card
from engine.hanafuda.koikoi import Action, Capture, KoiKoi, Play, Shobu, parse_action

ALL_ACTIONS: list[Action] = [
    *(Play(c) for c in CARDS),
    *(Play(c, t) for c in CARDS for t in CARDS),
    *(Capture(t) for t in CARDS),
    KoiKoi(),
    Shobu(),
]


def test_every_action_round_trips_through_its_notation() -> None:
    for action in ALL_ACTIONS:
        assert parse_action(str(action)) == action


def test_repr_pastes_back_as_code() -> None:
    namespace = {"Play": Play, "Capture": Capture, "KoiKoi": KoiKoi, "Shobu": Shobu, "Card": Card}
    for action in ALL_ACTIONS[::7]:
        assert eval(repr(action), namespace) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3a", Play(CARDS[8])),
        ("3A", Play(CARDS[8])),
        (" 3a > 3c ", Play(CARDS[8], CARDS[10])),
        (">3c", Capture(CARDS[10])),
        ("koi-koi", KoiKoi()),
        ("KoiKoi", KoiKoi()),
        ("shōbu", Shobu()),
        ("stop", Shobu()),
    ],
)
def test_accepted_spellings(text: str, expected: Action) -> None:
    assert parse_action(text) == expected


@pytest.mark.parametrize("text", ["", "13a", "1e", "zz", "1a>", ">", "1a>2", "koi"])
def test_bad_notation_raises_illegal_action(text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        parse_action(text)
    assert err.value.key in ("bad_move", "bad_card")

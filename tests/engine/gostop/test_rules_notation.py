"""Rules options and presets, action notation, errors."""

from __future__ import annotations

import pytest

from engine.core import BadRules, GameOver, IllegalAction
from engine.hanafuda.gostop import (
    ENGINE,
    PRESETS,
    Bomb,
    Claim,
    CupAs,
    Flip,
    Go,
    Play,
    Rules,
    Shake,
    Stop,
    Take,
    parse_action,
    rules_from,
)
from tests.typed import unchecked


@pytest.mark.parametrize(
    "action",
    [
        Play(0),
        Play(8, 9),
        Shake(2),
        Play(48),
        Play(50),
        Bomb(3),
        Flip(),
        Take(9),
        Go(),
        Stop(),
        Claim(True),
        Claim(False),
        CupAs(True),
        CupAs(False),
    ],
)
def test_notation_round_trips(action: object) -> None:
    assert parse_action(str(action)) == action
    assert eval(repr(action), {"parse_action": parse_action, **globals()}) == action


def test_bad_notation_is_refused() -> None:
    for text in ("13a", "bomb13", "J4", "", "go go"):
        with pytest.raises(IllegalAction):
            parse_action(text)


def test_rules_from_dict_rejects_unknown_and_bad_values() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict(Rules(bonus_cards=3).to_dict()) == Rules(bonus_cards=3)
    for bad in (
        {"nope": 1},
        {"bonus_cards": 4},
        {"threshold_2p": 6},
        {"pi_bak": "x"},
        {"go_bak": 1},
        {"rounds": 0},
        {"four_on_table": "draw"},
        {"free_discard": "yes"},
        {"flat_wins": 5},
    ):
        with pytest.raises(BadRules):
            Rules.from_dict(bad)
    with pytest.raises(BadRules):
        rules_from("nope")
    assert rules_from("short").rounds == 6 and rules_from("quick").rounds == 3
    assert rules_from(None, {"threshold_2p": 5}) == Rules(threshold_2p=5) == PRESETS["five"]
    assert rules_from("fudawiki").pi_bak == "fudawiki"
    for preset in PRESETS.values():
        assert Rules.from_dict(preset.to_dict()) == preset


def test_engine_bundle_and_errors() -> None:
    assert (ENGINE.name, ENGINE.min_seats, ENGINE.max_seats) == ("gostop", 2, 3)
    with pytest.raises(BadRules):
        ENGINE.new_game(4, Rules(), 1)
    s, _ = ENGINE.begin(2, Rules(rounds=1), 1)
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, Go())
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, unchecked("1a"))
    while ENGINE.outcome(s) is None:
        s, _ = ENGINE.apply(s, ENGINE.legal_actions(s)[0])
    with pytest.raises(GameOver):
        ENGINE.apply(s, Go())

"""Dou Dizhu's card menu refusals follow the table's rules (issue 14, option ``bomb_over_bomb``)."""

from __future__ import annotations

import dataclasses

import pytest

from cogs.doudizhu.spec import SPEC
from cogs.table.replies import error_text
from engine.core import IllegalAction
from engine.doudizhu import Card, DoudizhuView, Phase, apply, new_game, rules_from, to_act, view
from engine.doudizhu.moves import parse_move

NINES = ["9s", "9h", "9c", "9d"]


def facing_a_bomb(bomb_over_bomb: bool) -> DoudizhuView:
    """A seat in play holding four 9s, with the bomb 5555 to beat (a real view, its hand and the
    move to beat set by hand)."""
    state = new_game(3, rules_from(None, {"bomb_over_bomb": bomb_over_bomb}), 1)
    for _ in range(3):  # everyone bids (a bid, never a pass: three passes would deal again)
        if view(state, to_act(state)).phase is Phase.PLAY:
            break
        state, _ = apply(state, view(state, to_act(state)).legal_actions[0])
    seen = view(state, to_act(state))
    hand = (*(Card.parse(c) for c in NINES), Card.parse("3s"))
    return dataclasses.replace(seen, hand=hand, to_beat=parse_move("5555"))


def test_a_higher_bomb_is_refused_saying_only_the_rocket_beats_a_bomb():
    """Option off: « Le joueur ayant joué la bombe remporte alors le pli, à moins qu'une
    super-bombe constituée des 2 jokers ne soit jouée », read literally."""
    with pytest.raises(IllegalAction) as refused:
        SPEC.pick(facing_a_bomb(False), NINES, "en")
    assert refused.value.key == "doudizhu_bomb_stands"
    assert (
        str(refused.value)
        == "`9999` does not beat the bomb `5555`: with these rules only the rocket beats a bomb."
    )
    assert "seule la fusée bat une bombe" in error_text(refused.value, "fr")


def test_with_bomb_over_bomb_a_lower_bomb_is_what_is_refused():
    v = facing_a_bomb(True)
    with pytest.raises(IllegalAction) as refused:
        SPEC.pick(dataclasses.replace(v, to_beat=parse_move("TTTT")), NINES, "en")
    assert refused.value.key == "doudizhu_beat_bomb" and "a higher bomb or the rocket" in str(refused.value)

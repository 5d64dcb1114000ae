"""The CPU levels lay the Gaji on the field when that is best (seed: « il peut capturer à
l'aide de celui-ci n'importe quelle carte », so laying it is a legal move they may choose).

The position: seat 0 holds the November swallow ``11b`` and has captured ``11c 11d``; the Gaji
comes with one prey, the paulownia ``12b``. Taken now, it scores 60 points and leaves ``11b``
with no card to pair, so Ameshima (the four Novembers, 200) is lost. Laid on the field, nobody
else can take it (every other November card is seat 0's), and ``11b`` takes it next turn:
Ameshima.
"""

from __future__ import annotations

import random

import pytest

from engine.ai.levels import Level, chooser
from engine.ai.search import Budget
from engine.hanafuda.cards import card
from engine.hanafuda.roppyakken import PRESETS, Capture, Lay, Phase, Rules, apply, view
from engine.hanafuda.roppyakken.scoring import GAJI
from engine.hanafuda.roppyakken.state import State
from tests.engine.roppyakken.stacked import m, make_state, play

LEVELS = (Level.BEGINNER, Level.NORMAL, Level.STRONG)
BUDGET = Budget(playouts=24)
NOVEMBERS = m("11a 11b 11c 11d")


def drawn_gaji(rules: Rules) -> State:
    """Seat 0 has played ``5c`` (it joins the field) and drawn the Gaji: capture or lay?"""
    s = make_state(
        hands=("5c 11b 1c 2c", "2a 6a 3c 7c"),
        field="12b 4c 10c",
        pile="11a",
        captured=("11c 11d", ""),
        rules=rules,
    )
    s, _ = apply(s, play("5c"))
    assert s.phase is Phase.DRAW_CHOICE and s.pending == GAJI
    return s


def gaji_in_hand(rules: Rules) -> State:
    return make_state(
        hands=("11a 11b 5c 1c", "2a 6a 3c 7c"),
        field="12b 4c 10c",
        pile="9c 9d",
        captured=("11c 11d", ""),
        rules=rules,
    )


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_lays_the_drawn_gaji_to_make_ameshima(level: Level) -> None:
    choose = chooser("roppyakken", level, BUDGET)
    assert choose is not None
    s = drawn_gaji(PRESETS["seed"])
    v = view(s, 0)
    assert set(v.legal_actions) == {Capture(card("12b")), Lay()}
    for seed in range(3):
        assert choose(v, random.Random(seed)) == Lay()
    # And the plan works: the opponent cannot take it, seat 0's 11b does.
    s, _ = apply(s, Lay())
    normal = chooser("roppyakken", Level.NORMAL)
    assert normal is not None
    rng = random.Random(0)
    while s.captured[0] & NOVEMBERS != NOVEMBERS:
        assert s.phase is not Phase.OVER and not s.captured[1] & NOVEMBERS
        s, _ = apply(s, normal(view(s, s.to_act), rng))
    assert s.to_act == 1  # taken on seat 0's very next turn


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_lays_the_gaji_from_its_hand_to_make_ameshima(level: Level) -> None:
    choose = chooser("roppyakken", level, BUDGET)
    assert choose is not None
    v = view(gaji_in_hand(PRESETS["seed"]), 0)
    assert Lay(card("11a")) in v.legal_actions
    for seed in range(3):
        assert choose(v, random.Random(seed)) == Lay(card("11a"))


def test_the_gaji_is_still_taken_when_laying_it_gives_it_away() -> None:
    """Laying is no habit: with a November card unseen (here ``11c`` is in the opponent's hand
    or the pile), the Gaji laid could be taken by the opponent, so the CPU captures."""
    s = make_state(
        hands=("5c 11b 1c 2c", "2a 6a 3c 7c"), field="12b 4c 10c", pile="11a", captured=("11d", "")
    )
    s, _ = apply(s, play("5c"))
    choose = chooser("roppyakken", Level.NORMAL)
    assert choose is not None and choose(view(s, 0), random.Random(0)) == Capture(card("12b"))

"""The per-seat tally of pi taken by steals (``State.stolen`` / ``given``, ``GoStopView.stolen``):
counted in cards (a double pi handed over counts as one), reset at each round's deal."""

from __future__ import annotations

from engine.hanafuda.gostop import PiStolen, Rules, apply, new_game, view
from tests.engine.gostop.stacked import Position, act, make_state, of_type

BASE: Position = {"hands": ("1a 5a", "6a 7a", "8a 9a"), "field": "2a", "pile": "1b"}


def test_a_steal_counts_for_the_thief_and_each_giver() -> None:
    s = make_state(**BASE, captured=("", "11d 3c", "12b"))
    s, events = apply(s, act("1a"))
    assert len([e for e in of_type(events, PiStolen) if e.card]) == 2
    assert s.stolen == (2, 0, 0) and s.given == (0, 1, 1)
    v = view(s, None)
    assert v.stolen == (2, 0, 0) and v.given == (0, 1, 1)
    assert view(s, 1).stolen == (2, 0, 0)


def test_no_pi_to_give_counts_nothing() -> None:
    s = make_state(**BASE, captured=("", "J3 10a", ""))
    s, events = apply(s, act("1a"))
    assert of_type(events, PiStolen) and s.stolen == (0, 0, 0) and s.given == (0, 0, 0)


def test_steals_accumulate_then_reset_with_the_next_round() -> None:
    s = make_state(hands=("1a", ""), field="2a", pile="1b", captured=("", "3c"))
    s = s._replace(stolen=(3, 0), given=(0, 3))
    assert view(s, 0).stolen == (3, 0)
    s, _ = apply(s, act("1a"))  # last turn: no steal, the round ends in nagari, round 2 is dealt
    assert s.round_no == 2 and s.stolen == (0, 0) and s.given == (0, 0)


def test_a_new_match_starts_with_zero_tallies() -> None:
    for seats in (2, 3):
        s = new_game(seats, Rules(), 5)
        assert s.stolen == (0,) * seats and view(s, None).stolen == (0,) * seats

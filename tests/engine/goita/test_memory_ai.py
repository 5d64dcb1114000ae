"""The memory mode's CPU (``engine.ai.goita.memory``): legal, from the view only, better than chance."""

from __future__ import annotations

import random
import statistics

import pytest

from engine.ai.goita.memory import choose_action
from engine.core import NotYourTurn
from engine.goita import memory as gm

RULES = gm.MemoryRules()


def play(seed: int, seats: int, policy) -> int:
    state = gm.new_game(seats, RULES, seed)
    rng = random.Random(seed)
    for _ in range(500):
        seat = gm.to_act(state)
        if seat is None:
            return gm.score(state)
        view = gm.view(state, seat)
        action = policy(view, rng)
        assert action in view.legal_actions
        state, _ = gm.apply(state, action)
    raise AssertionError("the game did not end")


def random_policy(view: gm.MemoryView, rng: random.Random) -> gm.MemoryAction:
    return rng.choice(view.legal_actions)


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_the_cpu_plays_only_legal_moves_to_the_end(seats: int) -> None:
    for seed in range(20):
        assert 0 <= play(seed, seats, choose_action) <= gm.MAX_SCORE


def test_the_cpu_discards_a_low_visible_piece_not_a_guard() -> None:
    state = gm.new_game(1, RULES, 3)
    rng = random.Random(0)
    while state.phase != "discard":  # flip until a turn finds no pair
        state, _ = gm.apply(state, choose_action(gm.view(state, 0), rng))
    view = gm.view(state, 0)
    action = choose_action(view, rng)
    assert isinstance(action, gm.Discard) and action.pos in view.turned
    other = next(p for p in view.turned if p != action.pos)
    picked, kept = view.cells[action.pos], view.cells[other]
    assert picked is not None and kept is not None
    assert gm.VALUES[int(picked)] <= gm.VALUES[int(kept)]


def test_the_cpu_refuses_to_move_for_a_seat_not_to_act() -> None:
    state = gm.new_game(2, RULES, 1)
    with pytest.raises(NotYourTurn):
        choose_action(gm.view(state, 1))
    with pytest.raises(NotYourTurn):
        choose_action(gm.view(state, None))


def test_the_cpu_scores_more_than_random_play() -> None:
    cpu = statistics.mean(play(seed, 1, choose_action) for seed in range(100))
    chance = statistics.mean(play(seed, 1, random_policy) for seed in range(100))
    assert cpu > chance + 5

"""The Go-Stop CPU player: always legal, decides from a view, and beats a random player."""

from __future__ import annotations

import random

import pytest

from engine.ai.gostop.heuristic import choose_action
from engine.core import NotYourTurn
from engine.hanafuda.gostop import Phase, Rules, apply, legal_actions, new_game, view
from tests.typed import acting


@pytest.mark.parametrize("seats", [2, 3])
def test_cpu_always_plays_a_legal_action(seats: int) -> None:
    """DESIGN.md: « CPU players; they see only what their seat may see »."""
    rng = random.Random(seats)
    for seed in range(6):
        rules = Rules(rounds=2, bonus_cards=seed % 4, sake_cup="choose" if seed % 2 else "best")
        s = new_game(seats, rules, seed)
        while s.phase is not Phase.OVER:
            a = choose_action(view(s, s.to_act), rng)
            assert a in legal_actions(s)
            s, _ = apply(s, a)


def test_cpu_refuses_a_view_that_is_not_its_turn() -> None:
    s = new_game(2, Rules(), 1)
    with pytest.raises(NotYourTurn):
        choose_action(view(s, 1 - acting(s.to_act)), random.Random(0))


def test_cpu_beats_a_random_player() -> None:
    rng = random.Random(5)
    total = 0
    for seed in range(30):
        s = new_game(2, Rules(rounds=2), seed)
        while s.phase is not Phase.OVER:
            if s.to_act == 0:
                s, _ = apply(s, choose_action(view(s, 0), rng))
            else:
                s, _ = apply(s, rng.choice(legal_actions(s)))
        total += s.scores[0]
    assert total > 0

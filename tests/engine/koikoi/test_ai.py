"""The CPU player: always legal, decides from a view, and clearly beats a random player."""

from __future__ import annotations

import dataclasses
import inspect
import random
from typing import Unpack

import pytest

from engine.ai.koikoi import heuristic as ai
from engine.ai.koikoi.heuristic import choose_action
from engine.core import NotYourTurn
from engine.hanafuda.koikoi import (
    PRESETS,
    KoiKoi,
    KoiKoiView,
    Phase,
    Rules,
    Shobu,
    apply,
    legal_actions,
    new_game,
    parse_action,
    view,
)
from tests.engine.koikoi.stacked import Position, make_state, random_rules
from tests.typed import acting

CONFIGS = [
    PRESETS["seed"],
    PRESETS["koikoi-japan"],
    Rules(lightning_wild=True, empty_hands="dealer_out", viewing="one", rain_spoils_viewing=True, rounds=6),
]


@pytest.mark.parametrize("rules", CONFIGS)
def test_cpu_always_plays_a_legal_action(rules: Rules) -> None:
    """DESIGN.md: « CPU players; they see only what their seat may see » — full matches, CPU
    against CPU, each move chosen from the mover's view and found among its legal actions."""
    rng = random.Random(1)
    for seed in range(15):
        s = new_game(2, rules, seed)
        while s.phase is not Phase.OVER:
            v = view(s, s.to_act)
            action = choose_action(v, rng)
            assert action in v.legal_actions
            s, _ = apply(s, action)


@pytest.mark.parametrize("batch", range(4))
def test_cpu_never_fails_across_presets_and_random_option_combinations(batch: int) -> None:
    """CPU against CPU, each from its own view, under every preset and 60 random combinations
    of all the options (lightning wild card, empty-hand endings, yaku switched off …)."""
    rng = random.Random(batch)
    configs = [*PRESETS.values()] + [
        random_rules(random.Random(1000 * batch + n), max_rounds=4) for n in range(15)
    ]
    for n, rules in enumerate(configs):
        s = new_game(2, rules, 31 * batch + n)
        while s.phase is not Phase.OVER:
            v = view(s, s.to_act)
            action = choose_action(v, rng)
            assert action in v.legal_actions
            s, _ = apply(s, action)


def test_cpu_decides_from_a_view_only() -> None:
    """DESIGN.md: « Cogs, render and CPU players receive views, never the raw state. »"""
    params = inspect.signature(choose_action).parameters
    assert [p for p in params] == ["view", "rng"]
    assert "State" not in inspect.getsource(ai)
    s = new_game(2, Rules(), 3)
    with pytest.raises(NotYourTurn):
        choose_action(view(s, 1 - acting(s.to_act)), random.Random(0))


def _decide_view(**kw: Unpack[Position]) -> KoiKoiView:
    s = make_state(**kw)
    s, _ = apply(s, parse_action("8b"))
    assert s.phase is Phase.DECIDE
    return view(s, 0)


def test_cpu_stops_when_the_opponent_threatens_and_continues_when_safe() -> None:
    hands = ("8b 4c 4d 5c 5d 6c 6d 7d", "2c 6b 7b 9c 9d 10c 10d 11b")

    def deciding(theirs: str) -> KoiKoiView:
        # Seat 0 has just made sanko (and holds boar and butterflies) with 7 cards left, far
        # behind late in the match.
        v = _decide_view(hands=hands, field="8a 7c", pile="12c", captured=("1a 3a 6a 7a", theirs))
        return dataclasses.replace(v, scores=(0, 30), round_no=11)

    # The opponent has nothing near a yaku: koi-koi.
    assert choose_action(deciding("2d"), random.Random(0)) == KoiKoi()
    # The opponent holds two poetry ribbons and the third is unseen: stop.
    assert choose_action(deciding("1b 2b"), random.Random(0)) == Shobu()


def test_cpu_takes_the_bright_over_chaff() -> None:
    s = make_state(hands=("1b 4c", "2c 6c"), field="1a 1c 4d", pile="12c")
    # 1b may take 1a (a bright) or 1c (chaff): the bright is worth more.
    assert str(choose_action(view(s, 0), random.Random(0))) == "1b>1a"


def test_cpu_clearly_beats_a_random_player() -> None:
    """300 seeded rounds (25 matches of 12), the CPU alternating seats."""
    rng = random.Random(42)
    rounds_won = {"cpu": 0, "random": 0}
    points = {"cpu": 0, "random": 0}
    for match in range(25):
        cpu = match % 2
        s = new_game(2, Rules(), 10_000 + match)
        while s.phase is not Phase.OVER:
            action = choose_action(view(s, cpu), rng) if s.to_act == cpu else rng.choice(legal_actions(s))
            s, _ = apply(s, action)
        for result in s.history:
            if result.winner is not None:
                rounds_won["cpu" if result.winner == cpu else "random"] += 1
        points["cpu"] += s.scores[cpu]
        points["random"] += s.scores[1 - cpu]
    assert rounds_won["cpu"] >= 2 * rounds_won["random"], rounds_won
    assert points["cpu"] >= 2 * points["random"], points

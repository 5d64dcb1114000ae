"""Dou Dizhu engine throughput: random full hands per second and move generations per second.

Run: ``python bench/doudizhu_engine.py [seconds]``. One core, pure Python. A "hand" is a full
deal (bidding, redeals, every trick, scoring) played by random players through
``legal_actions`` + ``apply``; a "move generation" is one ``legal_actions`` call on the states
of those hands (leads and answers mixed as they come). RLCard manages about 70 hands/s.
"""

from __future__ import annotations

import random
import sys
import time

from engine.ai.doudizhu.heuristic import choose_action
from engine.doudizhu import Bid, Phase, Rules, State, apply, legal_actions, new_game, view


def random_hands(seconds: float, rules: Rules) -> tuple[int, float, list[State]]:
    """Random players for about ``seconds``; return (hands, elapsed, sampled states)."""
    rng = random.Random(1)
    choice = rng.choice
    hands = 0
    seed = 0
    sample: list[State] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            seed += 1
            s = new_game(3, rules, seed)
            while s.phase is not Phase.OVER:
                if len(sample) < 20000 and rng.random() < 0.1:
                    sample.append(s)
                s, _ = apply(s, choice(legal_actions(s)))
            hands += len(s.history)
    return hands, time.perf_counter() - start, sample


def generations(seconds: float, states: list[State]) -> tuple[int, float, int]:
    """``legal_actions`` calls per second over ``states``; also the moves generated."""
    n = 0
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s in states:
            moves += len(legal_actions(s))
        n += len(states)
    return n, time.perf_counter() - start, moves


def cpu_hands(seconds: float, rules: Rules) -> tuple[int, float]:
    rng = random.Random(2)
    hands = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        s = new_game(3, rules, seed)
        while s.phase is not Phase.OVER:
            s, _ = apply(s, choose_action(view(s, s.to_act), rng))
        hands += len(s.history)
    return hands, time.perf_counter() - start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 4.0
    rules = Rules(hands=1)
    n, t, sample = random_hands(seconds, rules)
    print(f"random hands: {n / t:,.0f} hands/s ({n} hands in {t:.2f} s)")
    plays = [x for x in sample if x.phase is Phase.PLAY]
    for label, states in (
        ("all play states", plays),
        ("leads", [x for x in plays if x.last is None]),
        ("answers", [x for x in plays if x.last is not None]),
    ):
        n, t, moves = generations(seconds / 3, states)
        print(
            f"move generation ({label}): {n / t:,.0f} legal_actions/s, "
            f"{moves / n:.1f} moves per call ({n} calls in {t:.2f} s)"
        )
    # The heaviest case: a landlord's full 20-card opening lead.
    openings = []
    for seed in range(300):
        s, _ = apply(new_game(3, rules, seed), Bid(3))
        openings.append(s)
    n, t, moves = generations(seconds / 3, openings)
    print(
        f"move generation (20-card opening leads): {n / t:,.0f} legal_actions/s, "
        f"{moves / n:.1f} moves per call ({n} calls in {t:.2f} s)"
    )
    n, t = cpu_hands(seconds, rules)
    print(f"cpu-vs-cpu hands: {n / t:,.0f} hands/s ({n} hands in {t:.2f} s)")


if __name__ == "__main__":
    main()

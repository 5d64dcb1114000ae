"""Roppyakken engine throughput: random full rounds per second for 2 and 3 players, and
CPU-vs-CPU rounds per second.

Run: ``python bench/roppyakken_engine.py [seconds]``. One core, pure Python. A "round" is a
full round (deal, teyaku, every turn, scoring) driven through ``legal_actions`` + ``apply``.
"""

from __future__ import annotations

import random
import sys
import time

from engine.ai.roppyakken.heuristic import choose_action
from engine.hanafuda.roppyakken import Phase, Rules, apply, legal_actions, new_game, view


def random_rounds(seconds: float, seats: int, rules: Rules) -> tuple[int, float]:
    """Play random matches for about ``seconds``; return (rounds played, elapsed)."""
    rng = random.Random(1)
    choice = rng.choice
    rounds = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            seed += 1
            s = new_game(seats, rules, seed)
            while s.phase is not Phase.OVER:
                s, _ = apply(s, choice(legal_actions(s)))
            rounds += len(s.history)
    return rounds, time.perf_counter() - start


def cpu_rounds(seconds: float, seats: int, rules: Rules) -> tuple[int, float]:
    """CPU players on every seat, each deciding from its own view."""
    rng = random.Random(2)
    rounds = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        s = new_game(seats, rules, seed)
        while s.phase is not Phase.OVER:
            s, _ = apply(s, choose_action(view(s, s.to_act), rng))
        rounds += len(s.history)
    return rounds, time.perf_counter() - start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    rules = Rules()
    for seats in (2, 3):
        n, t = random_rounds(seconds, seats, rules)
        print(f"{seats} players, random rounds: {n / t:,.0f} rounds/s ({n} rounds in {t:.2f} s)")
    for seats in (2, 3):
        n, t = cpu_rounds(seconds, seats, rules)
        print(f"{seats} players, cpu-vs-cpu rounds: {n / t:,.0f} rounds/s ({n} rounds in {t:.2f} s)")


if __name__ == "__main__":
    main()

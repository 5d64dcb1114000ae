"""Goita engine throughput: random full rounds per second (4 players), and CPU-vs-CPU rounds.

Run: ``python bench/goita_engine.py [seconds]``. One core, pure Python. A "round" is a full
Goita round (deal, redeal requests, turns, scoring) played through ``legal_actions`` + ``apply``,
the way CPU players' playouts drive the engine.
"""

from __future__ import annotations

import random
import sys
import time

from engine.ai.goita.heuristic import choose_action
from engine.goita import Phase, Rules, apply, legal_actions, new_game, view


def random_rounds(seconds: float, rules: Rules, seats: int = 4) -> tuple[int, float]:
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


def cpu_rounds(seconds: float, rules: Rules) -> tuple[int, float]:
    """CPU players on all four seats, each deciding from its own view."""
    rng = random.Random(2)
    rounds = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        s = new_game(4, rules, seed)
        while s.phase is not Phase.OVER:
            s, _ = apply(s, choose_action(view(s, s.to_act), rng))
        rounds += len(s.history)
    return rounds, time.perf_counter() - start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 4.0
    rules = Rules()
    n, t = random_rounds(seconds, rules)
    print(f"random rounds (4 players): {n / t:,.0f} rounds/s ({n} rounds in {t:.2f} s)")
    n, t = cpu_rounds(seconds, rules)
    print(f"cpu-vs-cpu rounds (4 players): {n / t:,.0f} rounds/s ({n} rounds in {t:.2f} s)")


if __name__ == "__main__":
    main()

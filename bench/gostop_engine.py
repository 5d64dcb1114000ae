"""Go-Stop engine throughput: random full rounds per second for 2 and 3 players.

Run: ``python bench/gostop_engine.py [seconds]``. One core, pure Python. A "round" is a full
Go-Stop round (deal, turns, decisions, settlement) played through ``legal_actions`` + ``apply``,
the way CPU players' playouts drive the engine. With ``engine.ai.gostop.heuristic`` present it also
measures CPU-vs-CPU rounds.
"""

from __future__ import annotations

import random
import sys
import time

from engine.hanafuda.gostop import Phase, Rules, apply, legal_actions, new_game, view


def random_rounds(seconds: float, seats: int, rules: Rules) -> tuple[int, int, float]:
    """Play random matches for about ``seconds``; return (rounds, moves, elapsed)."""
    rng = random.Random(seats)
    choice = rng.choice
    rounds = moves = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(10):
            seed += 1
            s = new_game(seats, rules, seed)
            while s.phase is not Phase.OVER:
                s, _ = apply(s, choice(legal_actions(s)))
                moves += 1
            rounds += len(s.history)
    return rounds, moves, time.perf_counter() - start


def cpu_rounds(seconds: float, seats: int, rules: Rules) -> tuple[int, float]:
    from engine.ai.gostop.heuristic import choose_action

    rng = random.Random(7)
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
    rules = Rules(rounds=12)
    for seats in (2, 3):
        rounds, moves, elapsed = random_rounds(seconds, seats, rules)
        print(
            f"{seats}p random: {rounds / elapsed:8.0f} rounds/s  {moves / elapsed:9.0f} moves/s "
            f"({rounds} rounds in {elapsed:.1f} s)"
        )
    try:
        import engine.ai.gostop.heuristic  # noqa: F401
    except ImportError:
        return
    for seats in (2, 3):
        rounds, elapsed = cpu_rounds(seconds, seats, rules)
        print(f"{seats}p CPU vs CPU: {rounds / elapsed:8.0f} rounds/s ({rounds} rounds in {elapsed:.1f} s)")


if __name__ == "__main__":
    main()

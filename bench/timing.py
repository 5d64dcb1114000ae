"""What the render benchmarks share: positions from random playouts, and timing a list of jobs
that each draw one PNG. Imports nothing of the project (``bench/render_pipeline.py`` may time
another checkout's code): the engine is passed in.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def positions(engine: Any, seats: int, count: int) -> list[tuple[Any, Any]]:
    """``count`` (spectator view, acting seat's view) pairs from seeded random playouts: every
    few moves of each match, so the pictures hold what a match really shows."""
    rng = random.Random(1)
    out: list[tuple[Any, Any]] = []
    rules = engine.rules_from(None, None)
    while len(out) < count:
        state = engine.new_game(seats, rules, rng.getrandbits(32))
        for step in range(400):
            seat = engine.to_act(state)
            if seat is None or len(out) >= count:
                break
            if step % 7 == 3:
                out.append((engine.view(state, None), engine.view(state, seat)))
            state, _ = engine.apply(state, rng.choice(engine.legal_actions(state)))
    return out


def run_jobs(jobs: Sequence[Callable[[], bytes]]) -> tuple[list[float], list[float]]:
    """Run every job once: its CPU time in ms (``time.process_time``, which other processes on a
    busy machine do not inflate the way they do wall-clock time) and its PNG's size in KiB."""
    times, sizes = [], []
    for job in jobs:
        start = time.process_time()
        png = job()
        times.append((time.process_time() - start) * 1000)
        sizes.append(len(png) / 1024)
    return times, sizes


def measure(label: str, jobs: list[Callable[[], bytes]], *, width: int = 12) -> None:
    """Run every job once (:func:`run_jobs`); print the median and p95 CPU time (ms) and the PNG
    sizes (KiB)."""
    times, sizes = run_jobs(jobs)
    q = statistics.quantiles
    print(
        f"{label:<{width}} CPU median {statistics.median(times):6.1f} ms  p95 {q(times, n=20)[-1]:6.1f} ms   "
        f"size median {statistics.median(sizes):5.1f} KiB   p95 {q(sizes, n=20)[-1]:5.1f} KiB   "
        f"max {max(sizes):5.1f} KiB"
    )

"""Keep cores busy for a bounded time: spinning processes started and stopped by the caller.

``with busy_cores(2, limit=120): ...`` starts two processes that each spin one core (pure
Python, no I/O, no memory to speak of) until the block ends, or ``limit`` seconds at most if the
caller dies without stopping them (each stops itself then). Used by ``bench/cpu_budget.py`` and
the test that a strong decision with a playout budget is the same on a busy host.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from collections.abc import Iterator

__all__ = ["busy_cores"]


def _spin(deadline: float) -> None:
    """Burn one core until ``deadline`` (``time.time``: the same clock in every process)."""
    n = 0
    while time.time() < deadline:
        for _ in range(10_000):
            n += 1


@contextlib.contextmanager
def busy_cores(count: int, limit: float = 120.0) -> Iterator[None]:
    """``count`` spinning processes for the block's duration (``limit`` seconds at most)."""
    context = multiprocessing.get_context("spawn")
    spinners = [context.Process(target=_spin, args=(time.time() + limit,), daemon=True) for _ in range(count)]
    for p in spinners:
        p.start()
    try:
        time.sleep(0.3)  # let them start spinning (a spawned interpreter takes ~0.1 s to start)
        yield
    finally:
        for p in spinners:
            p.terminate()
        for p in spinners:
            p.join(5)

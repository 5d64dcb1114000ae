"""What the render benchmarks share: time a list of jobs that each draw one PNG, print figures."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def measure(label: str, jobs: list[Callable[[], bytes]], *, width: int = 12) -> None:
    """Run every job once; print the median and p95 time (ms) and the PNG sizes (KiB)."""
    times, sizes = [], []
    for job in jobs:
        start = time.perf_counter()
        png = job()
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png) / 1024)
    q = statistics.quantiles
    print(
        f"{label:<{width}} median {statistics.median(times):6.1f} ms   p95 {q(times, n=20)[-1]:6.1f} ms   "
        f"size median {statistics.median(sizes):5.1f} KiB   p95 {q(sizes, n=20)[-1]:5.1f} KiB   "
        f"max {max(sizes):5.1f} KiB"
    )

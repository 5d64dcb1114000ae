"""What the render benchmarks share: time a list of jobs that each draw one PNG, print figures."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def measure(label: str, jobs: list[Callable[[], bytes]], *, width: int = 12) -> None:
    """Run every job once; print the median and p95 CPU time (ms: ``time.process_time``, which
    other processes on a busy machine do not inflate the way they do wall-clock time) and the PNG
    sizes (KiB)."""
    times, sizes = [], []
    for job in jobs:
        start = time.process_time()
        png = job()
        times.append((time.process_time() - start) * 1000)
        sizes.append(len(png) / 1024)
    q = statistics.quantiles
    print(
        f"{label:<{width}} CPU median {statistics.median(times):6.1f} ms  p95 {q(times, n=20)[-1]:6.1f} ms   "
        f"size median {statistics.median(sizes):5.1f} KiB   p95 {q(sizes, n=20)[-1]:5.1f} KiB   "
        f"max {max(sizes):5.1f} KiB"
    )

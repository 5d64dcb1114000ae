"""Does the bot stay responsive while strong CPUs think? Event-loop latency with N tables of
strong CPUs deciding at once.

Run: ``python -m bench.cpu_latency [--tables 50] [--seconds 20] [--think 1.0] [--workers 1]``.

Each simulated table asks ``cogs.table.cpu_pool.choose`` for a strong Koi-Koi decision over and
over (the bot's own code path: the process pool shared by all tables, or threads with
``--workers 0``), as if every table had a strong CPU to move. Meanwhile a probe stands for an
interaction: every 50 ms it wakes and measures how late it ran (what a button click would wait
before its handler starts). Printed: the probe's lateness p50/p99/max and the decisions made.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from typing import Any

from cogs.koikoi.spec import SPEC
from cogs.table import cpu_pool
from engine.ai.levels import Level
from engine.hanafuda import koikoi as kk
from tsuki.settings import Settings


def positions(count: int) -> list[Any]:
    """Views of the seat to act, from CPU-vs-CPU deals (play phase, several choices)."""
    out: list[Any] = []
    rules = kk.rules_from(None, None)
    seed = 0
    while len(out) < count:
        state, _ = kk.ENGINE.begin(2, rules, seed)
        rng = random.Random(seed)
        for _ in range(6):
            view = kk.view(state, state.to_act)
            state, _ = kk.apply(state, SPEC.cpu_choose(view, rng))
        view = kk.view(state, state.to_act)
        if len(view.legal_actions) > 2:
            out.append(view)
        seed += 1
    return out


async def table(settings: Settings, views: list[Any], stop: float, made: list[int], n: int) -> None:
    i = 0
    while time.perf_counter() < stop:
        view = views[(n + i) % len(views)]
        seed = n << 32 | i  # never an answer the worker has cached
        await cpu_pool.choose(settings, "koikoi", SPEC, Level.STRONG, view, seed)
        made.append(1)
        i += 1


async def probe(stop: float, lateness: list[float], period: float = 0.05) -> None:
    loop = asyncio.get_running_loop()
    while time.perf_counter() < stop:
        t0 = loop.time()
        await asyncio.sleep(period)
        lateness.append(loop.time() - t0 - period)


async def run(tables: int, seconds: float, think: float, workers: int) -> None:
    settings = Settings(cpu_think_time=think, cpu_workers=workers)
    views = positions(16)
    if workers:
        await asyncio.get_running_loop().run_in_executor(cpu_pool.pool(workers), sum, [])  # warm up
    stop = time.perf_counter() + seconds
    lateness: list[float] = []
    made: list[int] = []
    tasks = [asyncio.create_task(table(settings, views, stop, made, n)) for n in range(tables)]
    await probe(stop, lateness)
    for task in tasks:  # the decisions still queued are not waited for
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    cpu_pool.shutdown()
    lateness.sort()

    def q(p: float) -> float:
        return 1000 * lateness[min(len(lateness) - 1, int(p * len(lateness)))]

    mode = f"process pool of {workers}" if workers else "threads"
    print(f"{tables} tables, strong CPUs thinking {think:g} s each in {mode}, {seconds:g} s: "
          f"{len(made)} decisions made; interaction lateness p50 {q(0.5):.1f} ms, p99 {q(0.99):.1f} ms, "
          f"max {1000 * lateness[-1]:.1f} ms ({len(lateness)} probes)")  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--think", type=float, default=1.0)
    p.add_argument("--workers", type=int, default=1)
    ns = p.parse_args()
    asyncio.run(run(ns.tables, ns.seconds, ns.think, ns.workers))


if __name__ == "__main__":
    main()

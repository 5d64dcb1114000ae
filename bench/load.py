"""Load benchmark (issue 15): N live tables on one bot process, through SimCord, on SQLite and PostgreSQL.

    .venv/bin/python bench/load.py                      # 100, 300 and 1000 tables, both engines
    .venv/bin/python bench/load.py --sizes 100 --backends sqlite --duration 30
    .venv/bin/python bench/load.py --sizes 1000 --backends sqlite --stub-render   # rendering's share
    .venv/bin/python bench/load.py --sizes 1000 --backends sqlite --render-workers 2
    .venv/bin/python bench/load.py --sizes 300 --backends sqlite --stub-render --tracemalloc  # memory

Each table is one simulated human against CPU seats (the five games in turn). Every human is its
own task: it opens its table with ``/<game> start`` at a random instant of the ramp (real users
do not all arrive at once), waits for its turn by reacting to its table's posts (never for the
whole bot: it acts once its turn is shown, the table's posts caught up with the store), thinks
5-20 s, then types ``/move``. CPU seats move without delay; a finished match is
replaced by a new one in its channel. Each size runs a fixed wall-clock time, ramp included.

The bot is entirely real (engine, renders, store, announcer, pacing, timers); SimCord plays
Discord's REST and gateway only. Once the bot is ready, SimCord's virtual clock and settlement
are switched off (:func:`real_time`): the bot then runs on the plain event loop and the wall
clock, as in production, so its own timers and the per-channel pacing take real time.

Printed per engine and size (bot-side wall-clock times):

* first response: from the interaction reaching the bot to its first answer (a defer counts),
  ``/start`` included;
* click -> table post: from a ``/move`` sent to the post or edit of its table's thread that
  narrates the move, minus the time that thread's posts waited in the per-channel pacing after
  the click (Discord's rate limit, ``cogs.table.pacing``), which is reported on its own; cut into
  stages below the row (``bench/load_breakdown.py``: delivery, storing, the announcer, drawing);
* event-loop lag: how late a callback posted from another thread every 10 ms runs;
* RSS per live table: resident memory at the end minus before the first table, per live table
  (SimCord's in-memory "CDN" keeps no image bytes, so the images Discord would hold are not
  counted; its message records are, a small overestimate);
* DB writes/s: committed write transactions per second (SQLite's commit batches in brackets);
* moves/s: moves stored (humans' and CPUs'); errors: exceptions logged by the bot, interactions
  not answered within 3 s, moves refused or never announced;
* below the row: the images drawn per human move and their wait (the render pool's queue
  included), the CPU per move of the bot process and of its render workers, SQLite's commits.

Where the process's CPU goes: sample it from outside while it runs (a sampling profiler such as
py-spy, ``--format raw``), not with cProfile, whose overhead slows a run at this size to a crawl.

The machine's load average is printed beside each row: other processes share the cores.
Not a test: it prints figures for docs/benchmarks.md ("One process under load").
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord

from bench import load_breakdown, sampler
from bench.load_breakdown import pct, workers_cpu_seconds
from bench.load_metrics import (
    ErrorCounter,
    LagProbe,
    Metrics,
    instrument,
    print_growth,
    rss_bytes,
    workers_rss_bytes,
)
from bench.load_world import (
    DEBUG,
    THINK,
    Driver,
    Human,
    add_humans,
    postgres_url,
    real_time,
    stub_renders,
    warm_renders,
)
from tsuki.bot import TsukiBot
from tsuki.settings import Settings


def settings_for(backend: str, render_workers: int) -> Settings:
    """The bot's settings: a fresh database, CPUs without delay, no turn timeout in the run."""
    tmp = tempfile.mkdtemp(prefix="tsuki-load-")
    if backend == "sqlite":
        return Settings(
            database_path=f"{tmp}/load.db", cpu_delay=0, turn_timeout=3600, render_workers=render_workers
        )
    # One process: its lease rounds (every lease_seconds / 3) need not run during the bench.
    url = postgres_url(tmp)
    return Settings(
        database_url=url,
        cpu_delay=0,
        turn_timeout=3600,
        lease_seconds=3600,
        render_workers=render_workers,
    )


@dataclass
class Session:
    """A bot under load in its simulated Discord, and the hooks to take off at the end."""

    bot: TsukiBot
    env: simcord.Env
    metrics: Metrics
    humans: list[Human]
    restore: list[tuple[Any, str, Any]]
    counter: ErrorCounter
    probe: LagProbe


async def open_session(
    size: int, settings: Settings, ramp: float, rng: random.Random, stub_render: bool
) -> Session:
    """Start the bot and its humans, hook the metrics in, then switch to the wall clock."""
    bot = TsukiBot(settings)
    metrics = Metrics()
    env = simcord.Env(bot, settle_timeout=600, check_errors=False)
    await env.start()
    humans = add_humans(env, size, ramp, rng)
    await env.settle()
    if stub_render:
        stub_renders(bot)
    restore = instrument(bot, metrics) + load_breakdown.hook(metrics.breakdown, bot.db.backend)
    counter = ErrorCounter(metrics)
    logging.getLogger().addHandler(counter)
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, ctx: metrics.errors.append(f"loop: {ctx.get('message')}"))
    real_time(env)
    await warm_renders(bot)
    return Session(bot, env, metrics, humans, restore, counter, LagProbe(loop, metrics))


@dataclass
class Baseline:
    """The process before the first table: what the run's figures are counted from."""

    rss: int
    load: float
    cpu: float  # user + system seconds
    workers_cpu: float  # the render workers' (RENDER_WORKERS)
    writes: int
    commits: int
    traced: tracemalloc.Snapshot | None


def take_baseline(bot: TsukiBot, trace: bool) -> Baseline:
    """The process before the first table; ``trace``: tracemalloc on from now (--tracemalloc)."""
    gc.collect()
    traced = None
    if trace:
        tracemalloc.start()
        traced = tracemalloc.take_snapshot()
    rss = rss_bytes()
    load = os.getloadavg()[0]
    usage = resource.getrusage(resource.RUSAGE_SELF)
    db = bot.db.backend
    cpu = usage.ru_utime + usage.ru_stime
    return Baseline(rss, load, cpu, workers_cpu_seconds(), db.transactions, db.commits, traced)


async def drive(
    session: Session,
    driver: Driver,
    duration: float,
    ramp: float,
    base: Baseline,
) -> tuple[dict[str, Any], list[asyncio.Task[None]]]:
    """Let the humans play for ``duration`` seconds; the figures taken at the ramp's end and at
    the end (before the humans are stopped), and the humans' tasks, still to be awaited."""
    bot, metrics, probe = session.bot, session.metrics, session.probe
    probe.thread.start()
    start_wall = time.perf_counter()
    tasks = [asyncio.create_task(driver.play(h)) for h in session.humans]
    await asyncio.sleep(ramp)
    gc.collect()
    rss_ramp = rss_bytes()
    live_ramp = len(bot.tables.tables)
    await asyncio.sleep(max(0.0, duration - ramp))
    wall = time.perf_counter() - start_wall
    probe.stop.set()
    db = bot.db.backend
    writes, commits = db.transactions - base.writes, db.commits - base.commits
    moves, human_moves = metrics.moves, metrics.human_moves
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (usage.ru_utime + usage.ru_stime) - base.cpu
    workers_cpu = workers_cpu_seconds() - base.workers_cpu
    gc.collect()
    live = len(bot.tables.tables)
    rss_end = rss_bytes()
    if base.traced is not None:
        print_growth(base.traced, tracemalloc.take_snapshot(), live)
        tracemalloc.stop()
    workers_rss = workers_rss_bytes()
    if DEBUG:
        for task in asyncio.all_tasks():
            task.print_stack(limit=4, file=sys.stderr)
    driver.stop.set()
    load_after = os.getloadavg()[0]
    figures = {
        "tables": live,
        "live_ramp": live_ramp,
        "wall_s": wall,
        "moves": moves,
        "human_moves": human_moves,
        "rss_per_table": (rss_end - base.rss) / max(live, 1),
        "rss_per_table_ramp": (rss_ramp - base.rss) / max(live_ramp, 1),
        "rss_total": rss_end,
        "workers_rss": workers_rss,
        "writes_per_s": writes / wall,
        "commits_per_s": commits / wall,
        "cpu_share": cpu / wall,
        "cpu": cpu,
        "workers_cpu": workers_cpu,
        "load": (base.load, load_after),
    }
    return figures, tasks


async def close_session(session: Session, tasks: list[asyncio.Task[None]]) -> None:
    """Let the humans finish, take the hooks off and shut the bot down."""
    metrics = session.metrics
    try:
        outcomes = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)
        metrics.errors += [f"driver: {o!r}" for o in outcomes if isinstance(o, BaseException)]
    except TimeoutError:
        pass
    for owner, name, value in session.restore:
        setattr(owner, name, value)
    logging.getLogger().removeHandler(session.counter)
    try:
        await asyncio.wait_for(session.env.shutdown(), 60)
        await session.bot.release()
    except Exception as error:  # the figures are taken; a slow teardown must not lose them
        print(f"teardown: {error!r}", file=sys.stderr)


def latencies(metrics: Metrics) -> dict[str, Any]:
    """The percentiles of what was timed, and the errors."""
    return {
        "errors": metrics.errors,
        "first_response": [pct(metrics.first_response, p) for p in (50, 95, 99)],
        "start_response": [pct(metrics.start_response, p) for p in (50, 99)],
        "click_to_post": [pct(metrics.click_to_post, p) for p in (50, 99)],
        "pacing": [pct(metrics.pacing, p) for p in (50, 99)],
        "lag_p99": pct(metrics.lag, 99),
        "lag_p50": pct(metrics.lag, 50),
        "interactions": len(metrics.first_response),
        "raced_autopass": metrics.raced_autopass,
    }


async def run(
    size: int,
    backend: str,
    duration: float,
    ramp: float,
    seed: int,
    stub_render: bool,
    render_workers: int = 0,
    think: tuple[float, float] = THINK,
    trace: bool = False,
    sample: str | None = None,
) -> dict[str, Any]:
    """One engine at one size: the figures of :func:`report`; ``sample``: a file where the
    sampling profiler's report of the run goes (:mod:`bench.sampler`)."""
    rng = random.Random(seed)
    session = await open_session(size, settings_for(backend, render_workers), ramp, rng, stub_render)
    driver = Driver(session.bot, session.metrics, rng, think)
    base = take_baseline(session.bot, trace)
    profiler = sampler.started() if sample else None
    figures, tasks = await drive(session, driver, duration, ramp, base)
    if profiler is not None and sample:
        profiler.stop()
        Path(sample).write_text(f"{size} tables, {backend}\n{profiler.report(moves=figures['moves'])}\n")
    await close_session(session, tasks)
    breakdown = load_breakdown.report(
        session.metrics.breakdown,
        figures["moves"],
        figures["human_moves"],
        figures["cpu"],
        figures["workers_cpu"],
        figures["wall_s"],
    )
    return {"backend": backend, **figures, **latencies(session.metrics), "breakdown": breakdown}


def report(r: dict[str, Any]) -> str:
    ms = lambda v: f"{v * 1000:.0f}" if v >= 0.1 else f"{v * 1000:.1f}"  # noqa: E731
    fr, cp, pace = r["first_response"], r["click_to_post"], r["pacing"]
    cells = [
        r["backend"],
        str(r["tables"]),
        f"{r['moves'] / r['wall_s']:.1f} ({r['human_moves'] / r['wall_s']:.1f})",
        " / ".join(ms(v) for v in fr),
        " / ".join(ms(v) for v in cp),
        f"{pace[0]:.1f} / {pace[1]:.1f}",
        ms(r["lag_p99"]),
        f"{r['rss_per_table'] / 1024:.0f}",
        f"{r['writes_per_s']:.0f} ({r['commits_per_s']:.0f})",
        str(len(r["errors"])),
        f"{r['load'][0]:.1f} → {r['load'][1]:.1f}",
    ]
    return "| " + " | ".join(cells) + " |"


COLUMNS = (
    "engine",
    "live tables",
    "moves/s (humans')",
    "first response p50/p95/p99 (ms)",
    "click → table post p50/p99 (ms)",
    "pacing p50/p99 (s)",
    "loop lag p99 (ms)",
    "RSS/table (KiB)",
    "DB writes/s (commits/s)",
    "errors",
    "load avg (1 min)",
)
HEADER = "| " + " | ".join(COLUMNS) + " |\n" + "|---" * len(COLUMNS) + "|"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--sizes", default="100,300,1000")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument(
        "--duration", type=float, default=60.0, help="wall-clock seconds per run, ramp included"
    )
    parser.add_argument(
        "--ramp", type=float, default=0, help="seconds over which the tables open (default: by size)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", default="5,20", help="a human's seconds to move, min,max")
    parser.add_argument("--tracemalloc", action="store_true", help="who holds the memory per table (slow)")
    parser.add_argument("--render-workers", type=int, default=0, help="RENDER_WORKERS (0: threads)")
    parser.add_argument("--sample", help="a file for a sampling profile of the run (bench/sampler.py)")
    parser.add_argument("--stub-render", action="store_true", help="tiny stand-in images (rendering's share)")
    args = parser.parse_args()
    if args.stub_render and args.render_workers:
        parser.error(
            "--stub-render stubs the bot process's drawing only: with --render-workers the workers "
            "would draw for real; use one or the other"
        )
    least, most = (float(v) for v in args.think.split(","))
    logging.basicConfig(level=logging.CRITICAL)
    print(f"cpus={os.cpu_count()} python={sys.version.split()[0]} load={os.getloadavg()[0]:.1f}")
    print(HEADER, flush=True)
    began = time.perf_counter()
    for size in [int(s) for s in args.sizes.split(",")]:
        ramp = args.ramp or min(30.0, max(10.0, size / 40))
        for backend in args.backends.split(","):
            r = asyncio.run(
                run(
                    size,
                    backend,
                    args.duration,
                    ramp,
                    args.seed,
                    args.stub_render,
                    args.render_workers,
                    (least, most),
                    args.tracemalloc,
                    args.sample,
                )
            )
            fr = r["start_response"]
            print(
                report(r),
                f"<!-- {r['live_ramp']} tables after the {ramp:.0f} s ramp; /start answer p50/p99 "
                f"{fr[0] * 1000:.0f}/{fr[1] * 1000:.0f} ms; {r['interactions']} interactions "
                f"({r['raced_autopass']} /move raced an auto-pass); loop lag p50 "
                f"{r['lag_p50'] * 1000:.1f} ms; "
                f"RSS/table at ramp end {r['rss_per_table_ramp'] / 1024:.0f} KiB; "
                f"RSS {r['rss_total'] / 2**20:.0f} MB (render workers {r['workers_rss'] / 2**20:.0f} MB); "
                f"bot CPU {r['cpu_share']:.2f} cores, render workers {r['workers_cpu'] / r['wall_s']:.2f}; "
                f"run {r['wall_s']:.0f} s -->",
                flush=True,
            )
            print(r["breakdown"], flush=True)
            for error in sorted(set(r["errors"]))[:8]:
                print(f"    error ×{r['errors'].count(error)}: {error}", file=sys.stderr)
    print(f"total {time.perf_counter() - began:.0f} s, load={os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

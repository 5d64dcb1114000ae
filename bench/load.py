"""Load benchmark (issue 15): N live tables on one bot process, through SimCord, on SQLite and PostgreSQL.

    .venv/bin/python bench/load.py                      # 100, 300 and 1000 tables, both engines
    .venv/bin/python bench/load.py --sizes 100 --backends sqlite --duration 30

Each table is one simulated human against CPU seats (the five games in turn). The human makes a
move 5-20 s (simulated time) after their turn comes, by ``/move``; CPU seats move without delay; a
finished match is replaced by a new one in its channel. The run lasts ``--duration`` simulated
seconds. Everything the bot does is real (engine, renders, store, announcer); only Discord is
simulated, so the times below are the bot's own, measured on the wall clock:

* first response: from the interaction reaching the bot to its first answer (a defer counts);
* click -> table post: from a ``/move`` reaching the bot to the first post or edit of its table;
  the per-channel pacing (Discord's rate limit, ``cogs.table.pacing``) is simulated time and is
  reported on its own;
* event-loop lag: how late a callback posted from another thread every 10 ms runs;
* RSS per live table: resident memory after the tables opened, minus before, per table;
* DB writes/s: committed write transactions per wall-clock second (and SQLite's commit batches).

Not a test: it prints figures for the README ("Run it at scale").
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import random
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter

from cogs.table.pacing import ChannelPacer
from cogs.table.typed import choices_for
from tsuki.bot import TsukiBot
from tsuki.settings import Settings

GAMES = (
    ("koikoi start", {"rounds": 3}),
    ("roppyakken start", {"target": 300}),
    ("gostop start", {"rounds": 3}),
    ("doudizhu start", {"hands": 1}),
    ("goita start", {"target": 1}),
)
STEP = 0.5  # simulated seconds between rounds of clicks


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@dataclass
class Metrics:
    received: dict[int, float] = field(default_factory=dict)  # interaction id -> wall time
    first_response: list[float] = field(default_factory=list)
    answered: set[int] = field(default_factory=set)
    clicks: dict[int, float] = field(default_factory=dict)  # thread id -> wall time of the pending click
    click_to_post: list[float] = field(default_factory=list)
    pacing: list[float] = field(default_factory=list)  # simulated seconds a post waited
    lag: list[float] = field(default_factory=list)
    errors: int = 0
    moves: int = 0


class LagProbe:
    """A thread that posts a callback to the loop every 10 ms and records how late it runs."""

    def __init__(self, loop: asyncio.AbstractEventLoop, metrics: Metrics) -> None:
        self.loop, self.metrics, self.stop = loop, metrics, threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.wait(0.01):
            sent = time.perf_counter()
            self.loop.call_soon_threadsafe(lambda s=sent: self.metrics.lag.append(time.perf_counter() - s))


def instrument(bot: TsukiBot, metrics: Metrics) -> list[tuple[Any, str, Any]]:
    """Hook the simulated REST calls and the pacer; returns what to restore."""
    restore: list[tuple[Any, str, Any]] = []

    def patch(owner: Any, name: str, new: Any) -> None:
        restore.append((owner, name, getattr(owner, name)))
        setattr(owner, name, new)

    def wrap_request(cls: Any) -> None:
        real = cls.request

        def request(self: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
            now = time.perf_counter()
            path = getattr(route, "path", "") or ""
            if "/callback" in path or (path.startswith("/webhooks/") and route.method == "POST"):
                iid = getattr(route, "webhook_id", None) if "/callback" in path else None
                if iid is not None and iid in metrics.received and iid not in metrics.answered:
                    metrics.answered.add(iid)
                    metrics.first_response.append(now - metrics.received[iid])
            channel_id = getattr(route, "channel_id", None)
            if channel_id in metrics.clicks and "/messages" in path and route.method in ("POST", "PATCH"):
                metrics.click_to_post.append(now - metrics.clicks.pop(channel_id))
            return real(self, route, *args, **kwargs)

        patch(cls, "request", request)

    wrap_request(FakeHTTPClient)
    wrap_request(FakeWebhookAdapter)
    real_wait = ChannelPacer.wait

    async def wait(self: ChannelPacer, channel_id: int) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        await real_wait(self, channel_id)
        metrics.pacing.append(loop.time() - start)

    patch(ChannelPacer, "wait", wait)

    state = bot._connection
    real_dispatch = state.dispatch

    def dispatch(event: str, /, *args: Any, **kwargs: Any) -> None:
        if event == "interaction" and args:  # called as the gateway event is parsed
            metrics.received.setdefault(args[0].id, time.perf_counter())
        real_dispatch(event, *args, **kwargs)

    patch(state, "dispatch", dispatch)
    return restore


@dataclass
class Seat:
    member: Any
    channel: Any
    game: int
    table_id: int | None = None
    due: float = 0.0


async def open_table(env: Any, bot: TsukiBot, seat: Seat, rng: random.Random) -> None:
    command, options = GAMES[seat.game % len(GAMES)]
    before = set(bot.tables.tables)
    await seat.member.slash(seat.channel, command, opponent="cpu", **options)
    new = [
        tid for tid, t in bot.tables.tables.items() if tid not in before and t.channel_id == seat.channel.id
    ]
    seat.table_id = new[0] if new else None
    seat.due = env.backend.clock.elapsed + rng.uniform(5, 20)


async def run(size: int, backend: str, duration: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="tsuki-load-")
    if backend == "sqlite":
        settings = Settings(database_path=f"{tmp}/load.db", cpu_delay=0, turn_timeout=3600)
    else:
        # One process: its lease rounds (every lease_seconds / 3) need not run during the bench.
        url = postgres_url(tmp)
        settings = Settings(database_url=url, cpu_delay=0, turn_timeout=3600, lease_seconds=3600)
    bot = TsukiBot(settings)
    metrics = Metrics()
    env = simcord.Env(bot, settle_timeout=600, check_errors=False)
    await env.start()
    restore = instrument(bot, metrics)
    probe = LagProbe(asyncio.get_running_loop(), metrics)
    try:
        guild = env.create_guild("load")
        seats = [
            Seat(guild.add_member(env.create_user(f"p{i}")), guild.create_text_channel(f"t{i}"), i)
            for i in range(size)
        ]
        gc.collect()
        rss_before = rss_bytes()
        opened = time.perf_counter()
        for seat in seats:
            await open_table(env, bot, seat, rng)
        open_seconds = time.perf_counter() - opened
        await env.advance_time(STEP)
        gc.collect()
        live = len(bot.tables.tables)
        rss_per_table = (rss_bytes() - rss_before) / max(live, 1)
        metrics.first_response.clear()
        metrics.click_to_post.clear()
        metrics.pacing.clear()
        db = bot.db.backend
        writes0, commits0 = db.transactions, db.commits
        probe.thread.start()
        start_wall, start_virtual = time.perf_counter(), env.backend.clock.elapsed
        while env.backend.clock.elapsed - start_virtual < duration:
            now = env.backend.clock.elapsed
            for seat in seats:
                table = bot.tables.tables.get(seat.table_id) if seat.table_id is not None else None
                if table is None:  # the match ended: a new one in the same channel
                    await open_table(env, bot, seat, rng)
                    continue
                human = table.seat_of(seat.member.id)
                if now < seat.due or human is None or table.to_act() is not human:
                    continue
                # what /move's autocomplete offers (the notation a player types)
                choices = choices_for(table.spec, table.view(human.index), "en", "")
                if not choices:
                    continue
                action = rng.choice(choices).value
                thread = seat.channel.threads[-1] if seat.channel.threads else seat.channel
                metrics.clicks[table.thread_id or table.channel_id] = time.perf_counter()
                seq = table.seq
                result = await seat.member.slash(thread, "move", action=action)
                metrics.moves += 1
                if table.seq == seq:  # the move was refused or lost
                    metrics.errors += 1
                    if os.environ.get("LOAD_DEBUG"):
                        print("refused:", action, result, file=sys.stderr)
                seat.due = env.backend.clock.elapsed + rng.uniform(5, 20)
            await env.advance_time(STEP)
        wall = time.perf_counter() - start_wall
        probe.stop.set()
        writes, commits = db.transactions - writes0, db.commits - commits0
        return {
            "backend": backend,
            "tables": live,
            "open_s": open_seconds,
            "wall_s": wall,
            "virtual_s": env.backend.clock.elapsed - start_virtual,
            "moves": metrics.moves,
            "errors": metrics.errors + len(env.errors),
            "first_response": [pct(metrics.first_response, p) for p in (50, 95, 99)],
            "click_to_post": [pct(metrics.click_to_post, p) for p in (50, 99)],
            "pacing": [pct(metrics.pacing, p) for p in (50, 99)],
            "lag_p99": pct(metrics.lag, 99),
            "rss_per_table": rss_per_table,
            "rss_total": rss_bytes(),
            "writes_per_s": writes / wall,
            "commits_per_s": commits / wall,
        }
    finally:
        probe.stop.set()
        for owner, name, value in restore:
            setattr(owner, name, value)
        await env.shutdown()
        await bot.release()


_pg: Any = None


def postgres_url(tmp: str) -> str:
    """A PostgreSQL for the run: DATABASE_URL if set, else a throw-away server from pgserver."""
    global _pg
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    if _pg is None:
        import pgserver

        _pg = pgserver.get_server(tmp + "/pg", cleanup_mode="delete")
    name = f"load_{int(time.time() * 1000)}"
    _pg.psql(f"CREATE DATABASE {name};")
    return str(_pg.get_uri(name))


def report(r: dict[str, Any]) -> str:
    ms = lambda v: f"{v * 1000:.1f}"  # noqa: E731
    fr, cp, pace = r["first_response"], r["click_to_post"], r["pacing"]
    cells = [
        r["backend"],
        str(r["tables"]),
        f"{r['moves'] / r['wall_s']:.0f}",
        " / ".join(ms(v) for v in fr),
        " / ".join(ms(v) for v in cp),
        f"{pace[0]:.1f} / {pace[1]:.1f}",
        ms(r["lag_p99"]),
        f"{r['rss_per_table'] / 1024:.0f}",
        f"{r['writes_per_s']:.0f} ({r['commits_per_s']:.0f})",
        str(r["errors"]),
    ]
    return "| " + " | ".join(cells) + " |"


COLUMNS = (
    "engine",
    "live tables",
    "human moves/s",
    "first response p50/p95/p99 (ms)",
    "click → table post p50/p99 (ms)",
    "pacing p50/p99 (s, simulated)",
    "loop lag p99 (ms)",
    "RSS/table (KiB)",
    "DB writes/s (commits/s)",
    "errors",
)
HEADER = "| " + " | ".join(COLUMNS) + " |\n" + "|---" * len(COLUMNS) + "|"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100,300,1000")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--duration", type=float, default=0, help="simulated seconds (default: by size)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    print(f"cpus={os.cpu_count()} python={sys.version.split()[0]}")
    print(HEADER, flush=True)
    for size in [int(s) for s in args.sizes.split(",")]:
        duration = args.duration or {100: 60.0, 300: 10.0}.get(size, 5.0)
        for backend in args.backends.split(","):
            result = asyncio.run(run(size, backend, duration, args.seed))
            print(
                report(result),
                f"<!-- open {result['open_s']:.0f}s, run {result['wall_s']:.0f}s wall "
                f"for {result['virtual_s']:.0f}s simulated, RSS {result['rss_total'] / 2**20:.0f} MB -->",
                flush=True,
            )


if __name__ == "__main__":
    main()

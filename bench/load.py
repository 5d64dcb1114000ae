"""Load benchmark (issue 15): N live tables on one bot process, through SimCord, on SQLite and PostgreSQL.

    .venv/bin/python bench/load.py                      # 100, 300 and 1000 tables, both engines
    .venv/bin/python bench/load.py --sizes 100 --backends sqlite --duration 30
    .venv/bin/python bench/load.py --sizes 1000 --backends sqlite --stub-render   # rendering's share
    .venv/bin/python bench/load.py --sizes 1000 --backends sqlite --render-workers 2
    .venv/bin/python bench/load.py --sizes 300 --backends sqlite --stub-render --tracemalloc  # memory

Each table is one simulated human against CPU seats (the five games in turn). Every human is its
own task: it opens its table with ``/<game> start`` at a random instant of the ramp (real users
do not all arrive at once), waits for its turn by reacting to its table's posts (never for the
whole bot), thinks 5-20 s, then types ``/move``. CPU seats move without delay; a finished match is
replaced by a new one in its channel. Each size runs a fixed wall-clock time, ramp included.

The bot is entirely real (engine, renders, store, announcer, pacing, timers); SimCord plays
Discord's REST and gateway only. Once the bot is ready, SimCord's virtual clock and settlement
are switched off (:func:`real_time`): the bot then runs on the plain event loop and the wall
clock, as in production, so its own timers and the per-channel pacing take real time.

Printed per engine and size (bot-side wall-clock times):

* first response: from the interaction reaching the bot to its first answer (a defer counts),
  ``/start`` included;
* click -> table post: from a ``/move`` reaching the bot to the first post or edit in its table's
  thread, minus the time that thread's posts waited in the per-channel pacing (Discord's rate
  limit, ``cogs.table.pacing``), which is reported on its own;
* event-loop lag: how late a callback posted from another thread every 10 ms runs;
* RSS per live table: resident memory at the end minus before the first table, per live table
  (SimCord's in-memory "CDN" keeps no image bytes, so the images Discord would hold are not
  counted; its message records are, a small overestimate);
* DB writes/s: committed write transactions per second (SQLite's commit batches in brackets);
* moves/s: moves stored (humans' and CPUs'); errors: exceptions logged by the bot, interactions
  not answered within 3 s, moves refused or never announced.

The machine's load average is printed beside each row: other processes share the cores.
Not a test: it prints figures for the README ("Run it at scale").
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
import threading
import time
import tracemalloc
from collections import defaultdict, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord
from simcord import _dpy_internals
from simcord._runtime import _restore_loop
from simcord.backend.cdn import CdnStore
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter

import store
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
THINK = [5.0, 20.0]  # seconds a human takes to move once it is their turn (--think)
ANSWER_DEADLINE = 3.0  # Discord's: an interaction not answered by then has failed
POST_TIMEOUT = 60.0  # a move whose table post has not come by then is counted as an error


DEBUG = bool(os.environ.get("LOAD_DEBUG"))


def debug(*args: Any) -> None:
    if DEBUG:
        print(f"{time.perf_counter():.2f}", *args, file=sys.stderr, flush=True)


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


TRACE = False  # --tracemalloc


def print_growth(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, live: int) -> None:
    """Python memory allocated during the run and still held, per live table, by package: what
    the bot holds (its tables, discord.py's caches) against SimCord's simulated Discord."""
    by: defaultdict[str, int] = defaultdict(int)
    for stat in after.compare_to(before, "filename"):
        path = stat.traceback[0].filename
        if "site-packages/" in path:
            package = path.split("site-packages/")[1].split("/")[0]
        elif path.startswith(str(Path(__file__).resolve().parent.parent)):
            package = Path(path).resolve().relative_to(Path(__file__).resolve().parent.parent).parts[0]
        else:
            package = "python"
        by[package] += stat.size_diff
    print(f"Python allocations held at the end, per live table ({live}):", file=sys.stderr)
    for package, size in sorted(by.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {package:<16} {size / max(live, 1) / 1024:8.1f} KiB", file=sys.stderr)


def workers_rss_bytes() -> int:
    """Resident memory of the RENDER_WORKERS processes (not in the bot process's own RSS)."""
    from cogs.table import render_pool

    total = 0
    for pid in getattr(render_pool._pool, "_processes", None) or {}:
        with open(f"/proc/{pid}/statm") as f:
            total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return total


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@dataclass
class Metrics:
    received: dict[int, float] = field(default_factory=dict)  # interaction id -> wall time
    answered: dict[int, asyncio.Event] = field(default_factory=dict)
    first_response: list[float] = field(default_factory=list)
    start_response: list[float] = field(default_factory=list)  # /start alone
    clicks: dict[int, float] = field(default_factory=dict)  # thread id -> wall time of the pending click
    paced: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))  # since the click
    click_to_post: list[float] = field(default_factory=list)
    pacing: list[float] = field(default_factory=list)  # seconds a post waited in the pacer
    posted: dict[int, asyncio.Event] = field(default_factory=dict)  # channel id -> next post
    lag: list[float] = field(default_factory=list)
    moves: int = 0  # stored (humans and CPUs)
    human_moves: int = 0
    errors: list[str] = field(default_factory=list)

    def answer_event(self, iid: int) -> asyncio.Event:
        return self.answered.setdefault(iid, asyncio.Event())

    async def next_post(self, channel_id: int, timeout: float) -> bool:
        """Wait for the next post or edit in ``channel_id``; False on timeout."""
        event = self.posted.setdefault(channel_id, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
            return True
        except TimeoutError:
            return False


class LagProbe:
    """A thread that posts a callback to the loop every 10 ms and records how late it runs."""

    def __init__(self, loop: asyncio.AbstractEventLoop, metrics: Metrics) -> None:
        self.loop, self.metrics, self.stop = loop, metrics, threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.wait(0.01):
            sent = time.perf_counter()
            self.loop.call_soon_threadsafe(lambda s=sent: self.metrics.lag.append(time.perf_counter() - s))


class ErrorCounter(logging.Handler):
    """Counts what the bot logs at ERROR (discord.py logs unhandled handler exceptions there)."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(logging.ERROR)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        self.metrics.errors.append(f"log {record.name}: {record.getMessage()[:200]}")


def instrument(bot: TsukiBot, metrics: Metrics) -> list[tuple[Any, str, Any]]:
    """Hook the simulated REST calls, the pacer and the store; returns what to restore."""
    restore: list[tuple[Any, str, Any]] = []

    def patch(owner: Any, name: str, new: Any) -> None:
        restore.append((owner, name, getattr(owner, name)))
        setattr(owner, name, new)

    def wrap_request(cls: Any) -> None:
        real = cls.request

        def request(self: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
            now = time.perf_counter()
            path = getattr(route, "path", "") or ""
            if "/callback" in path:
                iid = getattr(route, "webhook_id", None)
                if iid is not None and iid in metrics.received:
                    metrics.first_response.append(now - metrics.received.pop(iid))
                    metrics.answer_event(iid).set()
            channel_id = getattr(route, "channel_id", None)
            if channel_id is not None and "/messages" in path and route.method in ("POST", "PATCH"):
                if channel_id in metrics.clicks:
                    waited = metrics.paced.pop(channel_id, 0.0)
                    metrics.click_to_post.append(now - metrics.clicks.pop(channel_id) - waited)
                event = metrics.posted.pop(channel_id, None)
                if event is not None:
                    event.set()
            return real(self, route, *args, **kwargs)

        patch(cls, "request", request)

    wrap_request(FakeHTTPClient)
    wrap_request(FakeWebhookAdapter)

    real_wait = ChannelPacer.wait

    async def wait(self: ChannelPacer, channel_id: int) -> None:
        start = time.perf_counter()
        await real_wait(self, channel_id)
        waited = time.perf_counter() - start
        metrics.pacing.append(waited)
        if channel_id in metrics.clicks:
            metrics.paced[channel_id] += waited

    patch(ChannelPacer, "wait", wait)

    real_append = store.append_action

    async def append_action(*args: Any, **kwargs: Any) -> Any:
        result = await real_append(*args, **kwargs)
        metrics.moves += 1
        return result

    patch(store, "append_action", append_action)

    # Images Discord would keep on its CDN are not the bot's memory.
    real_store_attachment = CdnStore.store_attachment

    def store_attachment(
        self: CdnStore, attachment_id: int, channel_id: int, filename: str, data: bytes, *a: Any
    ) -> Any:
        return real_store_attachment(self, attachment_id, channel_id, filename, b"", *a)

    patch(CdnStore, "store_attachment", store_attachment)

    state = bot._connection
    real_dispatch = state.dispatch

    def dispatch(event: str, /, *args: Any, **kwargs: Any) -> None:
        if event == "interaction" and args:  # called as the gateway event is parsed
            metrics.received.setdefault(args[0].id, time.perf_counter())
        real_dispatch(event, *args, **kwargs)

    patch(state, "dispatch", dispatch)
    return restore


def real_time(env: simcord.Env) -> None:
    """Switch SimCord's virtual clock and settlement off: from now on the bot runs on the plain
    event loop and the wall clock. Timers the bot armed so far are re-armed on the real loop."""
    loop = asyncio.get_running_loop()
    now = env.backend.clock.elapsed
    for record in list(env._work.callbacks):
        if record.real_handle is not None:
            record.real_handle.cancel()
        handle = record.handle
        if record.when is None or handle is None or handle.cancelled():
            continue
        loop.call_later(max(0.0, record.when - now), lambda h=handle: None if h.cancelled() else h._run())
    env._work.callbacks.clear()
    # SimCord logs every request and event for test reports: Discord's memory, not the bot's.
    env.backend.http_requests = deque(maxlen=64)  # type: ignore[assignment]
    env.backend.transcript = deque(maxlen=64)  # type: ignore[assignment]
    _restore_loop(env)
    _dpy_internals.release_clocks(env)

    async def no_settle(*args: Any, **kwargs: Any) -> None:
        return None

    env._settle_internal = no_settle  # type: ignore[method-assign]  # slash() returns once sent


@dataclass
class Human:
    index: int
    member: Any
    channel: Any
    start_at: float


async def run(
    size: int,
    backend: str,
    duration: float,
    ramp: float,
    seed: int,
    stub_render: bool,
    render_workers: int = 0,
) -> dict[str, Any]:
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="tsuki-load-")
    if backend == "sqlite":
        settings = Settings(
            database_path=f"{tmp}/load.db", cpu_delay=0, turn_timeout=3600, render_workers=render_workers
        )
    else:
        # One process: its lease rounds (every lease_seconds / 3) need not run during the bench.
        url = postgres_url(tmp)
        settings = Settings(
            database_url=url,
            cpu_delay=0,
            turn_timeout=3600,
            lease_seconds=3600,
            render_workers=render_workers,
        )
    bot = TsukiBot(settings)
    metrics = Metrics()
    env = simcord.Env(bot, settle_timeout=600, check_errors=False)
    await env.start()
    guild = env.create_guild("load")
    humans = [
        Human(
            i,
            guild.add_member(env.create_user(f"p{i}")),
            guild.create_text_channel(f"t{i}"),
            rng.uniform(0, ramp),
        )
        for i in range(size)
    ]
    await env.settle()
    if stub_render:
        stub_renders(bot)
    restore = instrument(bot, metrics)
    counter = ErrorCounter(metrics)
    logging.getLogger().addHandler(counter)
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, ctx: metrics.errors.append(f"loop: {ctx.get('message')}"))
    real_time(env)
    await warm_renders(bot)
    probe = LagProbe(loop, metrics)
    stop = asyncio.Event()
    gc.collect()
    if TRACE:
        tracemalloc.start()
        traced_before = tracemalloc.take_snapshot()
    rss_before = rss_bytes()
    load_before = os.getloadavg()
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    db = bot.db.backend
    writes0, commits0 = db.transactions, db.commits

    async def sleep_or_stop(seconds: float) -> bool:
        """Sleep; True if the run ended meanwhile."""
        try:
            await asyncio.wait_for(stop.wait(), seconds)
            return True
        except TimeoutError:
            return False

    async def interact(human: Human, channel: Any, name: str, is_start: bool, **options: Any) -> Any:
        """Send one slash command and wait for its first answer (counted late past 3 s)."""
        result = await human.member.slash(channel, name, **options)
        iid = result._interaction.id
        event = metrics.answer_event(iid)
        received = metrics.received.get(iid)
        try:
            await asyncio.wait_for(event.wait(), ANSWER_DEADLINE)
        except TimeoutError:
            metrics.errors.append(f"{name}: no answer within {ANSWER_DEADLINE:.0f} s")
            await event.wait()  # keep the figure: answered late is still answered
        finally:
            metrics.answered.pop(iid, None)
        if is_start and received is not None:
            metrics.start_response.append(time.perf_counter() - received)
        return result

    def table_in(channel_id: int) -> Any:
        return next((t for t in bot.tables.tables.values() if t.channel_id == channel_id), None)

    async def open_table(human: Human, game: int) -> Any:
        command, options = GAMES[game % len(GAMES)]
        await interact(human, human.channel, command, True, opponent="cpu", **options)
        deadline = time.perf_counter() + POST_TIMEOUT
        while (table := table_in(human.channel.id)) is None or table.state is None:
            if stop.is_set():
                return None
            if time.perf_counter() > deadline:
                metrics.errors.append(f"{command}: no table after {POST_TIMEOUT:.0f} s")
                return None
            await metrics.next_post(
                human.channel.id if table is None else table.thread_id or table.channel_id, 2.0
            )
        return table

    async def play(human: Human) -> None:
        if await sleep_or_stop(human.start_at):
            return
        game = human.index
        while not stop.is_set():
            table = await open_table(human, game)
            debug("opened", human.index, table and (table.id, table.thread_id, table.to_act()))
            game += len(GAMES) + 1  # the next match in this channel is another game
            if table is None:
                if await sleep_or_stop(5.0):
                    return
                continue
            where = table.thread_id or table.channel_id
            thread = next((t for t in human.channel.threads if t.id == where), human.channel)
            while not stop.is_set() and bot.tables.tables.get(table.id) is table:
                seat = table.seat_of(human.member.id)
                if seat is None or table.to_act() is not seat:
                    await metrics.next_post(where, 5.0)  # react to the table's own posts
                    continue
                if await sleep_or_stop(rng.uniform(*THINK)):
                    return
                if bot.tables.tables.get(table.id) is not table or table.to_act() is not seat:
                    continue
                choices = choices_for(table.spec, table.view(seat.index), "en", "")  # what /move suggests
                if not choices:
                    continue
                seq = table.seq
                debug("click", human.index, table.id, seq)
                metrics.clicks[where] = time.perf_counter()
                metrics.paced.pop(where, None)
                result = await interact(human, thread, "move", False, action=rng.choice(choices).value)
                metrics.human_moves += 1
                if not result.deferred:  # refused at once, with the reason in an ephemeral answer
                    metrics.clicks.pop(where, None)
                    response = result.response
                    metrics.errors.append(f"move refused: {response.content[:80] if response else None}")
                    continue
                deadline = time.perf_counter() + POST_TIMEOUT
                while (where in metrics.clicks or table.seq == seq) and time.perf_counter() < deadline:
                    if stop.is_set() or bot.tables.tables.get(table.id) is not table:
                        break
                    await metrics.next_post(where, 5.0)
                else:
                    if time.perf_counter() >= deadline:
                        metrics.clicks.pop(where, None)
                        metrics.errors.append(f"move: not applied and posted after {POST_TIMEOUT:.0f} s")

    probe.thread.start()
    start_wall = time.perf_counter()
    tasks = [asyncio.create_task(play(h)) for h in humans]
    await asyncio.sleep(ramp)
    gc.collect()
    rss_ramp = rss_bytes()
    live_ramp = len(bot.tables.tables)
    await asyncio.sleep(max(0.0, duration - ramp))
    wall = time.perf_counter() - start_wall
    probe.stop.set()
    writes, commits = db.transactions - writes0, db.commits - commits0
    moves, human_moves = metrics.moves, metrics.human_moves
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu_after.ru_utime + cpu_after.ru_stime) - (cpu_before.ru_utime + cpu_before.ru_stime)
    gc.collect()
    live = len(bot.tables.tables)
    rss_end = rss_bytes()
    if TRACE:
        print_growth(traced_before, tracemalloc.take_snapshot(), live)
        tracemalloc.stop()
    workers_rss = workers_rss_bytes()
    if DEBUG:
        for task in asyncio.all_tasks():
            task.print_stack(limit=4, file=sys.stderr)
    stop.set()
    load_after = os.getloadavg()
    try:
        outcomes = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)
        metrics.errors += [f"driver: {o!r}" for o in outcomes if isinstance(o, BaseException)]
    except TimeoutError:
        pass
    for owner, name, value in restore:
        setattr(owner, name, value)
    logging.getLogger().removeHandler(counter)
    try:
        await asyncio.wait_for(env.shutdown(), 60)
        await bot.release()
    except Exception as error:  # the figures are taken; a slow teardown must not lose them
        print(f"teardown: {error!r}", file=sys.stderr)
    return {
        "backend": backend,
        "tables": live,
        "live_ramp": live_ramp,
        "wall_s": wall,
        "moves": moves,
        "human_moves": human_moves,
        "errors": metrics.errors,
        "first_response": [pct(metrics.first_response, p) for p in (50, 95, 99)],
        "start_response": [pct(metrics.start_response, p) for p in (50, 99)],
        "click_to_post": [pct(metrics.click_to_post, p) for p in (50, 99)],
        "pacing": [pct(metrics.pacing, p) for p in (50, 99)],
        "lag_p99": pct(metrics.lag, 99),
        "lag_p50": pct(metrics.lag, 50),
        "rss_per_table": (rss_end - rss_before) / max(live, 1),
        "rss_per_table_ramp": (rss_ramp - rss_before) / max(live_ramp, 1),
        "rss_total": rss_end,
        "workers_rss": workers_rss,
        "writes_per_s": writes / wall,
        "commits_per_s": commits / wall,
        "cpu_share": cpu / wall,
        "load": (load_before[0], load_after[0]),
        "interactions": len(metrics.first_response),
    }


async def warm_renders(bot: TsukiBot) -> None:
    """Draw a table image and a hand of every game once, so the memory per table counts the
    tables, not the image caches (fonts, faces) filling up with the first images."""
    for command, _options in GAMES:
        spec: Any = bot.tables.specs[command.split()[0]]
        engine = spec.engine
        seats = max(engine.min_seats, 3 if engine.max_seats >= 3 else 2)
        state = engine.new_game(seats, engine.rules_from(None, None), 1)
        names = tuple(f"p{i}" for i in range(seats))
        await asyncio.to_thread(spec.render_table, engine.view(state, None), names, "en")
        await asyncio.to_thread(spec.render_hand, engine.view(state, engine.to_act(state) or 0), "en")


def stub_renders(bot: TsukiBot) -> None:
    """Replace every table image by one tiny PNG: the same run without rendering's CPU, to see
    what rendering in threads costs the event loop and the answers."""
    from PIL import Image

    from render.png import to_png

    tiny = to_png(Image.new("RGB", (8, 8)))
    for spec in bot.tables.specs.values():
        for name in ("render_table", "render_hand"):
            object.__setattr__(spec, name, lambda *a, **k: tiny)
        object.__setattr__(spec, "event_images", lambda *a, **k: [])


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
    parser.add_argument("--stub-render", action="store_true", help="tiny stand-in images (rendering's share)")
    args = parser.parse_args()
    THINK[:] = [float(v) for v in args.think.split(",")]
    global TRACE
    TRACE = args.tracemalloc
    logging.basicConfig(level=logging.CRITICAL)
    print(f"cpus={os.cpu_count()} python={sys.version.split()[0]} load={os.getloadavg()[0]:.1f}")
    print(HEADER, flush=True)
    began = time.perf_counter()
    for size in [int(s) for s in args.sizes.split(",")]:
        ramp = args.ramp or min(30.0, max(10.0, size / 40))
        for backend in args.backends.split(","):
            r = asyncio.run(
                run(size, backend, args.duration, ramp, args.seed, args.stub_render, args.render_workers)
            )
            fr = r["start_response"]
            print(
                report(r),
                f"<!-- {r['live_ramp']} tables after the {ramp:.0f} s ramp; /start answer p50/p99 "
                f"{fr[0] * 1000:.0f}/{fr[1] * 1000:.0f} ms; {r['interactions']} interactions; loop lag p50 "
                f"{r['lag_p50'] * 1000:.1f} ms; "
                f"RSS/table at ramp end {r['rss_per_table_ramp'] / 1024:.0f} KiB; "
                f"RSS {r['rss_total'] / 2**20:.0f} MB (render workers {r['workers_rss'] / 2**20:.0f} MB); "
                f"bot CPU {r['cpu_share']:.2f} cores; "
                f"run {r['wall_s']:.0f} s -->",
                flush=True,
            )
            for error in sorted(set(r["errors"]))[:8]:
                print(f"    error ×{r['errors'].count(error)}: {error}", file=sys.stderr)
    print(f"total {time.perf_counter() - began:.0f} s, load={os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

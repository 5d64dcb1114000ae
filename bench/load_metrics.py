"""What ``bench/load.py`` measures, and the hooks that measure it on a live bot.

The figures are taken where the bot meets the outside world (simulated REST calls, the gateway
dispatch, the per-channel pacer, the store), so the bot's own code runs unchanged.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
import time
import tracemalloc
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simcord.backend.cdn import CdnStore
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter

import store
from bench.load_breakdown import Breakdown
from cogs.table.announcer import Announcer
from cogs.table.pacing import ChannelPacer
from tsuki.bot import TsukiBot

ROOT = Path(__file__).resolve().parent.parent


def statm_rss(pid: int | str) -> int:
    """Resident memory of a process, in bytes."""
    with open(f"/proc/{pid}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def rss_bytes() -> int:
    return statm_rss("self")


def workers_rss_bytes() -> int:
    """Resident memory of the RENDER_WORKERS processes (not in the bot process's own RSS)."""
    from cogs.table import render_pool

    return sum(statm_rss(pid) for pid in render_pool.pool().processes())


def print_growth(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, live: int) -> None:
    """Python memory allocated during the run and still held, per live table, by package: what
    the bot holds (its tables, discord.py's caches) against SimCord's simulated Discord."""
    by: defaultdict[str, int] = defaultdict(int)
    for stat in after.compare_to(before, "filename"):
        path = stat.traceback[0].filename
        if "site-packages/" in path:
            package = path.split("site-packages/")[1].split("/")[0]
        elif path.startswith(str(ROOT)):
            package = Path(path).resolve().relative_to(ROOT).parts[0]
        else:
            package = "python"
        by[package] += stat.size_diff
    print(f"Python allocations held at the end, per live table ({live}):", file=sys.stderr)
    for package, size in sorted(by.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {package:<16} {size / max(live, 1) / 1024:8.1f} KiB", file=sys.stderr)


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
    raced_autopass: int = 0  # /move refused because auto-pass had just passed for the seat
    breakdown: Breakdown = field(default_factory=Breakdown)  # click -> post by stage, images, CPU

    def answer_event(self, iid: int) -> asyncio.Event:
        return self.answered.setdefault(iid, asyncio.Event())

    async def next_post(self, channel_id: int, timeout: float) -> bool:
        """Wait for the next post or edit in ``channel_id``, or the end of a flush of its
        announcer (the live hands are edited then); False on timeout."""
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
            self.loop.call_soon_threadsafe(self._lag_since, time.perf_counter())

    def _lag_since(self, sent: float) -> None:
        self.metrics.lag.append(time.perf_counter() - sent)


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
                if channel_id in metrics.clicks and metrics.breakdown.carries(channel_id):
                    waited = metrics.paced.pop(channel_id, 0.0)
                    metrics.click_to_post.append(now - metrics.clicks.pop(channel_id) - waited)
                    metrics.breakdown.posted(channel_id, waited)
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
        end = time.perf_counter()
        metrics.pacing.append(end - start)
        if channel_id in metrics.clicks:  # the part of the wait after the click
            metrics.paced[channel_id] += end - max(start, metrics.clicks[channel_id])

    patch(ChannelPacer, "wait", wait)

    real_flush = Announcer.flush

    async def flush(self: Announcer, table: Any) -> None:
        try:
            await real_flush(self, table)
        finally:  # the board, the ping and the live hands show the stored state now
            event = metrics.posted.pop(table.play_channel_id, None)
            if event is not None:
                event.set()

    patch(Announcer, "flush", flush)

    real_append = store.append_action

    async def append_action(db: Any, table_id: int, *args: Any, **kwargs: Any) -> Any:
        result = await real_append(db, table_id, *args, **kwargs)
        metrics.moves += 1
        table = bot.tables.tables.get(table_id)
        if not kwargs.get("by_cpu") and table is not None:
            metrics.breakdown.stored(table.play_channel_id, args[0])
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
            metrics.breakdown.mark(args[0].channel_id, "received")
        real_dispatch(event, *args, **kwargs)

    patch(state, "dispatch", dispatch)
    return restore

"""Processes sharing one PostgreSQL take turns to IDENTIFY: one per ``shard_id % max_concurrency``
bucket per 5 s across all of them (tsuki/identify.py). SimCord runs no gateway, so the test
calls the bots' ``before_identify_hook`` directly, as discord.py would before each IDENTIFY.

The window is scaled down (``tsuki.identify.WINDOW``); the times are the event loop's clock,
read the moment each hook returns (when discord.py sends the IDENTIFY). Only lower bounds on
the gaps are asserted: a slow machine makes them longer, never shorter.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import defaultdict

import pytest

from store import Database
from tests.postgres import fresh_url
from tsuki.bot import ShardedTsukiBot
from tsuki.settings import Settings

WINDOW = 0.4  # seconds: the real 5 s, scaled down
CONCURRENCY = 2  # Discord's max_concurrency for this bot: buckets 0 and 1


async def two_processes(url: str) -> list[ShardedTsukiBot]:
    """Two bots on one database, shards 0-2 and 4-6 of 8 (both start with a shard of bucket 0)."""
    bots = []
    for shard_ids in ((0, 1, 2), (4, 5, 6)):
        bot = ShardedTsukiBot(Settings(database_url=url, shard_count=8, shard_ids=shard_ids))
        bot.db = await Database.open(url)

        async def max_concurrency() -> int:
            return CONCURRENCY

        bot.max_concurrency = max_concurrency  # type: ignore[method-assign]
        bot.open_identify_gate()  # as setup_hook does on a shared database
        bots.append(bot)
    return bots


async def launch(bot: ShardedTsukiBot, sent: list[tuple[int, float]]) -> None:
    """What discord.py's AutoShardedClient.launch_shards does: one shard after the other, the
    first one ``initial``; each IDENTIFY goes out as its hook returns."""
    loop = asyncio.get_running_loop()
    shard_ids = bot.settings.shard_ids or ()
    for shard_id in shard_ids:
        await bot.before_identify_hook(shard_id, initial=shard_id == shard_ids[0])
        sent.append((shard_id, loop.time()))


def closest_gap_per_bucket(sent: list[tuple[int, float]]) -> dict[int, float]:
    by_bucket: dict[int, list[float]] = defaultdict(list)
    for shard_id, at in sent:
        by_bucket[shard_id % CONCURRENCY].append(at)
    gaps = {}
    for bucket, times in by_bucket.items():
        times.sort()
        gaps[bucket] = min((b - a for a, b in itertools.pairwise(times)), default=float("inf"))
    return gaps


@pytest.fixture
def scaled_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tsuki.identify.WINDOW", WINDOW)


async def close(bots: list[ShardedTsukiBot]) -> None:
    for bot in bots:
        await bot.release()


@pytest.mark.usefixtures("scaled_window")
async def test_two_processes_starting_together_never_identify_a_bucket_twice_within_the_window():
    bots = await two_processes(fresh_url())
    sent: list[tuple[int, float]] = []
    try:
        await asyncio.gather(*(launch(bot, sent) for bot in bots))
    finally:
        await close(bots)
    assert sorted(shard for shard, _ in sent) == [0, 1, 2, 4, 5, 6], "every shard identified"
    gaps = closest_gap_per_bucket(sent)
    assert set(gaps) == {0, 1}
    assert all(gap >= WINDOW for gap in gaps.values()), gaps


@pytest.mark.usefixtures("scaled_window")
async def test_hooks_called_all_at_once_still_take_turns():
    """Every shard's hook at the same moment (reconnections after an outage), both processes."""
    bots = await two_processes(fresh_url())
    loop = asyncio.get_running_loop()
    sent: list[tuple[int, float]] = []

    async def identify(bot: ShardedTsukiBot, shard_id: int) -> None:
        await bot.before_identify_hook(shard_id, initial=False)
        sent.append((shard_id, loop.time()))

    try:
        await asyncio.gather(*(identify(bot, s) for bot in bots for s in bot.settings.shard_ids or ()))
    finally:
        await close(bots)
    assert len(sent) == 6
    assert all(gap >= WINDOW for gap in closest_gap_per_bucket(sent).values())


@pytest.mark.usefixtures("scaled_window")
async def test_a_process_that_stops_hands_its_turn_over():
    """A stopping process gives its buckets back: the other identifies without waiting the window
    out (a dead one's connection goes, and its locks with it)."""
    first, second = await two_processes(fresh_url())
    try:
        await first.before_identify_hook(0, initial=True)
        assert not await second.identify_gate.locks.try_lock(0x54534B49, 0), "bucket 0 is taken"
        await first.release()
        assert await second.identify_gate.locks.try_lock(0x54534B49, 0), "given back at the stop"
    finally:
        await close([first, second])


async def test_alone_on_sqlite_the_hook_is_discord_py_s_own(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """No gate: the first shard identifies at once, each later one after discord.py's 5 s sleep."""
    bot = ShardedTsukiBot(Settings(database_path=str(tmp_path / "t.db"), shard_count=2))
    slept: list[float] = []

    async def sleep(delay: float) -> None:
        slept.append(delay)

    monkeypatch.setattr("discord.client.asyncio.sleep", sleep)
    assert not bot.settings.shared_database and bot.identify_gate is None
    await bot.before_identify_hook(0, initial=True)
    assert slept == []
    await bot.before_identify_hook(1, initial=False)
    assert slept == [5.0]

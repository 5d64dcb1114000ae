"""Processes sharing one PostgreSQL take turns to IDENTIFY: one per ``shard_id % max_concurrency``
bucket per 5 s across all of them (tsuki/identify.py). SimCord runs no gateway, so the test
calls the bots' ``before_identify_hook`` directly, as discord.py would before each IDENTIFY.

The window is scaled down (``tsuki.identify.WINDOW``). A shard may identify once its process
holds its bucket's lock: the ledger notes, on the event loop's clock, when each process took a
bucket's lock and when it let it go. Only orders and lower bounds are asserted (one holder per
bucket at a time; each hold lasts at least the window), which a slow machine cannot break: it
only makes the holds longer.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field

import pytest

from store import Database
from tests.postgres import fresh_url
from tests.typed import unchecked
from tsuki.bot import ShardedTsukiBot
from tsuki.identify import IdentifyGate
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

        unchecked(bot).max_concurrency = max_concurrency  # a fixed concurrency, without a gateway
        bot.open_identify_gate()  # as setup_hook does on a shared database
        bots.append(bot)
    return bots


@dataclass
class Ledger:
    """When each process took and let go of each bucket's lock, and which shards identified."""

    events: list[tuple[float, int, str]] = field(default_factory=list)  # (time, bucket, take|free)
    identified: list[int] = field(default_factory=list)

    def watch(self, bot: ShardedTsukiBot) -> None:
        assert bot.identify_gate is not None
        locks = bot.identify_gate.locks
        try_lock, unlock = locks.try_lock, locks.unlock
        loop = asyncio.get_running_loop()

        async def taking(space: int, key: int) -> bool:
            taken = await try_lock(space, key)
            if taken:
                self.events.append((loop.time(), key, "take"))
            return taken

        async def freeing(space: int, key: int) -> None:
            self.events.append((loop.time(), key, "free"))
            await unlock(space, key)

        watched = unchecked(locks)  # the process's own locks, logged
        watched.try_lock, watched.unlock = taking, freeing

    def holds(self, bucket: int) -> list[tuple[float, float | None]]:
        """``(taken, freed)`` of each hold of ``bucket``, in order (``None``: held at the end);
        fails when a process took the lock while another held it."""
        holds: list[tuple[float, float | None]] = []
        for at, key, what in sorted(self.events):
            if key != bucket:
                continue
            if what == "take":
                assert not holds or holds[-1][1] is not None, f"bucket {bucket} taken while held"
                holds.append((at, None))
            else:
                holds[-1] = (holds[-1][0], at)
        return holds


def assert_one_identify_per_bucket_per_window(ledger: Ledger) -> None:
    for bucket in range(CONCURRENCY):
        holds = ledger.holds(bucket)
        assert holds, f"bucket {bucket} was used"
        taken = [start for start, _ in holds]
        assert all(later - earlier >= WINDOW for earlier, later in itertools.pairwise(taken)), holds
        assert all(end is None or end - start >= WINDOW for start, end in holds), holds


async def launch(bot: ShardedTsukiBot, ledger: Ledger) -> None:
    """What discord.py's AutoShardedClient.launch_shards does: one shard after the other, the
    first one ``initial``; each IDENTIFY goes out as its hook returns."""
    shard_ids = bot.settings.shard_ids or ()
    for shard_id in shard_ids:
        await bot.before_identify_hook(shard_id, initial=shard_id == shard_ids[0])
        ledger.identified.append(shard_id)


@pytest.fixture
def scaled_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tsuki.identify.WINDOW", WINDOW)


async def close(bots: list[ShardedTsukiBot]) -> None:
    for bot in bots:
        await bot.release()


@pytest.mark.usefixtures("scaled_window")
async def test_two_processes_starting_together_never_identify_a_bucket_twice_within_the_window():
    bots = await two_processes(fresh_url())
    ledger = Ledger()
    try:
        for bot in bots:
            ledger.watch(bot)
        await asyncio.gather(*(launch(bot, ledger) for bot in bots))
    finally:
        await close(bots)
    assert sorted(ledger.identified) == [0, 1, 2, 4, 5, 6], "every shard identified"
    assert len(ledger.holds(0)) == 4 and len(ledger.holds(1)) == 2, "one hold per IDENTIFY"
    assert_one_identify_per_bucket_per_window(ledger)


@pytest.mark.usefixtures("scaled_window")
async def test_hooks_called_all_at_once_still_take_turns():
    """Every shard's hook at the same moment (reconnections after an outage), both processes."""
    bots = await two_processes(fresh_url())
    ledger = Ledger()

    async def identify(bot: ShardedTsukiBot, shard_id: int) -> None:
        await bot.before_identify_hook(shard_id, initial=False)
        ledger.identified.append(shard_id)

    try:
        for bot in bots:
            ledger.watch(bot)
        await asyncio.gather(*(identify(bot, s) for bot in bots for s in bot.settings.shard_ids or ()))
    finally:
        await close(bots)
    assert sorted(ledger.identified) == [0, 1, 2, 4, 5, 6]
    assert_one_identify_per_bucket_per_window(ledger)


@pytest.mark.usefixtures("scaled_window")
async def test_a_process_that_stops_hands_its_turn_over():
    """A stopping process gives its buckets back: the other identifies without waiting the window
    out (a dead one's connection goes, and its locks with it)."""
    first, second = await two_processes(fresh_url())
    try:
        await first.before_identify_hook(0, initial=True)
        gate = second.identify_gate
        assert gate is not None
        assert not await gate.locks.try_lock(0x54534B49, 0), "bucket 0 is taken"
        await first.release()
        assert await gate.locks.try_lock(0x54534B49, 0), "given back at the stop"
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


class UnreachableLocks:
    """Advisory locks whose database is down: every attempt raises, as asyncpg does then."""

    def __init__(self) -> None:
        self.attempts = 0

    async def try_lock(self, space: int, key: int) -> bool:
        self.attempts += 1
        raise ConnectionRefusedError("connection refused")

    async def unlock(self, space: int, key: int) -> None:
        raise AssertionError("nothing was taken")

    async def release_all(self) -> None:
        raise ConnectionResetError("connection lost")


async def test_a_database_out_of_reach_delays_the_identify_by_one_window_without_raising(
    monkeypatch: pytest.MonkeyPatch,
):
    """An error out of the hook would end the bot (discord.py terminates the client when a
    shard's re-IDENTIFY raises): with PostgreSQL down the shard waits one window alone instead."""
    locks = UnreachableLocks()

    async def concurrency() -> int:
        return CONCURRENCY

    gate = IdentifyGate(unchecked(locks), concurrency, window=WINDOW)  # a stand-in: PostgreSQL down
    slept: list[float] = []

    async def sleep(delay: float) -> None:
        slept.append(delay)

    monkeypatch.setattr("tsuki.identify.asyncio.sleep", sleep)
    await gate.wait_turn(3)
    assert locks.attempts == 1 and slept == [WINDOW], "one try, then the window, alone"
    await gate.close()  # and the stopping bot goes on to close its database

"""Gateway IDENTIFY coordinated across the processes that share one PostgreSQL.

Discord lets a bot start at most one session per *bucket* (``shard_id % max_concurrency``)
every 5 seconds, and refuses the sessions of a fleet that identifies faster. discord.py spaces
the shards of one process (its default ``before_identify_hook`` sleeps 5 s before every
IDENTIFY but the first), but several processes started together (shard ranges on one database,
see docs/scale-out.md) would each identify their first shard at once.

:class:`IdentifyGate` serialises them through a PostgreSQL advisory lock per bucket: a shard
identifies once it holds its bucket's lock, and the lock is kept for :data:`WINDOW` seconds
and a margin after that (on the event loop's clock: it never compares two machines' clocks),
so the next IDENTIFY of that bucket, in any process, comes at least 5 s later. A process that
dies releases its locks with its connection. One process on SQLite keeps discord.py's own hook.

When the database cannot be reached (down, restarting, its pool exhausted into an error), a
shard does not wait for it: it identifies after one window, as discord.py spaces one process's
shards. An error out of the hook would stop the bot (discord.py ends the whole client on an
unexpected exception while a shard identifies again), whereas an IDENTIFY that comes too early
only has its session invalidated by Discord, and discord.py identifies again.

The wait counts within discord.py's ``shard_connect_timeout`` (180 s by default: 36 shards of
one bucket ahead of a shard); a larger fleet that starts at once should raise it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from store.advisory import AdvisoryLocks

log = logging.getLogger(__name__)

WINDOW = 5.0  # Discord: one IDENTIFY per bucket per 5 seconds
MARGIN = 0.1  # held this share of the window longer: the IDENTIFY is sent just after the hook returns
LOCK_SPACE = 0x54534B49  # "TSKI": the advisory-lock space of the gate's bucket locks


class IdentifyGate:
    """One IDENTIFY per bucket per ``window`` across every process on the database.

    ``concurrency`` gives Discord's ``max_concurrency`` (asked once, on the first IDENTIFY);
    ``window`` (default :data:`WINDOW`, read when the gate is made) is injectable so tests wait a
    fraction of the real 5 s.
    """

    def __init__(
        self,
        locks: AdvisoryLocks,
        concurrency: Callable[[], Awaitable[int]],
        *,
        window: float | None = None,
    ) -> None:
        self.locks = locks
        self.concurrency = concurrency
        self.window = WINDOW if window is None else window
        self.poll = self.window / 20  # how often a waiting shard tries its bucket's lock again
        self._buckets: int | None = None
        self._releases: set[asyncio.Task[None]] = set()

    async def bucket_of(self, shard_id: int | None) -> int:
        if self._buckets is None:
            self._buckets = max(1, await self.concurrency())
        return (shard_id or 0) % self._buckets

    async def wait_turn(self, shard_id: int | None) -> None:
        """Return when ``shard_id`` may IDENTIFY; its bucket stays closed to every process for
        the window (plus the margin) from now."""
        try:
            bucket = await self.bucket_of(shard_id)
            await self._take(shard_id, bucket)
        except Exception:  # the database is out of reach: identify anyway, a window later
            log.warning(
                "shard %s cannot take its IDENTIFY turn from the database; it waits %.1f s alone",
                shard_id,
                self.window,
                exc_info=True,
            )
            await asyncio.sleep(self.window)
            return
        release = asyncio.create_task(self._release_later(bucket))
        self._releases.add(release)
        release.add_done_callback(self._releases.discard)

    async def _take(self, shard_id: int | None, bucket: int) -> None:
        """Poll until this process holds ``bucket``'s lock."""
        waited = False
        while not await self.locks.try_lock(LOCK_SPACE, bucket):
            if not waited:
                log.info("shard %s waits for its IDENTIFY turn (bucket %d)", shard_id, bucket)
                waited = True
            await asyncio.sleep(self.poll)

    async def _release_later(self, bucket: int) -> None:
        await asyncio.sleep(self.window * (1 + MARGIN))
        try:
            await self.locks.unlock(LOCK_SPACE, bucket)
        except Exception:  # the lock goes with the connection anyway (pool reset, or a closed one)
            log.warning("could not release the IDENTIFY lock of bucket %d", bucket, exc_info=True)

    async def close(self) -> None:
        """Release what is held now: a stopping process keeps nobody waiting (and its database
        pool, which waits for its connections, can close)."""
        releases = list(self._releases)
        for task in releases:
            task.cancel()
        await asyncio.gather(*releases, return_exceptions=True)
        try:
            await self.locks.release_all()
        except Exception:  # the database is gone: its locks went with the connection
            log.warning("could not give the IDENTIFY locks back", exc_info=True)

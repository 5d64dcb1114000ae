"""Which tables this process drives: its shards' guilds, and, on a shared database, its leases.

A table belongs to the shard of its guild (Discord's rule: ``(guild_id >> 22) % shard_count``),
and the process running that shard drives it: it resumes it at start-up, plays its CPU seats and
timers, and stores its moves. With several processes on one PostgreSQL (``DATABASE_URL``), each
table also has a lease (:mod:`store.leases`) so that two processes never drive one table, even
with overlapping shard ranges or during a rolling restart. :meth:`Ownership.tick` runs every third
of the lease's length: it renews this process's leases, lets go of a table whose lease another
process took over, and takes over (and resumes) its shards' tables whose lease has expired.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import store
from store import leases

if TYPE_CHECKING:
    from cogs.table.host import OwnershipHost

log = logging.getLogger(__name__)


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


class Ownership:
    def __init__(
        self, host: OwnershipHost, shard_count: int | None = None, shard_ids: tuple[int, ...] | None = None
    ) -> None:
        self.host = host
        self.shard_count = shard_count
        self.shard_ids = frozenset(shard_ids if shard_ids is not None else range(shard_count or 1))
        self._task: asyncio.Task[None] | None = None

    @property
    def leased(self) -> bool:
        return self.host.db.lease is not None

    def in_my_shards(self, guild_id: int) -> bool:
        """Whether this process runs the shard of ``guild_id`` (always, without sharding)."""
        return self.shard_count is None or shard_of(guild_id, self.shard_count) in self.shard_ids

    async def claim(self, row: store.GameRow) -> bool:
        """Whether this process may drive ``row`` now: its shard, and its lease when leases are on."""
        if not self.in_my_shards(row.guild_id):
            return False
        return not self.leased or await leases.acquire(self.host.db, row.id)

    async def tick(self) -> int:
        """Renew, let go of lost tables, take over orphaned ones; returns the tables taken over."""
        if not self.leased:
            return 0
        db, tables = self.host.db, self.host.tables
        held = await leases.renew(db, list(tables))
        for game_id in [gid for gid in tables if gid not in held]:
            log.warning("table %s: its lease was taken over by another process; letting go", game_id)
            self.host.let_go(tables[game_id])
        taken = 0
        for game_id, guild_id in await leases.claimable(db):
            if game_id in tables or not self.in_my_shards(guild_id):
                continue
            row = await store.get_game(db, game_id)
            if row is not None and await self.claim(row):
                log.info("table %s: taking it over (its lease expired)", game_id)
                taken += await self.host.resume_game(row)
        return taken

    def start(self) -> None:
        """Keep the leases: tick every third of their length, until :meth:`stop`."""
        if self.leased and self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._keep(), name="table-leases")

    async def _keep(self) -> None:
        policy = self.host.db.lease
        assert policy is not None
        while True:
            await asyncio.sleep(policy.ttl / 3)
            try:
                await self.tick()
            except Exception:
                log.exception("could not renew the table leases; trying again")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def release_all(self) -> None:
        """A clean stop hands every table over at once (no waiting for the leases to expire)."""
        if self.leased and self.host.tables:
            await leases.release(self.host.db, list(self.host.tables))

"""PostgreSQL advisory locks shared by the processes on one database (the gateway IDENTIFY gate).

A session-level advisory lock belongs to the connection that took it: this holds one pooled
connection while any of its locks is held and gives it back to the pool when the last one is
released (the pool's reset then drops any lock left). A process that dies loses its connection,
so its locks are released by the server: nothing stays locked for ever.

Only ``pg_try_advisory_lock`` is used (the caller polls): a blocking wait would keep the one
connection busy, and an unlock due meanwhile would wait behind it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from store.db import Database
from store.errors import StoreError

TRY_LOCK = "SELECT pg_try_advisory_lock($1::int, $2::int)"
UNLOCK = "SELECT pg_advisory_unlock($1::int, $2::int)"


class AdvisoryLocks:
    """Advisory locks ``(space, key)`` of one process on a PostgreSQL database."""

    def __init__(self, db: Database) -> None:
        if db.dialect != "postgresql":
            raise StoreError("advisory locks need PostgreSQL")
        from store.backends.postgres import PostgresBackend

        assert isinstance(db.backend, PostgresBackend)  # the postgresql dialect's backend
        self._pool: Any = db.backend.pool
        self._conn: Any = None  # the pooled connection holding the locks, while any is held
        self._held: set[tuple[int, int]] = set()
        self._busy = asyncio.Lock()  # one statement at a time on the connection

    async def try_lock(self, space: int, key: int) -> bool:
        """Take ``(space, key)`` if no other session holds it; False when one does (or when this
        process already holds it: a session's advisory locks would stack, not exclude)."""
        async with self._busy:
            if (space, key) in self._held:
                return False
            if self._conn is None:
                self._conn = await self._pool.acquire()
            try:
                taken = bool(await self._conn.fetchval(TRY_LOCK, space, key))
            except BaseException:
                await self._give_back_if_idle()
                raise
            if taken:
                self._held.add((space, key))
            else:
                await self._give_back_if_idle()
            return taken

    async def unlock(self, space: int, key: int) -> None:
        async with self._busy:
            if (space, key) not in self._held:
                return
            self._held.discard((space, key))
            try:
                await self._conn.fetchval(UNLOCK, space, key)
            finally:
                await self._give_back_if_idle()

    async def release_all(self) -> None:
        """Give every lock and the connection back (a process stopping)."""
        async with self._busy:
            self._held.clear()
            await self._give_back_if_idle()

    async def _give_back_if_idle(self) -> None:
        if not self._held and self._conn is not None:
            conn, self._conn = self._conn, None
            await self._pool.release(conn)  # its reset unlocks anything left

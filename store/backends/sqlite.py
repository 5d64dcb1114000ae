"""SQLite: one connection, statements run on the event loop, commits grouped off it.

Why this shape (issue 15's measurements): with aiosqlite every statement was a round trip to the
database thread and back (~1.2 ms of waking and resuming for ~0.05 ms of SQLite work), and a move
is about eight statements. Here a statement runs inline, on the loop: the store's statements are
small indexed reads and writes of a few microseconds. Only what waits on the disk leaves the
loop: ``COMMIT`` (the fsync of ``synchronous=FULL``) and a ``BEGIN IMMEDIATE`` that must wait for
another process's lock, in one database thread.

Group commit: a transaction opens a write *batch* if none is open, runs its statements inside a
SAVEPOINT (so it rolls back alone if it raises), and then waits for the batch's COMMIT. The batch
commits as soon as the transactions already queued have run, so under load one fsync makes many
moves durable, and a caller still returns only once its writes are committed. A read first
commits an open batch, so nothing read is uncommitted. A failed COMMIT fails every transaction of
its batch (none of them is stored).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from store.backends.base import Cursor, Statement
from store.backends.turn_lock import TurnLock
from store.errors import Conflict, ConstraintViolation

T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000
# The extended result codes of a unique key already taken (sqlite3.IntegrityError.sqlite_errorcode).
UNIQUE_CODES = frozenset({sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY})


def _store_error(error: sqlite3.IntegrityError) -> ConstraintViolation:
    """The store's error for a broken constraint (the caller chains SQLite's as its cause)."""
    if error.sqlite_errorcode in UNIQUE_CODES:
        return Conflict(str(error))
    return ConstraintViolation(str(error))


class SqliteConnection:
    """The repositories' view of the connection (see :mod:`store.backends.base`)."""

    dialect = "sqlite"

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Statement:
        async def run() -> Cursor:
            try:
                cursor = self.raw.execute(sql, params)
                try:
                    rows = cursor.fetchall() if cursor.description else []
                    return Cursor(rows, cursor.rowcount, cursor.lastrowid)
                finally:
                    cursor.close()
            except sqlite3.IntegrityError as error:
                raise _store_error(error) from error

        return Statement(run)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            self.raw.executemany(sql, rows).close()
        except sqlite3.IntegrityError as error:
            raise _store_error(error) from error

    async def executescript(self, script: str) -> None:
        self.raw.executescript(script).close()

    @property
    def in_transaction(self) -> bool:
        return self.raw.in_transaction


class SqliteBackend:
    dialect = "sqlite"

    def __init__(self, raw: sqlite3.Connection, executor: ThreadPoolExecutor) -> None:
        self._raw = raw
        self._conn = SqliteConnection(raw)
        self._executor = executor
        self._lock = TurnLock()  # a queue of transactions drains in one turn of the loop
        self._batch: asyncio.Future[None] | None = None  # the open write batch, done once committed
        self._flushers: set[asyncio.Task[None]] = set()
        self.commits = 0  # batches committed (for the load benchmark)
        self.transactions = 0  # write transactions committed

    @classmethod
    async def connect(cls, path: str, prepare: Callable[[sqlite3.Connection], None]) -> SqliteBackend:
        """Open ``path`` and run ``prepare`` (pragmas, migrations) in the database thread."""
        executor = ThreadPoolExecutor(1, thread_name_prefix="sqlite")
        loop = asyncio.get_running_loop()

        def open_and_prepare() -> sqlite3.Connection:
            # isolation_level=None: no implicit transactions; BEGIN/COMMIT are ours.
            raw = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            try:
                raw.row_factory = sqlite3.Row
                raw.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}").close()
                prepare(raw)
            except BaseException:
                raw.close()
                raise
            return raw

        try:
            raw = await loop.run_in_executor(executor, open_and_prepare)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(raw, executor)

    async def _in_thread(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` in the database thread; the caller holds the lock until it is done, even if
        cancelled meanwhile (the connection must never be used from two threads at once)."""
        future = asyncio.get_running_loop().run_in_executor(self._executor, fn)
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            await asyncio.wait([future])
            raise

    def _exec(self, sql: str) -> None:
        self._raw.execute(sql).close()

    async def _begin(self) -> None:
        """``BEGIN IMMEDIATE``: inline when the database's write lock is free (it always is but
        for another process using the file: a tool, a second bot by mistake), else waited for in
        the database thread. A round trip to the thread costs a turn of the loop, ~5 ms under
        load (``bench/load.py`` at 300 tables), held under the store's lock: with it every batch
        cost its transactions a wait of 5.7 ms (p50) before their first statement."""
        self._exec("PRAGMA busy_timeout = 0")
        try:
            self._exec("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                raise
        finally:
            self._exec(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await self._in_thread(lambda: self._exec("BEGIN IMMEDIATE"))

    async def _flush_locked(self) -> None:
        """COMMIT the open batch (the caller holds the lock) and tell its transactions."""
        batch, self._batch = self._batch, None
        if batch is None:
            return
        try:
            await self._in_thread(lambda: self._exec("COMMIT"))
        except BaseException as error:
            if self._raw.in_transaction:
                self._exec("ROLLBACK")
            if not batch.done():
                failed = error if isinstance(error, Exception) else sqlite3.OperationalError("cancelled")
                batch.set_exception(failed)
            if not isinstance(error, Exception):
                raise
            return
        self.commits += 1
        if not batch.done():
            batch.set_result(None)

    async def _flush_when_queued_ran(self, batch: asyncio.Future[None]) -> None:
        async with self._lock:  # FIFO: the transactions queued before this one join the batch
            if self._batch is batch:
                await self._flush_locked()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteConnection]:
        async with self._lock:
            if self._batch is None:
                await self._begin()
                self._batch = asyncio.get_running_loop().create_future()
                flusher = asyncio.get_running_loop().create_task(self._flush_when_queued_ran(self._batch))
                self._flushers.add(flusher)
                flusher.add_done_callback(self._flushers.discard)
            batch = self._batch
            self._exec("SAVEPOINT tx")
            try:
                yield self._conn
            except BaseException:
                if self._raw.in_transaction:
                    self._exec("ROLLBACK TO tx")
                    self._exec("RELEASE tx")
                elif self._batch is batch:  # SQLite rolled the whole batch back (disk full, ...)
                    self._batch = None
                    batch.set_exception(sqlite3.OperationalError("the write batch was rolled back"))
                    batch.exception()  # retrieved: the other transactions of the batch raise it
                raise
            self._exec("RELEASE tx")
        await asyncio.shield(batch)
        self.transactions += 1

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteConnection]:
        async with self._lock:
            await self._flush_locked()
            yield self._conn

    async def close(self) -> None:
        async with self._lock:
            await self._flush_locked()
            await self._in_thread(self._raw.close)
        self._executor.shutdown(wait=True)

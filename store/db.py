"""The one SQLite connection, its pragmas, transactions and schema migrations.

Every repository call goes through :meth:`Database.transaction` or :meth:`Database.read`, which
share one ``asyncio.Lock``: a single connection has a single transaction, so two coroutines must
never interleave statements on it (one would see, commit or roll back the other's half-done work).
Calls are short, so serialising them costs nothing at a bot's scale.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Self

import aiosqlite

log = logging.getLogger(__name__)

SET_JOURNAL_WAL = "PRAGMA journal_mode = WAL"
# FULL: a move must survive even a power cut once it is announced (WAL keeps it cheap).
SET_SYNCHRONOUS_FULL = "PRAGMA synchronous = FULL"
SET_FOREIGN_KEYS_ON = "PRAGMA foreign_keys = ON"
SET_FOREIGN_KEYS_OFF = "PRAGMA foreign_keys = OFF"
SET_BUSY_TIMEOUT = "PRAGMA busy_timeout = 5000"
GET_USER_VERSION = "PRAGMA user_version"
CHECK_FOREIGN_KEYS = "PRAGMA foreign_key_check"
BEGIN_IMMEDIATE = "BEGIN IMMEDIATE"
COMMIT = "COMMIT"
ROLLBACK = "ROLLBACK"

MIGRATION_NAME = re.compile(r"^(\d{3})_\w+\.sql$")


class StoreError(Exception):
    """Base class for the store's own errors."""


class MigrationError(StoreError):
    """The schema could not be brought up to date; the database was left as it was."""


class GameNotFound(StoreError):
    """No game has that id."""


class WrongStatus(StoreError):
    """The game is not in a status that allows this operation (e.g. acting on a finished game)."""


class ChannelBusy(StoreError):
    """The channel or thread already hosts a lobby or an active game."""

    def __init__(self, message: str, game_id: int) -> None:
        super().__init__(message)
        self.game_id = game_id


class StaleAction(StoreError):
    """An action with this ``(game_id, seq)`` is already stored; nothing was written."""

    def __init__(self, game_id: int, seq: int, next_seq: int) -> None:
        super().__init__(f"game {game_id}: action {seq} is stale, the next action is {next_seq}")
        self.game_id = game_id
        self.seq = seq
        self.next_seq = next_seq


def utc_now() -> str:
    """The current time as an ISO-8601 UTC string, the format of every stored timestamp."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def to_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def from_json(text: str) -> Any:
    return json.loads(text)


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(directory: Path | Traversable | None = None) -> list[Migration]:
    """Read ``NNN_name.sql`` files (default: ``store/migrations``), checking they number 1..N."""
    if directory is None:
        directory = resources.files(__package__).joinpath("migrations")
    migrations = []
    for entry in directory.iterdir():
        match = MIGRATION_NAME.match(entry.name)
        if match:
            migrations.append(Migration(int(match[1]), entry.name, entry.read_text(encoding="utf-8")))
        elif entry.name.endswith(".sql"):
            raise MigrationError(f"migration file {entry.name!r} is not named NNN_name.sql")
    migrations.sort(key=lambda m: m.version)
    versions = [m.version for m in migrations]
    if versions != list(range(1, len(migrations) + 1)):
        raise MigrationError(f"migrations must be numbered 1..N without gaps, found {versions}")
    return migrations


async def _run(conn: aiosqlite.Connection, sql: str) -> None:
    """Execute ``sql`` and close its cursor at once.

    A statement that returns a row (``PRAGMA journal_mode`` does) stays "in progress" until its
    cursor is reset, and SQLite then refuses to COMMIT; closing right away never leaves one behind.
    """
    async with conn.execute(sql):
        pass


async def _scalar(conn: aiosqlite.Connection, sql: str) -> Any:
    async with conn.execute(sql) as cursor:
        row = await cursor.fetchone()
    return None if row is None else row[0]


async def _migrate(conn: aiosqlite.Connection, migrations: Sequence[Migration]) -> None:
    """Apply each migration newer than ``PRAGMA user_version`` in its own transaction.

    Runs with foreign keys off (SQLite's recipe for migrations that rebuild a table: with them on,
    dropping a parent table would cascade-delete its children) and checks them before committing.
    The version bump is part of the transaction, so a failed migration leaves no trace.
    """
    current = await _scalar(conn, GET_USER_VERSION)
    latest = migrations[-1].version if migrations else 0
    if current > latest:
        raise MigrationError(f"database schema is version {current}, newer than this code ({latest})")
    for migration in migrations:
        if migration.version <= current:
            continue
        log.info("applying migration %s", migration.name)
        # executescript cannot take parameters; the version is an int parsed from the file name.
        script = f"{BEGIN_IMMEDIATE};\n{migration.sql}\n;PRAGMA user_version = {migration.version};"
        try:
            await conn.executescript(script)
            async with conn.execute(CHECK_FOREIGN_KEYS) as cursor:
                violations = await cursor.fetchall()
            if violations:
                raise MigrationError(
                    f"{len(violations)} foreign key violations, first: {tuple(violations[0])}"
                )
            await _run(conn, COMMIT)
        except (sqlite3.Error, MigrationError) as error:
            if conn.in_transaction:
                await _run(conn, ROLLBACK)
            raise MigrationError(f"migration {migration.name} failed: {error}") from error


class Database:
    """One aiosqlite connection with WAL, foreign keys and an up-to-date schema.

    Open with ``await Database.open(path)`` (``":memory:"`` works, for tests) and ``await
    db.close()`` on shutdown. Repositories use :meth:`transaction` and :meth:`read`.
    """

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: str, *, migrations: Sequence[Migration] | None = None) -> Self:
        """Connect, set the pragmas and apply pending migrations (all of ``store/migrations``
        unless ``migrations`` is given, which tests use to build older schema versions)."""
        # isolation_level=None: no implicit transactions; we issue BEGIN/COMMIT ourselves.
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await _run(conn, SET_BUSY_TIMEOUT)
            await _run(conn, SET_JOURNAL_WAL)  # ignored (stays "memory") for ":memory:"
            await _run(conn, SET_SYNCHRONOUS_FULL)
            await _run(conn, SET_FOREIGN_KEYS_OFF)
            await _migrate(conn, load_migrations() if migrations is None else migrations)
            await _run(conn, SET_FOREIGN_KEYS_ON)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection, for reads, while no transaction is in progress."""
        async with self._lock:
            yield self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``; rolls back if the block raises.

        Once the block exits normally the writes are committed: with WAL and ``synchronous=FULL``
        they survive a crash of the bot and a power cut.
        Do not call other repository functions inside the block: the lock is not re-entrant.
        """
        async with self._lock:
            await _run(self._conn, BEGIN_IMMEDIATE)
            try:
                yield self._conn
                await _run(self._conn, COMMIT)
            except BaseException:
                if self._conn.in_transaction:
                    await _run(self._conn, ROLLBACK)
                raise

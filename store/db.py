"""The database: its engine (SQLite or PostgreSQL), transactions and schema migrations.

Every repository call goes through :meth:`Database.transaction` or :meth:`Database.read`. On
SQLite they share one connection behind one lock, with grouped commits
(:mod:`store.backends.sqlite`); on PostgreSQL each takes a pooled connection
(:mod:`store.backends.postgres`). The same numbered migrations build both schemas; the
differences are translated in :mod:`store.backends.dialect`.
"""

from __future__ import annotations

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
from typing import TYPE_CHECKING, Any, Self

from store.backends import is_postgres_url
from store.backends.base import Connection
from store.backends.dialect import SCHEMA_VERSION_TABLE, postgres_migration
from store.backends.sqlite import SqliteBackend
from store.errors import MigrationError
from store.lease_policy import LeasePolicy

if TYPE_CHECKING:
    from store.backends.postgres import PostgresBackend

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


def _prepare_sqlite(raw: sqlite3.Connection, migrations: Sequence[Migration]) -> None:
    """Pragmas and migrations of a SQLite file, in the database thread, before any use."""
    raw.execute(SET_JOURNAL_WAL).close()  # ignored (stays "memory") for ":memory:"
    raw.execute(SET_SYNCHRONOUS_FULL).close()
    raw.execute(SET_FOREIGN_KEYS_OFF).close()
    _migrate_sqlite(raw, migrations)
    raw.execute(SET_FOREIGN_KEYS_ON).close()


def _migrate_sqlite(raw: sqlite3.Connection, migrations: Sequence[Migration]) -> None:
    """Apply each migration newer than ``PRAGMA user_version`` in its own transaction.

    Runs with foreign keys off (SQLite's recipe for migrations that rebuild a table: with them on,
    dropping a parent table would cascade-delete its children) and checks them before committing.
    The version bump is part of the transaction, so a failed migration leaves no trace.
    """
    current = raw.execute(GET_USER_VERSION).fetchone()[0]
    _check_not_newer(current, migrations)
    for migration in migrations:
        if migration.version <= current:
            continue
        log.info("applying migration %s", migration.name)
        # executescript cannot take parameters; the version is an int parsed from the file name.
        script = f"{BEGIN_IMMEDIATE};\n{migration.sql}\n;PRAGMA user_version = {migration.version};"
        try:
            raw.executescript(script).close()
            violations = raw.execute(CHECK_FOREIGN_KEYS).fetchall()
            if violations:
                first = tuple(violations[0])
                raise MigrationError(f"{len(violations)} foreign key violations, first: {first}")
            raw.execute(COMMIT).close()
        except (sqlite3.Error, MigrationError) as error:
            if raw.in_transaction:
                raw.execute(ROLLBACK).close()
            raise MigrationError(f"migration {migration.name} failed: {error}") from error


def _check_not_newer(current: int, migrations: Sequence[Migration]) -> None:
    latest = migrations[-1].version if migrations else 0
    if current > latest:
        raise MigrationError(f"database schema is version {current}, newer than this code ({latest})")


# Held while migrating, so that processes starting together migrate one after the other.
MIGRATION_LOCK = 0x75_6B_69  # "tsuki", any constant shared by every process
PG_CREATE_VERSION = f"CREATE TABLE IF NOT EXISTS {SCHEMA_VERSION_TABLE} (version BIGINT NOT NULL)"
PG_GET_VERSION = f"SELECT version FROM {SCHEMA_VERSION_TABLE}"
PG_INIT_VERSION = f"INSERT INTO {SCHEMA_VERSION_TABLE} (version) VALUES (0)"
PG_SET_VERSION = f"UPDATE {SCHEMA_VERSION_TABLE} SET version = $1"


async def _migrate_postgres(pool: Any, migrations: Sequence[Migration]) -> None:
    """The same numbered migrations on PostgreSQL, each in its own transaction with its version
    bump (DDL is transactional there too), the version kept in a one-row table."""
    import asyncpg

    async with pool.acquire() as conn:
        await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        try:
            await conn.execute(PG_CREATE_VERSION)
            current = await conn.fetchval(PG_GET_VERSION)
            if current is None:
                await conn.execute(PG_INIT_VERSION)
                current = 0
            _check_not_newer(current, migrations)
            for migration in migrations:
                if migration.version <= current:
                    continue
                log.info("applying migration %s (PostgreSQL)", migration.name)
                try:
                    async with conn.transaction():
                        await conn.execute(postgres_migration(migration.sql))
                        await conn.execute(PG_SET_VERSION, migration.version)
                except asyncpg.PostgresError as error:
                    raise MigrationError(f"migration {migration.name} failed: {error}") from error
        finally:
            await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)


class Database:
    """The store's database: SQLite (a file, or ``":memory:"``) or PostgreSQL (a URL).

    Open with ``await Database.open(target)`` and ``await db.close()`` on shutdown; ``target``
    is a SQLite path, or ``postgresql://...`` for PostgreSQL (see :mod:`store.backends`).
    Repositories use :meth:`transaction` and :meth:`read`; their SQL is portable, and
    ``dialect`` says which engine runs it ("sqlite" or "postgresql").
    """

    def __init__(self, backend: SqliteBackend | PostgresBackend, path: str) -> None:
        self.backend = backend
        self.dialect: str = backend.dialect
        self.path = path
        # Set by a bot that shares the database with other processes: then a game is created
        # with this process's lease and a move is stored only under it (store/leases.py).
        self.lease: LeasePolicy | None = None

    @classmethod
    async def open(cls, path: str, *, migrations: Sequence[Migration] | None = None) -> Self:
        """Connect, set up the engine and apply pending migrations (all of ``store/migrations``
        unless ``migrations`` is given, which tests use to build older schema versions)."""
        chosen = load_migrations() if migrations is None else migrations
        backend: SqliteBackend | PostgresBackend
        if is_postgres_url(path):
            from store.backends.postgres import PostgresBackend

            backend = await PostgresBackend.connect(path)
            try:
                await _migrate_postgres(backend.pool, chosen)
            except BaseException:
                await backend.close()
                raise
        else:
            backend = await SqliteBackend.connect(path, lambda raw: _prepare_sqlite(raw, chosen))
        return cls(backend, path)

    async def close(self) -> None:
        await self.backend.close()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Connection]:
        """A connection for reads (SQLite: while no transaction is in progress)."""
        async with self.backend.read() as conn:
            yield conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """A transaction: committed when the block exits normally, rolled back if it raises.

        Once this returns the writes are durable (SQLite: WAL and ``synchronous=FULL``; on
        PostgreSQL, its commit). Do not call other repository functions inside the block: on
        SQLite the lock is not re-entrant.
        """
        async with self.backend.transaction() as conn:
            yield conn

"""PostgreSQL through asyncpg: a small connection pool, the same connection API as SQLite.

Statements are translated once (cached) by :mod:`store.backends.dialect`. A broken constraint
raises the store's own error, as on SQLite: :class:`~store.errors.Conflict` for a unique key
already taken, :class:`~store.errors.ConstraintViolation` for any other. ``sum()`` of integers
is ``numeric`` on PostgreSQL; it is read back as a Python ``int`` (or ``float`` when it has a
fraction), as SQLite gives it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from decimal import Decimal
from typing import Any

import asyncpg

from store.backends.base import Cursor, Statement
from store.backends.dialect import postgres_statement, returns_rows
from store.errors import Conflict, ConstraintViolation

POOL_SIZE = 8


def _numeric(text: str) -> int | float:
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(value)


async def _init_connection(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", encoder=str, decoder=_numeric, schema="pg_catalog", format="text")


def _store_error(error: asyncpg.IntegrityConstraintViolationError) -> ConstraintViolation:
    """The store's error for a broken constraint (the caller chains asyncpg's as its cause)."""
    if isinstance(error, asyncpg.UniqueViolationError):
        return Conflict(str(error))
    return ConstraintViolation(str(error))


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PostgresConnection:
    """The repositories' view of one pooled asyncpg connection."""

    dialect = "postgresql"

    def __init__(self, raw: asyncpg.pool.PoolConnectionProxy[asyncpg.Record]) -> None:
        self.raw = raw
        self.statements = 0

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Statement:
        async def run() -> Cursor:
            query = postgres_statement(sql)
            self.statements += 1
            try:
                if returns_rows(query):
                    rows = await self.raw.fetch(query, *params)
                    return Cursor(rows, len(rows))
                return Cursor((), _rowcount(await self.raw.execute(query, *params)))
            except asyncpg.IntegrityConstraintViolationError as error:
                raise _store_error(error) from error

        return Statement(run)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        try:
            await self.raw.executemany(postgres_statement(sql), rows)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise _store_error(error) from error


class PostgresBackend:
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self.commits = 0
        self.transactions = 0

    @classmethod
    async def connect(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresBackend:
        # No timers: the pool keeps its few connections and their prepared statements (a timer
        # per released connection or cached statement is pending work to a simulated clock).
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=pool_size,
            init=_init_connection,
            statement_cache_size=256,
            max_inactive_connection_lifetime=0,
            max_cached_statement_lifetime=0,
        )
        return cls(pool)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresConnection]:
        async with self.pool.acquire() as raw, raw.transaction():
            yield PostgresConnection(raw)
        self.commits += 1
        self.transactions += 1

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresConnection]:
        async with self.pool.acquire() as raw:
            yield PostgresConnection(raw)

    async def close(self) -> None:
        await self.pool.close()

"""What both engines give repositories: an executed statement's rows, and a connection to run them.

Statements run when awaited (``await conn.execute(...)`` or ``async with conn.execute(...) as c``),
and their rows are read at once, so a cursor never outlives its statement: on SQLite no statement
stays "in progress" to block a COMMIT, and on PostgreSQL no portal stays open on a pooled
connection.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator, Iterator, Sequence
from typing import Any, Protocol


class Cursor:
    """The outcome of one statement: its rows (if it returns any), rows changed, and the new row id
    (SQLite only; portable code uses ``INSERT ... RETURNING id``)."""

    __slots__ = ("_next", "lastrowid", "rowcount", "rows")

    def __init__(self, rows: Sequence[Any], rowcount: int = -1, lastrowid: int | None = None) -> None:
        self.rows = list(rows)
        self.rowcount = rowcount
        self.lastrowid = lastrowid
        self._next = 0

    async def fetchone(self) -> Any:
        if self._next >= len(self.rows):
            return None
        self._next += 1
        return self.rows[self._next - 1]

    async def fetchall(self) -> list[Any]:
        rest, self._next = self.rows[self._next :], len(self.rows)
        return rest

    def __iter__(self) -> Iterator[Any]:
        return iter(self.rows)

    def __aiter__(self) -> Cursor:
        return self

    async def __anext__(self) -> Any:
        row = await self.fetchone()
        if row is None:
            raise StopAsyncIteration
        return row


class Statement:
    """A statement about to run: awaitable, or usable as ``async with`` (aiosqlite's shape)."""

    __slots__ = ("_run",)

    def __init__(self, run: Callable[[], Awaitable[Cursor]]) -> None:
        self._run = run

    def __await__(self) -> Generator[Any, None, Cursor]:
        return self._run().__await__()

    async def __aenter__(self) -> Cursor:
        return await self._run()

    async def __aexit__(self, *exc: object) -> None:
        return None


class Connection(Protocol):
    """The connection a repository gets from ``db.read()`` or ``db.transaction()``."""

    dialect: str

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Statement: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

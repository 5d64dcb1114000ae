"""Copy a SQLite database into an empty PostgreSQL database, once (moving a bot to PostgreSQL).

    python -m store.copy_to_postgres [SQLITE_PATH] [POSTGRES_URL]

Defaults: ``DATABASE_PATH`` (or ``tsuki.db``) and ``DATABASE_URL`` from the environment. Stop the
bot first. Both databases are brought to the current schema by the usual migrations, then every
table is copied in foreign-key order, in one PostgreSQL transaction (all or nothing), and the
identity counters (new game ids) are moved past the copied rows. The target must hold no games:
the command refuses to merge two histories.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from dataclasses import dataclass
from typing import Any

from store.backends import is_postgres_url
from store.db import Database
from store.errors import StoreError

SQLITE_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
SKIP = frozenset({"schema_version"})  # PostgreSQL's own bookkeeping, written by its migrations


class CopyError(StoreError):
    """The copy was refused or failed; the target was left as it was."""


@dataclass(frozen=True, slots=True)
class Copied:
    table: str
    rows: int


def _tables_in_dependency_order(raw: sqlite3.Connection) -> list[str]:
    names = [
        r[0]
        for r in raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    parents = {n: {r[2] for r in raw.execute(f'PRAGMA foreign_key_list("{n}")')} - {n} for n in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = sorted(n for n in names if n not in ordered and parents[n] <= set(ordered))
        if not ready:
            raise CopyError(f"foreign keys form a cycle among {sorted(set(names) - set(ordered))}")
        ordered.extend(ready)
    return [n for n in ordered if n not in SKIP]


def _read_sqlite(path: str) -> list[tuple[str, list[str], list[tuple[Any, ...]]]]:
    raw = sqlite3.connect(path)
    try:
        out = []
        for table in _tables_in_dependency_order(raw):
            cursor = raw.execute(f'SELECT * FROM "{table}"')
            columns = [d[0] for d in cursor.description]
            out.append((table, columns, cursor.fetchall()))
        return out
    finally:
        raw.close()


async def copy(sqlite_path: str, postgres_url: str) -> list[Copied]:
    """Copy everything; returns the rows copied per table."""
    if not is_postgres_url(postgres_url):
        raise CopyError(f"the target must be a postgresql:// URL, not {postgres_url!r}")
    if not os.path.exists(sqlite_path):
        raise CopyError(f"no SQLite database at {sqlite_path!r}")
    source = await Database.open(sqlite_path)  # brings the file to the current schema
    await source.close()
    tables = await asyncio.to_thread(_read_sqlite, sqlite_path)
    target = await Database.open(postgres_url)
    try:
        from store.backends.postgres import PostgresBackend

        assert isinstance(target.backend, PostgresBackend)  # opened from a postgresql:// URL
        pool = target.backend.pool
        async with pool.acquire() as conn, conn.transaction():
            if await conn.fetchval("SELECT count(*) FROM games"):
                raise CopyError("the PostgreSQL database already holds games; copy into an empty one")
            copied = []
            for table, columns, rows in tables:
                columns_of_table = await conn.fetch(
                    "SELECT column_name, data_type FROM information_schema.columns "
                    "WHERE table_name = $1 AND table_schema = current_schema()",
                    table,
                )
                types: dict[str, str] = {r[0]: r[1] for r in columns_of_table}
                floats = [types.get(c) in ("double precision", "real") for c in columns]
                records = [
                    tuple(float(v) if f and v is not None else v for v, f in zip(row, floats, strict=True))
                    for row in rows
                ]
                await conn.execute(f'DELETE FROM "{table}"')  # rows a migration seeded, if any
                if records:
                    await conn.copy_records_to_table(table, records=records, columns=columns)
                copied.append(Copied(table, len(records)))
            identities = await conn.fetch(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE is_identity = 'YES' AND table_schema = current_schema()"
            )
            for table, column in identities:
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'), "
                    f'coalesce((SELECT max("{column}") FROM "{table}"), 0) + 1, false)'
                )
        return copied
    finally:
        await target.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m store.copy_to_postgres", description=__doc__.split("\n")[0]
    )
    parser.add_argument("sqlite_path", nargs="?", default=os.environ.get("DATABASE_PATH") or "tsuki.db")
    parser.add_argument("postgres_url", nargs="?", default=os.environ.get("DATABASE_URL", ""))
    args = parser.parse_args(argv)
    try:
        copied = asyncio.run(copy(args.sqlite_path, args.postgres_url))
    except (CopyError, StoreError) as error:
        print(f"copy_to_postgres: {error}", file=sys.stderr)
        return 1
    for item in copied:
        print(f"{item.table}: {item.rows} rows")
    print(f"copied {sum(c.rows for c in copied)} rows in {len(copied)} tables")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The two database engines behind :class:`store.db.Database`: SQLite (default) and PostgreSQL.

Repositories see one connection API whatever the engine (see :mod:`store.backends.base`):
``await conn.execute(sql, params)`` or ``async with conn.execute(...) as cursor``, then
``fetchone``/``fetchall``/``rowcount``; ``await conn.executemany(sql, rows)``. They write portable
SQL with ``?`` placeholders; what differs between the engines is translated in
:mod:`store.backends.dialect` and nowhere else.
"""

from __future__ import annotations


def is_postgres_url(target: str) -> bool:
    """Whether a database target names a PostgreSQL server rather than a SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))

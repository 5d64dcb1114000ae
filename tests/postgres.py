"""A real PostgreSQL for the tests: one server per test session (pgserver's PostgreSQL 16, from the
test extras), a fresh schema per test. ``fresh_url()`` is a URL whose ``search_path`` is a new,
empty schema, so every test starts from nothing while paying for the server once."""

from __future__ import annotations

import asyncio
import itertools
import tempfile
from typing import Any

_server: Any = None
_count = itertools.count()


def server_url() -> str:
    """The session's server (started on first use; stopped when the test process exits)."""
    global _server
    if _server is None:
        import pgserver

        _server = pgserver.get_server(tempfile.mkdtemp(prefix="tsuki-pg-"), cleanup_mode="delete")
        _run(_tune(_server.get_uri()))
    return str(_server.get_uri())


def _run(coro: Any) -> Any:
    """Run set-up SQL on a loop of its own (fixtures may be called from inside a running loop)."""
    import threading

    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(asyncio.run(coro)))
    thread.start()
    thread.join()
    return result[0] if result else None


async def _tune(url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:  # a test server need not survive a power cut: commits without waiting for the disk
        await conn.execute("ALTER SYSTEM SET synchronous_commit = off")
        await conn.execute("ALTER SYSTEM SET fsync = off")
        await conn.execute("SELECT pg_reload_conf()")
    finally:
        await conn.close()


async def _create_schema(url: str, name: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()


def fresh_url() -> str:
    """A URL to the session's server whose tables live in a new empty schema."""
    url = server_url()
    name = f"t{next(_count)}"
    _run(_create_schema(url, name))
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}search_path={name}"

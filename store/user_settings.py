"""Per-user settings (not per server): whether a player wants a DM when their turn begins, and
whether their profile is public (``/profile public:true``: they appear on the global leaderboard)."""

from __future__ import annotations

from collections.abc import Iterable

from store.db import Database, utc_now

UPSERT_NOTIFY = """
INSERT INTO user_settings (user_id, notify_turns, updated_at) VALUES (?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET notify_turns = excluded.notify_turns, updated_at = excluded.updated_at
"""
# One placeholder per id (the SQL text holds only "?"s, never the ids): portable to both engines.
SELECT_NOTIFIED = "SELECT user_id FROM user_settings WHERE notify_turns = 1 AND user_id IN ({marks})"
UPSERT_PUBLIC = """
INSERT INTO user_settings (user_id, public_profile, updated_at) VALUES (?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET public_profile = excluded.public_profile, updated_at = excluded.updated_at
"""
SELECT_PUBLIC = "SELECT user_id FROM user_settings WHERE public_profile = 1"
SELECT_IS_PUBLIC = "SELECT public_profile FROM user_settings WHERE user_id = ?"


async def set_notify(db: Database, user_id: int, on: bool) -> None:
    """Turn the "your turn" direct message on or off for ``user_id``."""
    async with db.transaction() as conn:
        await conn.execute(UPSERT_NOTIFY, (user_id, int(on), utc_now()))


async def notify_wanted(db: Database, user_ids: Iterable[int | None]) -> set[int]:
    """Which of ``user_ids`` want the direct message (``None``, a CPU seat, is skipped)."""
    ids = sorted({uid for uid in user_ids if uid is not None})
    if not ids:
        return set()
    async with db.read() as conn, conn.execute(_select_notified(len(ids)), ids) as cursor:
        rows = await cursor.fetchall()
    return {int(row[0]) for row in rows}


def _select_notified(count: int) -> str:
    return SELECT_NOTIFIED.format(marks=", ".join("?" * count))


async def set_public_profile(db: Database, user_id: int, public: bool) -> None:
    """Opt in to (or out of) the global leaderboard, where one's name and rating leave the server."""
    async with db.transaction() as conn:
        await conn.execute(UPSERT_PUBLIC, (user_id, int(public), utc_now()))


async def is_public(db: Database, user_id: int) -> bool:
    async with db.read() as conn, conn.execute(SELECT_IS_PUBLIC, (user_id,)) as cursor:
        row = await cursor.fetchone()
    return row is not None and bool(row[0])


async def public_users(db: Database) -> set[int]:
    """Everyone who opted in to the global leaderboard."""
    async with db.read() as conn, conn.execute(SELECT_PUBLIC) as cursor:
        return {int(row[0]) for row in await cursor.fetchall()}

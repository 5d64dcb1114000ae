"""Per-user settings (not per server): today, whether a player wants a DM when their turn begins."""

from __future__ import annotations

from collections.abc import Iterable

from store.db import Database, utc_now

UPSERT_NOTIFY = """
INSERT INTO user_settings (user_id, notify_turns, updated_at) VALUES (?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET notify_turns = excluded.notify_turns, updated_at = excluded.updated_at
"""
# json_each takes the ids as one JSON array: one statement, any number of ids, no string-built SQL.
SELECT_NOTIFIED = """
SELECT user_id FROM user_settings
WHERE notify_turns = 1 AND user_id IN (SELECT value FROM json_each(?))
"""


async def set_notify(db: Database, user_id: int, on: bool) -> None:
    """Turn the "your turn" direct message on or off for ``user_id``."""
    async with db.transaction() as conn:
        await conn.execute(UPSERT_NOTIFY, (user_id, int(on), utc_now()))


async def notify_wanted(db: Database, user_ids: Iterable[int | None]) -> set[int]:
    """Which of ``user_ids`` want the direct message (``None``, a CPU seat, is skipped)."""
    ids = sorted({uid for uid in user_ids if uid is not None})
    if not ids:
        return set()
    async with db.read() as conn, conn.execute(SELECT_NOTIFIED, (_json_ids(ids),)) as cursor:
        rows = await cursor.fetchall()
    return {int(row[0]) for row in rows}


def _json_ids(ids: list[int]) -> str:
    return "[" + ",".join(str(int(uid)) for uid in ids) + "]"

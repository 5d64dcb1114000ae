"""Provably fair deals: the per-match salt that, with the seed, makes the posted commitment."""

from __future__ import annotations

from store.db import Database, utc_now

INSERT_SALT = "INSERT INTO deal_salts (game_id, salt, created_at) VALUES (?, ?, ?)"
SELECT_SALT = "SELECT salt FROM deal_salts WHERE game_id = ?"


async def save_salt(db: Database, game_id: int, salt: str, *, at: str | None = None) -> None:
    """Store the match's salt; a match has one for good (a second one raises
    :class:`~store.errors.Conflict`)."""
    async with db.transaction() as conn:
        await conn.execute(INSERT_SALT, (game_id, salt, at or utc_now()))


async def salt_for(db: Database, game_id: int) -> str | None:
    """The match's salt, or None for a match that started before commitments existed."""
    async with db.read() as conn, conn.execute(SELECT_SALT, (game_id,)) as cursor:
        row = await cursor.fetchone()
    return None if row is None else str(row[0])

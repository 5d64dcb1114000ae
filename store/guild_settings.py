"""Per-guild settings (turn timer, locale, ...): JSON values under string keys.

Defaults live with the code that reads a setting; the store only holds what a guild changed.
"""

from __future__ import annotations

from typing import Any

from store.db import Database, from_json, to_json

SELECT_SETTINGS = "SELECT key, value_json FROM guild_settings WHERE guild_id = ? ORDER BY key"
UPSERT_SETTING = """
INSERT INTO guild_settings (guild_id, key, value_json) VALUES (?, ?, ?)
ON CONFLICT (guild_id, key) DO UPDATE SET value_json = excluded.value_json
"""
DELETE_SETTING = "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?"


async def get_guild_settings(db: Database, guild_id: int) -> dict[str, Any]:
    """Every setting the guild has changed (an empty dict for a guild that changed none)."""
    async with db.read() as conn, conn.execute(SELECT_SETTINGS, (guild_id,)) as cursor:
        rows = await cursor.fetchall()
    return {key: from_json(value) for key, value in rows}


async def set_guild_setting(db: Database, guild_id: int, key: str, value: Any) -> None:
    """Set one setting to a JSON-serialisable value; ``None`` removes it (back to the default)."""
    async with db.transaction() as conn:
        if value is None:
            await conn.execute(DELETE_SETTING, (guild_id, key))
        else:
            await conn.execute(UPSERT_SETTING, (guild_id, key, to_json(value)))


# Whether matches with CPU seats move the ladder on this server (default no: they count toward
# each player's vs-CPU record). ``store.ratings`` reads it once per match, when rating it.
CPU_MOVES_LADDER = "ratings.cpu_moves_ladder"


async def cpu_moves_ladder(db: Database, guild_id: int) -> bool:
    return (await get_guild_settings(db, guild_id)).get(CPU_MOVES_LADDER) is True


async def set_cpu_moves_ladder(db: Database, guild_id: int, on: bool) -> None:
    """``False`` removes the setting (the default)."""
    await set_guild_setting(db, guild_id, CPU_MOVES_LADDER, True if on else None)

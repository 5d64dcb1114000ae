from store import Database, get_guild_settings, set_guild_setting
from tests.store.conftest import GUILD


async def test_settings_start_empty(db: Database) -> None:
    assert await get_guild_settings(db, GUILD) == {}


async def test_set_overwrite_and_remove(db: Database) -> None:
    await set_guild_setting(db, GUILD, "turn_timer", 60)
    await set_guild_setting(db, GUILD, "locale", "ja")
    await set_guild_setting(db, GUILD, "turn_timer", 90)
    await set_guild_setting(db, GUILD, "cpu", {"level": "hard", "games": ["goita", "koikoi"]})
    assert await get_guild_settings(db, GUILD) == {
        "cpu": {"level": "hard", "games": ["goita", "koikoi"]},
        "locale": "ja",
        "turn_timer": 90,
    }
    await set_guild_setting(db, GUILD, "locale", None)
    await set_guild_setting(db, GUILD, "never_set", None)
    assert await get_guild_settings(db, GUILD) == {
        "cpu": {"level": "hard", "games": ["goita", "koikoi"]},
        "turn_timer": 90,
    }


async def test_settings_are_per_guild(db: Database) -> None:
    await set_guild_setting(db, GUILD, "locale", "ko")
    await set_guild_setting(db, GUILD + 1, "locale", "zh")
    assert await get_guild_settings(db, GUILD) == {"locale": "ko"}
    assert await get_guild_settings(db, GUILD + 1) == {"locale": "zh"}

"""Scale-out settings: DATABASE_URL, SHARD_COUNT / SHARD_IDS, LEASE_SECONDS, and the bot they make."""

from __future__ import annotations

import pytest

from tsuki.bot import ShardedTsukiBot, TsukiBot, make_bot
from tsuki.settings import SettingsError, load_settings


def test_defaults_keep_one_process_on_sqlite() -> None:
    settings = load_settings({})
    assert settings.database == "tsuki.db" and not settings.shared_database
    assert settings.shard_count is None and settings.shard_ids is None


def test_postgres_and_a_shard_range() -> None:
    settings = load_settings(
        {"DATABASE_URL": "postgresql://u:secret@db/tsuki", "SHARD_COUNT": "8", "SHARD_IDS": "0-3,6"}
    )
    assert settings.database == "postgresql://u:secret@db/tsuki" and settings.shared_database
    assert settings.shard_count == 8 and settings.shard_ids == (0, 1, 2, 3, 6)
    assert "secret" not in repr(settings)


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"SHARD_IDS": "0-1"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "at least 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2-5"}, "below SHARD_COUNT"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "backwards"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a"}, "0-3"),
        ({"DATABASE_URL": "mysql://x"}, "postgresql://"),
        ({"LEASE_SECONDS": "1"}, "at least 5"),
    ],
)
def test_bad_scale_settings_say_what_to_do(env: dict[str, str], says: str) -> None:
    with pytest.raises(SettingsError, match=says):
        load_settings(env)


async def test_shard_settings_make_a_sharded_bot() -> None:
    sharded = make_bot(load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "2-3"}))
    assert isinstance(sharded, ShardedTsukiBot)
    assert (sharded.shard_count == 4 and sharded.shard_ids == [2, 3]) or sharded.shard_ids == (2, 3)
    plain = make_bot(load_settings({}))
    assert type(plain) is TsukiBot

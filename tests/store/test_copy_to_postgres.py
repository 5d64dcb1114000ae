"""python -m store.copy_to_postgres: a SQLite history moved to PostgreSQL reads the same there."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from store import (
    Database,
    SeatResult,
    actions_for,
    append_action,
    create_game,
    finish_with_results,
    get_game,
    leaderboard,
    set_guild_setting,
    set_notify,
    user_ratings,
    user_stats,
)
from store.copy_to_postgres import CopyError, copy, main
from tests.postgres import fresh_url
from tests.store.conftest import CHANNEL, GUILD, active_game


@pytest.fixture
def backend() -> str:
    return "sqlite"  # the source; the target is a fresh PostgreSQL schema


async def _history(path: str) -> list[int]:
    db = await Database.open(path)
    ids = []
    try:
        for i in range(3):
            game = await active_game(db, 100, 200, channel_id=CHANNEL + i)
            await append_action(db, game.id, 0, 0, "3a>3c")
            await append_action(db, game.id, 1, 1, "koikoi")
            won = i % 2 == 0
            results = [SeatResult(0, 7 if won else 0, won, 7), SeatResult(1, 0 if won else 5, not won, 5)]
            await finish_with_results(db, game.id, results)
            ids.append(game.id)
        await create_game(db, GUILD, CHANNEL + 9, "gostop", {"rounds": 3}, 42, 100)  # an open lobby
        await set_guild_setting(db, GUILD, "locale", "fr")
        await set_notify(db, 200, True)
    finally:
        await db.close()
    return ids


async def test_copy_reads_the_same_on_postgres(db_path: str) -> None:
    ids = await _history(db_path)
    url = fresh_url()
    copied = {c.table: c.rows for c in await copy(db_path, url)}
    assert copied["games"] == 4 and copied["actions"] == 6 and copied["results"] == 6
    source, target = await Database.open(db_path), await Database.open(url)
    try:
        for game_id in ids:
            assert await get_game(target, game_id) == await get_game(source, game_id)
            assert await actions_for(target, game_id) == await actions_for(source, game_id)
        assert await leaderboard(target, GUILD, "koikoi") == await leaderboard(source, GUILD, "koikoi")
        assert await user_stats(target, 100) == await user_stats(source, 100)
        assert await user_ratings(target, 200) == await user_ratings(source, 200)
        new = await create_game(target, GUILD, CHANNEL + 20, "koikoi", {}, 1, 100)  # ids go on
        assert new.id > max(ids) + 1
    finally:
        await source.close()
        await target.close()


def test_copy_refuses_a_target_with_games(db_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    asyncio.run(_history(db_path))
    url = fresh_url()
    assert main([db_path, url]) == 0
    assert "copied" in capsys.readouterr().out
    with pytest.raises(CopyError, match="already holds games"):
        asyncio.run(copy(db_path, url))
    assert main([str(Path(db_path).with_name("missing.db")), url]) == 1

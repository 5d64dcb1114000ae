import asyncio

import pytest

from store import (
    ActionRow,
    Conflict,
    Database,
    GameNotFound,
    StaleAction,
    StoreError,
    WrongStatus,
    actions_for,
    append_action,
    create_game,
    finish_game,
)
from tests.store.conftest import CHANNEL, GUILD, HOST, active_game

AT = "2025-01-01T00:00:00+00:00"


async def test_append_and_read_in_seq_order(db: Database) -> None:
    game = await active_game(db)
    first = await append_action(db, game.id, 0, 0, "play 1a", at=AT)
    await append_action(db, game.id, 1, 1, "play 3b", by_cpu=True, at=AT)
    await append_action(db, game.id, 2, 0, "koikoi")
    rows = await actions_for(db, game.id)
    assert first == ActionRow(game.id, 0, 0, "play 1a", False, AT)
    assert rows[:2] == [first, ActionRow(game.id, 1, 1, "play 3b", True, AT)]
    assert [r.seq for r in rows] == [0, 1, 2]
    assert rows[2].at.endswith("+00:00")


async def test_actions_are_per_game(db: Database) -> None:
    one = await active_game(db)
    two = await active_game(db, channel_id=CHANNEL + 1)
    await append_action(db, one.id, 0, 0, "a")
    await append_action(db, two.id, 0, 0, "b")
    assert [r.action for r in await actions_for(db, one.id)] == ["a"]
    assert [r.action for r in await actions_for(db, two.id)] == ["b"]
    assert await actions_for(db, 9999) == []


async def test_duplicate_seq_raises_stale_action_and_changes_nothing(db: Database) -> None:
    game = await active_game(db)
    await append_action(db, game.id, 0, 0, "play 1a", at=AT)
    await append_action(db, game.id, 1, 1, "play 2a", at=AT)
    before = await actions_for(db, game.id)
    for seq in (0, 1):
        with pytest.raises(StaleAction) as stale:
            await append_action(db, game.id, seq, 0, "something else", by_cpu=True)
        assert (stale.value.game_id, stale.value.seq, stale.value.next_seq) == (game.id, seq, 2)
    assert await actions_for(db, game.id) == before


async def test_concurrent_clicks_store_one_action(db: Database) -> None:
    game = await active_game(db)
    outcomes = await asyncio.gather(
        *(append_action(db, game.id, 0, 0, f"click {i}") for i in range(10)), return_exceptions=True
    )
    stored = [o for o in outcomes if isinstance(o, ActionRow)]
    assert len(stored) == 1
    assert all(isinstance(o, StaleAction) for o in outcomes if o is not stored[0])
    assert await actions_for(db, game.id) == stored


async def test_schema_rejects_duplicate_seq_even_without_the_check(db: Database) -> None:
    game = await active_game(db)
    await append_action(db, game.id, 0, 0, "a")
    async with db.read() as conn:
        with pytest.raises(Conflict):  # on PostgreSQL too: the store's one error class
            await conn.execute("INSERT INTO actions VALUES (?, 0, 0, 'b', 0, ?)", (game.id, AT))


async def test_seq_may_not_skip_ahead(db: Database) -> None:
    game = await active_game(db)
    with pytest.raises(StoreError, match="skip"):
        await append_action(db, game.id, 1, 0, "a")
    assert await actions_for(db, game.id) == []


async def test_only_active_games_take_actions(db: Database) -> None:
    lobby = await create_game(db, GUILD, CHANNEL, "koikoi", {}, 1, HOST)
    with pytest.raises(WrongStatus):
        await append_action(db, lobby.id, 0, 0, "a")
    game = await active_game(db, channel_id=CHANNEL + 1)
    await finish_game(db, game.id, "abandoned")
    with pytest.raises(WrongStatus):
        await append_action(db, game.id, 0, 0, "a")
    with pytest.raises(GameNotFound):
        await append_action(db, 9999, 0, 0, "a")


async def test_action_is_durable_when_append_returns(db_path: str) -> None:
    db = await Database.open(db_path)
    game = await active_game(db)
    row = await append_action(db, game.id, 0, 0, "play 1a")
    # Read through a second, independent connection while the first is still open:
    # only committed data is visible there.
    other = await Database.open(db_path)
    try:
        assert await actions_for(other, game.id) == [row]
    finally:
        await other.close()
        await db.close()

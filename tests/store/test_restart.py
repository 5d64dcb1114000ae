"""A database file closed and opened again, as across a bot restart, keeps everything."""

from store import (
    Database,
    SeatResult,
    actions_for,
    active_game_in_channel,
    append_action,
    create_game,
    finish_with_results,
    get_guild_settings,
    leaderboard,
    results_for,
    set_guild_setting,
    set_table_message,
    start_game,
    unfinished_games,
    update_meta,
    user_stats,
)
from tests.store.conftest import CHANNEL, GUILD, HOST, seats

RULES = {"months": 12}


async def test_everything_survives_a_restart(db_path: str) -> None:
    db = await Database.open(db_path)
    lobby = await create_game(db, GUILD, CHANNEL, "koikoi", RULES, 1, HOST, {"timer": 45})
    game = await start_game(db, lobby.id, seed=7, seats=seats(HOST, None), thread_id=555)
    waiting = await create_game(db, GUILD, CHANNEL, "goita", RULES, 3, 300)
    moves = [await append_action(db, game.id, i, i % 2, f"move {i}", by_cpu=i % 2 == 1) for i in range(5)]
    await update_meta(db, game.id, {"away": [0], "timeouts": {"0": 2}})
    await set_table_message(db, game.id, 4242)
    await set_guild_setting(db, GUILD, "turn_timer", 30)
    await db.close()

    db = await Database.open(db_path)
    resumed = await unfinished_games(db)
    assert [g.id for g in resumed] == [game.id, waiting.id]
    table = resumed[0]
    assert (table.status, table.seed, table.rules, table.options) == ("active", 7, RULES, {"timer": 45})
    assert table.seats == game.seats and table.thread_id == 555
    assert (table.meta, table.table_message_id) == ({"away": [0], "timeouts": {"0": 2}}, 4242)
    assert await active_game_in_channel(db, GUILD, 555) == table
    assert await active_game_in_channel(db, GUILD, CHANNEL) == resumed[1]
    assert await actions_for(db, game.id) == moves
    assert await get_guild_settings(db, GUILD) == {"turn_timer": 30}

    # Play on after the restart, finish, and restart again.
    await append_action(db, game.id, 5, 0, "move 5")
    results = [SeatResult(0, 9, True, 9), SeatResult(1, -9, False)]
    await finish_with_results(db, game.id, results)
    await db.close()

    db = await Database.open(db_path)
    try:
        assert [g.id for g in await unfinished_games(db)] == [waiting.id]
        assert [a.seq for a in await actions_for(db, game.id)] == list(range(6))
        assert await results_for(db, game.id) == results
        assert [(r.user_id, r.wins, r.points) for r in await leaderboard(db, GUILD, "koikoi")] == [
            (HOST, 1, 9)
        ]
        assert (await user_stats(db, HOST, GUILD))["koikoi"].best_round == 9
    finally:
        await db.close()

import pytest

from store import (
    ChannelBusy,
    Database,
    GameNotFound,
    SeatRow,
    WrongStatus,
    active_game_in_channel,
    create_game,
    finish_game,
    get_game,
    set_lobby_message,
    set_seats,
    set_table_message,
    set_thread,
    start_game,
    unfinished_games,
    update_meta,
)
from tests.store.conftest import CHANNEL, GUILD, HOST, active_game, seats, stored_game
from tests.typed import unchecked

RULES = {"months": 12, "koikoi": True}


async def test_create_game_opens_a_lobby(db: Database) -> None:
    game = await create_game(
        db, GUILD, CHANNEL, "koikoi", RULES, 42, HOST, {"timer": 60}, at="2025-01-01T00:00:00+00:00"
    )
    assert game.status == "lobby"
    assert (game.guild_id, game.channel_id, game.thread_id, game.place_id) == (GUILD, CHANNEL, None, CHANNEL)
    assert (game.game, game.rules, game.options, game.seed, game.host_id) == (
        "koikoi",
        RULES,
        {"timer": 60},
        42,
        HOST,
    )
    assert (game.seats, game.winners, game.meta) == ((), (), {})
    assert game.created_at == "2025-01-01T00:00:00+00:00" and game.started_at is None
    assert await get_game(db, game.id) == game


async def test_get_game_unknown_is_none(db: Database) -> None:
    assert await get_game(db, 12345) is None


async def test_set_seats_replaces_lobby_seats(db: Database) -> None:
    lobby = await create_game(db, GUILD, CHANNEL, "gostop", RULES, 1, HOST)
    await set_seats(db, lobby.id, seats(HOST, 200, None))
    game = await set_seats(db, lobby.id, seats(HOST, None))
    assert game.seats == (SeatRow(0, HOST, f"user{HOST}"), SeatRow(1, None, "CPU 1"))
    assert [s.is_cpu for s in game.seats] == [False, True]
    assert (await stored_game(db, lobby.id)) == game


async def test_seats_must_be_numbered_from_zero(db: Database) -> None:
    lobby = await create_game(db, GUILD, CHANNEL, "gostop", RULES, 1, HOST)
    await set_seats(db, lobby.id, seats(HOST))
    with pytest.raises(ValueError, match="numbered"):
        await set_seats(db, lobby.id, [SeatRow(1, HOST, "a"), SeatRow(1, None, "b")])
    assert (await stored_game(db, lobby.id)).seats == tuple(seats(HOST))  # unchanged


async def test_start_game_activates_with_seed_seats_and_thread(db: Database) -> None:
    lobby = await create_game(db, GUILD, CHANNEL, "koikoi", RULES, 1, HOST)
    game = await start_game(
        db, lobby.id, seed=99, seats=seats(HOST, None), thread_id=555, at="2025-01-01T00:01:00+00:00"
    )
    assert (game.status, game.seed, game.thread_id, game.place_id) == ("active", 99, 555, 555)
    assert game.started_at == "2025-01-01T00:01:00+00:00"
    assert len(game.seats) == 2
    with pytest.raises(WrongStatus):
        await start_game(db, lobby.id, seed=99, seats=seats(HOST, None))


async def test_a_running_match_can_hand_a_seat_over_but_not_change_the_seat_count(db: Database) -> None:
    game = await active_game(db, HOST, 200)
    handed = await set_seats(db, game.id, [(0, HOST, "host"), (1, None, "CPU 1")])
    assert handed.seats == (SeatRow(0, HOST, "host"), SeatRow(1, None, "CPU 1"))
    with pytest.raises(ValueError, match="2 seats"):
        await set_seats(db, game.id, seats(HOST))
    await finish_game(db, game.id, "abandoned")
    with pytest.raises(WrongStatus):
        await set_seats(db, game.id, seats(HOST, 300))
    assert (await stored_game(db, game.id)).seats == handed.seats


async def test_start_game_keeps_lobby_seats_and_seed_by_default(db: Database) -> None:
    lobby = await create_game(db, GUILD, CHANNEL, "koikoi", RULES, 42, HOST)
    with pytest.raises(ValueError, match="no seats"):
        await start_game(db, lobby.id)
    await set_seats(db, lobby.id, [(0, HOST, "host"), (1, None, "CPU")])  # plain tuples work too
    game = await start_game(db, lobby.id)
    assert (game.status, game.seed, game.thread_id) == ("active", 42, None)
    assert game.seats == (SeatRow(0, HOST, "host"), SeatRow(1, None, "CPU"))


async def test_one_open_game_per_channel(db: Database) -> None:
    first = await create_game(db, GUILD, CHANNEL, "koikoi", RULES, 1, HOST)
    with pytest.raises(ChannelBusy) as busy:
        await create_game(db, GUILD, CHANNEL, "goita", RULES, 1, 200)
    assert busy.value.game_id == first.id
    # Same channel id in another guild, or another channel: fine.
    await create_game(db, GUILD + 1, CHANNEL, "goita", RULES, 1, 200)
    await create_game(db, GUILD, CHANNEL + 1, "goita", RULES, 1, 200)
    # Once the game ends the channel is free again.
    await finish_game(db, first.id, "cancelled")
    await create_game(db, GUILD, CHANNEL, "goita", RULES, 1, 200)


async def test_active_game_in_channel_follows_the_thread(db: Database) -> None:
    lobby = await create_game(db, GUILD, CHANNEL, "koikoi", RULES, 1, HOST)
    assert (await active_game_in_channel(db, GUILD, CHANNEL)) == lobby
    assert await active_game_in_channel(db, GUILD + 1, CHANNEL) is None
    game = await start_game(db, lobby.id, seed=1, seats=seats(HOST, None), thread_id=555)
    assert (await active_game_in_channel(db, GUILD, 555)) == game
    # The parent channel is free for the next lobby.
    assert await active_game_in_channel(db, GUILD, CHANNEL) is None
    await create_game(db, GUILD, CHANNEL, "koikoi", RULES, 1, 200)
    await finish_game(db, game.id, "abandoned")
    assert await active_game_in_channel(db, GUILD, 555) is None


async def test_set_thread_moves_an_open_game(db: Database) -> None:
    game = await active_game(db)
    await set_thread(db, game.id, 777)
    moved = await active_game_in_channel(db, GUILD, 777)
    assert moved is not None and moved.id == game.id
    other = await create_game(db, GUILD, CHANNEL, "goita", RULES, 1, 200)
    with pytest.raises(ChannelBusy):
        await set_thread(db, game.id, None)  # back to the channel, now taken by `other`
    with pytest.raises(ChannelBusy):
        await start_game(db, other.id, seed=1, seats=seats(200, None), thread_id=777)
    assert (await stored_game(db, other.id)).status == "lobby"
    await finish_game(db, game.id, "cancelled")
    with pytest.raises(WrongStatus):
        await set_thread(db, game.id, 888)


async def test_message_ids_and_meta(db: Database) -> None:
    game = await active_game(db)
    await set_lobby_message(db, game.id, 1001)
    await set_table_message(db, game.id, 1002)
    await set_table_message(db, game.id, 1003)
    await update_meta(db, game.id, {"away": [1], "timeouts": {"1": 2}})
    await update_meta(db, game.id, {"away": [0, 1]})  # replaces, does not merge
    stored = await stored_game(db, game.id)
    assert (stored.lobby_message_id, stored.table_message_id) == (1001, 1003)
    assert stored.meta == {"away": [0, 1]}
    for setter in (
        lambda: set_lobby_message(db, 9999, 1),
        lambda: set_table_message(db, 9999, 1),
        lambda: update_meta(db, 9999, {}),
    ):
        with pytest.raises(GameNotFound):
            await setter()


async def test_finish_game(db: Database) -> None:
    game = await active_game(db, HOST, 200, None)
    done = await finish_game(db, game.id, "abandoned", winners=[1], at="2025-01-01T01:00:00+00:00")
    assert (done.status, done.winners, done.finished_at) == ("abandoned", (1,), "2025-01-01T01:00:00+00:00")
    with pytest.raises(WrongStatus):
        await finish_game(db, game.id, "finished")
    with pytest.raises(GameNotFound):
        await finish_game(db, 9999, "cancelled")


async def test_finish_game_checks_its_arguments(db: Database) -> None:
    game = await active_game(db)
    with pytest.raises(ValueError, match="not seats"):
        await finish_game(db, game.id, "finished", winners=[5])
    with pytest.raises(ValueError, match="cannot finish"):
        await finish_game(db, game.id, unchecked("active"))
    assert (await stored_game(db, game.id)).status == "active"


async def test_unfinished_games_lists_lobbies_and_active_games_with_seats(db: Database) -> None:
    lobby = await create_game(db, GUILD, CHANNEL, "koikoi", RULES, 1, HOST)
    lobby = await set_seats(db, lobby.id, seats(HOST))
    active = await active_game(db, HOST, 200, None, channel_id=CHANNEL + 1, game="doudizhu")
    done = await active_game(db, channel_id=CHANNEL + 2)
    await finish_game(db, done.id, "cancelled")
    assert await unfinished_games(db) == [lobby, active]
    assert [len(g.seats) for g in await unfinished_games(db)] == [1, 3]

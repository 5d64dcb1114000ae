"""``/leaderboard`` through SimCord: every game played on the server when no game is given (the
channel's latest table first), one game's board otherwise, counts in the singular when they are 1."""

from __future__ import annotations

from typing import Any

from store import SeatResult, SeatRow, create_game, finish_with_results, start_game
from tests.cogs.harness import setup_guild


async def finished(
    bot: Any, guild: Any, channel_id: int, game: str, users: list[Any], points: list[int], at: str
) -> None:
    """A match of ``game`` between ``users`` (None = a CPU) finished at ``at``: the top score wins."""
    lobby = await create_game(bot.db, guild.id, channel_id, game, {}, 1, users[0].id, {})
    seats = [
        SeatRow(i, u.id if u is not None else None, u.name if u is not None else f"CPU {i}")
        for i, u in enumerate(users)
    ]
    started = await start_game(bot.db, lobby.id, seed=1, seats=seats)
    top = max(points)
    await finish_with_results(
        bot.db, started.id, [SeatResult(i, p, p == top) for i, p in enumerate(points)], at=at
    )


async def test_without_a_game_every_game_played_here_is_shown(simcord_env, simcord_bot) -> None:
    guild, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    other = guild.create_text_channel("elsewhere")
    empty = await alice.slash(channel, "leaderboard")
    assert "No finished matches on this server yet" in empty.response.embeds[0].description

    await finished(simcord_bot, guild, other.id, "koikoi", [alice, bob], [8, 0], "2025-01-01T00:00:00+00:00")
    await finished(
        simcord_bot, guild, channel.id, "gostop", [alice, bob], [-5, -30], "2025-01-02T00:00:00+00:00"
    )
    await finished(
        simcord_bot, guild, other.id, "doudizhu", [bob, alice, None], [8, -4, -4], "2025-01-03T00:00:00+00:00"
    )

    board = (await alice.slash(channel, "leaderboard")).response.embeds[0]
    assert [f.name for f in board.fields] == ["Go-Stop", "Dou Dizhu", "Koi-Koi"], (
        "this channel's game first, then the latest played"
    )
    gostop = board.fields[0].value.splitlines()
    assert gostop[0] == f"🥇 <@{alice.id}> — **1** win in 1 game · −5 points"
    assert gostop[1] == f"🥈 <@{bob.id}> — **0** wins in 1 game · −30 points"
    assert f"<@{bob.id}> — **1** win in 1 game · 8 points" in board.fields[1].value
    assert "CPU" not in board.fields[1].value

    elsewhere = (await alice.slash(other, "leaderboard")).response.embeds[0]
    assert [f.name for f in elsewhere.fields] == ["Dou Dizhu", "Go-Stop", "Koi-Koi"]


async def test_with_a_game_one_board_is_shown(simcord_env, simcord_bot) -> None:
    guild, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    await finished(
        simcord_bot, guild, channel.id, "koikoi", [alice, bob], [8, 0], "2025-01-01T00:00:00+00:00"
    )
    await finished(
        simcord_bot, guild, channel.id, "koikoi", [alice, bob], [9, 1], "2025-01-02T00:00:00+00:00"
    )
    board = (await alice.slash(channel, "leaderboard", game="koikoi")).response.embeds[0]
    assert "Koi-Koi" in board.title and not board.fields
    assert board.description.splitlines()[0] == f"🥇 <@{alice.id}> — **2** wins in 2 games · 17 points"
    assert board.description.splitlines()[1] == f"🥈 <@{bob.id}> — **0** wins in 2 games · 1 point"
    goita = (await alice.slash(channel, "leaderboard", game="goita")).response.embeds[0]
    assert "No finished matches of this game" in goita.description

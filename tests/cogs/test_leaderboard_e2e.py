"""``/leaderboard`` without a game shows the game of the channel's latest table (else the one
played last on the server); the memory mode's board lists best scores, having no rating."""

from __future__ import annotations

from tests.cogs.harness import answer, setup_guild
from tests.cogs.test_rating_cards_e2e import finished


async def test_without_a_game_the_game_played_here_is_shown(simcord_env, simcord_bot) -> None:
    guild, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    other = guild.create_text_channel("elsewhere")
    empty = answer(await alice.slash(channel, "leaderboard"))
    assert "Koi-Koi leaderboard" in empty.embeds[0].title
    assert "No rated matches between people here yet" in empty.embeds[0].description

    await finished(simcord_bot, guild, channel, "gostop", [alice, bob], [-5, -30])
    await finished(simcord_bot, guild, other, "doudizhu", [bob, alice, None], [8, -4, -4])
    here = answer(await alice.slash(channel, "leaderboard"))
    assert "Go-Stop leaderboard" in here.embeds[0].title
    assert "1. alice — " in here.embeds[0].description and "2. bob — " in here.embeds[0].description
    there = answer(await alice.slash(other, "leaderboard"))
    assert "Dou Dizhu leaderboard" in there.embeds[0].title
    assert "bob" not in there.embeds[0].description, "a match with a CPU seat is not on the ladder"


async def test_the_memory_mode_lists_best_scores(simcord_env, simcord_bot) -> None:
    guild, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    await finished(simcord_bot, guild, channel, "goita_solo", [alice], [30])
    await finished(simcord_bot, guild, channel, "goita_solo", [alice], [52])
    await finished(simcord_bot, guild, channel, "goita_solo", [bob], [40])
    shown = answer(await bob.slash(channel, "leaderboard", game="goita_solo"))
    assert "leaderboard.png" in [a.filename for a in shown.attachments]
    lines = shown.embeds[0].description.splitlines()
    assert "1. alice — best 52 · 2 games" in lines[2]
    assert lines[3].startswith("**2. bob — best 40 · 1 game")
    assert "no rating" in lines[-1]

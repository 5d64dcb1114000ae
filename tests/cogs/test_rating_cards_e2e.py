"""``/leaderboard``, ``/stats``, ``/history``, ``/profile`` and the admins' ``/ratings`` through
SimCord: images (the three cards) with their text fallbacks, the reader's own row, opt-in for the
global board, seasons, and the vs-CPU server setting."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

import discord
import pytest
from PIL import Image
from simcord import SetupError

import store
from render.widgets import recording
from store import SeatResult, SeatRow, create_game, finish_with_results, start_game
from store.rating_rules import PROVISIONAL_MATCHES
from tests.cogs.harness import answer, setup_guild

MAX_CARD = 80 * 1024


async def finished(bot: Any, guild: Any, channel: Any, game: str, users: list[Any], points: list[int]) -> int:
    """A match of ``game`` between ``users`` (None: a CPU) that just finished and was rated."""
    lobby = await create_game(bot.db, guild.id, channel.id, game, {}, 1, users[0].id, {})
    seats = [SeatRow(i, u.id if u else None, u.name if u else f"CPU {i}") for i, u in enumerate(users)]
    started = await start_game(bot.db, lobby.id, seed=1, seats=seats)
    top = max(points)
    results = [SeatResult(i, p, p == top, max(p, 0)) for i, p in enumerate(points)]
    await finish_with_results(bot.db, started.id, results)  # finished now
    await store.apply_game_ratings(bot.db, started.id)
    return started.id


async def png_of(message: Any, name: str) -> bytes:
    attachment = next(a for a in message.attachments if a.filename == name)
    return await attachment.read()


def width_of(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).width


async def test_leaderboard_is_a_card_with_a_text_fallback_and_the_readers_own_row(simcord_env, simcord_bot):
    guild, channel, members = setup_guild(simcord_env, *(f"p{i:02d}" for i in range(13)))
    winner, *rest = members
    for loser in rest:  # p00 beats everyone; p01..p12 have one match each (provisional)
        await finished(simcord_bot, guild, channel, "koikoi", [winner, loser], [7, 1])
    for _ in range(PROVISIONAL_MATCHES):
        await finished(simcord_bot, guild, channel, "koikoi", [rest[0], rest[1]], [5, 2])
    me = rest[2]  # p03: lost to p00 earliest of the provisional players, so ranked last
    result = await me.slash(channel, "leaderboard", game="koikoi")
    shown = answer(result)
    assert not result.ephemeral
    png = await png_of(shown, "leaderboard.png")
    assert png.startswith(b"\x89PNG") and len(png) <= MAX_CARD and width_of(png) >= 550
    alt = next(a for a in shown.attachments if a.filename == "leaderboard.png").description
    assert alt and "Koi-Koi" in alt
    text = shown.embeds[0].description.splitlines()
    rows = [line for line in text if line[:1].isdigit() or line.startswith("**")]
    # established players first (p00 with 12 matches, p01/p02 with 6), provisional ones after
    assert rows[0].startswith("1. p00 — ") and "(provisional)" not in rows[0]
    assert {rows[1].split(" — ")[0], rows[2].split(" — ")[0]} == {"2. p01", "3. p02"}
    assert all("(provisional)" in line for line in rows[3:])
    assert len(rows) == 11 and "…" in text, "the top 10, then the reader's own row"
    assert rows[-1].startswith("**13. p03 — ") and all("p03" not in line for line in rows[:-1])
    assert "this week" in rows[0]


async def test_global_scope_names_only_players_who_opted_in(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    other = env.create_guild()
    elsewhere = other.create_text_channel("hwatu")
    carol, dave = (other.add_member(env.create_user(n)) for n in ("carol", "dave"))
    await finished(simcord_bot, guild, channel, "koikoi", [alice, bob], [7, 1])
    await finished(simcord_bot, other, elsewhere, "koikoi", [carol, dave], [7, 1])
    private = (await alice.slash(channel, "profile", public=False)).response
    assert "private" in private.content
    before = answer(await alice.slash(channel, "leaderboard", game="koikoi", scope="global"))
    assert "carol" not in before.embeds[0].description and "dave" not in before.embeds[0].description
    assert "Nobody with a public profile" in before.embeds[0].description
    optin = await carol.slash(elsewhere, "profile", public=True)
    assert optin.ephemeral and "public" in optin.response.content
    board = answer(await alice.slash(channel, "leaderboard", game="koikoi", scope="global"))
    text = board.embeds[0].description
    assert "1. carol" in text and "dave" not in text and "bob" not in text
    assert "alice" in text and "–" in text, "the reader's own row, unranked on the global board"
    here = answer(await alice.slash(channel, "leaderboard", game="koikoi")).embeds[0].description
    assert "carol" not in here and "1. alice" in here


async def test_stats_and_history_answer_with_a_card_and_words(simcord_env, simcord_bot):
    guild, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    await finished(simcord_bot, guild, channel, "koikoi", [alice, bob], [7, 1])
    await finished(simcord_bot, guild, channel, "koikoi", [bob, alice], [6, 2])
    last = await finished(simcord_bot, guild, channel, "koikoi", [alice, None], [5, 1])
    await finished(simcord_bot, guild, channel, "goita_solo", [alice], [48])
    stats = answer(await bob.slash(channel, "stats", user=alice))
    png = await png_of(stats, "stats-koikoi.png")
    assert len(png) <= MAX_CARD and width_of(png) >= 550
    fields = {f.name: f.value for f in stats.embeds[0].fields}
    assert "alice" in stats.embeds[0].title
    koikoi = fields["Koi-Koi"]
    # one win each, but Bob's came against a stronger Alice: he is first
    assert "Rating **" in koikoi and "provisional: 2 of 5" in koikoi and "2nd on this server" in koikoi
    assert "vs CPU 1–0" in koikoi and "bob — 2 games · won 1" in koikoi
    assert "Best score 48" in fields["Goita memory (solo / co-op)"]
    assert [a.filename for a in stats.attachments] == ["stats-koikoi.png"], "the memory mode has no card"

    with recording() as drawn:
        result = await alice.slash(channel, "history")
    history = answer(result)
    assert not result.ephemeral
    lines = history.embeds[0].description.splitlines()
    assert len(lines) == 4 and "Goita" in lines[0]
    assert "vs CPU (not rated)" in lines[1] and "✅ won" in lines[1]
    assert "❌ lost" in lines[2] and "bob 6 · alice 2" in lines[2] and "rating −" in lines[2]
    assert "rating +" in lines[3]
    # The card: the same matches as an image, with its alt text; the words above are its fallback.
    assert [a.filename for a in history.attachments] == ["history.png"]
    png = await png_of(history, "history.png")
    assert png.startswith(b"\x89PNG") and len(png) <= MAX_CARD and width_of(png) >= 550
    alt = history.attachments[0].description
    assert alt and "alice" in alt and "rating change" in alt
    texts = [d.text for d in drawn]
    assert "alice's last matches" in texts and "All games · on this server" in texts
    assert texts.count("Won") == 3 and texts.count("Lost") == 1, "as the words say"
    assert "Played alone" in texts and "vs CPU" in texts and "CPU 1" in texts, "the CPU seat, marked"
    assert [x for x in texts if x.startswith("+")] and [x for x in texts if x.startswith("−")]
    one = answer(await alice.slash(channel, "history", game="koikoi"))
    assert len(one.embeds[0].description.splitlines()) == 3 and last
    assert [a.filename for a in one.attachments] == ["history.png"]
    nothing = answer(await bob.slash(channel, "history", game="gostop"))
    assert nothing.embeds[0].description == "No finished matches on this server yet."
    assert not nothing.attachments, "no matches: the words alone, as /stats"


async def test_admins_run_seasons_and_the_cpu_setting_others_are_refused(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ana"), roles=[admins])
    for _ in range(2):
        await finished(simcord_bot, guild, channel, "koikoi", [alice, bob], [7, 1])
    with pytest.raises(SetupError, match="default-member-permissions"):  # Discord hides it from them
        await alice.slash(channel, "ratings season", action="start")
    assert await store.seasons.seasons(simcord_bot.db, guild.id) == []
    no_season = await alice.slash(channel, "leaderboard", game="koikoi", season=1)
    assert no_season.ephemeral and "no seasons" in no_season.response.content

    started = await admin.slash(channel, "ratings season", action="start")
    assert started.ephemeral and "Season 1 has started" in started.response.content
    await finished(simcord_bot, guild, channel, "koikoi", [bob, alice], [7, 1])
    season = answer(await alice.slash(channel, "leaderboard", game="koikoi", season=1)).embeds[0].description
    assert "season 1 (since" in season and "1. bob" in season
    all_time = answer(await alice.slash(channel, "leaderboard", game="koikoi")).embeds[0].description
    assert "1. alice" in all_time
    ended = await admin.slash(channel, "ratings season", action="end")
    assert "Season 1 has ended" in ended.response.content
    listed = await admin.slash(channel, "ratings season", action="list")
    assert listed.response.content.startswith("Season 1: ")
    past = answer(await alice.slash(channel, "leaderboard", game="koikoi", season=1)).embeds[0].description
    assert "1. bob" in past

    shown = await admin.slash(channel, "ratings cpu")
    assert "count apart" in shown.response.content
    turned = await admin.slash(channel, "ratings cpu", counts=True)
    assert "move the ladder" in turned.response.content
    before = (await store.user_ratings(simcord_bot.db, alice.id))["koikoi"]
    await finished(simcord_bot, guild, channel, "koikoi", [alice, None], [7, 1])
    after = (await store.user_ratings(simcord_bot.db, alice.id))["koikoi"]
    assert after.matches == before.matches + 1 and after.rating.mu > before.rating.mu

    recomputed = await admin.slash(channel, "ratings recompute")
    assert "every rating is exactly as it was" in answer(recomputed).content
    assert (await store.user_ratings(simcord_bot.db, alice.id))["koikoi"] == after


async def test_history_reads_a_naive_stamp_as_utc_and_survives_a_malformed_one(simcord_env, simcord_bot):
    """The store writes UTC; an older naive stamp is UTC too (the words and the card agree on its
    day), and a stamp that cannot be read leaves the words its raw start and the card a dash."""
    guild, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    for at in ("2026-11-04T23:30:00", "not a time"):
        lobby = await create_game(simcord_bot.db, guild.id, channel.id, "koikoi", {}, 1, alice.id, {})
        seats = [SeatRow(0, alice.id, "alice"), SeatRow(1, bob.id, "bob")]
        started = await start_game(simcord_bot.db, lobby.id, seed=1, seats=seats)
        results = [SeatResult(0, 7, True, 7), SeatResult(1, 1, False, 1)]
        await finish_with_results(simcord_bot.db, started.id, results, at=at)
    with recording() as drawn:
        history = answer(await alice.slash(channel, "history"))
    lines = history.embeds[0].description.splitlines()
    naive = int(datetime(2026, 11, 4, 23, 30, tzinfo=UTC).timestamp())
    assert lines[0].startswith("not a time ") and lines[1].startswith(f"<t:{naive}:d> "), lines
    assert [a.filename for a in history.attachments] == ["history.png"], "the card is still drawn"
    texts = [d.text for d in drawn]
    assert "Nov 4, 2026" in texts and "–" in texts, "the naive stamp's UTC day; a dash for the other"

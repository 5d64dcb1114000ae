"""Every game, played by people to its end through the real table flow, moves their ratings, and
the results post says by how much: in words (``rating 1086 (+86)`` / ``(−86)``, a real minus) and
on its match summary image (each player's new rating and change, drawn from the stored changes;
a match against the CPU draws none)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import store
from render.rating_change import RatingShown
from store.rating_rules import display_rating
from tests.cogs.goita_helpers import click_steps
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    answer,
    buttons,
    open_hand,
    post_text,
    quit_match,
    setup_guild,
    start_vs_cpu,
    the_table,
)

# (game, the start command's options, how many people sit down)
GAMES = [
    ("koikoi", {"rounds": 3}, 2),
    ("roppyakken", {"players": 2}, 2),
    ("gostop", {"players": 2}, 2),
    ("goita", {"players": 2}, 2),
    ("doudizhu", {}, 3),
]
CHANGE = re.compile(r"rating ([\d,]+) \(([+−][\d,]+)\)")  # digits grouped the English way


@pytest.mark.parametrize(("game", "options", "people"), GAMES, ids=[g for g, _, _ in GAMES])
async def test_a_finished_match_moves_ratings_and_the_results_post_shows_it(
    simcord_env, simcord_bot, game, options, people
):
    env = simcord_env
    _, channel, members = setup_guild(env, "alice", "bob", "carol")
    host, *guests = members[:people]
    lobby = await host.slash(channel, f"{game} start", **options)
    for guest in guests:
        await guest.click(lobby.response.message, label="Join")
    await host.click(lobby.response.message, label="Start")
    place = Place(channel, env)
    await quit_match(host, place.thread, f"{game} quit")  # the host forfeits: everyone else wins

    ratings = {m.name: (await store.user_ratings(simcord_bot.db, m.id))[game] for m in members[:people]}
    assert all(r.matches == 1 for r in ratings.values())
    assert all(ratings[g.name].rating.mu > ratings[host.name].rating.mu for g in guests)

    results = place.messages()[-1]
    rated = [line for line in post_text(results).splitlines() if "rating" in line]
    lines = {line.split(":")[0].split()[-1]: line for line in rated}
    assert set(lines) == {m.name for m in members[:people]}, post_text(results)
    for member in members[:people]:
        found = CHANGE.search(lines[member.name])
        assert found is not None, lines[member.name]
        shown, change = found.groups()
        assert int(shown.replace(",", "")) == ratings[member.name].display
        assert change.startswith("−" if member is host else "+")


# --- the match summary image ------------------------------------------------------------------

# (game, the start command's options for a short match, how many people sit down)
TO_THE_END = [
    ("koikoi", {"options": "rounds=1"}, 2),
    ("roppyakken", {"players": 2, "options": "target=50 lead=0"}, 2),
    ("gostop", {"players": 2, "options": "rounds=1"}, 2),
    ("goita", {"players": 4, "target": 1}, 4),
    ("doudizhu", {"deals": 1}, 3),
]


def record_summaries(
    monkeypatch: pytest.MonkeyPatch, bot: Any, game: str
) -> list[tuple[dict[str, Any], bytes]]:
    """Every match summary the game's renderer draws: its keyword arguments and its PNG."""
    draw = bot.tables.specs[game].draw
    original = draw.render_match_summary
    calls: list[tuple[dict[str, Any], bytes]] = []

    def recorded(history: Any, **kwargs: Any) -> bytes:
        png = original(history, **kwargs)
        calls.append(({"history": history, **kwargs}, png))
        return png

    monkeypatch.setattr(draw, "render_match_summary", recorded)
    return calls


async def play_to_end(env: Any, place: Place, table: Any, humans: dict[int, Any]) -> None:
    """Whoever's turn it is clicks the first button of each step (CPUs move as time passes)."""
    for _ in range(3000):
        if table.status != "active":
            await env.advance_time(THINK_TIME)  # the results post goes out
            return
        seat = table.to_act()
        if seat is not None and seat.index in humans and not seat.cpu_plays:
            actor = humans[seat.index]
            await click_steps(actor, await open_hand(actor, place), table)
            await env.advance_time(THINK_TIME)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("the match did not end")


async def posted_summary(place: Place) -> bytes:
    results = place.messages()[-1]
    assert any((b.custom_id or "").endswith(":rematch") for b in buttons(results)), "the results post"
    (summary,) = [a for a in results.attachments if a.filename == "match.png"]
    return await summary.read()


@pytest.mark.parametrize(("game", "options", "people"), TO_THE_END, ids=[g for g, _, _ in TO_THE_END])
async def test_a_match_played_to_its_end_shows_each_rating_change_on_its_summary_image(
    simcord_env, simcord_bot, monkeypatch, game, options, people
):
    env = simcord_env
    calls = record_summaries(monkeypatch, simcord_bot, game)
    _, channel, members = setup_guild(env, "alice", "bob", "carol", "dave")
    host, *guests = members[:people]
    lobby = await host.slash(channel, f"{game} start", **options)
    for guest in guests:
        await guest.click(lobby.response.message, label="Join")
    await host.click(lobby.response.message, label="Start")
    place, table = Place(channel, env), the_table(simcord_bot)
    await play_to_end(
        env, place, table, {s.index: m for s in table.seats for m in members if m.id == s.user_id}
    )

    changes = {c.user_id: c for c in await store.rating_changes_for(simcord_bot.db, table.id)}
    assert set(changes) == {m.id for m in members[:people]}, "every player's rating moved"
    expected = tuple(
        RatingShown(display_rating(changes[s.user_id].after), changes[s.user_id].delta) for s in table.seats
    )
    rated = [(kwargs, png) for kwargs, png in calls if kwargs.get("ratings") is not None]
    assert len(rated) == 1, "the results post's summary, drawn once with the ratings"
    kwargs, png = rated[0]
    assert tuple(kwargs["ratings"]) == expected
    assert await posted_summary(place) == png, "the summary posted is the one drawn with the changes"
    without = dict(kwargs, ratings=None)
    plain = simcord_bot.tables.specs[game].draw.render_match_summary(without.pop("history"), **without)
    assert png != plain, "the changes are drawn on it"


async def test_a_match_against_the_cpu_draws_no_rating_on_its_summary(simcord_env, simcord_bot, monkeypatch):
    env = simcord_env
    calls = record_summaries(monkeypatch, simcord_bot, "koikoi")
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, options="rounds=1")
    table = the_table(simcord_bot)
    await play_to_end(env, place, table, {0: alice})
    assert await store.rating_changes_for(simcord_bot.db, table.id) == []
    (kwargs, png), *_ = [c for c in calls if c[0]["history"] == table.public_view().view.history]
    assert kwargs.get("ratings") is None
    assert await posted_summary(place) == png


async def test_the_replay_of_a_rated_match_ends_on_the_same_summary_with_the_changes(
    simcord_env, simcord_bot
):
    """/replay's last frame shows the match summary as the results post showed it, rating changes
    included (the replay draws it again from the stored changes)."""
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = await alice.slash(channel, "koikoi start", options="rounds=1")
    await bob.click(lobby.response.message, label="Join")
    await alice.click(lobby.response.message, label="Start")
    place, table = Place(channel, env), the_table(simcord_bot)
    await play_to_end(
        env, place, table, {s.index: m for s in table.seats for m in (alice, bob) if m.id == s.user_id}
    )
    posted = await posted_summary(place)

    message = answer(await alice.slash(channel, "replay")).message
    last = next(b for b in buttons(message) if (b.custom_id or "").endswith(":last"))
    message = answer(await alice.click(message, custom_id=last.custom_id)).message
    replayed = [await a.read() for a in message.attachments]
    assert posted in replayed, "the replay's last frame carries the summary drawn with the changes"

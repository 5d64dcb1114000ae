"""Every game, played by people to its end through the real table flow, moves their ratings, and
the results post says by how much (``rating 1086 (+86)`` / ``(−86)``, a real minus)."""

from __future__ import annotations

import re

import pytest

import store
from tests.cogs.harness import Place, quit_match, setup_guild

# (game, the start command's options, how many people sit down)
GAMES = [
    ("koikoi", {"rounds": 3}, 2),
    ("roppyakken", {"players": 2}, 2),
    ("gostop", {"players": 2}, 2),
    ("goita", {"players": 2}, 2),
    ("doudizhu", {}, 3),
]
CHANGE = re.compile(r"rating (\d+) \(([+−]\d+)\)")


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
    rated = [line for line in results.content.splitlines() if "rating" in line]
    lines = {line.split(":")[0].split()[-1]: line for line in rated}
    assert set(lines) == {m.name for m in members[:people]}, results.content
    for member in members[:people]:
        shown, change = CHANGE.search(lines[member.name]).groups()
        assert int(shown) == ratings[member.name].display
        assert change.startswith("−" if member is host else "+")

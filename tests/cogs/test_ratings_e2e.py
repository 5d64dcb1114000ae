"""A finished match between people moves their ratings; a match against the CPU only counts
toward the vs-CPU record (issue 16's core, wired into the table flow)."""

from __future__ import annotations

import store
from tests.cogs.harness import quit_match, setup_guild, start_vs_cpu, two_player_table


async def test_a_match_between_two_people_moves_both_ratings_the_right_way(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    await quit_match(bob, place.thread)  # bob forfeits: alice wins
    alice_r = (await store.user_ratings(simcord_bot.db, alice.id))["koikoi"]
    bob_r = (await store.user_ratings(simcord_bot.db, bob.id))["koikoi"]
    assert (alice_r.matches, alice_r.wins, bob_r.matches, bob_r.wins) == (1, 1, 1, 0)
    assert alice_r.rating.mu > bob_r.rating.mu


async def test_a_match_against_the_cpu_leaves_the_ladder_alone(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    await quit_match(alice, place.thread)
    mine = (await store.user_ratings(simcord_bot.db, alice.id))["koikoi"]
    assert (mine.matches, mine.cpu_matches) == (0, 1)
    assert await store.rating_ladder(simcord_bot.db, "koikoi") == []

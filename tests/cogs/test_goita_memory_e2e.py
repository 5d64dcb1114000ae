"""Goita's solo / co-op memory mode end to end (``/goita solo``), on SimCord's simulated Discord.

Seed « Mode solo ou coopératif »: a 4 × 8 grid with a guard at each corner; a turn turns two
pieces, pairs are captured, otherwise one piece is discarded; the score is out of 76.
"""

from __future__ import annotations

from typing import Any

import store
from cogs.goita.memory_spec import SPEC as MEMORY_SPEC
from engine.goita import memory as gm
from tests.cogs.goita_helpers import click_steps, first_keys, hand_by_command, human_to_act, offered_keys
from tests.cogs.harness import (
    THINK_TIME,
    Place,
    buttons,
    match_over,
    open_hand,
    post_text,
    quit_match,
    setup_guild,
    step_buttons,
    the_table,
    two_player_table,
)


async def play_memory_move(actor: Any, place: Place, table: Any, seat: int) -> None:
    """One memory action by clicks (a row, then a column), the rows checked against the view."""
    message = await hand_by_command(actor, place)
    assert offered_keys(message) == first_keys(table.view(seat), MEMORY_SPEC)
    await click_steps(actor, message, table)


async def test_a_solo_memory_game_is_played_to_the_end(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, (alice,) = setup_guild(env, "alice")
    result = await alice.slash(channel, "goita solo")
    assert not result.ephemeral
    table = the_table(simcord_bot)
    assert table.game == "goita_solo" and table.status == "active", "alone, the game starts at once"
    place = Place(channel, env)
    first = place.last_table()
    assert "table.png" in [a.filename for a in first.attachments] and "28 face down" in post_text(first)
    hand = await open_hand(alice, place)
    rows = [b.label for b in step_buttons(hand)]
    assert rows == ["Row A", "Row B", "Row C", "Row D"]
    row = await alice.click(hand, custom_id=step_buttons(hand)[0].custom_id)
    columns = [b.label for b in step_buttons(row.response.message)]
    assert columns == ["A2", "A3", "A4", "A5", "A6", "A7", "Back"], "the guards' corners are not offered"
    for _ in range(200):
        if table.status != "active":
            break
        await play_memory_move(alice, place, table, 0)
        await env.advance_time(THINK_TIME)
    assert table.status == "finished" and match_over(place)
    everything = "\n".join(post_text(m) for m in place.table_messages())
    assert "alice turns" in everything and "Game over" in everything
    score = gm.score(table.state)
    results = await store.results_for(simcord_bot.db, table.id)
    assert [(r.points, r.won) for r in results] == [(score, score >= 50)]
    rows = await store.leaderboard(simcord_bot.db, guild.id, "goita_solo")
    assert [r.user_id for r in rows] == [alice.id]


async def test_two_players_take_turns_in_a_memory_game(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, command="goita solo", players=2)
    table = the_table(simcord_bot)
    assert table.status == "active" and table.seat_count == 2
    players = {0: alice, 1: bob}
    turned_by = []
    for _ in range(8):
        seat = table.state.to_act
        who = players[seat]
        assert human_to_act(table, players) is who
        other = players[1 - seat]
        waiting = await hand_by_command(other, place)
        assert not step_buttons(waiting), "only the player to act gets buttons"
        before = table.seq
        await play_memory_move(who, place, table, seat)
        assert table.seq == before + 1
        turned_by.append(seat)
        await env.advance_time(THINK_TIME)
    assert set(turned_by) == {0, 1}, "the turn passes between the two players"
    text = "\n".join(post_text(m) for m in place.table_messages())
    assert "alice turns" in text and "bob turns" in text
    hand = await hand_by_command(players[table.state.to_act], place)
    assert all(len(b.label) <= 80 for b in buttons(hand))


async def test_quitting_a_co_op_memory_game_loses_it_for_everyone(simcord_env, simcord_bot):
    """The memory mode is co-operative (« plusieurs joueurs … coopératif »): the players share one
    score, so when one quits nobody is credited with a win."""
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, command="goita solo", players=2)
    table = the_table(simcord_bot)
    result = await quit_match(bob, place.thread, "goita quit")
    assert result.response.ephemeral and "forfeited" in result.response.content
    rows = await store.results_for(simcord_bot.db, table.id)
    assert [r.won for r in rows] == [False, False]

"""Koi-Koi end to end: real cogs, real store and renderer, on SimCord's simulated Discord."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import store
from cogs.table.turns import RESUME_GRACE
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    Place,
    answer,
    buttons,
    is_turn_of,
    match_over,
    open_hand,
    play_match,
    play_one_move,
    post_text,
    quit_match,
    rules_options,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
    two_player_table,
    wait_for_turn,
)


async def test_human_plays_a_whole_match_against_the_cpu(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    assert channel.threads, "the match runs in a thread created from the lobby message"
    first = place.last_table()
    assert "table.png" in [a.filename for a in first.attachments]
    await play_match(env, place, [alice])
    final = place.last_table()
    assert "match.png" in [a.filename for a in final.attachments]
    assert any(a.filename.startswith("round-") for m in place.table_messages() for a in m.attachments)
    rows = await store.leaderboard(
        simcord_bot.db, channel.guild.id if hasattr(channel, "guild") else env.guild.id, "koikoi"
    )
    assert [r.user_id for r in rows] == [alice.id]
    assert rows[0].games == 1


async def test_two_humans_play_a_match(simcord_env):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    await play_match(env, place, [alice, bob])
    assert match_over(place)
    outcome_line = post_text(place.last_table())
    assert "wins the match" in outcome_line or "tie" in outcome_line


async def test_hand_is_private_and_only_the_acting_seat_gets_moves(simcord_env):
    env = simcord_env
    _, channel, (alice, bob, carol) = setup_guild(env, "alice", "bob", "carol")
    place = await two_player_table(env, channel, alice, bob)
    actor, waiting = (alice, bob) if is_turn_of(alice, place) else (bob, alice)
    mine = await open_hand(actor, place)
    theirs = await open_hand(waiting, place)
    assert mine.flags.ephemeral and theirs.flags.ephemeral
    assert step_buttons(mine), "the seat to act is offered its moves"
    assert not step_buttons(theirs), "the other seat sees its hand read-only"
    # the ephemeral hand is not in the channel for anyone else
    assert mine.id not in [m.id for m in place.thread.history(viewer=carol)]
    refused = await carol.click(place.last_table(), label="My hand")
    assert refused.ephemeral and "not seated" in refused.response.content


async def test_stale_and_double_clicks_are_refused_and_change_nothing(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob)
    actor = alice if is_turn_of(alice, place) else bob
    table = next(iter(simcord_bot.tables.tables.values()))
    hand = await open_hand(actor, place)
    first_step = step_buttons(hand)[0]
    await play_one_move(actor, place)
    seq_after, state_after = table.seq, table.state
    assert seq_after >= 1
    stale = await actor.click(hand, custom_id=first_step.custom_id)  # the same button again
    text = answer(stale).content
    assert stale.ephemeral and "earlier turn" in text
    assert (table.seq, table.state) == (seq_after, state_after)
    rows = await store.actions_for(simcord_bot.db, table.id)
    assert len(rows) == seq_after, "nothing extra was stored"


async def test_a_seat_that_is_not_to_act_is_refused_by_the_table_flow(simcord_env, simcord_bot):
    from engine.core import NotYourTurn

    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    await two_player_table(env, channel, alice, bob)
    table = next(iter(simcord_bot.tables.tables.values()))
    acting = table.to_act()
    other = next(s for s in table.seats if s is not acting)
    move = table.view(acting.index).legal_actions[0]
    with pytest.raises(NotYourTurn):
        await simcord_bot.tables.act(table, other, move, expected_seq=table.seq)
    assert table.seq == 0


async def test_a_second_game_in_the_same_channel_is_refused(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    await alice.slash(channel, "koikoi start")
    again = await bob.slash(channel, "koikoi start")
    assert again.ephemeral and "already open" in again.response.content
    assert len(simcord_bot.tables.tables) == 1


async def test_an_action_after_the_match_ended_is_refused(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice)
    hand_button = next(b for b in buttons(place.last_table()) if b.custom_id.endswith(":hand"))
    old_table = place.last_table()
    await quit_match(alice, place.thread)
    late = await alice.click(old_table, custom_id=hand_button.custom_id)
    assert late.ephemeral and "is over" in late.response.content


async def test_out_of_range_and_malformed_options_are_refused(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    bad = await alice.slash(channel, "koikoi start", options="oyaken=lots")
    assert bad.ephemeral and "oyaken" in bad.response.content
    unknown = await alice.slash(channel, "koikoi start", options="no_such_rule=1")
    assert unknown.ephemeral and "no_such_rule" in unknown.response.content
    syntax = await alice.slash(channel, "koikoi start", options="viewing")
    assert syntax.ephemeral and "key=value" in syntax.response.content
    assert not simcord_bot.tables.tables, "no table was opened"


async def test_lobby_buttons(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob, carol) = setup_guild(env, "alice", "bob", "carol")
    lobby = await alice.slash(channel, "koikoi start")
    message = lobby.response.message
    not_host = await bob.click(message, label="CPU: normal")
    assert not_host.ephemeral and "host" in not_host.response.content
    start = next(b for b in buttons(message) if b.label == "Start")
    assert start.disabled, "a table with an open seat cannot be started"
    joined = await bob.click(message, label="Join")
    full = next(b for b in buttons(joined.response.message) if b.label == "Join")
    assert full.disabled, "a full table takes nobody else"
    table = next(iter(simcord_bot.tables.tables.values()))
    assert [s.name for s in table.seats] == ["alice", "bob"]
    await bob.click(message, label="Leave")
    assert [s.name for s in table.seats] == ["alice"]
    await carol.click(message, label="Join")
    assert [s.name for s in table.seats] == ["alice", "carol"]
    cancelled = await alice.click(message, label="Cancel")
    assert cancelled.acknowledged
    assert not simcord_bot.tables.tables
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None and row.status == "cancelled"


async def test_restart_mid_match_resumes_and_finishes(simcord_env, settings, make_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    for _ in range(6):  # a few moves in
        if is_turn_of(alice, place):
            await play_one_move(alice, place)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    before = len(place.table_messages())
    new_bot = make_bot(settings)
    await env.restart_bot(new_bot)
    assert new_bot.tables.tables, "the unfinished match was rebuilt from its action log"
    await play_match(env, place, [alice])
    assert len(place.table_messages()) > before
    assert match_over(place)


async def test_turn_timer_plays_for_a_slow_player_then_keeps_the_seat(simcord_env, simcord_bot, settings):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = next(iter(simcord_bot.tables.tables.values()))
    seat = table.seat_of(alice.id)
    await wait_for_turn(env, place, alice)
    await env.advance_time(settings.turn_timeout + 1)
    assert any("ran out of time" in post_text(m) for m in place.table_messages())
    assert seat.timeouts == 1 and not seat.away
    for _ in range(50):
        if is_turn_of(alice, place) or seat.away:
            break
        await env.advance_time(TEST_CPU_DELAY)
    await env.advance_time(settings.turn_timeout + 1)
    assert seat.away, "two run-out turns in a row: the CPU keeps the seat"
    back = [b for b in buttons(place.last_table()) if b.label == "I'm back"]
    assert back
    result = await alice.click(place.last_table(), label="I'm back")
    assert result.ephemeral and not seat.away


async def test_quit_counts_as_a_loss(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice)
    result = await quit_match(alice, place.thread)
    assert result.response.ephemeral and "forfeited" in result.response.content
    assert "forfeits" in post_text(place.last_table())
    stats = await store.user_stats(simcord_bot.db, alice.id, guild.id)
    assert stats["koikoi"].played == 1 and stats["koikoi"].won == 0
    lb = answer(await alice.slash(channel, "leaderboard", game="koikoi"))
    assert "leaderboard.png" in [a.filename for a in lb.attachments]
    me = answer(await alice.slash(channel, "stats"))
    assert "Koi-Koi" in me.embeds[0].fields[0].name


async def test_rules_command_lists_the_active_options(simcord_env):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await start_vs_cpu(env, channel, alice, options="oyaken=2")
    result = await alice.slash(Place(channel, env).thread, "koikoi rules")
    assert result.ephemeral
    assert "`oyaken`" not in result.response.embeds[0].description, "the rules are text, options apart"
    assert "`oyaken` = `2`" in await rules_options(alice, result)


async def test_a_lobby_nobody_starts_closes_itself_and_frees_the_channel(simcord_env, simcord_bot):
    from cogs.table.supervisor import LOBBY_TIMEOUT

    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = await alice.slash(channel, "koikoi start")
    await env.advance_time(LOBBY_TIMEOUT + 1)
    assert not simcord_bot.tables.tables
    message = next(m for m in channel.history() if m.id == lobby.response.message.id)
    assert "closed" in message.embeds[0].description and not message.components
    again = await bob.slash(channel, "koikoi start")
    assert not again.ephemeral, "the channel is free for a new table"


async def test_leaving_a_lobby_by_command_updates_the_lobby_message(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = await alice.slash(channel, "koikoi start")
    await bob.click(lobby.response.message, label="Join")
    left = await bob.slash(channel, "koikoi quit")
    assert left.ephemeral
    message = next(m for m in channel.history() if m.id == lobby.response.message.id)
    seats_field = message.embeds[0].fields[0].value
    assert "bob" not in seats_field and str(bob.id) not in seats_field


async def test_a_restart_keeps_what_was_left_of_the_turn(simcord_env, simcord_bot, settings, make_bot):
    """A restart does not hand a slow player a fresh turn timer: the turn began with the last
    stored move, so a turn already past its time runs out after the short grace a restart gives."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    await wait_for_turn(env, place, alice)
    table = the_table(simcord_bot)
    long_ago = (datetime.now(UTC) - timedelta(seconds=settings.turn_timeout + 60)).isoformat()
    async with simcord_bot.db.transaction() as conn:
        await conn.execute("UPDATE actions SET at = ? WHERE game_id = ?", (long_ago, table.id))
    seq = table.seq
    new_bot = make_bot(settings)
    await env.restart_bot(new_bot)
    resumed = the_table(new_bot)
    assert resumed.seq == seq, "the player gets a moment after the restart"
    await env.advance_time(RESUME_GRACE + 1)
    assert resumed.seq > seq, "the overdue turn was played for the player after the grace"
    assert resumed.seat_of(alice.id).timeouts == 1


async def test_a_restart_gives_a_fresh_turn_its_whole_time(simcord_env, simcord_bot, settings, make_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    await wait_for_turn(env, place, alice)
    new_bot = make_bot(settings)
    await env.restart_bot(new_bot)
    resumed = the_table(new_bot)
    seq = resumed.seq
    await env.advance_time(settings.turn_timeout / 2)
    assert resumed.seq == seq, "half the turn is still left"
    await env.advance_time(settings.turn_timeout / 2 + 1)
    assert resumed.seq > seq

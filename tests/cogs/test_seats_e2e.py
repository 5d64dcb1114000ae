"""A running match's seats and its end: ``/table replace`` (host, or a vote of the seated
players), ``/table end`` (host, confirmed), and ``/notify``'s stored choice."""

from __future__ import annotations

import store
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    answer,
    buttons,
    game_snapshot,
    open_hand,
    play_one_move,
    post_text,
    setup_guild,
    step_buttons,
    the_table,
    two_player_table,
    wait_for_turn,
)


def seat_of(table, member) -> int:
    return next(s.index for s in table.seats if s.user_id == member.id)


async def walk_away(env, place, table, gone, stays, settings) -> None:
    """``gone`` lets two of their turns run out (the CPU then plays their seat: they are away)
    while ``stays`` plays on."""
    seat = table.seat_of(gone.id)
    for _ in range(60):
        if seat.away:
            return
        if table.to_act() is seat:
            await env.advance_time(settings.turn_timeout + 1)
        else:
            await play_one_move(stays, place)
            await env.advance_time(THINK_TIME)
    raise AssertionError(f"{gone.name} never went away")


async def test_the_host_hands_an_away_player_s_seat_to_the_cpu_at_once(simcord_env, simcord_bot, settings):
    """An away player (the CPU plays for them) is replaced by the host at once, with no vote."""
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    bobs = seat_of(table, bob)
    await walk_away(env, place, table, bob, alice, settings)
    bob_hand = await open_hand(bob, place)
    done = await alice.slash(place.thread, "table replace", seat=bobs + 1)
    assert answer(done).flags.ephemeral and "handed over" in answer(done).content
    assert table.seats[bobs].is_cpu and table.seats[bobs].name == "CPU 1"
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None
    assert row.seats[bobs].user_id is None and row.seats[bobs].display_name == "CPU 1"
    assert "The CPU takes over seat" in post_text(place.messages()[-1])
    # bob can no longer act: the table's buttons, his old hand and /move all refuse him
    refused = await bob.click(place.last_table(), label="My hand")
    assert "not seated" in refused.response.content
    for b in step_buttons(bob_hand):
        clicked = await bob.click(bob_hand, custom_id=b.custom_id)
        assert "not seated" in answer(clicked).content
    typed = await bob.slash(place.thread, "move", action="1a")
    assert "not seated" in answer(typed).content
    # the CPU plays the seat: the match goes on to alice's turn with no one waiting for bob
    seq = table.seq
    await wait_for_turn(env, place, alice)
    await play_one_move(alice, place)
    await env.advance_time(TEST_CPU_DELAY)
    assert table.seq > seq + 1 or not simcord_bot.tables.tables


async def test_two_humans_a_present_player_s_seat_changes_hands_only_with_their_consent(
    simcord_env, simcord_bot
):
    """With two humans, neither the host nor the other player takes a present player's seat
    alone: the request is a vote that only the seat's player can pass."""
    env = simcord_env
    _, channel, (alice, bob, carol, dave) = setup_guild(env, "alice", "bob", "carol", "dave")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    alices, bobs = seat_of(table, alice), seat_of(table, bob)
    before = await game_snapshot(simcord_bot, table)
    # the lone non-host: bob asks for the host's seat to go to dave; his yes is not enough
    asked = await bob.slash(place.thread, "table replace", seat=alices + 1, player=dave)
    vote = asked.response.message
    assert not asked.ephemeral and f"passes only when <@{alice.id}> agrees" in vote.content
    assert buttons(vote), "the vote stays open"
    again = await bob.click(vote, label="Agree")
    assert "passes only when" in again.response.content and buttons(again.response.message)
    outsider = await dave.click(vote, label="Agree")
    assert "Only the player of this seat" in answer(outsider).content
    assert table.seats[alices].user_id == alice.id and await game_snapshot(simcord_bot, table) == before
    # the host alone cannot take bob's seat while he plays either
    hosted = await alice.slash(place.thread, "table replace", seat=bobs + 1, player=carol)
    host_vote = hosted.response.message
    assert not hosted.ephemeral and f"passes only when <@{bob.id}> agrees" in host_vote.content
    assert table.seats[bobs].user_id == bob.id
    # bob consents: carol takes his seat and plays it
    passed = await bob.click(host_vote, label="Agree")
    assert "passed" in passed.response.content and not buttons(passed.response.message)
    assert table.seats[bobs].user_id == carol.id and table.seats[bobs].name == "carol"
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None and row.seats[bobs].user_id == carol.id
    line = post_text(place.messages()[-1])
    assert f"<@{carol.id}> takes over seat {bobs + 1} from **bob**" in line
    if table.to_act().index != bobs:  # alice first: then it is the seat carol took over
        await play_one_move(alice, place)
    assert table.to_act().user_id == carol.id
    seq = table.seq
    await play_one_move(carol, place)
    assert table.seq > seq, "the newcomer plays the seat"
    assert "not seated" in (await bob.click(place.last_table(), label="My hand")).response.content
    # bob's old request about alice's seat went nowhere
    assert table.seats[alices].user_id == alice.id


async def test_a_player_gives_up_their_own_seat_at_once(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob, carol) = setup_guild(env, "alice", "bob", "carol")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    bobs = seat_of(table, bob)
    given = await bob.slash(place.thread, "table replace", seat=bobs + 1, player=carol)
    assert "passed" in given.response.content and not buttons(given.response.message)
    assert table.seats[bobs].user_id == carol.id


async def test_only_the_host_replaces_at_once_and_bad_requests_are_refused(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob, dave) = setup_guild(env, "alice", "bob", "dave")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    before = await game_snapshot(simcord_bot, table)
    names = list(table.names)
    outsider = await dave.slash(place.thread, "table replace", seat=1)
    assert "Only the host or a player seated" in answer(outsider).content
    no_seat = await alice.slash(place.thread, "table replace", seat=3)
    assert "no seat 3" in answer(no_seat).content
    seated = await alice.slash(place.thread, "table replace", seat=1, player=bob)
    assert "already has a seat" in answer(seated).content
    assert list(table.names) == names and await game_snapshot(simcord_bot, table) == before


async def three_humans(env, channel, alice, bob, carol) -> Place:
    """alice hosts a 3-player Go-Stop match with bob and carol."""
    lobby = await alice.slash(channel, "gostop start", players=3, rounds=3)
    await bob.click(lobby.response.message, label="Join")
    await carol.click(lobby.response.message, label="Join")
    await alice.click(lobby.response.message, label="Start")
    return Place(channel, env)


async def test_a_seat_is_handed_over_by_the_host_and_a_majority_of_the_other_players(
    simcord_env, simcord_bot
):
    env = simcord_env
    _, channel, (alice, bob, carol, dave) = setup_guild(env, "alice", "bob", "carol", "dave")
    place = await three_humans(env, channel, alice, bob, carol)
    table = the_table(simcord_bot)
    carols = seat_of(table, carol)
    asked = await bob.slash(place.thread, "table replace", seat=carols + 1)
    vote = asked.response.message
    assert not asked.ephemeral and f"the host <@{alice.id}> and 2 of the other seated players" in vote.content
    assert f"Agreed so far: <@{bob.id}>." in vote.content, "bob's request is his yes"
    assert table.seats[carols].user_id == carol.id, "not before the host agrees"
    refused = await dave.click(vote, label="Agree")
    assert "Only the player of this seat" in answer(refused).content
    again = await bob.click(vote, label="Agree")  # a second click of the same voter counts once
    assert table.seats[carols].user_id == carol.id and f"so far: <@{bob.id}>." in again.response.content
    passed = await alice.click(vote, label="Agree")
    assert "passed" in passed.response.content and not buttons(passed.response.message)
    assert table.seats[carols].is_cpu
    assert "not seated" in (await carol.click(place.last_table(), label="My hand")).response.content


async def test_the_host_needs_a_second_player_for_a_present_player_s_seat(simcord_env, simcord_bot):
    """Three humans: the host's request for carol's seat passes when bob agrees too (the host
    and a majority of the others), or when carol does; the host alone does not pass it."""
    env = simcord_env
    _, channel, (alice, bob, carol) = setup_guild(env, "alice", "bob", "carol")
    place = await three_humans(env, channel, alice, bob, carol)
    table = the_table(simcord_bot)
    carols, bobs = seat_of(table, carol), seat_of(table, bob)
    asked = await alice.slash(place.thread, "table replace", seat=carols + 1)
    assert not asked.ephemeral and buttons(asked.response.message)
    assert table.seats[carols].user_id == carol.id, "the host alone does not take a present seat"
    passed = await bob.click(asked.response.message, label="Agree")
    assert "passed" in passed.response.content and table.seats[carols].is_cpu
    # the seat's player may consent alone
    asked = await alice.slash(place.thread, "table replace", seat=bobs + 1)
    assert table.seats[bobs].user_id == bob.id
    consent = await bob.click(asked.response.message, label="Agree")
    assert "passed" in consent.response.content and table.seats[bobs].is_cpu


async def test_a_vote_closes_when_the_seat_changed_hands_meanwhile(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob, carol, dave) = setup_guild(env, "alice", "bob", "carol", "dave")
    place = await three_humans(env, channel, alice, bob, carol)
    table = the_table(simcord_bot)
    carols = seat_of(table, carol)
    asked = await bob.slash(place.thread, "table replace", seat=carols + 1)
    to_dave = await alice.slash(place.thread, "table replace", seat=carols + 1, player=dave)
    await carol.click(to_dave.response.message, label="Agree")  # carol consents to that one
    late = await alice.click(asked.response.message, label="Agree")
    assert "closed" in answer(late).content
    assert table.seats[carols].user_id == dave.id, "the vote handed nothing to the CPU"


async def test_the_host_ends_a_match_without_a_result_after_confirming(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = await alice.slash(channel, "koikoi start", rounds=3)
    await bob.click(lobby.response.message, label="Join")
    await alice.click(lobby.response.message, label="Start")
    place = Place(channel, env)
    table = the_table(simcord_bot)
    before, posts = await game_snapshot(simcord_bot, table), len(place.messages())
    not_host = await bob.slash(place.thread, "table end")
    assert "Only the host" in answer(not_host).content
    asked = await alice.slash(place.thread, "table end")
    assert asked.ephemeral and "without a result" in asked.response.content
    kept = await alice.click(asked.response.message, label="Cancel")
    assert "goes on" in kept.response.content
    assert table.status == "active" and await game_snapshot(simcord_bot, table) == before
    assert len(place.messages()) == posts
    asked = await alice.slash(place.thread, "table end")
    ended = await alice.click(asked.response.message, label="End the match")
    assert "You ended the match" in ended.response.content
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None
    assert row.status == "abandoned" and await store.results_for(simcord_bot.db, table.id) == []
    assert f"<@{alice.id}> ended the match. No result is recorded." in post_text(place.messages()[-1])
    assert not simcord_bot.tables.tables
    lobby_now = next(m for m in channel.history() if m.id == lobby.response.message.id)
    assert "without a result" in lobby_now.embeds[0].description
    stats = await store.user_stats(simcord_bot.db, bob.id, channel.guild.id)
    assert "koikoi" not in stats, "an ended match counts for nobody"


async def test_notify_on_and_off_is_stored_per_user(simcord_env, simcord_bot):
    _, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    on = await alice.slash(channel, "notify on")
    assert on.ephemeral and "direct message" in on.response.content
    assert await store.notify_wanted(simcord_bot.db, [alice.id, bob.id]) == {alice.id}
    await alice.slash(channel, "notify off")
    assert await store.notify_wanted(simcord_bot.db, [alice.id, bob.id]) == set()

"""Issue 28: pings that help, one live hand per player, and the away wording.

"No public ping while the player to act is active in a live hand; the ping comes back when they
have been idle." A player who plays in their live hand is not pinged; one who stops clicking gets
the ping back :func:`cogs.table.pings.idle_after` seconds into their turn (virtual time, driven
by SimCord's clock). "Opening the hand again retires the older private message." An away seat
reads "CPU playing for @alice (away)", not "is thinking…".
"""

from __future__ import annotations

from typing import Any

from cogs.table import pings
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    Place,
    buttons,
    post_text,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
)

TIMEOUT = 300  # the test settings' turn timer, in seconds
STEP = 1.0  # virtual seconds per clock advance while waiting for a turn to begin


def ping_posts(env: Any, user: Any) -> list[Any]:
    """Every post that pinged ``user`` (a mention and an "Open my hand" button), deleted or not."""
    mention = f"<@{user.id}>"
    return [
        r
        for r in env.http_requests
        if r.method == "POST"
        and r.path.endswith("/messages")
        and ":turn" in str(r.json)
        and mention in str(r.json)
    ]


def pings_shown(place: Place, user: Any) -> list[Any]:
    return [
        m
        for m in place.messages()
        if f"<@{user.id}>" in (m.content or "")
        and any((b.custom_id or "").endswith(":turn") for b in buttons(m))
    ]


def board_button(place: Place, verb: str = "hand") -> tuple[Any, str]:
    board = place.last_table()
    return board, next(b.custom_id for b in buttons(board) if (b.custom_id or "").endswith(f":{verb}"))


async def until_turn_of(env: Any, table: Any, seat: Any, *, limit: float = 40 * TEST_CPU_DELAY) -> None:
    """Advance the clock a second at a time until ``seat`` is to act (so the turn is fresh)."""
    waited = 0.0
    while table.to_act() is not seat:
        assert waited < limit, "the turn never came"
        await env.advance_time(STEP)
        waited += STEP


async def play_in_hand(user: Any, hand: Any, table: Any) -> None:
    """Click the first option of each step in the live hand until the move is played."""
    seq = table.seq
    for _ in range(6):
        message = hand.response.message
        steps = [b for b in step_buttons(message) if not b.custom_id.endswith(":")]
        assert steps, f"the live hand offers no move: {message.content!r}"
        await user.click(message, custom_id=steps[0].custom_id)
        if table.seq != seq:
            return
    raise AssertionError("the move never completed")


async def test_a_player_who_keeps_playing_in_the_live_hand_is_not_pinged(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    seat = table.seat_of(alice.id)
    board, hand_id = board_button(place)
    hand = await alice.click(board, custom_id=hand_id)  # her live hand, before her first turn
    for _ in range(6):  # six turns, each played in the hand a few seconds after it comes
        await until_turn_of(env, table, seat)
        await env.advance_time(pings.idle_after(table) / 3)
        await play_in_hand(alice, hand, table)
    assert not ping_posts(env, alice), "nobody pinged her while she played in her live hand"


async def test_a_player_who_stops_clicking_gets_the_ping_back_once_idle(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    seat = table.seat_of(alice.id)
    board, hand_id = board_button(place)
    hand = await alice.click(board, custom_id=hand_id)
    await until_turn_of(env, table, seat)
    await play_in_hand(alice, hand, table)  # she plays a move in her hand…
    await until_turn_of(env, table, seat)  # …and at her next turn stops clicking
    idle = pings.idle_after(table)
    assert idle == 30.0, "a 300 s timer: pinged after 30 s idle"
    await env.advance_time(idle - 2)
    assert not ping_posts(env, alice), "no ping while she may still be looking at her hand"
    await env.advance_time(3)
    (ping,) = pings_shown(place, alice)
    assert f"<@{alice.id}>" in ping.content and "<t:" in ping.content, "the usual neutral ping"
    assert len(ping_posts(env, alice)) == 1

    await env.advance_time(TIMEOUT - 60 - idle - 4)  # the warning still comes a minute before the end
    assert len(ping_posts(env, alice)) == 1
    await env.advance_time(5)
    assert len(ping_posts(env, alice)) == 2 and "minute" in pings_shown(place, alice)[-1].content


async def test_a_click_in_the_hand_during_the_turn_pushes_the_ping_back(simcord_env, simcord_bot):
    """Idle means no click: a step clicked (a sub-choice, "Back") starts the idle time again."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    seat = table.seat_of(alice.id)
    board, hand_id = board_button(place)
    hand = await alice.click(board, custom_id=hand_id)
    await until_turn_of(env, table, seat)
    idle = pings.idle_after(table)
    await env.advance_time(idle - 5)
    board, hand_id = board_button(place)
    again = await alice.click(board, custom_id=hand_id)  # she opens her hand again: a click
    assert again.response.id != hand.response.id
    await env.advance_time(idle - 5)
    assert not ping_posts(env, alice), "she clicked 25 s ago: not idle yet"
    await env.advance_time(6)
    assert len(ping_posts(env, alice)) == 1, "idle 31 s: pinged"


async def test_a_player_who_never_opened_the_hand_is_pinged_as_the_turn_begins(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    await until_turn_of(env, table, table.seat_of(alice.id))
    await env.advance_time(STEP)
    assert len(pings_shown(place, alice)) == 1


async def test_the_held_ping_comes_after_a_restart_too(simcord_env, make_bot, settings):
    """The idle ping is a step of the turn clock: a restart plans it again (the hand's stored
    token says when she last clicked), and it comes once she is idle."""
    env = simcord_env
    bot = env.bot
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(bot)
    seat = table.seat_of(alice.id)
    board, hand_id = board_button(place)
    hand = await alice.click(board, custom_id=hand_id)
    await until_turn_of(env, table, seat)
    await play_in_hand(alice, hand, table)
    await until_turn_of(env, table, seat)
    assert not ping_posts(env, alice)

    await env.restart_bot(make_bot(settings))
    table = the_table(env.bot)
    assert table.to_act() is table.seat_of(alice.id)
    assert not ping_posts(env, alice), "a restart does not ping a player who plays in her hand"
    await env.advance_time(pings.idle_after(table) + 1)
    assert len(ping_posts(env, alice)) == 1, "once idle, the ping comes"


async def test_opening_the_hand_again_retires_the_older_message(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    seat = table.seat_of(alice.id)
    board, hand_id = board_button(place)
    first = await alice.click(board, custom_id=hand_id)
    await until_turn_of(env, table, seat)
    await env.advance_time(pings.idle_after(table) + 1)  # idle: the ping comes, with its button
    (ping,) = pings_shown(place, alice)
    second = await alice.click(
        ping, custom_id=next(b.custom_id for b in buttons(ping) if b.custom_id.endswith(":turn"))
    )
    assert second.ephemeral and second.response.id != first.response.id
    old = first.response
    assert "replaced" in old.content and not old.attachments and not old.components, old.content
    assert step_buttons(second.response.message), "the new one is the live hand, with her moves"

    third = await alice.slash(place.thread, "hand")  # /hand: the same, through a command
    assert third.ephemeral and third.response.id not in (first.response.id, second.response.id)
    assert "replaced" in second.response.content and not second.response.components
    await play_in_hand(alice, third, table)
    await env.advance_time(TEST_CPU_DELAY * 2)
    assert "replaced" in old.content and "replaced" in second.response.content, "retired for good"
    assert step_buttons(third.response.message) or "Waiting" in third.response.content


async def test_an_away_seat_reads_cpu_playing_for_them(simcord_env, simcord_bot):
    """Issue 28: "an away player shows as 'is thinking…' while the CPU plays for them"."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    seat = table.seat_of(alice.id)
    for _ in range(2):  # two turns in a row run out: the CPU keeps her seat
        await until_turn_of(env, table, seat)
        await env.advance_time(TIMEOUT + 1)
    assert seat.away
    await until_turn_of(env, table, seat)
    await env.advance_time(STEP)
    text = post_text(place.last_table())
    assert f"CPU playing for <@{alice.id}> (away)" in text and "thinking" not in text, text


async def test_a_held_ping_that_discord_refuses_is_posted_once_discord_answers(
    simcord_env, simcord_bot, virtual_backoff
):
    """The idle ping is a supervised step: while posting fails it is tried again with the
    backoff, and it comes once Discord answers, with no move to trigger it."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    seat = table.seat_of(alice.id)
    board, hand_id = board_button(place)
    await alice.click(board, custom_id=hand_id)
    await until_turn_of(env, table, seat)
    env.inject_error(
        "POST", f"/channels/{place.thread.id}/messages", status=503, message="injected", times=None
    )
    fault = env.backend.faults[-1]
    await env.advance_time(pings.idle_after(table) + 20)
    assert not pings_shown(place, alice), "Discord refuses every post"
    assert table.tasks.get("idle") is not None and not table.tasks["idle"].done(), "tried again later"
    env.backend.faults.remove(fault)
    await env.advance_time(120)
    assert len(pings_shown(place, alice)) == 1, "the ping comes once Discord answers"
    assert table.seq == table.clock.turn_start, "no move was made meanwhile"

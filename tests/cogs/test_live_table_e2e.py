"""A turn is one glance and one click (issue 12): the live hand, the deadline, the turn ping,
one time-out per turn however many moves it takes, and no ping for a player who is away."""

from __future__ import annotations

from typing import Any

import pytest

from engine import goita as gt
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    Place,
    buttons,
    fix_seed,
    open_hand,
    post_text,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
    wait_for_turn,
)

TIMEOUT = 300  # the test settings' turn timer, in seconds


def pings(place: Place) -> list[Any]:
    """The turn pings in the thread (each has an "Open my hand" button, ``t:…:turn``)."""
    return [m for m in place.messages() if any((b.custom_id or "").endswith(":turn") for b in buttons(m))]


def ping_posts(env: Any) -> int:
    return sum(r.method == "POST" and ":turn" in str(r.json) for r in env.http_requests)


async def test_the_live_hand_follows_the_game_then_expires_and_reopens_in_one_click(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    assert table.to_act().is_cpu, "the CPU deals and plays first"
    board = place.last_table()
    opened = await alice.click(
        board, custom_id=next(b.custom_id for b in buttons(board) if b.custom_id.endswith(":hand"))
    )
    assert opened.ephemeral and not step_buttons(opened.response.message), "nothing to play yet"

    await wait_for_turn(env, place, alice)
    hand = opened.response  # the same private message, read again: the bot edited it
    assert step_buttons(hand.message), "on alice's turn her open hand offers her moves, no click needed"
    assert "<t:" in hand.content, "the hand shows the turn's deadline"

    await env.advance_time(14 * 60 + 1)  # the token lives 15 minutes
    expired = opened.response
    assert "reopen" in expired.content.lower()
    reopen = next(b for b in buttons(expired.message) if (b.custom_id or "").endswith(":hand"))
    again = await alice.click(expired.message, custom_id=reopen.custom_id)
    assert again.response.id == expired.id, "one click reopens the hand in the same message"
    assert "reopen" not in again.response.content.lower() and again.response.attachments


async def test_the_turn_shows_its_deadline_pings_once_and_warns_a_minute_before(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    await wait_for_turn(env, place, alice)
    assert "<t:" in post_text(place.last_table()), "the board shows the deadline as a Discord timestamp"
    (ping,) = pings(place)
    assert f"<@{alice.id}>" in ping.content and "<t:" in ping.content
    hand = await open_hand(alice, place)
    assert step_buttons(hand)

    await env.advance_time(TIMEOUT - 61)
    assert len(pings(place)) == 1, "no second ping during the turn"
    await env.advance_time(2)
    warnings = pings(place)
    assert len(warnings) == 2 and "minute" in warnings[-1].content, "a warning a minute before"


def _leader_seed() -> int:
    """A Goita deal where seat 1 (alice) leads: her turn is two moves, face down then attack."""
    rules = gt.rules_from("seed", {"target_score": 1})
    for seed in range(1, 3000):
        state = gt.new_game(4, rules, seed)
        view = gt.view(state, 0)
        if gt.to_act(state) == 0 and view.phase is gt.Phase.DOWN:
            return seed
    raise AssertionError("no such deal")


async def test_a_turn_of_two_moves_that_runs_out_counts_one_time_out(simcord_env, simcord_bot, monkeypatch):
    """Issue 12: "A sub-choice counts as a second time-out, so a player lost their seat after one
    slow turn". The timer runs per turn: the CPU plays the rest of the turn, one time-out."""
    fix_seed(monkeypatch, _leader_seed())
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await start_vs_cpu(env, channel, alice, command="goita start", target=1)
    table = the_table(simcord_bot)
    seat = table.seat_of(alice.id)
    assert table.to_act() is seat and table.clock.turn_start == 0
    await env.advance_time(TIMEOUT + 1)
    played = [a for a in await _actions(simcord_bot, table) if a.seq < 2]
    assert [a.seat for a in played] == [0, 0] and all(a.by_cpu for a in played), "both moves of her turn"
    assert seat.timeouts == 1 and not seat.away, "one slow turn is one time-out"


async def _actions(bot: Any, table: Any) -> list[Any]:
    import store

    return await store.actions_for(bot.db, table.id)


async def test_a_player_who_is_away_is_not_pinged(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    seat = table.seat_of(alice.id)
    for _ in range(2):  # two turns in a row run out: the CPU keeps her seat
        await wait_for_turn(env, place, alice)
        await env.advance_time(TIMEOUT + 1)
    assert seat.away
    before = ping_posts(env)
    seq = table.seq
    for _ in range(12):  # her turns come and go, played by the CPU
        await env.advance_time(TEST_CPU_DELAY)
    assert table.seq > seq + 4, "the match went on"
    assert ping_posts(env) == before, "nobody pings a player who is away"
    assert not pings(place)


START = {
    "koikoi": ("koikoi start", {"rounds": 3}),
    "roppyakken": ("roppyakken start", {}),
    "gostop": ("gostop start", {}),
    "doudizhu": ("doudizhu start", {}),
    "goita": ("goita start", {}),
}


@pytest.mark.parametrize("game", sorted(START))
async def test_every_game_a_live_hand_with_the_deadline_one_ping_and_one_click_moves(
    simcord_env, simcord_bot, game
):
    """In each game: the human's turn is pinged once with its deadline; the hand opened before the
    turn offers the moves without another click; a move with no choice takes one click in it;
    the hand says "reopen" before its token ends."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    command, options = START[game]
    place = await start_vs_cpu(env, channel, alice, command=command, **options)
    table = the_table(simcord_bot)
    board = place.last_table()
    opened = await alice.click(board, custom_id=_hand_button(board))
    await wait_for_turn(env, place, alice)
    assert "<t:" in post_text(place.last_table())
    (ping,) = pings(place)
    assert f"<@{alice.id}>" in ping.content and "<t:" in ping.content
    hand = opened.response
    assert "<t:" in hand.content and step_buttons(hand.message), "the open hand offers the moves"

    seat = table.seat_of(alice.id)
    view = table.view(seat.index)
    spec = table.spec
    one_click = [a for a in view.legal_actions if len(spec.action_steps(a, view, "en")) == 1]
    if one_click:  # (a Goita redeal question, say, may have none)
        key = spec.action_steps(one_click[0], view, "en")[0].key
        button = next(b for b in step_buttons(hand.message) if b.custom_id.endswith(f":{key}"))
        seq = table.seq
        await alice.click(hand.message, custom_id=button.custom_id)
        assert table.seq == seq + 1, "one click played the move"

    await env.advance_time(14 * 60 + 1)
    assert "reopen" in opened.response.content.lower()


def _hand_button(message: Any) -> str:
    return next(b.custom_id for b in buttons(message) if b.custom_id.endswith(":hand"))


async def test_a_player_who_asked_for_it_gets_a_direct_message_when_their_turn_begins(
    simcord_env, simcord_bot
):
    """Issue 12: "Per-user opt-in DM notice 'your turn at <table>' (/notify)"."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    assert (await alice.slash(channel, "notify on")).ephemeral
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    await wait_for_turn(env, place, alice)
    dm = env.backend.dm_channels.get(alice.id)
    sent = [r for r in env.http_requests if r.method == "POST" and r.path == f"/channels/{dm}/messages"]
    assert dm is not None and len(sent) == 1 and "Your turn" in str(sent[0].json), "one DM for the turn"


@pytest.mark.parametrize("game", sorted(START))
async def test_every_game_opens_with_the_start_and_the_sealed_deal_however_long_the_deal(
    simcord_env, simcord_bot, game
):
    """The first board keeps its notes (the match begins, the deal's commitment) whatever the
    deal narrates after them: only the narration is trimmed to the board's few lines."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    command, options = START[game]
    place = await start_vs_cpu(env, channel, alice, command=command, **options)
    for _ in range(6):  # moves go by: the first board is edited, its head stays
        await env.advance_time(TEST_CPU_DELAY)
    first = post_text(place.messages()[0])
    assert "match begins" in first and "sha256:" in first, first

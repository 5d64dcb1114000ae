"""The one class that keeps private messages current (live hands, spectators' views): it edits an
ephemeral message through its interaction's token and its id, with discord.py's public webhook
API, whether the message is the interaction's first response or a follow-up; a token that has
ended (or a dismissed message) is reported gone, a refused edit as failed, and a message can be
retired (its last words, at most a button that opens a fresh one)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord

from cogs.table import components as c
from cogs.table.private_message import TOKEN_LIFE, Edited, PrivateMessage, PrivateMessages
from tests.cogs.harness import buttons, setup_guild, start_vs_cpu, the_table

NOTE: dict[str, Any] = {"attachments": [], "view": None}


async def _hand(env: Any, bot: Any) -> tuple[Any, PrivateMessage]:
    """Alice's live hand (opened by a click on the board) and the message the bot keeps for it."""
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    board = place.last_table()
    hand_button = next(b.custom_id for b in buttons(board) if b.custom_id.endswith(":hand"))
    opened = await alice.click(board, custom_id=hand_button)
    assert opened.ephemeral
    return opened, the_table(bot).live.hands[0].message


async def test_edits_the_first_response_by_token_and_message_id(simcord_env, simcord_bot):
    opened, message = await _hand(simcord_env, simcord_bot)
    assert message.message_id == opened.response.id, "the stored id is the hand's own message"
    assert opened.response.attachments, "the hand shows its image"
    messages = PrivateMessages(simcord_bot)

    edited = await messages.edit(message, {"content": "the turn moved on", **NOTE}, about="a test")

    assert edited is Edited.DONE
    assert opened.response.content == "the turn moved on" and not opened.response.attachments
    path = f"/webhooks/{simcord_bot.application_id}/{message.token}/messages/{message.message_id}"
    assert any(r.method == "PATCH" and r.path == path for r in simcord_env.http_requests), (
        "edited through the token and the message's id (not the Interaction's @original)"
    )


async def test_edits_a_follow_up_by_its_id(simcord_env, simcord_bot):
    opened, message = await _hand(simcord_env, simcord_bot)
    webhook = discord.Webhook.partial(simcord_bot.application_id, message.token, client=simcord_bot)
    follow_up = await webhook.send("a second message", wait=True)  # through the same token
    second = PrivateMessage(message.token, follow_up.id, message.issued)

    edited = await PrivateMessages(simcord_bot).edit(
        second, {"content": "edited follow-up", **NOTE}, about="t"
    )

    assert edited is Edited.DONE
    assert [f.content for f in opened.followups] == ["edited follow-up"]
    assert opened.response.content != "edited follow-up", "the first response is left alone"


async def test_retiring_leaves_a_line_and_only_the_reopen_button(simcord_env, simcord_bot):
    opened, message = await _hand(simcord_env, simcord_bot)
    reopen = c.view_of([c.button("t:1:0:hand", "Open again", "primary")])

    edited = await PrivateMessages(simcord_bot).retire(
        message, "this hand moved on", reopen=reopen, about="t"
    )

    assert edited is Edited.DONE
    assert opened.response.content == "this hand moved on" and not opened.response.attachments
    assert [b.custom_id for b in buttons(opened.response.message)] == ["t:1:0:hand"]


async def test_an_ended_token_is_gone_and_a_refused_edit_failed(simcord_env, simcord_bot):
    env = simcord_env
    opened, message = await _hand(env, simcord_bot)
    messages = PrivateMessages(simcord_bot)

    env.inject_error("PATCH", f"/webhooks/*/{message.token}/messages/*", status=500, times=1)
    assert await messages.edit(message, {"content": "x", **NOTE}, about="t") is Edited.FAILED
    assert await messages.edit(message, {"content": "y", **NOTE}, about="t") is Edited.DONE, (
        "a failed edit does not end the message: the next one goes through"
    )

    not_this_tokens = PrivateMessage(message.token, message.message_id + 1, message.issued)
    assert await messages.edit(not_this_tokens, {"content": "z", **NOTE}, about="t") is Edited.GONE

    await env.advance_time(TOKEN_LIFE + 1)
    assert await messages.edit(message, {"content": "late", **NOTE}, about="t") is Edited.GONE
    assert opened.response.content != "late"


def test_a_message_is_retired_a_minute_before_its_token_ends() -> None:
    stored = PrivateMessage.stored("token", 42, "2026-01-01T00:00:00.000+00:00")
    issued = stored.issued
    assert stored == PrivateMessage("token", 42, issued)
    assert issued == datetime(2026, 1, 1, tzinfo=UTC).timestamp()
    assert stored.retire_in(issued) == TOKEN_LIFE - 60
    assert stored.retire_in(issued + TOKEN_LIFE - 60) == 0


async def test_a_restart_takes_the_hand_back_by_its_stored_id_and_lets_go_of_one_without(
    simcord_env, simcord_bot, make_bot, settings
):
    """Migration 010: the message id is stored with the token, so the next bot edits the same
    message; a row stored before it has no id, cannot be addressed, and is let go (the player
    opens the hand again with one click)."""
    env = simcord_env
    _, message = await _hand(env, simcord_bot)
    game_id = the_table(simcord_bot).id

    second = make_bot(settings)
    await env.restart_bot(second)
    assert the_table(second).live.hands[0].message == message, "the same message, through the same token"

    async with second.db.transaction() as conn:
        await conn.execute("UPDATE live_hands SET message_id = NULL WHERE game_id = ?", (game_id,))
    third = make_bot(settings)
    await env.restart_bot(third)
    assert 0 not in the_table(third).live.hands

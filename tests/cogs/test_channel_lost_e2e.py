"""A match whose thread is deleted (or whose channel the bot can no longer reach) ends cleanly
(issue 24): stored as abandoned with no results and no rating change, its channel free again, and
a player who clicks or uses ``/hand`` afterwards is told what happened. Before, the match stayed
active for ever, the channel taken, and 40 time-outs later it was still at move 1."""

from __future__ import annotations

from typing import Any

import pytest

import store
from cogs.table.supervisor import CHANNEL_LOST, all_problems
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    Place,
    answer,
    buttons,
    setup_guild,
    start_vs_cpu,
    the_table,
    wait_for_turn,
)

LOST = "This match was abandoned"


pytestmark = pytest.mark.usefixtures("virtual_backoff")  # backoffs on the simulated clock only


async def assert_abandoned_cleanly(env: Any, table: Any, alice: Any) -> None:
    db = env.bot.db
    row = await store.get_game(db, table.id)
    assert row is not None and row.status == "abandoned", row
    assert row.meta.get("ended") == CHANNEL_LOST
    assert not await store.results_for(db, table.id), "no results"
    assert not await store.rating_changes_for(db, table.id), "no rating change"
    assert table.id not in env.bot.tables.tables, "the table is let go"
    assert not [t for t in table.tasks.values() if not t.done()], "nothing left running for it"
    assert not all_problems(env.bot.tables, [table])


async def test_a_deleted_thread_ends_the_match_as_abandoned_and_frees_the_channel(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice)
    table = the_table(env.bot)
    await wait_for_turn(env, place, alice)
    shown = await alice.slash(channel, "koikoi hand")  # her hand, opened in the lobby's channel
    hand = answer(shown).message
    assert not all_problems(env.bot.tables, [table])

    env.backend.delete_channel(place.thread.id)  # a moderator deletes the match's thread
    await env.advance_time(1)
    await assert_abandoned_cleanly(env, table, alice)

    step = next(b for b in buttons(hand) if (b.custom_id or "").startswith("a:"))
    clicked = await alice.click(hand, custom_id=step.custom_id)
    assert clicked.ephemeral and LOST in _text(clicked), _text(clicked)
    asked = await alice.slash(channel, "koikoi hand")
    assert asked.ephemeral and LOST in _text(asked), _text(asked)
    lobby = sorted(channel.history(), key=lambda m: m.id)[0]
    assert LOST in "\n".join(e.description or "" for e in lobby.embeds), "the lobby message says so"

    again = await alice.slash(channel, "koikoi start", opponent="cpu")
    assert not again.ephemeral, "the channel is free for a new match"
    await env.advance_time(TEST_CPU_DELAY)
    assert the_table(env.bot).id != table.id


async def test_a_thread_deleted_unseen_is_found_gone_at_the_next_post(simcord_env: Any) -> None:
    """The delete event was missed (the bot was busy or reconnecting): the next post gets 404,
    the thread itself cannot be fetched, and the match ends the same way."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await watch_cpus(env, channel, alice)
    table = the_table(env.bot)
    supervisor = env.bot.tables.supervisor
    env.bot.remove_listener(supervisor.on_raw_thread_delete, "on_raw_thread_delete")
    env.backend.delete_channel(place.thread.id)
    assert table.status == "active", "nothing noticed yet"
    for _ in range(3):
        await env.advance_time(TEST_CPU_DELAY)
        assert not all_problems(env.bot.tables, [table])
    await assert_abandoned_cleanly(env, table, alice)
    assert table.seq <= 2, "no move after the first failed post"


async def test_a_403_on_a_post_in_a_thread_the_bot_still_reaches_is_retried(simcord_env: Any) -> None:
    """A refused post (403) in a thread the bot can still fetch is not a lost channel: the
    post is tried again and the match goes on."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await watch_cpus(env, channel, alice)
    table = the_table(env.bot)
    env.inject_error("*", f"/channels/{place.thread.id}/messages*", status=403, code=50013, times=3)
    for _ in range(8):
        await env.advance_time(TEST_CPU_DELAY)
        assert not all_problems(env.bot.tables, [table])
    assert table.status == "active" and table.seq >= 3, "the match went on"
    assert table.outbox.announced == table.seq or table.outbox.pending, "and its posts caught up or are owed"


async def test_a_lost_access_to_the_thread_ends_the_match(simcord_env: Any) -> None:
    """403 on the post and on fetching the thread itself (the bot lost access): abandoned."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await watch_cpus(env, channel, alice)
    table = the_table(env.bot)
    thread = place.thread.id
    env.inject_error(
        "*", f"/channels/{thread}*", status=403, code=50001, message="Missing Access", times=None
    )
    for _ in range(3):
        await env.advance_time(TEST_CPU_DELAY)
        assert not all_problems(env.bot.tables, [table])
    await assert_abandoned_cleanly(env, table, alice)
    env.backend.faults.clear()


async def watch_cpus(env: Any, channel: Any, host: Any) -> Place:
    await host.slash(channel, "koikoi start", opponent="watch")
    return Place(channel, env)


def _text(result: Any) -> str:
    message = result.followups[-1] if result.followups else result.response
    return getattr(message, "content", "") or ""

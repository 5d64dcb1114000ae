"""A match's end: the last move is narrated even when its results could not be stored, and the
next start stores them and posts the results once."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import store
from cogs.table.supervisor import all_problems
from tests.cogs.harness import HANG, TEST_CPU_DELAY, Place, buttons, setup_guild, start_vs_cpu, the_table

OWN_ID = re.compile(r"^t:(\d+):(\d+):([a-z]+)$")


def _own(place: Place, game_id: int, verb: str) -> list[int]:
    """The move numbers of the table's posts whose buttons end with ``verb`` (inside a card's rows
    for the board and the results)."""
    found = []
    for message in place.messages():
        for button in buttons(message):
            match = OWN_ID.match(getattr(button, "custom_id", None) or "")
            if match and int(match[1]) == game_id and match[3] == verb:
                found.append(int(match[2]))
    return found


async def test_a_failed_finish_still_narrates_the_last_move_and_the_next_start_posts_the_results(
    simcord_env, simcord_bot, settings, make_bot, monkeypatch
):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    manager, engine = simcord_bot.tables, table.spec.engine
    monkeypatch.setattr(manager, "schedule", lambda table: None)  # the test plays every move

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database is gone")

    with monkeypatch.context() as patch:
        patch.setattr(store, "finish_with_results", broken)
        for _ in range(500):
            seat = table.to_act()
            move = table.view(seat.index).legal_actions[0]
            by = "cpu" if seat.is_cpu else "human"
            if engine.outcome(engine.apply(table.state, move)[0]) is None:
                await manager.act(table, seat, move, expected_seq=table.seq, by=by)
                continue
            # The move is stored: the player is not told it failed; the results are stored later.
            await manager.act(table, seat, move, expected_seq=table.seq, by=by)
            break
        else:
            raise AssertionError("the match did not end")
        assert not table.finishing, "the hold is released when finishing fails"
        await asyncio.wait_for(table.outbox.announcing, timeout=HANG)
    assert table.status == "active" and engine.outcome(table.state) is not None
    assert table.outbox.announced == table.seq and not table.outbox.pending, "the last move is narrated"
    assert max(_own(place, table.id, "hand")) == table.seq, "on the board"
    assert not _own(place, table.id, "rematch"), "no results without stored results"

    await env.restart_bot(make_bot(settings))
    row = await store.get_game(env.bot.db, table.id)
    assert row is not None and row.status == "finished" and row.results_posted
    assert len(_own(place, table.id, "rematch")) == 1, "the next start posts the results once"


async def test_a_failed_finish_is_tried_again_and_the_results_posted_with_no_restart(
    simcord_env, simcord_bot, monkeypatch
):
    """Storing the results fails once (the store is briefly unavailable): the supervisor tries
    again after its backoff, and the match is stored, rated and its results posted, once."""
    env = simcord_env
    monkeypatch.setattr("cogs.table.supervisor.BACKOFF_FIRST", 30.0)  # on the simulated clock only
    _, channel, (alice,) = setup_guild(env, "alice")
    await alice.slash(channel, "koikoi start", opponent="watch", options="rounds=1")
    place, table = Place(channel, env), the_table(simcord_bot)
    manager, real, calls = simcord_bot.tables, store.finish_with_results, []

    async def once_broken(*args: Any, **kwargs: Any) -> None:
        calls.append(table.seq)
        if len(calls) == 1:
            raise RuntimeError("the database is gone")
        await real(*args, **kwargs)

    monkeypatch.setattr(store, "finish_with_results", once_broken)
    for _ in range(200):
        if table.outbox.results_posted:
            break
        await env.advance_time(TEST_CPU_DELAY)
        assert not all_problems(manager, [table]), all_problems(manager, [table])
    assert calls == [table.seq, table.seq], "failed once, then stored by the retry"
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None and row.status == "finished" and row.results_posted
    assert len(await store.results_for(simcord_bot.db, table.id)) == 2
    assert len(_own(place, table.id, "rematch")) == 1, "the results are posted once"

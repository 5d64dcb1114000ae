"""The table flow never gets stuck: restarts at awkward moments, failing CPUs, busy tables."""

from __future__ import annotations

import asyncio
import random

import simcord

import store
from engine.core import Outcome
from engine.hanafuda import koikoi as kk
from tests.cogs.harness import (
    HANG,
    SETTLE_TIMEOUT,
    TEST_CPU_DELAY,
    Place,
    post_text,
    setup_guild,
    start_vs_cpu,
    the_table,
)
from tsuki.settings import Settings


async def stored_game(settings: Settings, actions: list[str], *, rules: kk.Rules, seed: int) -> int:
    """A Koi-Koi game between two CPUs written straight to the store, as a bot would leave it."""
    db = await store.Database.open(settings.database_path)
    try:
        row = await store.create_game(db, 1, 2, "koikoi", rules.to_dict(), seed, 3, {"seats": 2})
        await store.set_seats(db, row.id, [(0, None, "CPU 1"), (1, None, "CPU 2")])
        await store.start_game(db, row.id)
        for seq, text in enumerate(actions):
            await store.append_action(db, row.id, seq, 0, text, by_cpu=True)
        return row.id
    finally:
        await db.close()


def whole_match(rules: kk.Rules, seed: int) -> list[str]:
    state, rng, log = kk.new_game(2, rules, seed), random.Random(seed), []
    while kk.outcome(state) is None:
        action = rng.choice(kk.legal_actions(state))
        log.append(str(action))
        state, _ = kk.apply(state, action)
    return log


async def test_a_match_stopped_between_its_last_move_and_its_results_is_finished_on_start(settings, make_bot):
    rules = kk.rules_from("seed", {"rounds": 1})
    game_id = await stored_game(settings, whole_match(rules, 5), rules=rules, seed=5)
    bot = make_bot(settings)
    async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT):
        assert not bot.tables.tables, "nothing left open"
        row = await store.get_game(bot.db, game_id)
        assert row is not None and row.status == "finished"
        assert len(await store.results_for(bot.db, game_id)) == 2


async def test_a_game_that_cannot_be_replayed_is_closed_so_its_channel_is_free(settings, make_bot):
    game_id = await stored_game(settings, ["not-a-move"], rules=kk.rules_from(None, None), seed=1)
    bot = make_bot(settings)
    async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT):
        row = await store.get_game(bot.db, game_id)
        assert row is not None and row.status == "abandoned"
        assert await store.active_game_in_channel(bot.db, 1, 2) is None


async def test_a_failing_cpu_still_plays_a_legal_move(simcord_env, simcord_bot, monkeypatch):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    spec = simcord_bot.tables.specs["koikoi"]

    def broken(view, rng):
        raise RuntimeError("the CPU crashed")

    monkeypatch.setattr(spec, "cpu_choose", broken)
    await alice.slash(channel, "koikoi start", opponent="watch")
    table = the_table(simcord_bot)
    for _ in range(4):
        await env.advance_time(TEST_CPU_DELAY)
    assert table.seq >= 3, "the CPUs kept playing"


async def test_a_failed_announcement_does_not_stop_the_game_and_is_posted_again(
    simcord_env, simcord_bot, monkeypatch
):
    """A post that fails (Discord answers 500) leaves the stored move in place, the next seat
    scheduled, and is tried again at the next move: the board then narrates both moves."""
    env = simcord_env
    monkeypatch.setattr("cogs.table.supervisor.BACKOFF_FIRST", 3600.0)  # only the next move retries
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice)
    table = the_table(simcord_bot)
    env.inject_error("*", f"/channels/{place.thread.id}/messages*", status=500, times=1)
    seat = table.to_act()
    move = table.view(seat.index).legal_actions[0]
    await simcord_bot.tables.act(table, seat, move, expected_seq=table.seq)
    assert table.seq == 1, "the move was stored and kept"
    assert "next" in table.tasks, "the next seat is scheduled even though the post failed"
    assert table.outbox.announced == 0 and table.outbox.pending, "the failed post is still owed"
    seat = table.to_act()
    move = table.view(seat.index).legal_actions[0]
    await simcord_bot.tables.act(table, seat, move, expected_seq=table.seq)  # the next move
    await asyncio.wait_for(table.outbox.announcing, timeout=HANG)  # the retry, woken by that move, is done
    assert table.seq == 2 and table.outbox.announced == 2 and not table.outbox.pending, (
        "the retry narrated both"
    )
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None and row.announced_seq == 2
    env.errors.clear()


async def test_quitting_never_keeps_the_points_won_so_far(simcord_env, simcord_bot):
    """A player ahead on points who quits loses the match and keeps no gain (a loss is kept), so
    quitting while ahead cannot climb a points leaderboard; the others keep their totals."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await start_vs_cpu(env, channel, alice)
    table = the_table(simcord_bot)
    await simcord_bot.tables.finish(table, Outcome((9, 4), ()), forfeit=0)
    rows = {r.seat: r for r in await store.results_for(simcord_bot.db, table.id)}
    assert (rows[0].points, rows[0].won) == (0, False)
    assert (rows[1].points, rows[1].won) == (4, True)


async def test_a_move_made_while_a_flush_finishes_is_posted_by_it(simcord_env, simcord_bot, monkeypatch):
    """A move stored while the announcer is past its narration (refreshing the live hands) is
    narrated at once, not left waiting for the next move."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await alice.slash(channel, "koikoi start", opponent="watch")
    table = the_table(simcord_bot)
    manager = simcord_bot.tables
    real_refresh = manager.hands.refresh
    played: list[int] = []

    async def refresh(t: object) -> None:
        await real_refresh(t)
        if not played and table.status == "active":  # once: a CPU moves just now
            played.append(table.seq)
            seat = table.to_act()
            await manager.act(
                table, seat, table.view(seat.index).legal_actions[0], expected_seq=table.seq, by="cpu"
            )

    monkeypatch.setattr(manager.hands, "refresh", refresh)
    await env.advance_time(TEST_CPU_DELAY)
    assert played, "the move was made during a flush"
    assert table.outbox.announced == table.seq and not table.outbox.pending, "and that flush posted it"


async def test_a_restart_before_the_first_post_still_opens_with_the_start_and_the_sealed_deal(
    simcord_env, simcord_bot, settings, make_bot, monkeypatch
):
    """The match started (deal and salt stored) but the bot stopped before its first post: the next
    bot's first post says the match began and carries the deal's commitment."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    monkeypatch.setattr(simcord_bot.tables.announcer, "request", lambda table: None)
    await alice.slash(channel, "koikoi start", opponent="cpu")
    place = Place(channel, env)
    assert not place.messages(), "nothing was posted in the thread"
    await env.restart_bot(make_bot(settings))
    first = post_text(place.messages()[0])
    assert "match begins" in first and "sha256:" in first, first

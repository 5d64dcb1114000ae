"""A paused table (issue 24): "an active table always has a scheduled next step (a CPU move, a
turn deadline, or a retry), or is explicitly paused with the reason shown".

``Supervisor.pause`` cancels the next step and keeps the reason in the table's meta; the board's
status and every click or command of a player say why, and change nothing; ``Supervisor.resume``
gives the player to act their time back and the match goes on. The one trigger today: the store
unreachable for longer than a short outage (the next step failed ``PAUSE_AFTER`` times in a row and
a probe write failed too); the supervisor probes the store with its backoff and resumes the table
by itself once it answers. Time is SimCord's simulated clock; the invariant
(``supervisor.problems``) is checked at every step.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import store
from cogs.table.supervisor import PAUSE_AFTER, PauseReason, all_problems
from cogs.table.turns import RESUME_GRACE
from i18n import t
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    Place,
    answer,
    buttons,
    game_snapshot,
    post_text,
    wait_for_turn,
)
from tests.cogs.test_self_healing import Faults, assert_nothing_lost, play_to_the_end, start_match
from tsuki.settings import Settings

STEP = TEST_CPU_DELAY  # simulated seconds between two checks of the invariant
STORE_REASON = t("en", "table.pause_reason.store")  # "the bot cannot reach its database: …"
HELD = "held_by_test"  # a reason nothing lifts by itself: only resume() does


pytestmark = pytest.mark.usefixtures("virtual_backoff")  # backoffs on the simulated clock only


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(database_path=str(tmp_path / "tsuki.db"), cpu_delay=TEST_CPU_DELAY, turn_timeout=120)


async def as_bot(env: Any, place: Place, member: Any, work: Callable[[], None]) -> None:
    """Run ``work`` as the bot's own work, from a gateway event (a message ``member`` posts in
    the lobby's channel): SimCord tracks the tasks the bot starts there, so their sleeps (the
    backoff) run on the simulated clock, as those of a pause the bot decides itself would."""
    pending = [work]

    async def on_message(message: Any) -> None:
        if pending and message.channel.id == place.channel.id:
            pending.pop()()

    env.bot.add_listener(on_message, "on_message")
    try:
        await member.send(place.channel, "…")
    finally:
        env.bot.remove_listener(on_message, "on_message")
    assert not pending, "the bot saw the message"


async def time_left(env: Any, place: Place, member: Any, table: Any) -> float:
    """Seconds left of the turn's timer, read on the bot's clock (SimCord's simulated one)."""
    seen: list[float] = []
    await as_bot(
        env, place, member, lambda: seen.append(table.clock.turn_ends - asyncio.get_running_loop().time())
    )
    return seen[0]


def checked(env: Any, table: Any) -> None:
    problems = all_problems(env.bot.tables, [table])
    assert not problems, problems


async def advance_until(env: Any, table: Any, done: Any, *, steps: int = 100) -> float:
    """Let simulated time run one step at a time, checking the invariant, until ``done()``;
    returns the simulated seconds it took."""
    elapsed = 0.0
    for _ in range(steps):
        checked(env, table)
        if done():
            return elapsed
        await env.advance_time(STEP)
        elapsed += STEP
    raise AssertionError(f"never came (seq {table.seq}, paused {table.supervision.paused})")


async def refusals(alice: Any, place: Place, table: Any) -> list[str]:
    """What alice is told when she clicks My hand, types ``/move`` and ``/hand``."""
    board = place.last_table()
    hand = next(b for b in buttons(board) if (b.custom_id or "").endswith(":hand"))
    clicked = await alice.click(board, custom_id=hand.custom_id)
    moved = await alice.slash(place.thread, "move", action="anything")
    shown = await alice.slash(place.thread, "hand")
    answers = [clicked, moved, shown]
    assert all(a.ephemeral for a in answers), "only she sees the answer"
    return [answer(a).content or "" for a in answers]


async def test_a_paused_table_says_why_refuses_clicks_and_resumes_with_the_players_time(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Paused on alice's turn (the store down, so it stays paused): the board's status says why,
    her clicks and commands are refused with the reason and change nothing, nothing is scheduled
    and no time-out comes however long it lasts; resumed, she gets her time back (at least the
    restart grace), and the match plays to its end."""
    env = simcord_env
    alice, place, table = await start_match(env, "koikoi")
    supervisor = env.bot.tables.supervisor
    await wait_for_turn(env, place, alice)
    faults = Faults("store", env, place, alice, monkeypatch)
    faults.outage(True)
    await as_bot(env, place, alice, lambda: supervisor.pause(table, PauseReason.STORE))
    left_before = table.supervision.paused_left  # her turn's time left at the pause (on the bot's clock)
    checked(env, table)
    await env.advance_time(1.0)  # the board is edited (Discord works; the store does not)
    assert table.supervision.paused == PauseReason.STORE and "next" not in table.tasks
    assert STORE_REASON in post_text(place.last_table()), post_text(place.last_table())
    before = await game_snapshot(env.bot, table)
    for said in await refusals(alice, place, table):
        assert "paused" in said and "database" in said, said
    for _ in range(12):  # five simulated minutes: longer than her whole turn
        checked(env, table)
        await env.advance_time(STEP)
    assert await game_snapshot(env.bot, table) == before, "nothing changed while paused"
    assert not alice_seat(table).timeouts, "no time-out while paused"
    faults.outage(False)
    await advance_until(env, table, lambda: table.supervision.paused is None)
    assert table.clock.turn_deadline is not None, "her timer runs again"
    left_after = await time_left(env, place, alice, table)
    assert left_before is not None and left_before > RESUME_GRACE + STEP, (
        "(the pause comes early in her turn)"
    )
    assert left_after >= left_before - STEP, "she gets back the time her turn had left"
    assert STORE_REASON not in post_text(place.last_table())
    assert f"<t:{int(table.clock.turn_deadline)}:R>" in post_text(place.last_table()), (
        "the new deadline is shown"
    )
    await play_to_the_end(env, table, faults)
    await assert_nothing_lost(env, place, table)


def alice_seat(table: Any) -> Any:
    return next(s for s in table.seats if not s.is_cpu)


async def test_a_restart_keeps_a_table_paused_until_it_is_resumed(
    simcord_env: Any, make_bot: Any, settings: Settings
) -> None:
    """The pause is kept in the table's meta: a fresh bot on the same database rebuilds the
    table paused, refuses its clicks and schedules nothing; resumed, it plays to its end."""
    env = simcord_env
    alice, place, table = await start_match(env, "koikoi")
    await wait_for_turn(env, place, alice)
    supervisor = env.bot.tables.supervisor
    await as_bot(env, place, alice, lambda: supervisor.pause(table, HELD))
    await env.advance_time(1.0)
    row = await store.get_game(env.bot.db, table.id)
    assert row is not None and row.meta["paused"] == HELD, "the pause is stored"
    before = await game_snapshot(env.bot, table)

    await env.restart_bot(make_bot(settings))
    manager = env.bot.tables
    table = manager.tables[table.id]
    assert table.supervision.paused == HELD and "next" not in table.tasks
    checked(env, table)
    for said in await refusals(alice, place, table):
        assert "paused" in said, said
    for _ in range(8):
        checked(env, table)
        await env.advance_time(STEP)
    assert await game_snapshot(env.bot, table) == before, "nothing changed while paused"

    await as_bot(env, place, alice, lambda: manager.supervisor.resume(table))
    await advance_until(env, table, lambda: "next" in table.tasks or table.seq > before[0])
    row = await store.get_game(env.bot.db, table.id)
    assert row is not None and "paused" not in row.meta, "resuming is stored"
    faults = Faults("post", env, place, alice, pytest.MonkeyPatch())
    await play_to_the_end(env, table, faults)
    await assert_nothing_lost(env, place, table)


@pytest.mark.parametrize("game", ["koikoi", "doudizhu"])
async def test_a_long_store_outage_pauses_the_table_and_it_resumes_by_itself(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """The store stops answering for ten minutes: its next step is retried with the backoff,
    and after ``PAUSE_AFTER`` failures in a row (and a failed probe) the table pauses with the
    reason on the board ("the bot cannot reach its database: the match goes on by itself when it
    is back"); alice's clicks are told so. When the store answers again the table resumes by
    itself, with no restart, and the match plays to its end with nothing lost."""
    env = simcord_env
    alice, place, table = await start_match(env, game)
    faults = Faults("store", env, place, alice, monkeypatch)
    faults.outage(True)
    took = await advance_until(env, table, lambda: table.supervision.paused is not None, steps=200)
    assert table.supervision.paused == PauseReason.STORE
    assert faults.failed_calls() >= PAUSE_AFTER, "short failures are only retried"
    assert took > 60.0, "not at the first failure"
    await env.advance_time(1.0)
    assert STORE_REASON in post_text(place.last_table()), post_text(place.last_table())
    before = await game_snapshot(env.bot, table)
    if table.to_act() is not None and not table.to_act().is_cpu:
        for said in await refusals(alice, place, table):
            assert "paused" in said, said
    for _ in range(24):  # ten simulated minutes of outage, probed with the backoff
        checked(env, table)
        await env.advance_time(STEP)
    assert table.supervision.paused == PauseReason.STORE
    assert await game_snapshot(env.bot, table) == before, "nothing changed while paused"
    faults.outage(False)
    await advance_until(env, table, lambda: table.supervision.paused is None, steps=20)
    assert STORE_REASON not in post_text(place.last_table())
    await play_to_the_end(env, table, faults)
    await assert_nothing_lost(env, place, table)
    row = await store.get_game(env.bot.db, table.id)
    assert row is not None and "paused" not in row.meta


async def test_a_move_committed_as_the_table_resumes_leaves_the_resume_stored(simcord_env: Any) -> None:
    """A move stored right after a resume cancels the turn's pending steps (``cancel_tasks``, as
    ``manager.act`` does), never the save that the table runs again: otherwise its meta would
    keep the pause and a restart would rebuild the table paused, with nothing to lift it."""
    env = simcord_env
    alice, place, table = await start_match(env, "koikoi")
    await wait_for_turn(env, place, alice)
    manager = env.bot.tables
    await as_bot(env, place, alice, lambda: manager.supervisor.pause(table, HELD))
    await env.advance_time(1.0)
    row = await store.get_game(env.bot.db, table.id)
    assert row is not None and row.meta["paused"] == HELD, "the pause is stored"

    def resume_then_move() -> None:
        manager.supervisor.resume(table)
        manager.cancel_tasks(table)  # a move stored before the resume's save ran
        manager.schedule(table)

    await as_bot(env, place, alice, resume_then_move)
    await env.advance_time(1.0)
    checked(env, table)
    row = await store.get_game(env.bot.db, table.id)
    assert row is not None and "paused" not in row.meta, "resuming is stored"


async def test_a_process_that_stops_driving_a_paused_table_stops_probing_it(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shutting down (or letting go of a table another process took over) stops the pause's
    probe too: once the store answers, a process that no longer drives the table must not
    resume it and schedule its moves."""
    env = simcord_env
    alice, place, table = await start_match(env, "koikoi")
    await wait_for_turn(env, place, alice)
    manager = env.bot.tables
    faults = Faults("store", env, place, alice, monkeypatch)
    faults.outage(True)
    await as_bot(env, place, alice, lambda: manager.supervisor.pause(table, PauseReason.STORE))
    await env.advance_time(1.0)
    assert "pause" in table.tasks, "the probe runs while the store is down"
    manager.shutdown()
    faults.outage(False)
    for _ in range(8):  # longer than the probe's backoff
        await env.advance_time(STEP)
    assert table.supervision.paused == PauseReason.STORE, "the stopped process did not resume the table"
    assert not table.tasks, "nothing runs for it any more"

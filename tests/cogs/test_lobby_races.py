"""The lobby is one state machine: clicks at the same instant, a lobby opened full and the
lobby's expiry interleave in any order with one outcome (one match, one thread, one timer), and
every click gets a clear answer.

SimCord runs one actor operation at a time and lets the bot finish after each, so "at the same
instant" is built here: :func:`same_instant` delivers several clicks before the bot handles any
of them (both handler tasks exist before either runs, as with two people clicking together), and
:func:`press` clicks a button as the user's client still showed it enabled (the message disabled
it a moment earlier, or the client was modified: the bot must not trust a button's state).
Nothing may be logged as an error in these tests (an apology to a user is logged so).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest
from simcord import actors as sim_actors

import store
from cogs.table.supervisor import LOBBY_EXPIRY, LOBBY_TIMEOUT
from tests.cogs.harness import answer, buttons, post_text, setup_guild, the_table


async def _deliver_only(**_: Any) -> None:
    """SimCord's settle step, skipped: the event is delivered, the bot has not handled it yet."""


@contextlib.asynccontextmanager
async def same_instant(env: Any, then: Callable[[], Awaitable[None]] | None = None) -> AsyncIterator[None]:
    """Actor operations inside arrive together; on exit the bot handles them all at once
    (``env.settle()``, or ``then()`` when given, e.g. an ``advance_time``)."""
    env._settle_internal = _deliver_only
    try:
        yield
    finally:
        del env._settle_internal  # SimCord's own method again
    await (then() if then is not None else env.settle())


async def press(actor: Any, snapshot: Any, label: str) -> Any:
    """Click ``label`` on ``snapshot`` (the message as the user's client showed it), even if the
    stored message has disabled that button since."""
    button = next(b for b in buttons(snapshot) if b.label == label)
    stored = sim_actors._visible_message(actor, snapshot)
    data = {"custom_id": button.custom_id, "component_type": 2}
    return await sim_actors._component_interaction(actor, stored, data)


def threads_created(env: Any) -> int:
    return sum(1 for r in env.http_requests if r.method == "POST" and r.path.endswith("/threads"))


def live_tasks(table: Any) -> list[str]:
    return sorted(name for name, task in table.tasks.items() if not task.done())


def replies(*results: Any) -> list[str]:
    """What each clicker was told (ephemeral answers only; a lobby redraw is not a reply)."""
    texts = []
    for result in results:
        shown = answer(result)
        if shown is not None and shown.ephemeral:
            texts.append(shown.content)
    return texts


def assert_one_match(env: Any, bot: Any, channel: Any) -> Any:
    """Exactly one match began: one thread, one "match begins" post, one pending turn task."""
    table = the_table(bot)
    assert table.status == "active"
    assert threads_created(env) == 1
    (thread,) = channel.threads
    begins = [m for m in thread.history() if "match begins" in post_text(m)]
    assert len(begins) == 1, [post_text(m) for m in thread.history()]
    assert live_tasks(table) == ["next"], "one turn timer (or CPU move), no lobby expiry left"
    return table


def then_settle(env: Any, step: Callable[[], Any]) -> Callable[[], Awaitable[None]]:
    """For :func:`same_instant`: do ``step`` (free what the bot waits for), then let it finish."""

    async def run() -> None:
        step()
        await env.settle()

    return run


@pytest.fixture(autouse=True)
def no_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Nothing logged as an error (an apology to a user is logged so)."""
    caplog.set_level(logging.WARNING)
    yield
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not failures, [r.getMessage() for r in failures]


# --- the reported race: a click on a lobby that is starting as it appears ----------------------------


async def test_start_clicked_as_a_full_lobby_appears_starts_one_match(simcord_env, simcord_bot, monkeypatch):
    """``opponent: CPU`` posts a full lobby and starts it; the host clicks its Start button in
    between (the lobby is visible). It used to deal twice: a second thread, a wrong-status error,
    "Sorry, something went wrong", and the lobby expiry cancelling the first turn's timer."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    posted, go = asyncio.Event(), asyncio.Event()
    update_meta = store.update_meta

    async def paused_after_posting(*args: Any, **kwargs: Any) -> Any:
        if not posted.is_set():  # the first meta save comes right after the lobby is posted
            posted.set()
            await go.wait()
        return await update_meta(*args, **kwargs)

    monkeypatch.setattr(store, "update_meta", paused_after_posting)
    async with same_instant(env, then=then_settle(env, go.set)):
        opened = await alice.slash(channel, "koikoi start", opponent="cpu")
        await posted.wait()  # the bot has posted the lobby and paused
        (lobby,) = channel.history()
        clicked = await alice.click(lobby, label="Start")
    table = assert_one_match(env, simcord_bot, channel)
    assert replies(opened) == []
    assert replies(clicked) == ["The match has already started: this lobby's buttons do nothing now."]
    await env.advance_time(LOBBY_TIMEOUT + 60)
    assert table.status == "active" and table.seq > 0, "the CPU kept playing: its task was never cancelled"


# --- two clicks at the same instant -------------------------------------------------------------------


async def test_start_twice_at_once_starts_one_match(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = (await alice.slash(channel, "koikoi start")).response.message
    await bob.click(lobby, label="Join")
    async with same_instant(env):
        first = await alice.click(lobby, label="Start")
        second = await alice.click(lobby, label="Start")
    assert_one_match(env, simcord_bot, channel)
    assert replies(first) == []
    assert replies(second) == ["The match has already started: this lobby's buttons do nothing now."]
    assert channel.history()[0].embeds[0].description == "The match has started. Good luck!"


@pytest.mark.parametrize("join_first", [True, False], ids=["join-then-start", "start-then-join"])
async def test_join_and_start_at_once(simcord_env, simcord_bot, join_first):
    """Bob joins the last seat as Alice presses Start (her client showed it enabled, or she
    forged it): whichever the bot handles first, one outcome and clear answers."""
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = (await alice.slash(channel, "koikoi start")).response.message
    table = the_table(simcord_bot)
    async with same_instant(env):
        if join_first:
            joined = await bob.click(lobby, label="Join")
            started = await press(alice, lobby, "Start")
        else:
            started = await press(alice, lobby, "Start")
            joined = await bob.click(lobby, label="Join")
    assert [s.name for s in table.seats] == ["alice", "bob"]
    assert replies(joined) == []
    if join_first:
        assert_one_match(env, simcord_bot, channel)
        assert replies(started) == []
    else:
        assert table.status == "lobby" and threads_created(env) == 0
        assert replies(started) == [
            "Every seat must be taken before the match can start: 1 of 2 are. "
            "Wait for someone to join, or add a CPU."
        ]
        await alice.click(lobby, label="Start")  # the lobby now shows Start enabled
        assert_one_match(env, simcord_bot, channel)


@pytest.mark.parametrize("leave_first", [True, False], ids=["leave-then-start", "start-then-leave"])
async def test_leave_and_start_at_once(simcord_env, simcord_bot, leave_first):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = (await alice.slash(channel, "koikoi start")).response.message
    await bob.click(lobby, label="Join")
    table = the_table(simcord_bot)
    async with same_instant(env):
        if leave_first:
            left = await bob.click(lobby, label="Leave")
            started = await alice.click(lobby, label="Start")
        else:
            started = await alice.click(lobby, label="Start")
            left = await bob.click(lobby, label="Leave")
    if leave_first:
        assert [s.name for s in table.seats] == ["alice"] and table.status == "lobby"
        assert threads_created(env) == 0
        assert replies(left) == []
        assert "1 of 2" in replies(started)[0]
    else:
        assert_one_match(env, simcord_bot, channel)
        assert [s.name for s in table.seats] == ["alice", "bob"], "a started match keeps its seats"
        assert replies(started) == []
        assert replies(left) == [
            "The match has already started, and you keep your seat. "
            "To give it up, use `/koikoi quit` (it counts as a loss)."
        ]


@pytest.mark.parametrize("cancel_first", [True, False], ids=["cancel-then-join", "join-then-cancel"])
async def test_cancel_and_join_at_once(simcord_env, simcord_bot, cancel_first):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = (await alice.slash(channel, "koikoi start")).response.message
    table = the_table(simcord_bot)
    async with same_instant(env):
        if cancel_first:
            cancelled = await alice.click(lobby, label="Cancel")
            joined = await bob.click(lobby, label="Join")
        else:
            joined = await bob.click(lobby, label="Join")
            cancelled = await alice.click(lobby, label="Cancel")
    assert table.status == "cancelled" and not simcord_bot.tables.tables
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None and row.status == "cancelled"
    assert threads_created(env) == 0
    assert replies(cancelled) == []
    assert channel.history()[0].embeds[0].description == "This table was cancelled."
    if cancel_first:
        assert replies(joined) == [
            "This table closed before its match started (its host cancelled it, or nobody started "
            "it in time). Open a new one with the start command."
        ]
    else:
        assert replies(joined) == []
    again = await alice.slash(channel, "koikoi start")
    assert not again.ephemeral, "the channel is free for a new table"


# --- the lobby's expiry ----------------------------------------------------------------------------


async def test_start_at_the_instant_the_lobby_expires(simcord_env, simcord_bot):
    """The Start click and the expiry are both due at the same instant: the match starts, and the
    expiry (its own task) neither closes it nor cancels its first turn's timer."""
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = (await alice.slash(channel, "koikoi start")).response.message
    await bob.click(lobby, label="Join")
    table = the_table(simcord_bot)
    expiry = table.tasks[LOBBY_EXPIRY]
    await env.advance_time(LOBBY_TIMEOUT - 1)
    async with same_instant(env, then=lambda: env.advance_time(1)):
        started = await alice.click(lobby, label="Start")
    assert_one_match(env, simcord_bot, channel)
    assert expiry.cancelled()
    timer = table.tasks["next"]
    await env.advance_time(60)
    assert not timer.cancelled() and table.status == "active"
    assert replies(started) == []
    assert "expired" not in str(channel.history()[0].embeds[0].description)


async def test_the_lobby_expires_as_start_is_clicked(simcord_env, simcord_bot, monkeypatch):
    """The expiry takes the lock first; the Start click that arrives meanwhile waits, then is
    told the table closed, and nothing is dealt."""
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = (await alice.slash(channel, "koikoi start")).response.message
    await bob.click(lobby, label="Join")
    table = the_table(simcord_bot)
    monkeypatch.setattr("cogs.table.supervisor.LOBBY_TIMEOUT", 0)
    simcord_bot.tables.supervisor.expire_lobby_later(table)  # due now
    expiry = table.tasks[LOBBY_EXPIRY]
    while not table.lock.locked():  # let the expiry take the lock (no time passes)
        await asyncio.sleep(0)
    async with same_instant(env):
        started = await alice.click(lobby, label="Start")
    await expiry
    assert table.status == "cancelled" and threads_created(env) == 0
    assert replies(started) == [
        "This table closed before its match started (its host cancelled it, or nobody started "
        "it in time). Open a new one with the start command."
    ]
    assert "Nobody started this table in time" in channel.history()[0].embeds[0].description


async def test_a_lobby_opened_full_keeps_its_first_timer(simcord_env, simcord_bot):
    """The lobby opened with every seat taken schedules its expiry, then starts: the turn's
    timer is not the expiry's slot, and no expiry is left behind."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await alice.slash(channel, "koikoi start", opponent="cpu")
    table = assert_one_match(env, simcord_bot, channel)
    await env.advance_time(LOBBY_TIMEOUT + 60)
    assert table.status == "active" and table.seq > 0


async def test_a_lobby_click_during_another_step_is_answered_at_once_then_applied(simcord_env, simcord_bot):
    """While another step holds the lock, a click is acknowledged at once (Discord wants an
    answer within 3 s), then applied to the state that step left."""
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = (await alice.slash(channel, "koikoi start")).response.message
    table = the_table(simcord_bot)
    await table.lock.acquire()  # another step is running
    try:
        async with same_instant(env, then=then_settle(env, table.lock.release)):
            joined = await bob.click(lobby, label="Join")
            while not joined.deferred:  # the bot answers before the lock is free (no time passes)
                await asyncio.sleep(0)
            assert [s.name for s in table.seats] == ["alice"], "nothing applied yet"
    finally:
        if table.lock.locked():
            table.lock.release()
    assert [s.name for s in table.seats] == ["alice", "bob"]
    assert replies(joined) == []
    assert f"<@{bob.id}>" in channel.history()[0].embeds[0].fields[0].value

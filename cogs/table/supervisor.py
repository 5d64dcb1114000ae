"""Every table heals itself: its background work runs supervised, and what fails is tried again.

A table's background work is its next step (a CPU move after its pause, the human's turn timer and
its warning, the match's results once its last move is stored: planned by ``turns.TurnClock``),
the lobby's expiry, and the announcer's catching up with the store (``announcer.py``, which retries
with the same :func:`backoff`). Each step runs under :meth:`Supervisor.run`: an exception there (the
store unavailable, Discord failing) is logged with the table's id, and after a backoff on the event
loop's clock (5 s, doubling, at most 2 minutes) the step is planned again from the table's state at
that moment. Nothing is lost and no restart is needed: once the store or Discord is back, the match
goes on. Lease renewal is one batch per process (``ownership.py``), retried at every tick.

A step that fails because the table's thread or channel is gone (deleted by a moderator, or the
bot lost access to it: the channel itself can no longer be fetched) ends the match as abandoned
(:meth:`Supervisor.channel_lost`): stored without results, so no rating changes, its channel free
again; a player who clicks or uses ``/hand`` afterwards is told what happened.

A table can be **paused** (:meth:`Supervisor.pause`, :meth:`Supervisor.resume`): its next step
is cancelled (never a move being committed), the reason (a :class:`PauseReason`) is kept in the
table's meta, so a restart keeps it paused, and shown on the board's status and to a player who
clicks or types a command there (refused with it, nothing changes). Resuming gives the player to
act their time back (what was left, at least ``turns.RESUME_GRACE``) and schedules the next step.
One reason pauses a table today: its next step failed :data:`PAUSE_AFTER` times in a row and the
store does not answer either (:attr:`PauseReason.STORE`); the supervisor then keeps probing the
store with the backoff (the probe is the write that keeps the pause in the meta), and resumes the
table by itself once the store answers. Shorter failures are retried with no pause, as before.

The invariant, which :func:`problems` checks (the tests call it at every step): **an active table
always has a scheduled next step (a CPU move, a turn deadline, or a retry), or is explicitly
paused with the reason shown** (``Table.supervision.paused``; paused for the store, its probe
running); a lobby always has its expiry; posts owed always have a flush running or waiting to retry.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import discord

import store
from cogs.table.model import Paused, Table
from engine.core import GameOver

if TYPE_CHECKING:
    from cogs.table.host import SupervisorHost as Host

log = logging.getLogger(__name__)

BACKOFF_FIRST = 5.0  # seconds before a failed step is tried again the first time
BACKOFF_CAP = 120.0  # the longest wait between two tries
LOBBY_TIMEOUT = 30 * 60.0  # seconds an unstarted lobby keeps its channel before it closes itself
NEXT = "next"  # Table.tasks slot of the turn's next step (CPU move, turn timer, the results)
LOBBY_EXPIRY = "lobby"  # the lobby's expiry (never the turn's slot: starting must not cancel it)
ENDING = "end"  # storing the end of a match whose channel is gone
CHANNEL_LOST = "channel_lost"  # the reason stored with such a match (games.meta_json "ended")
REMEMBERED = 1000  # matches ended that way whose players are told why, until a restart
PAUSE = "pause"  # the slot of a paused table's work: saving the pause (for the store's, its probe)
SAVE_RESUMED = "resumed"  # the slot saving that a table runs again
# The next step's failures in a row after which the store is probed; if it does not answer either,
# the table pauses (PauseReason.STORE). With the production backoff (5, 10, 20 s) that is after
# about 35 s of failures: a shorter outage is only retried, as before.
PAUSE_AFTER = 4


class PauseReason(StrEnum):
    """Why a table is paused: its public texts are ``table.pause_reason.<value>`` (the board) and
    ``error.paused_<value>`` (the answer to a click or command)."""

    STORE = "store"  # the bot cannot reach its database: it resumes by itself when it is back

    @property
    def heals(self) -> bool:
        """Whether the supervisor resumes the table by itself once its probe succeeds."""
        return self is PauseReason.STORE


HEALING = frozenset(r.value for r in PauseReason if r.heals)  # reasons the supervisor lifts itself

Step = Callable[[], Awaitable[None]]


def backoff(failures: int) -> float:
    """Seconds to wait after ``failures`` failures in a row (1, 2, …): doubling, capped."""
    return min(BACKOFF_CAP, BACKOFF_FIRST * 2.0 ** max(failures - 1, 0))


def _alive(task: asyncio.Task[Any] | None) -> bool:
    return task is not None and not task.done()


@dataclass(frozen=True, slots=True)
class Ended:
    """A match ended because its channel was lost: what its players are told afterwards."""

    game_id: int
    places: tuple[int, ...]  # its lobby channel and its thread
    players: frozenset[int]


class Supervisor:
    """Runs the background steps of every table of one manager, and ends tables whose channel is gone."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.ended: dict[int, Ended] = {}
        # A deleted thread or channel is noticed at once (and at its next post, if the event is missed).
        host.bot.add_listener(self.on_raw_thread_delete, "on_raw_thread_delete")
        host.bot.add_listener(self.on_guild_channel_delete, "on_guild_channel_delete")

    # --- running steps ---------------------------------------------------------------------

    def run(
        self, table: Table, slot: str, step: Step, again: Callable[[], Step | None] | None = None
    ) -> None:
        """Run ``step`` as the table's ``slot`` task (replacing the one there), supervised: when it
        fails, ``again()`` (or the same step) runs after a backoff; ``again()`` returning None
        means nothing is left to do."""
        old = table.tasks.pop(slot, None)
        if old is not None and old is not asyncio.current_task() and old is not table.committing:
            old.cancel()
        name = f"table-{table.id}" if slot == NEXT else f"{slot}-{table.id}"
        task = asyncio.get_running_loop().create_task(self._supervised(table, slot, step, again), name=name)
        table.tasks[slot] = task

    async def _supervised(
        self, table: Table, slot: str, step: Step, again: Callable[[], Step | None] | None
    ) -> None:
        me = asyncio.current_task()
        while True:
            try:
                await step()
            except Exception as error:
                if table.tasks.get(slot) is not me:  # the step was replaced meanwhile (a move was stored)
                    log.warning(
                        "table %s: %s step failed after it was replaced", table.id, slot, exc_info=error
                    )
                    return
                if await self.is_channel_lost(table, error):
                    self.channel_lost(table)
                    return
                failures = table.supervision.failures[slot] = table.supervision.failures.get(slot, 0) + 1
                if slot == NEXT and failures >= PAUSE_AFTER and await self._store_unreachable(table):
                    log.warning(
                        "table %s: its next step failed %d times in a row and the store does not answer",
                        table.id,
                        failures,
                        exc_info=error,
                    )
                    self.pause(table, PauseReason.STORE)
                    return
                delay = backoff(failures)
                log.warning(
                    "table %s: its %s step failed (%d in a row); trying again in %.0f s",
                    table.id,
                    slot,
                    failures,
                    delay,
                    exc_info=error,
                )
                await asyncio.sleep(delay)
                if table.tasks.get(slot) is not me:
                    return
                following = again() if again is not None else step
                if following is None:
                    break
                step = following
                continue
            break
        table.supervision.failures.pop(slot, None)
        if table.tasks.get(slot) is me:
            del table.tasks[slot]

    # --- pausing ---------------------------------------------------------------------------------

    def pause(self, table: Table, reason: str) -> None:
        """Pause an active table: cancel its next step (never a move being committed), keep
        ``reason`` in its meta (saved by a supervised step: retried while the store is down) and
        have the board show it. A reason that :attr:`~PauseReason.heals` resumes the table by
        itself once that save succeeds. Pausing a paused table again restarts that step (after a
        restart)."""
        if table.status != "active":
            return
        if table.supervision.paused is None:
            loop = asyncio.get_running_loop()
            ends = table.clock.turn_ends if table.clock.turn_deadline is not None else None
            table.supervision.paused_left = None if ends is None else max(ends - loop.time(), 0.0)
            log.warning("table %s: paused (%s)", table.id, reason)
        table.supervision.paused = str(reason)
        step = table.tasks.pop(NEXT, None)
        if step is not None and step is not asyncio.current_task() and step is not table.committing:
            step.cancel()
        table.supervision.failures.pop(NEXT, None)
        self.host.update_board(table)
        self.run(table, PAUSE, lambda: self._hold(table))

    def set_time_left(self, table: Table, left: float) -> None:
        """The time the player to act gets back when the paused ``table`` resumes (a turn that
        began as it paused: its whole time)."""
        table.supervision.paused_left = left

    async def _hold(self, table: Table) -> None:
        """Keep the pause in the table's meta; for the store's pause this write is the probe: once
        it goes through, the store answers again and the table resumes."""
        reason = table.supervision.paused
        if table.status != "active" or reason is None:
            return
        await self.host.save_meta(table)
        if table.supervision.paused == reason and reason in HEALING:
            log.info("table %s: the store answers again; the match goes on", table.id)
            self.resume(table)

    def resume(self, table: Table) -> None:
        """Let a paused table go on: the player to act gets their time back (what was left at
        the pause, at least ``turns.RESUME_GRACE``), the next step is scheduled, the board shows
        whose turn it is again, and the meta forgets the pause (a supervised save)."""
        if table.supervision.paused is None:
            return
        table.supervision.paused = None
        held = table.tasks.pop(PAUSE, None)
        if held is not None and held is not asyncio.current_task():
            held.cancel()
        table.supervision.failures.pop(PAUSE, None)
        if table.status != "active":
            return
        self.host.restart_turn(table)
        table.supervision.paused_left = None
        self.host.schedule(table)
        self.host.update_board(table)
        self.run(table, SAVE_RESUMED, lambda: self._save_resumed(table))

    async def _save_resumed(self, table: Table) -> None:
        if table.status == "active" and table.supervision.paused is None:
            await self.host.save_meta(table)

    async def _store_unreachable(self, table: Table) -> bool:
        """Whether the store refuses a small write (the table's meta) too."""
        try:
            await self.host.save_meta(table)
        except Exception:
            return True
        return False

    def refuse_if_paused(self, table: Table) -> None:
        """Raise :class:`~cogs.table.model.Paused` (its reason, for the player) at a paused table."""
        if table.supervision.paused is not None and table.status == "active":
            raise Paused(table.supervision.paused)

    # --- a thread or channel that is gone ------------------------------------------------------

    async def is_channel_lost(self, table: Table, error: BaseException) -> bool:
        """Whether ``error`` means the table's thread or channel is gone or out of the bot's reach.

        A 404 or 403 may also be about one message or one missing permission, so the channel itself
        is fetched: only when that is refused too is the channel lost; otherwise the step is retried.
        """
        if not isinstance(error, discord.NotFound | discord.Forbidden):
            return False
        place = table.play_channel_id
        try:
            await self.host.bot.fetch_channel(place)
        except (discord.NotFound, discord.Forbidden):
            return True
        except Exception:
            return False
        return False

    def channel_lost(self, table: Table) -> None:
        """The match's thread or channel is gone: end it as abandoned (no results, no rating
        change) and free its channel. Stored by a supervised step: retried while the store is down."""
        if table.status not in ("lobby", "active"):
            return
        log.warning("table %s: its thread or channel is gone; the match ends as abandoned", table.id)
        table.status = "abandoned"  # no click, timer or CPU moves it any more
        self.host.cancel_tasks(table)
        self.host.forget_live(table)
        self._remember(table)
        self.run(table, ENDING, lambda: self._store_lost(table))

    async def _store_lost(self, table: Table) -> None:
        db = self.host.db
        row = await store.get_game(db, table.id)
        if row is not None and row.status in ("lobby", "active"):
            await store.update_meta(db, table.id, {**(row.meta or {}), "ended": CHANNEL_LOST})
            await store.finish_game(db, table.id, "abandoned")
        self.host.tables.pop(table.id, None)
        await self.host.refresh_lobby(table, "table.lobby.channel_lost")  # the lobby, if it is elsewhere

    def _remember(self, table: Table) -> None:
        places = tuple(p for p in (table.channel_id, table.thread_id) if p is not None)
        players = frozenset(s.user_id for s in table.seats if s.user_id is not None)
        self.ended[table.id] = Ended(table.id, places, players)
        while len(self.ended) > REMEMBERED:
            del self.ended[next(iter(self.ended))]

    def lets_go(self, table: Table) -> bool:
        """Whether nothing more is to be posted for ``table``: its channel is gone, or another
        process drives it now."""
        return table.id in self.ended or table.status == "moved"

    def gone(
        self, *, game_id: int | None = None, place: int | None = None, user: int | None = None
    ) -> GameOver | None:
        """The error telling a player their match ended because its channel was lost: for a
        click on ``game_id``, or ``/hand`` by ``user`` in ``place``; None if that is not the case."""
        if game_id is not None and game_id in self.ended:
            return _lost_error()
        for ended in reversed(self.ended.values()):
            if place in ended.places and user in ended.players:
                return _lost_error()
        return None

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        self._lost_places({payload.thread_id})

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        self._lost_places({channel.id})

    def _lost_places(self, places: Iterable[int]) -> None:
        gone = set(places)
        for table in list(self.host.tables.values()):
            where = table.play_channel_id if table.status == "active" else table.channel_id
            if where in gone or table.channel_id in gone:
                self.channel_lost(table)

    # --- the lobby's expiry ------------------------------------------------------------------

    def expire_lobby_later(self, table: Table) -> None:
        """Close the lobby if it has not started within ``LOBBY_TIMEOUT``: a game never waits forever.

        The expiry has its own task slot: scheduling it never cancels a turn's timer.
        """
        self.run(
            table,
            LOBBY_EXPIRY,
            lambda: self._expire_lobby(table, LOBBY_TIMEOUT),
            lambda: self._expire_now(table),
        )

    def _expire_now(self, table: Table) -> Step:
        return lambda: self._expire_lobby(table, 0.0)

    def cancel_lobby_expiry(self, table: Table) -> None:
        """Drop the lobby's expiry (the match started), unless it is the task running this."""
        task = table.tasks.pop(LOBBY_EXPIRY, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _expire_lobby(self, table: Table, after: float) -> None:
        await asyncio.sleep(after)
        async with table.lock:
            if table.status != "lobby":
                return
            await self.host.close_lobby(table)
        await self.host.refresh_lobby(table, "table.lobby.expired")


def _lost_error() -> GameOver:
    return GameOver("This match was abandoned: its thread or channel was deleted.", key=CHANNEL_LOST)


def problems(host: Host, table: Table) -> list[str]:
    """What breaks the invariant at ``table`` (empty when it holds): an active table has its next
    step scheduled (a CPU move, a turn deadline or a retry) or is paused with a reason (for the
    store, its probe running); a lobby has its expiry; posts owed have a flush running or waiting
    to retry."""
    found = []
    if table.status == "lobby" and not _alive(table.tasks.get(LOBBY_EXPIRY)):
        found.append(f"table {table.id}: a lobby with no expiry")
    if (
        table.status == "active"
        and table.supervision.paused == PauseReason.STORE
        and not _alive(table.tasks.get(PAUSE))
    ):
        found.append(f"table {table.id}: paused until the store answers, with no probe running")
    if table.status == "active" and table.supervision.paused is None:
        waits_for_player = table.turn_timeout <= 0 and table.to_act() is not None  # no timer by choice
        if not (_alive(table.tasks.get(NEXT)) or _alive(table.committing) or waits_for_player):
            found.append(f"table {table.id}: active with no next step (seq {table.seq})")
    if table.status == "abandoned" and table.id in host.tables and not _alive(table.tasks.get(ENDING)):
        found.append(f"table {table.id}: abandoned in memory, its end not being stored")
    if host.owes_posts(table) and not _alive(table.outbox.announcing):
        found.append(f"table {table.id}: posts owed with no flush running")
    return found


def all_problems(host: Host, extra: Iterable[Table] = ()) -> list[str]:
    """:func:`problems` of every table the host drives (and of ``extra`` ones it let go of)."""
    tables = {t.id: t for t in (*host.tables.values(), *extra)}
    return [p for table in tables.values() for p in problems(host, table)]

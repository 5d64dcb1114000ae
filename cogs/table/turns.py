"""Turns: what happens next at a table, a CPU move after a pause or the human's turn timer.

A turn is a run of consecutive moves by one seat. It has one deadline, shown to the players
(``Table.clock.turn_deadline``, epoch seconds for ``<t:…:R>``) and waited for on the event loop's clock
(``Table.clock.turn_ends``); a warning ping comes a minute before it. When it runs out, the CPU plays
the rest of that turn for the player and the turn counts as one time-out, however many moves it
takes; two turns in a row and the seat is "away" (the CPU plays it until "I'm back").

A human's turn also has its ping (posted by the announcer). A player playing in their live hand is
pinged only once idle (:func:`cogs.table.pings.quiet_until`): the ``idle`` step posts that ping
when the time comes, supervised like the others.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from cogs.table import autopass, cpu_pool, pings
from cogs.table.model import Seat, StaleClick, Table
from cogs.table.supervisor import IDLE_PING, NEXT, PAUSE, SAVE_RESUMED, Step, Supervisor
from engine.ai.levels import Level, parse_level
from engine.core import GameError, Outcome, derive_seed

if TYPE_CHECKING:
    from cogs.table.announcer import Announcer
    from tsuki.settings import Settings

log = logging.getLogger(__name__)

WARN_BEFORE = 60.0  # seconds before a turn runs out that its player gets a warning ping
RESUME_GRACE = 60.0  # seconds a player always has after a restart to finish a turn begun before it


class TurnClock:
    """The scheduling half of :class:`~cogs.table.manager.TableManager` (a mixin: it plays
    through the manager's ``act`` and tells its ``announcer`` when to warn)."""

    settings: Settings
    announcer: Announcer
    supervisor: Supervisor

    async def act(self, table: Table, seat: Seat, action: Any, *, expected_seq: int | None, by: str) -> None:
        raise NotImplementedError

    async def save_meta(self, table: Table, meta: dict[str, Any] | None = None) -> None:
        raise NotImplementedError

    async def finish(self, table: Table, outcome: Outcome) -> None:
        raise NotImplementedError

    def _begin_turn(self, table: Table, began: str | None = None) -> None:
        """A new turn: the seat to act gets the whole timer (what is left of it after a restart)."""
        if began is None:
            table.clock.turn_start = table.seq
        table.clock.turn_timed_out = False
        table.clock.turn_began = asyncio.get_running_loop().time()
        autopass.open_window(table)  # (the ping ignores it: cogs/table/pings.py)
        seat = table.to_act()
        if seat is None or seat.cpu_plays or table.turn_timeout <= 0:
            table.clock.turn_deadline = None
            return
        left = _time_left(table.turn_timeout, began)
        if table.supervision.paused is not None and began is None:  # (a move committed as it paused)
            self.supervisor.set_time_left(table, left)  # the turn's whole time, given when it resumes
        _set_deadline(table, left)

    def restart_turn(self, table: Table) -> None:
        """A paused table resumes: the player to act gets back the time their turn had left when
        it paused (the whole timer if none was running), at least :data:`RESUME_GRACE`, as after
        a restart; their ping is posted again with the new deadline."""
        seat = table.to_act()
        if seat is None or seat.cpu_plays or table.turn_timeout <= 0 or table.clock.turn_timed_out:
            return
        left = table.turn_timeout if table.supervision.paused_left is None else table.supervision.paused_left
        _set_deadline(table, min(table.turn_timeout, max(left, min(RESUME_GRACE, table.turn_timeout))))
        table.clock.turn_began = asyncio.get_running_loop().time()  # nobody could play while it was paused
        self.announcer.ping_again(table)  # the ping showed the old deadline: post it again

    def schedule(self, table: Table) -> None:
        """Start what comes next: a CPU move after a pause, or the human's turn timer (which
        runs once per turn, however many clicks the turn takes), or the results of a match whose
        last move is stored. It runs supervised: if it fails, it is planned again after a backoff."""
        step = self._next_step(table, retry=False)
        if step is not None:
            self.supervisor.run(table, NEXT, step, lambda: self._next_step(table, retry=True))
        self._run_idle(table)

    def _next_step(self, table: Table, *, retry: bool) -> Step | None:
        """The step the table's state calls for now (``retry``: after a failure, with no CPU pause)."""
        if table.status != "active" or table.state is None or table.supervision.paused is not None:
            return None
        if table.spec.engine.outcome(table.state) is not None:  # storing its results failed: again
            return lambda: self._finish_stored(table)
        seat, seq, turn = table.to_act(), table.seq, table.clock.turn_start
        if seat is None:
            return None
        if seat.cpu_plays or table.clock.turn_timed_out:
            by = "timeout" if table.clock.turn_timed_out and not seat.is_cpu else "cpu"
            delay = 0.0 if table.clock.turn_timed_out or retry else self.settings.cpu_delay
            return lambda: self._cpu_move(table, seat, seq, delay, by)
        if autopass.window_open(table):  # a pass that is all the seat can do, after a pause
            wait = 0.0 if retry else autopass.pause()
            return lambda: self._auto_pass_turn(table, seat, turn, wait)
        if table.clock.turn_deadline is not None:
            return lambda: self._turn_timer(table, seat, turn)
        return None

    def watch_idle(self, table: Table) -> None:
        """Have the ``idle`` step run while the turn's ping waits (the announcer calls this when it
        holds a ping back: the player may have opened their hand after their turn was scheduled)."""
        task = table.tasks.get(IDLE_PING)
        if task is None or task.done():
            self._run_idle(table)

    def _run_idle(self, table: Table) -> None:
        idle = self._idle_step(table, retry=False)
        if idle is not None:
            self.supervisor.run(table, IDLE_PING, idle, lambda: self._idle_step(table, retry=True))

    def _idle_step(self, table: Table, *, retry: bool) -> Step | None:
        """The step that pings the player to act once they are idle, while their ping waits
        (``retry``: after a failure, while that ping is still owed, whether or not it waits)."""
        if table.status != "active" or table.supervision.paused is not None:
            return None
        if retry:
            if table.pings.ping_turn == table.clock.turn_start or not pings.owed(table):
                return None
        elif pings.quiet_until(table) is None:
            return None
        turn = table.clock.turn_start
        return lambda: self._idle_ping(table, turn)

    async def _idle_ping(self, table: Table, turn: int) -> None:
        """Wait while the player to act plays in their live hand (each click there pushes the
        ping back, :func:`~cogs.table.pings.quiet_until`); once they are idle, post their ping,
        unless their turn is over or it is out already. A failure is tried again by the
        supervisor (the ping is owed until ``Table.ping_turn`` says it is out)."""
        loop = asyncio.get_running_loop()
        while (
            table.clock.turn_start == turn and table.status == "active" and table.supervision.paused is None
        ):
            if table.pings.ping_turn == turn or not pings.owed(table):
                return
            until = pings.quiet_until(table)
            if until is not None and until > loop.time():
                await asyncio.sleep(until - loop.time())
                continue
            await self.announcer.ping_idle(table)
            if table.pings.ping_turn != turn:  # the board's post goes first (its flush pings): check again
                await asyncio.sleep(pings.idle_after(table))

    def cancel_tasks(self, table: Table) -> None:
        """Cancel the pending CPU move or turn timer, but never a move being committed, nor a
        running table's pause (its probe lifts it: ``supervisor.Supervisor.pause``), nor the save
        that a resumed table runs again (cancelled, the stored meta would keep the pause, and a
        restart would rebuild the table paused)."""
        spare = {asyncio.current_task(), table.committing}
        kept = {SAVE_RESUMED} | (
            {PAUSE} if table.supervision.paused is not None and table.status == "active" else set()
        )
        held = {slot: task for slot, task in table.tasks.items() if slot in kept}
        for task in table.tasks.values():
            if task not in spare and task not in held.values() and not task.done():
                task.cancel()
        table.tasks.clear()
        table.tasks.update(held)

    def drop_tasks(self, table: Table) -> None:
        """This process stops driving ``table`` (shutdown, or another process took it over):
        :meth:`cancel_tasks`, then the pause's probe and the resume's save too, which would
        otherwise go on (and resume the table) in a process that no longer drives it."""
        self.cancel_tasks(table)
        for task in table.tasks.values():
            if task is not asyncio.current_task():
                task.cancel()
        table.tasks.clear()

    async def _cpu_move(self, table: Table, seat: Seat, seq: int, delay: float, by: str) -> None:
        """Play for ``seat`` from its own view only, unless the game moved on meanwhile."""
        if delay:
            await asyncio.sleep(delay)
        if table.seq != seq or table.status != "active":
            return
        view = table.view(seat.index)  # the CPU sees only what its seat may see
        try:
            level = parse_level(seat.level) if seat.is_cpu else Level.NORMAL  # an away human: normal
            seed = derive_seed(table.seed, "cpu", seq)
            action = await cpu_pool.choose(self.settings, table.game, table.spec, level, view, seed)
        except Exception:
            log.exception("CPU of table %s failed to choose; playing its first legal move", table.id)
            action = view.legal_actions[0]
        try:
            await self.act(table, seat, action, expected_seq=seq, by=by)
        except StaleClick:
            return
        except GameError:
            log.exception("CPU move %s refused at table %s; playing its first legal move", action, table.id)
            await self.act(table, seat, view.legal_actions[0], expected_seq=seq, by=by)

    async def _turn_timer(self, table: Table, seat: Seat, turn: int) -> None:
        """Warn the player a minute before the turn's deadline; at the deadline the CPU plays
        the rest of the turn for them, and the turn counts as one time-out. A warning that
        failed is sent when this step is tried again, if the turn has time left."""
        loop = asyncio.get_running_loop()
        left = (table.clock.turn_ends or loop.time()) - loop.time()
        if left > WARN_BEFORE:
            await asyncio.sleep(left - WARN_BEFORE)
            if table.clock.turn_start != turn or table.status != "active":
                return
            table.clock.warn_due = turn
        if table.clock.warn_due == turn and (table.clock.turn_ends or 0.0) > loop.time():
            await self.announcer.warn(table)
            table.clock.warn_due = None
        await asyncio.sleep(max((table.clock.turn_ends or loop.time()) - loop.time(), 0.0))
        if table.clock.turn_start != turn or table.status != "active":
            return
        seat.timeouts += 1
        seat.away = seat.timeouts >= 2
        table.clock.turn_timed_out = True  # (if saving fails, the retry plays the turn out at once)
        await self.save_meta(table)
        await self._cpu_move(table, seat, table.seq, 0, "timeout")

    def auto_pass_switched(self, table: Table, seat: Seat) -> None:
        """``seat``'s Auto-pass switch changed: switched on during its own turn, the window opens
        now and is run (a move being committed schedules the next step itself)."""
        if autopass.reopen_window(table, seat) and not table.lock.locked():
            self.schedule(table)

    async def _auto_pass_turn(self, table: Table, seat: Seat, turn: int, wait: float) -> None:
        """The turn's auto-pass window (:func:`cogs.table.autopass.run_window`), then, if the
        seat did not pass, its timer."""
        if await autopass.run_window(self, table, seat, turn, wait):
            return
        if table.clock.turn_deadline is not None:
            await self._turn_timer(table, seat, turn)

    async def _finish_stored(self, table: Table) -> None:
        """Store the results of a match whose last move is stored (an earlier try failed)."""
        async with table.lock:
            if table.status != "active" or (outcome := table.spec.engine.outcome(table.state)) is None:
                return
            await self.finish(table, outcome)
        self.announcer.request(table)


def _set_deadline(table: Table, left: float) -> None:
    table.clock.turn_deadline = time.time() + left  # shown to players as a Discord timestamp
    table.clock.turn_ends = asyncio.get_running_loop().time() + left  # what the timer waits for


def _time_left(timeout: float, began: str | None) -> float:
    """Seconds left of a turn that began at ``began`` (ISO UTC; ``None``: it begins now).

    At least :data:`RESUME_GRACE` (or the whole timeout, if shorter): a player cannot act while
    the bot is down, so a restart never makes their turn run out the moment it is back.
    """
    if began is None:
        return timeout
    try:
        elapsed = (datetime.now(UTC) - datetime.fromisoformat(began)).total_seconds()
    except ValueError:
        return timeout
    return min(timeout, max(min(RESUME_GRACE, timeout), timeout - elapsed))

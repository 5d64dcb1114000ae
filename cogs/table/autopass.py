"""Auto-pass: when a player's only legal move is a pass, the table passes for them, after a pause.

A seat whose player left the switch on (the default; the **Auto-pass** button of their live hand,
saved in the seat's meta) and who cannot do anything but pass (Goita's "cannot block", Dou Dizhu's
"cannot beat": the engine says which actions are passes, ``GameEngine.forced_pass``) passes with
no click. It must tell the thread nothing a pass made by hand would not:

* the pass is the player's own move: stored and narrated exactly as their click would be
  (``by="human"``, :data:`BY`), never as a CPU's move or a time-out;
* it is never instant: it comes after :data:`DELAY` seconds, drawn at random each time (2 to 6 s:
  the time a player watching their live hand takes to see "Pass" is all they can do and click
  it), so the pause does not single out a forced pass either;
* the turn's ping does not depend on it (:mod:`cogs.table.pings`): a player who is not playing
  in their live hand is pinged as the turn begins, forced pass or not, and one who is only once
  idle for longer than any pause. A ping held for the pause and posted when it ended without a
  pass would tell the thread the seat could play. A move the player makes within the turn's
  *window* (``clock.autopass_turn``) closes it: the table will not pass for them in that turn.

Who may be passed for is decided from public facts and the player's own switch only: a human
playing their own seat (not one the CPU plays for), in a game that has passes, who did not just
let a turn run out (:func:`applies`; an absent player is not kept "present" by passes they never
made). Whether the pass is forced is read from the seat's own view, privately, at the end of the
window. The window is a timed step of the turn clock (``turns.TurnClock``): supervised, retried
after a failure with no second pause, and planned again after a restart, with a fresh pause.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any, Protocol

import discord

from cogs.table import components as c
from cogs.table import limits
from cogs.table.model import Seat, StaleClick, Table
from i18n import t

DELAY = (2.0, 6.0)  # seconds: the random pause before a forced pass (and before the turn's ping)
BY = "human"  # an auto-pass is stored and narrated as the player's own pass
VERB = "autopass"  # the hand's switch: t:{game}:{seq}:autopass

_random = random.SystemRandom()  # not from the table's seed: nobody can work the pauses out


class _Announces(Protocol):
    def request(self, table: Table) -> None: ...


class Host(Protocol):
    """What the window needs of the table flow: its moves and its announcer."""

    @property
    def announcer(self) -> _Announces: ...

    async def act(
        self, table: Table, seat: Seat, action: Any, *, expected_seq: int | None, by: str
    ) -> None: ...


def pause() -> float:
    """A fresh random pause, in seconds, within :data:`DELAY`."""
    return _random.uniform(*DELAY)


def applies(table: Table, seat: Seat) -> bool:
    """Whether the table may pass for ``seat`` this turn (public facts and the seat's switch only)."""
    return table.spec.engine.has_passes and seat.auto_pass and not seat.cpu_plays and seat.timeouts == 0


def open_window(table: Table) -> None:
    """A turn begins: open its auto-pass window if the seat to act is one the table may pass for
    (its ping then waits for the window), else make sure none is open."""
    seat = table.to_act()
    open_for = seat is not None and table.status == "active" and applies(table, seat)
    table.clock.autopass_turn = table.clock.turn_start if open_for else None


def window_open(table: Table) -> bool:
    """Whether the current turn's auto-pass window is open (its ping held)."""
    return table.clock.autopass_turn is not None and table.clock.autopass_turn == table.clock.turn_start


def close_window(table: Table) -> None:
    """The player acted by hand within the window: the table will not pass for them this turn
    (if their turn goes on, its ping is theirs as on any turn: the announcer decides it)."""
    table.clock.autopass_turn = None


def reopen_window(table: Table, seat: Seat) -> bool:
    """The seat switched auto-pass on during its own turn: open the window now (``True``: the
    turn's next step must be planned again to run it)."""
    if (
        table.status != "active"
        or table.to_act() is not seat
        or window_open(table)
        or not applies(table, seat)
    ):
        return False
    table.clock.autopass_turn = table.clock.turn_start
    return True


def forced_pass(table: Table, seat: Seat) -> Any | None:
    """The pass, when it is the only legal move of ``seat`` (read from its own view)."""
    return table.spec.engine.forced_pass(table.view(seat.index).legal_actions)


async def run_window(host: Host, table: Table, seat: Seat, turn: int, wait: float) -> bool:
    """The window of turn ``turn``: after ``wait`` seconds, pass for ``seat`` if that is all it
    can do and it still wants that; otherwise close the window and let its ping out. Returns
    whether the turn is over for this step (passed, or the table moved on meanwhile)."""
    if wait:
        await asyncio.sleep(wait)
    if table.clock.turn_start != turn or table.status != "active" or not window_open(table):
        return True
    move = forced_pass(table, seat) if applies(table, seat) else None
    if move is None:
        table.clock.autopass_turn = None
        host.announcer.request(table)  # the ping held for the window goes out now
        return False
    with contextlib.suppress(StaleClick):  # (the player clicked meanwhile)
        await host.act(table, seat, move, expected_seq=table.seq, by=BY)
    return True


# --- the switch in the live hand -------------------------------------------------------------


def toggle_button(table: Table, seat: int, locale: str) -> discord.ui.Button[Any] | None:
    """The hand's **Auto-pass: on/off** button (``None``: the game has no passes, or a CPU seat)."""
    if not table.spec.engine.has_passes or table.seats[seat].is_cpu:
        return None
    on = table.seats[seat].auto_pass
    label = t(locale, "autopass.on" if on else "autopass.off")
    return c.button(c.table_id(table.id, table.seq, VERB), label, "success" if on else "secondary", emoji="⏭️")


def with_toggle(
    table: Table, seat: int, locale: str, controls: discord.ui.View | None
) -> discord.ui.View | None:
    """``controls`` (a hand's components) with the switch added, when there is room."""
    button = toggle_button(table, seat, locale)
    if button is None:
        return controls
    controls = controls if controls is not None else c.view_of([])
    if len(controls.children) < limits.COMPONENTS:
        controls.add_item(button)
    return controls

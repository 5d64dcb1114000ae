"""The turn ping and the one-minute warning: short public posts that mention the player to act.

Everyone in the thread reads them, so they say only what the table already shows: who is to
act, until when (a live Discord timestamp), and what kind of decision is pending when the public
view shows it (its ``phase``: "koi-koi or shōbu", "block or pass"), never the player's options
or anything their hand would tell. They are built from the :class:`~cogs.table.public.PublicView`
alone; the announcer posts them (:mod:`cogs.table.announcer`).

**A quiet turn.** A player who is playing in their live hand (:mod:`cogs.table.live.hands`) sees their
turn come there, so the thread does not ping them at once: the ping waits until they have been
idle for :func:`idle_after` (30 seconds, or a quarter of the turn timer if that is shorter), and
never comes if they play before. "Playing in their live hand" (:func:`active`) means: the seat
has a live hand (opened, or clicked in, less than 14 minutes ago: its token still edits it), no
turn of theirs ran out since their last move, and either their previous move was a click in it,
or they opened it or clicked in it at most :data:`ACTIVE_WINDOW` before their turn began. "Idle"
means no click in that hand since the later of the turn's start and their last click. Anyone else
is pinged as the turn begins, as before; the one-minute warning is unchanged. :func:`quiet_until`
says until when a turn's ping waits; the turn clock's ``idle`` step
(``turns.TurnClock._idle_ping``, supervised: retried if Discord or the store fail, and planned
again after a restart) posts it then, unless the player moved or clicked meanwhile.
"""

from __future__ import annotations

from typing import Any

from cogs.table import autopass
from cogs.table import components as c
from cogs.table.model import Seat, Table
from cogs.table.public import PublicView, require_public
from i18n import t


def decision(table: Table, public: PublicView[Any], locale: str) -> str | None:
    """What kind of decision the public view shows pending (``<game>.ping.<phase>``), if the
    game names one for that phase."""
    phase = table.spec.engine.phase_of(require_public(public).view)
    if phase is None:
        return None
    key = f"{table.game}.ping.{phase}"
    text = t(locale, key)
    return None if text == key else text


def _pinged(table: Table) -> Seat | None:
    """The seat a ping is for: a human to act in a running match (never one the CPU plays for).

    Whether the turn will end in an auto-pass (:mod:`cogs.table.autopass`) never changes the
    ping: a player who is not in their live hand is pinged as the turn begins, forced pass or
    not, and an active one only once idle for :func:`idle_after`, which is longer than any
    auto-pass pause. (Holding the ping for the pause and posting it when the pause ended
    without a pass would have told the thread exactly when the seat had a choice.)"""
    seat = table.to_act()
    if table.status != "active" or seat is None or seat.cpu_plays:
        return None
    return seat


def owed(table: Table) -> bool:
    """Whether the turn in progress owes a ping: a human (not away) is to act in a running match."""
    return _pinged(table) is not None


def _payload(table: Table, content: str) -> dict[str, Any]:
    """A ping's message: its text and the button that opens the player's hand."""
    button = c.button(
        c.table_id(table.id, table.seq, "turn"), t(table.locale, "table.open_hand"), "primary", emoji="🎴"
    )
    return {"content": content, "view": c.view_of([button])}


def ping_message(table: Table, public: PublicView[Any]) -> dict[str, Any] | None:
    """The turn ping: "🔔 @alice, your turn: koi-koi or shōbu · ⏰ time runs out in 5 minutes"
    (``None``: nobody to ping)."""
    require_public(public)  # refused even when nobody is to be pinged: the caller has a bug
    seat = _pinged(table)
    if seat is None:
        return None
    loc = table.locale
    what = decision(table, public, loc)
    if what is None:
        content = t(loc, "table.ping", who=seat.mention())
    else:
        content = t(loc, "table.ping_decision", who=seat.mention(), what=what)
    if table.clock.turn_deadline is not None:
        content += " · " + t(loc, "table.deadline", at=f"<t:{int(table.clock.turn_deadline)}:R>")
    return _payload(table, content)


def warning_message(table: Table, public: PublicView[Any]) -> dict[str, Any] | None:
    """The warning a minute before the turn's timer runs out (``None``: no timer, or no human)."""
    require_public(public)
    seat = _pinged(table)
    if seat is None or table.clock.turn_deadline is None:
        return None
    at = f"<t:{int(table.clock.turn_deadline)}:R>"
    return _payload(table, t(table.locale, "table.ping_warning", who=seat.mention(), at=at))


IDLE_AFTER = 30.0  # seconds without a click in the live hand, on one's turn, before the ping comes
ACTIVE_WINDOW = 300.0  # a live hand used this long before one's turn began counts as in use


def idle_after(table: Table) -> float:
    """How long an active player may be idle on their turn before the ping comes: 30 seconds, or
    a quarter of the turn timer if that is shorter (so the ping always comes well before the
    one-minute warning)."""
    if table.turn_timeout > 0:  # never shorter than an auto-pass pause (see _pinged)
        return max(min(IDLE_AFTER, table.turn_timeout / 4), autopass.DELAY[1] + 1)
    return IDLE_AFTER


def active(table: Table, seat: Seat) -> bool:
    """Whether ``seat``'s player is playing in their live hand (see the module's docstring)."""
    hand = table.live.hands.get(seat.index)
    if hand is None or table.clock.turn_began is None or seat.timeouts:  # a turn ran out: not at the table
        return False
    return bool(hand.moved) or hand.used_at >= table.clock.turn_began - ACTIVE_WINDOW


def quiet_until(table: Table) -> float | None:
    """Until when (the event loop's clock) the ping of the turn in progress waits because its
    player is playing in their live hand; ``None``: nobody to ping, or no reason to wait."""
    seat = _pinged(table)
    if seat is None or table.clock.turn_began is None or not active(table, seat):
        return None
    used_at: float = table.live.hands[seat.index].used_at
    return max(table.clock.turn_began, used_at) + idle_after(table)

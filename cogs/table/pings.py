"""The turn ping and the one-minute warning: short public posts that mention the player to act.

Everyone in the thread reads them, so they say only what the table already shows: who is to
act, until when (a live Discord timestamp), and what kind of decision is pending when the public
view shows it (its ``phase``: "koi-koi or shōbu", "block or pass"), never the player's options
or anything their hand would tell. They are built from the :class:`~cogs.table.public.PublicView`
alone; the announcer posts them (:mod:`cogs.table.announcer`).
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
    """The seat a ping is for: a human to act in a running match (never one the CPU plays for),
    once its turn's auto-pass window is closed (:mod:`cogs.table.autopass`)."""
    seat = table.to_act()
    if table.status != "active" or seat is None or seat.cpu_plays:
        return None
    if autopass.window_open(table):  # held until the auto-pass window closes, forced pass or not
        return None
    return seat


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

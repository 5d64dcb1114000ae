"""Spectators and coaches at a table: who is one, what everyone is told, and ``/coach``.

A spectator watches a running match through a private view of the public table
(:mod:`cogs.table.spectators`); they can never act. A seated player may name **one** spectator as
their coach: that spectator's view then also shows this seat's hand, and every seat, the board
and every spectator are told so (one line each). A user coaches one seat of a match at most, is
never seated at it, and the arrangement ends with the match or when the seat changes hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import store.spectators as spectator_store
from cogs.table.model import Coach, Seat, Table
from engine.core import GameError
from i18n import t, tn

if TYPE_CHECKING:
    import discord

    from cogs.table.host import CoachHost


def coached_seat(table: Table, user_id: int) -> int | None:
    """The seat whose hand ``user_id`` may see as its coach, if any."""
    return next((c.seat for c in table.live.coaches.values() if c.user_id == user_id), None)


def is_spectator(table: Table, user_id: int) -> bool:
    """Whether ``user_id`` watches this running match (a live view, or as a coach) unseated."""
    if table.seat_of(user_id) is not None:
        return False
    return user_id in table.live.watchers or coached_seat(table, user_id) is not None


def spectating() -> GameError:
    """The refusal of any move, hand or seat button clicked by a spectator."""
    return GameError("You are watching this match; only seated players can play.", key="spectating")


def not_seated(table: Table, user_id: int) -> GameError:
    """Why someone without a seat cannot play: they watch, or they simply are not seated."""
    if is_spectator(table, user_id):
        return spectating()
    return GameError("You are not seated at this table.", key="not_seated")


def coach_lines(table: Table, locale: str) -> list[str]:
    """ "🎓 Aki shows their hand to Ben", one per seat that has a coach (seen by everyone)."""
    lines = []
    for seat, coach in sorted(table.live.coaches.items()):
        if seat < len(table.seats):
            lines.append(t(locale, "spectators.coach_line", player=table.seats[seat].name, coach=coach.name))
    return lines


def watch_line(table: Table, locale: str) -> str | None:
    """ "👁 2 watching", when anyone watches (a watcher who took a seat since is a player)."""
    count = sum(table.seat_of(user_id) is None for user_id in table.live.watchers)
    return tn(locale, "spectators.watching", count) if count else None


def board_lines(table: Table, locale: str) -> list[str]:
    """What the board and the views say about spectators: the coaches, then the count."""
    line = watch_line(table, locale)
    return [*coach_lines(table, locale), *([line] if line else [])]


# --- /coach ------------------------------------------------------------------------------------


def _check_coach(table: Table, seat: Seat, user: discord.abc.User) -> None:
    """Refuse a coach who could see more than one hand, or who is not a spectator at all."""
    if table.status != "active":
        raise GameError("The match has not started yet.", key="not_started")
    if user.id == seat.user_id:
        raise GameError("You cannot be your own coach.", key="coach_self")
    if user.bot:
        raise GameError("A bot cannot be a coach.", key="coach_bot")
    if table.seat_of(user.id) is not None:
        raise GameError(
            "A player of this match cannot be a coach.", key="coach_seated", who=user.display_name
        )
    other = coached_seat(table, user.id)
    if other is not None and other != seat.index:
        raise GameError("They already coach another seat.", key="coach_taken", who=user.display_name)


async def set_coach(tables: CoachHost, table: Table, seat: Seat, user: discord.abc.User) -> Coach:
    """Let ``user`` see ``seat``'s hand (replacing its coach, if any): stored, then everyone told."""
    async with table.lock:
        _check_coach(table, seat, user)
        coach = Coach(seat.index, user.id, user.display_name)
        row = spectator_store.CoachRow(seat.index, user.id, user.display_name)
        await spectator_store.set_coach(tables.db, table.id, row)
        tables.spectators.coached(table, coach)
    await tables.spectators.changed(table)
    return coach


async def clear_coach(tables: CoachHost, table: Table, seat: Seat) -> Coach:
    """Stop showing ``seat``'s hand to its coach; the coach it had (a GameError if none)."""
    async with table.lock:
        coach = table.live.coaches.get(seat.index)
        if coach is None or table.status != "active":
            raise GameError("Nobody sees your hand.", key="coach_none")
        await spectator_store.drop_coach(tables.db, table.id, seat.index)
        tables.spectators.uncoached(table, seat.index)
    await tables.spectators.changed(table)
    return coach


async def seat_changed(tables: CoachHost, table: Table, index: int, user_id: int | None) -> None:
    """Seat ``index`` changes hands (the caller holds the lock): the old player's coach ends, and a
    new player who coached another seat stops coaching it (a player never sees two hands)."""
    ended = [index]
    if user_id is not None and (other := coached_seat(table, user_id)) is not None:
        ended.append(other)
    for seat in ended:
        if tables.spectators.uncoached(table, seat) is not None:
            await spectator_store.drop_coach(tables.db, table.id, seat)
    if user_id is not None and user_id in table.live.watchers:
        tables.spectators.forget(table, user_id)  # seated now: no longer one of the watchers
    await tables.spectators.changed(table)

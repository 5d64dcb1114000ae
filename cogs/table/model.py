"""A table in memory: its seats, its rules and the current engine state.

The store holds the durable truth (the game row and the action log); a :class:`Table` is
rebuilt from it after a restart by replaying the actions through the engine.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from typing import Any, cast

from cogs.table.parts import Board, Clock, Coach, LiveViews, Outbox, Pending, Pings, Supervision
from cogs.table.public import PublicView, SeatView
from cogs.table.spec import GameSpec
from engine.core import GameError

# Pending, Coach and Board are the parts' (parts.py); still importable from here.
__all__ = ["Board", "Coach", "Paused", "Pending", "Seat", "StaleClick", "Table"]


class StaleClick(GameError):
    """A button or command aimed at an earlier turn than the current one."""

    key = "stale"


class Paused(GameError):
    """A click or command at a paused table (``Table.supervision.paused``): refused with the pause's reason,
    in the player's language (``error.paused_<reason>``); nothing changes."""

    def __init__(self, reason: str) -> None:
        message = f"This match is paused ({reason}); it goes on when that is over."
        super().__init__(message, key=f"paused_{reason}")


@dataclass(slots=True)
class Seat:
    index: int
    user_id: int | None  # None: a CPU seat
    name: str
    away: bool = False  # the human let two turns run out: the CPU plays until "I'm back"
    timeouts: int = 0  # turns in a row the timer ran out
    level: str | None = None  # a CPU seat's level (engine.ai.levels.Level value); None: normal
    tutorial_skipped: bool = False  # a learn table's player pressed Skip tutorial (saved in meta)
    tutorial_from: int = 0  # the seat's moves when this player took it: their tutorial starts after
    auto_pass: bool = True  # the table passes for them when a pass is all they can do (autopass.py)

    @property
    def is_cpu(self) -> bool:
        return self.user_id is None

    @property
    def cpu_plays(self) -> bool:
        return self.is_cpu or self.away

    def mention(self) -> str:
        return f"<@{self.user_id}>" if self.user_id is not None else f"**{self.name}**"

    def to_meta(self) -> dict[str, Any]:
        meta: dict[str, Any] = {"away": self.away, "timeouts": self.timeouts}
        if self.level is not None:
            meta["level"] = self.level
        if self.tutorial_skipped:
            meta["tutorial_skipped"] = True
        if self.tutorial_from:
            meta["tutorial_from"] = self.tutorial_from
        if not self.auto_pass:  # (on unless switched off: older metas have no key)
            meta["auto_pass"] = False
        return meta


@dataclass(slots=True)
class Table:
    id: int
    game: str
    spec: GameSpec
    guild_id: int
    channel_id: int  # where the lobby message is
    host_id: int
    rules: Any
    options: dict[str, Any]
    locale: str  # language of the public messages
    turn_timeout: float
    host_name: str = ""
    seats: list[Seat] = field(default_factory=list)
    seed: int = 0
    status: str = "lobby"  # lobby, active, finished, abandoned, cancelled (moved: another process's)
    thread_id: int | None = None
    lobby_message_id: int | None = None
    state: Any = None
    seq: int = 0  # moves applied so far; buttons carry it to refuse stale clicks
    # seat -> its stored moves so far, whoever made them (its player, the CPU while they were away
    # or after a time-out, an earlier player of the seat); rebuilt from the log on resume
    moves_by_seat: dict[int, int] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    committing: asyncio.Task[Any] | None = None  # the task storing and announcing a move
    finishing: bool = False  # the last move is stored, its results not yet: its narration waits
    # --- the parts each service owns and writes (cogs/table/parts.py) ---
    outbox: Outbox = field(default_factory=Outbox)  # announcer.py
    clock: Clock = field(default_factory=Clock)  # turns.py
    pings: Pings = field(default_factory=Pings)  # announcer.py
    live: LiveViews = field(default_factory=LiveViews)  # hands.py, spectators.py
    supervision: Supervision = field(default_factory=Supervision)  # supervisor.py

    @property
    def play_channel_id(self) -> int:
        """Where the match is played: its thread when there is one."""
        return self.thread_id or self.channel_id

    @property
    def seat_count(self) -> int:
        return int(self.options.get("seats", self.spec.engine.min_seats))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def to_act(self) -> Seat | None:
        if self.state is None:
            return None
        index = self.spec.engine.to_act(self.state)
        return None if index is None else self.seats[index]

    def view(self, seat: int) -> SeatView:
        """Seat ``seat``'s own view (its hand, its moves): for that seat's private messages only
        (its live hand, ``/hand``, hints, its coach) and its CPU. Whatever others may read is
        built from :meth:`public_view`."""
        if not isinstance(seat, int):  # view(None) was the public view: it has a type of its own now
            raise TypeError("a seat's view needs a seat index; public posts take Table.public_view()")
        return cast(SeatView, self.spec.engine.view(self.state, seat))

    def public_view(self) -> PublicView[Any]:
        """The table as anyone may see it (the engine's ``view(state, None)``): what every public
        post is built from (:mod:`cogs.table.public`)."""
        return PublicView(self.spec.engine.view(self.state, None))

    def meta(self, seat_changes: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
        """Table-flow facts that are not moves, saved beside the game row; ``seat_changes``: the
        meta as it will be once those seats' fields are changed (saved first, then changed)."""
        paused = self.supervision.paused
        changes = seat_changes or {}
        seats = [replace(s, **changes[s.index]) if s.index in changes else s for s in self.seats]
        return {
            "locale": self.locale,
            "host_name": self.host_name,
            "turn_timeout": self.turn_timeout,
            "lobby_message_id": self.lobby_message_id,
            "seats": [s.to_meta() for s in seats],
            **({"paused": paused, "paused_left": self.supervision.paused_left} if paused is not None else {}),
        }

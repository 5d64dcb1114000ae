"""A table in memory: its seats, its rules and the current engine state.

The store holds the durable truth (the game row and the action log); a :class:`Table` is
rebuilt from it after a restart by replaying the actions through the engine.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from cogs.table.spec import GameSpec


@dataclass(slots=True)
class Seat:
    index: int
    user_id: int | None  # None: a CPU seat
    name: str
    away: bool = False  # the human let two turns run out: the CPU plays until "I'm back"
    timeouts: int = 0  # turns in a row the timer ran out

    @property
    def is_cpu(self) -> bool:
        return self.user_id is None

    @property
    def cpu_plays(self) -> bool:
        return self.is_cpu or self.away

    def mention(self) -> str:
        return f"<@{self.user_id}>" if self.user_id is not None else f"**{self.name}**"

    def to_meta(self) -> dict[str, Any]:
        return {"away": self.away, "timeouts": self.timeouts}


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
    status: str = "lobby"  # lobby, active, finished, cancelled
    thread_id: int | None = None
    lobby_message_id: int | None = None
    state: Any = None
    seq: int = 0  # moves applied so far; buttons carry it to refuse stale clicks
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    committing: asyncio.Task[Any] | None = None  # the task storing and announcing a move
    # After a restart: when the turn in progress began (ISO UTC, its last stored move), so the
    # turn timer gives the player only what was left of it. Used once, then cleared.
    turn_began: str | None = None
    # Narration of moves not posted yet: a seat that acts again at once (Goita's block then
    # attack) gets one table post for its whole turn.
    held_lines: list[str] = field(default_factory=list)

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

    def view(self, seat: int | None) -> Any:
        return self.spec.engine.view(self.state, seat)

    def meta(self) -> dict[str, Any]:
        """Table-flow facts that are not moves, saved beside the game row."""
        return {
            "locale": self.locale,
            "host_name": self.host_name,
            "turn_timeout": self.turn_timeout,
            "lobby_message_id": self.lobby_message_id,
            "seats": [s.to_meta() for s in self.seats],
        }

"""The store's errors, the same whatever engine runs it (a leaf module: it imports nothing).

Callers catch these, never an engine's own class: both backends (:mod:`store.backends`) turn a
broken constraint into :class:`Conflict` (a unique key already taken) or
:class:`ConstraintViolation` (any other constraint), so code and tests read the same on SQLite
and PostgreSQL.
"""

from __future__ import annotations


class StoreError(Exception):
    """Base class for the store's own errors."""


class MigrationError(StoreError):
    """The schema could not be brought up to date; the database was left as it was."""


class GameNotFound(StoreError):
    """No game has that id."""


class WrongStatus(StoreError):
    """The game is not in a status that allows this operation (e.g. acting on a finished game)."""


class ChannelBusy(StoreError):
    """The channel or thread already hosts a lobby or an active game."""

    def __init__(self, message: str, game_id: int) -> None:
        super().__init__(message)
        self.game_id = game_id


class StaleAction(StoreError):
    """An action with this ``(game_id, seq)`` is already stored; nothing was written."""

    def __init__(self, game_id: int, seq: int, next_seq: int) -> None:
        super().__init__(f"game {game_id}: action {seq} is stale, the next action is {next_seq}")
        self.game_id = game_id
        self.seq = seq
        self.next_seq = next_seq


class ConstraintViolation(StoreError):
    """A statement broke one of the schema's constraints (a foreign key, NOT NULL, CHECK, or a
    unique key: :class:`Conflict`); the statement wrote nothing. The engine's error is the cause."""


class Conflict(ConstraintViolation):
    """A row with the same unique key (a primary key or UNIQUE) is already stored: a second
    writer, or a double click, got there first. The statement wrote nothing."""

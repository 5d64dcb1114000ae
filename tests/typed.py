"""Typed helpers for tests: one event of an event tuple (typed as a union of events), any game's
view, the seat to act, and values the type checker is told to let through."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

E = TypeVar("E")


class AnyView(Protocol):
    """What every game's view offers a test that drives any game."""

    @property
    def legal_actions(self) -> tuple[object, ...]: ...


def acting(to_act: int | None) -> int:
    """The seat to act of a game still running (``to_act`` is ``None`` once it is over)."""
    assert to_act is not None, "the game is over"
    return to_act


def unchecked(value: object) -> Any:
    """``value``, let through the type checker: a value of the wrong type handed over on purpose
    (to see it refused), or a stand-in offering only what the code under test uses."""
    return value


def event_at(events: Sequence[object], index: int, kind: type[E]) -> E:
    """``events[index]``, checked to be a ``kind``."""
    event = events[index]
    assert isinstance(event, kind), event
    return event

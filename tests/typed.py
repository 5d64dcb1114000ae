"""Typed access to one event of an engine's event tuple (the tuple's type is a union of events)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

E = TypeVar("E")


def event_at(events: Sequence[object], index: int, kind: type[E]) -> E:
    """``events[index]``, checked to be a ``kind``."""
    event = events[index]
    assert isinstance(event, kind), event
    return event

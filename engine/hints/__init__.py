"""Hints for learners: what a seat's own view says about its turn, in structured lines.

Every function here takes a seat's VIEW (never a state), so a hint can only repeat what the
player could work out from the cards they see: two states that look the same to a seat give
the same hints (``tests/engine/test_hints.py`` checks it). A hint is a tuple of :class:`Line`
values; the cogs turn each into words with ``i18n`` (``learn.hint.<key>``), so the engine stays
free of language.

Parameter values are plain data: ints, strings (card or move notation), :class:`Progress`
(a yaku's "3/5"), tuples of those, or an engine action (the cogs name it with the game's own
``action_label``). A parameter whose name ends in ``_key`` is an i18n key to translate; ``seat``
is a seat index the cogs replace by the player's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Hints", "Line", "Progress", "line"]


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a seat is towards one goal (a yaku, a set): ``have`` of ``need``."""

    name_key: str  # i18n key of the goal's name (the game's own yaku names)
    have: int
    need: int

    @property
    def left(self) -> int:
        return max(0, self.need - self.have)


@dataclass(frozen=True, slots=True)
class Line:
    """One hint: ``learn.hint.<key>`` filled with ``params`` (sorted name/value pairs)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)


Hints = tuple[Line, ...]


def line(key: str, **params: Any) -> Line:
    """A :class:`Line` with its parameters in a fixed order (so equal hints compare equal)."""
    return Line(key, tuple(sorted(params.items())))

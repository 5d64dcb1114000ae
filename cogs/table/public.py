"""What everyone at a table may see: the public view, as a type of its own.

Everything the bot posts where others can read it (the board's text and image, narration,
pings, warnings, results, spectators' views, the lobby) is built from the engine's public view
(``view(state, None)``) and the public events, never from a seat's view. To make the wrong path
hard to write, the public view travels wrapped in :class:`PublicView`, which only
:meth:`cogs.table.model.Table.public_view` makes, and the public builders take a ``PublicView``:
a seat's view (the engine's bare view, from ``Table.view(seat)``, kept for that seat's private
messages) is another type, so handing one to a public builder is a type error, and it is
refused at run time too (:func:`require_public`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

V = TypeVar("V")


class SeatView(Protocol):
    """A seat's own view (the engine's ``view(state, seat)``): its hand and, on its turn, its
    moves. For that seat's private messages only; it is not a :class:`PublicView`, so a public
    builder given one is a type error (any of the engine's view fields reads as ``Any``)."""

    @property
    def legal_actions(self) -> tuple[Any, ...]: ...

    def __getattr__(self, name: str) -> Any: ...


@dataclass(frozen=True, slots=True)
class PublicView(Generic[V]):
    """The engine's view for seat ``None``: no hand, no legal actions, nobody's secrets.

    Made by ``Table.public_view()``; the check below refuses any view that belongs to a seat
    (one that names its seat, holds a hand or offers moves), whoever wraps it.
    """

    view: V

    def __post_init__(self) -> None:
        seen: Any = self.view
        if (
            isinstance(seen, PublicView)
            or getattr(seen, "seat", None) is not None
            or getattr(seen, "hand", None) is not None
            or bool(getattr(seen, "legal_actions", None))
        ):
            raise TypeError(f"a seat's view is not public: {type(seen).__name__}")


def require_public(public: object) -> PublicView[Any]:
    """``public`` itself if it is a :class:`PublicView`; anything else (a seat's view, a bare
    public view that skipped ``Table.public_view``) is a bug: refused before anything is posted."""
    if not isinstance(public, PublicView):
        raise TypeError(f"a public post needs the table's PublicView, not {type(public).__name__}")
    return public

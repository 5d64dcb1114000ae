"""A CPU for Goita's solo / co-op memory mode, deciding from a :class:`MemoryView` only.

It plays the turn of a co-op player whose timer ran out (and a table of CPUs). It remembers
nothing between turns (the view is all it has): pairs are captured by the engine as soon as they
are visible, so the only choices are which face-down piece to turn and what to discard.

- Flip: a face-down place at random (it cannot know what lies under any of them).
- Discard: the lowest-value visible piece that is not a guard (it goes back face down otherwise
  and would be a wasted memory), else the lowest-value guard; face-down pieces are discarded only
  when nothing is visible.
"""

from __future__ import annotations

import random

from engine.core import NotYourTurn
from engine.goita.memory import VALUES, Discard, Flip, MemoryAction, MemoryView


def choose_action(view: MemoryView, rng: random.Random | None = None) -> MemoryAction:
    """The CPU's move for the seat of ``view`` (which must be the seat to act)."""
    if view.seat is None or view.seat != view.to_act or not view.legal_actions:
        raise NotYourTurn("The CPU can only move for the seat to act.", key="not_your_turn")
    rng = rng or random.Random(0)
    legal = view.legal_actions
    if view.phase != "discard":
        flips = [a for a in legal if isinstance(a, Flip)]
        return rng.choice(flips) if flips else legal[0]
    discards = [a for a in legal if isinstance(a, Discard)]
    visible = [a for a in discards if view.cells[a.pos] is not None]
    if not visible:
        return rng.choice(discards)
    guards = set(view.guards)

    def cost(a: Discard) -> tuple[bool, int, float]:
        piece = view.cells[a.pos]
        assert piece is not None
        return (a.pos in guards, VALUES[int(piece)], rng.random())

    return min(visible, key=cost)

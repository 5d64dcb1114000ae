"""Roppyakken for the generic search (``engine.ai.search``): playout policy, value and horizon.

The determinization is :mod:`engine.ai.roppyakken.determinize`. Playouts are played by the
normal CPU for each seat to act and end with the round; a playout
is worth the seat's match points minus the mean of the others' (a round's points are what the
race to the target adds up).
"""

from __future__ import annotations

import random

from engine.ai.roppyakken.heuristic import _best, _score, _Table, score_moves
from engine.hanafuda.roppyakken.game import legal_actions
from engine.hanafuda.roppyakken.state import State
from engine.hanafuda.roppyakken.types import Action, Phase, RoppyakkenView

__all__ = ["candidates", "done", "policy", "value"]

TOP = 3  # root moves searched: the normal CPU's best few (the rest share no budget)…
# …within this many points of its best: a round's points swing by hundreds, so a few dozen
# playouts cannot tell apart moves the heuristic already ranks far apart; searching them only
# lets noise overrule a clear choice (measured: no gain over normal with every move searched).
WINDOW = 60.0


def policy(s: State, rng: random.Random) -> Action:
    """The playout move: the normal CPU's choice for the seat to act, read off the sampled
    state's masks (what that seat sees: its hand, the field, the piles), without a view."""
    seat = s.to_act
    assert seat is not None
    theirs = [c for i, c in enumerate(s.captured) if i != seat]
    t = _Table(s.rules, s.field, s.hands[seat], s.captured[seat], theirs, s.pending)
    return _best(_score(t, legal_actions(s), s.pending), rng)


def value(state: State, seat: int) -> float:
    """The seat's match points minus the mean of the others'."""
    scores = state.scores
    others = sum(scores) - scores[seat]
    return float(scores[seat] - others / (len(scores) - 1))


def done(root: State, state: State) -> bool:
    """The horizon: the round of the decision is over."""
    return state.phase is Phase.OVER or state.round_no != root.round_no


def candidates(view: RoppyakkenView) -> list[Action]:
    """The root moves worth searching: the normal CPU's ``TOP`` best-scored ones within
    ``WINDOW`` of its best, in its order (one: played without a search)."""
    scored = sorted(score_moves(view), key=lambda p: -p[1])
    best = scored[0][1]
    return [a for a, v in scored[:TOP] if v >= best - WINDOW]

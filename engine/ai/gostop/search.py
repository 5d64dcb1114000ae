"""Go-Stop for the generic search (``engine.ai.search``): playout policy, value and horizon.

The determinization is :mod:`engine.ai.gostop.determinize`. Playouts are played by the normal
CPU for each seat to act (on the sampled state's masks: no view is built); a playout ends with
the round and is worth the seat's match points relative to the others (payments are
zero-sum). Only the normal CPU's best few root moves are searched (:func:`candidates`).
"""

from __future__ import annotations

import random

from engine.ai.gostop.heuristic import _best, _score, _Table, score_moves, stop_reason
from engine.hanafuda.gostop.game import legal_actions
from engine.hanafuda.gostop.scoring import points_of
from engine.hanafuda.gostop.state import State
from engine.hanafuda.gostop.types import Action, Go, GoStopView, Phase, Stop

__all__ = ["candidates", "done", "policy", "value"]

TOP = 4  # root moves searched: the normal CPU's best few (the rest share no budget)


def policy(s: State, rng: random.Random) -> Action:
    """The playout move: the normal CPU's choice for the seat to act, read off the sampled
    state's masks (what that seat sees), without building its view."""
    seat = s.to_act
    assert seat is not None
    decide: Action | None = None
    if s.phase is Phase.DECIDE:
        opp_best = max(points_of(c, s.cup) for i, c in enumerate(s.captured) if i != seat)
        stop = stop_reason(
            seats=s.n,
            threshold=s.rules.threshold(s.n),
            opp_best=opp_best,
            cards_left=s.hands[seat].bit_count() + s.flips[seat],
            pile=len(s.pile) - s.pile_pos,
            gos=s.gos[seat],
            shakes=s.shakes[seat],
        )
        decide = Stop() if stop else Go()
    t = _Table(s.field, s.hands[seat], s.captured[seat], s.n)
    flipped = s.pending[2] if s.pending is not None else -1
    return _best(_score(t, s.phase, legal_actions(s), flipped, decide), rng)


def value(state: State, seat: int) -> float:
    """The seat's match points minus the mean of the others'."""
    scores = state.scores
    others = sum(scores) - scores[seat]
    return float(scores[seat] - others / (len(scores) - 1))


def done(root: State, state: State) -> bool:
    """The horizon: the round of the decision is over."""
    return state.phase is Phase.OVER or state.round_no != root.round_no


def candidates(view: GoStopView) -> list[Action]:
    """The root moves worth searching: the normal CPU's ``TOP`` best-scored ones, in its order."""
    scored = sorted(score_moves(view), key=lambda p: -p[1])
    return [a for a, _ in scored[:TOP]]

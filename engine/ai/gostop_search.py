"""Go-Stop for the generic search (``engine.ai.search``): playout policy, value and horizon.

The determinization is :mod:`engine.ai.gostop_determinize`. Playouts are played by the normal
CPU on the sampled state's view of each seat to act; a playout ends with the round, and is
worth the seat's match points relative to the others (payments are zero-sum).
"""

from __future__ import annotations

import random

from engine.ai.gostop import choose_action
from engine.hanafuda.gostop import ENGINE
from engine.hanafuda.gostop.state import State
from engine.hanafuda.gostop.types import Action, Phase

__all__ = ["done", "policy", "value"]


def policy(state: State, rng: random.Random) -> Action:
    """The playout move: the normal CPU on the sampled state's view of the seat to act."""
    return choose_action(ENGINE.view(state, state.to_act), rng)


def value(state: State, seat: int) -> float:
    """The seat's match points minus the mean of the others'."""
    scores = state.scores
    others = sum(scores) - scores[seat]
    return float(scores[seat] - others / (len(scores) - 1))


def done(root: State, state: State) -> bool:
    """The horizon: the round of the decision is over."""
    return state.phase is Phase.OVER or state.round_no != root.round_no

"""Goita for the generic search (``engine.ai.search``): playout policy, value and horizon.

The determinization is :mod:`engine.ai.goita_determinize`. Playouts are played by the normal
CPU on the sampled state's view of each seat to act and end with the round; a playout is worth
the seat's team points minus the mean of the other teams' (2 and 3 players: every seat is a
team).
"""

from __future__ import annotations

import random

from engine.ai.goita import choose_action, score_moves
from engine.goita import ENGINE
from engine.goita.state import State
from engine.goita.types import Action, Phase

__all__ = ["candidates", "done", "policy", "value"]

TOP = 3  # root moves searched: the normal CPU's best few (noise among eight Downs cost more than it won)


def policy(state: State, rng: random.Random) -> Action:
    """The playout move: the normal CPU on the sampled state's view of the seat to act."""
    return choose_action(ENGINE.view(state, state.to_act), rng)


def value(state: State, seat: int) -> float:
    """The seat's team points minus the mean of the other teams'."""
    scores = state.scores
    mine = scores[state.team_of(seat)]
    return float(mine - (sum(scores) - mine) / (len(scores) - 1))


def done(root: State, state: State) -> bool:
    """The horizon: the round of the decision is over."""
    return state.phase is Phase.OVER or state.round_no != root.round_no


def candidates(view: object) -> list[Action]:
    """The root moves worth searching: the normal CPU's ``TOP`` best-scored ones, in its order."""
    scored = sorted(score_moves(view), key=lambda p: -p[1])  # type: ignore[arg-type]
    return [a for a, _ in scored[:TOP]]

"""Goita for the generic search (``engine.ai.search``): playout policy, value and horizon.

The determinization is :mod:`engine.ai.goita.determinize`. Playouts are played by the normal
CPU for each seat to act and end with the round; a playout is worth
the seat's team points minus the mean of the other teams' (2 and 3 players: every seat is a
team).
"""

from __future__ import annotations

import random

from engine.ai.goita.heuristic import pick, score, score_moves
from engine.goita.game import legal_actions
from engine.goita.state import HIDDEN, State
from engine.goita.types import SET_COUNTS, Action, GoitaView, Phase

__all__ = ["candidates", "done", "policy", "value"]

TOP = 3  # root moves searched: the normal CPU's best few (noise among eight Downs cost more than it won)


def policy(s: State, rng: random.Random) -> Action:
    """The playout move: the normal CPU's choice for the seat to act, read off the sampled
    state (what that seat sees: its hand, every face-up piece, its own face-down ones),
    without building its view."""
    seat = s.to_act
    assert seat is not None
    hand = list(s.hands[seat])
    partner = s.attacker >= 0 and s.team_of(s.attacker) == s.team_of(seat)
    attack = s.attack if s.attack >= 0 else None

    def out() -> list[int]:
        left = [SET_COUNTS[k] - hand[k] for k in range(8)]
        for i, row in enumerate(s.laid):
            for code in row:
                if code < HIDDEN:
                    left[code] -= 1
                elif i == seat:
                    left[code - HIDDEN] -= 1
        return left

    legal = legal_actions(s)
    return pick(
        score(s.phase, legal, hand, s.values, partner, attack, out, s.rules.king_face_down_counts), rng
    )


def value(state: State, seat: int) -> float:
    """The seat's team points minus the mean of the other teams'."""
    scores = state.scores
    mine = scores[state.team_of(seat)]
    return float(mine - (sum(scores) - mine) / (len(scores) - 1))


def done(root: State, state: State) -> bool:
    """The horizon: the round of the decision is over."""
    return state.phase is Phase.OVER or state.round_no != root.round_no


def candidates(view: GoitaView) -> list[Action]:
    """The root moves worth searching: the normal CPU's ``TOP`` best-scored ones, in its order."""
    scored = sorted(score_moves(view), key=lambda p: -p[1])
    return [a for a, _ in scored[:TOP]]

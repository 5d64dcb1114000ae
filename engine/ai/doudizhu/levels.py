"""Dou Dizhu's CPU levels (registered with ``engine.ai.levels``).

- normal: ``engine.ai.doudizhu.heuristic.choose_action``;
- beginner: normal's best few moves with noise, never an absurd one (:func:`absurd`);
- strong: determinized search (``engine.ai.doudizhu.search``) over the heuristic's best
  :data:`CANDIDATES` moves (a 20-card hand has thousands of leads), normal CPU playouts.
"""

from __future__ import annotations

from engine.ai.doudizhu import search as doudizhu_search
from engine.ai.doudizhu.heuristic import _breaks, choose_action, score_moves
from engine.ai.levels import GameAI, register
from engine.ai.search import SearchGame
from engine.doudizhu import ENGINE, DoudizhuView, Move
from engine.doudizhu.types import Action, Phase

__all__ = ["AI", "CANDIDATES", "absurd", "candidates"]

CANDIDATES = 8


def absurd(view: DoudizhuView, action: Action) -> bool:
    """Moves a beginner never makes: not going out when it can, breaking a bomb or the rocket
    (without going out), bombing its own partner."""
    if view.phase is not Phase.PLAY:
        return False
    size = len(view.hand or ())
    moves = [a for a in view.legal_actions if isinstance(a, Move)]
    if any(m.size == size for m in moves):
        return not (isinstance(action, Move) and action.size == size)
    if not isinstance(action, Move):
        return False
    hand = [0] * 15
    for c in view.hand or ():
        hand[c.rank] += 1
    if _breaks(action, hand):
        return True
    lord = view.landlord
    partner = view.to_beat is not None and view.seat != lord and view.to_beat_seat != lord
    return partner and action.is_bomb


def candidates(view: DoudizhuView) -> list[Action]:
    """The root moves worth searching: the heuristic's best few, its own choice, and pass."""
    scored = sorted(score_moves(view), key=lambda p: -p[1])
    out = [a for a, _ in scored[:CANDIDATES]]
    for a in view.legal_actions:
        if not isinstance(a, Move) and a not in out:
            out.append(a)  # pass (or a bid) is always worth a look
    return out


AI = register(
    GameAI(
        game="doudizhu",
        normal=choose_action,
        score_moves=score_moves,
        absurd=absurd,
        search=SearchGame(
            engine=ENGINE,
            determinize=doudizhu_search.determinize,
            policy=doudizhu_search.policy,
            value=doudizhu_search.value,
            done=doudizhu_search.done,
            candidates=candidates,
        ),
        beginner_k=3,
        beginner_noise=4.0,
    )
)

"""Roppyakken's CPU levels (registered with ``engine.ai.levels``).

- normal: ``engine.ai.roppyakken.heuristic.choose_action`` (one-ply heuristic);
- beginner: normal's best few moves with noise, never an absurd one (:func:`absurd`); an
  opponent-blind beginner like Go-Stop's (own gain only, no denial or feeding care) was
  measured and does no better against issue 19's targets (docs/cpu-levels.md, footnote ²);
- strong: determinized search from the seat's view (``engine.ai.roppyakken.determinize``),
  the normal CPU playing the playouts (``engine.ai.roppyakken.search``) over its best three
  root moves within 60 points of its best, and its move kept unless the search beats it by a
  standard error (the search's ``prior``).
"""

from __future__ import annotations

from engine.ai.levels import GameAI, register
from engine.ai.roppyakken import search as roppyakken_search
from engine.ai.roppyakken.determinize import determinize
from engine.ai.roppyakken.heuristic import choose_action, score_moves
from engine.ai.search import SearchGame
from engine.hanafuda.roppyakken import ENGINE
from engine.hanafuda.roppyakken.types import RoppyakkenView

__all__ = ["AI", "GIFT", "absurd"]

# Card points: a light 50, an animal or a ribbon 10; yaku 50 to 600. Giving up this much against
# the best move (handing an opponent a yaku's worth, or taking a plain instead of a light) is a
# blunder, not a beginner's mistake.
GIFT = 45.0


def absurd(view: RoppyakkenView, action: object) -> bool:
    """A move worth ``GIFT`` points less than the best one by the normal heuristic: a card laid
    where an opponent completes a yaku with it, a capture that leaves a light for a plain."""
    global _LAST
    if _LAST is None or _LAST[0] is not view:
        scored = score_moves(view)
        best = max(v for _, v in scored)
        _LAST = (view, {a for a, v in scored if v < best - GIFT})
    return action in _LAST[1]


# The beginner asks about every move of one view in turn: score the view once.
_LAST: tuple[RoppyakkenView, set[object]] | None = None


AI = register(
    GameAI(
        game="roppyakken",
        normal=choose_action,
        score_moves=score_moves,
        absurd=absurd,
        search=SearchGame(
            engine=ENGINE,
            determinize=determinize,
            policy=roppyakken_search.policy,
            value=roppyakken_search.value,
            done=roppyakken_search.done,
            candidates=roppyakken_search.candidates,
            prior=choose_action,
        ),
        beginner_k=4,
        beginner_noise=80.0,
    )
)

"""Koi-Koi's CPU levels (registered with ``engine.ai.levels``).

- normal: ``engine.ai.koikoi.heuristic.choose_action`` (one-ply heuristic, the koi-koi call tuned
  against search);
- beginner: normal's best few moves with noise, never an absurd one (:func:`absurd`);
- strong: determinized search (``engine.ai.koikoi.strong``: the generic search for plays, its
  own for koi-koi/stop) with the normal CPU as playouts (``engine.ai.koikoi.search``); the
  registered ``search`` is the plays' (``koikoi_strong.PLAY_SEARCH``), what the level-generic
  tests search and sample hidden cards with.
"""

from __future__ import annotations

from engine.ai.koikoi import strong as koikoi_strong
from engine.ai.koikoi.heuristic import Table, choose_action, score_moves
from engine.ai.levels import GameAI, register
from engine.hanafuda.koikoi.types import Action, KoiKoi, KoiKoiView, Phase, Play

__all__ = ["AI", "absurd"]

GIFT = 3.0  # leaving the opponent this much yaku potential is a blunder, not a mistake


def absurd(view: KoiKoiView, action: Action) -> bool:
    """Moves a beginner never makes: koi-koi when the opponent has called it (the stop is
    doubled already) or with a single card left; a card thrown to the field that hands the
    opponent a yaku."""
    if view.phase is Phase.DECIDE:
        return isinstance(action, KoiKoi) and (any(view.koikoi_calls) or len(view.hand or ()) <= 1)
    if isinstance(action, Play) and action.target is None:
        if any(f.month == action.card.month for f in view.field):
            return False
        return Table.of_view(view).leave_cost(int(action.card)) > GIFT
    return False


AI = register(
    GameAI(
        game="koikoi",
        normal=choose_action,
        score_moves=score_moves,
        absurd=absurd,
        search=koikoi_strong.PLAY_SEARCH,
        strong=koikoi_strong.choose_with_stats,
        beginner_k=4,  # normal wins 64% of 12-round matches; the beginner beats random in 94%
        beginner_noise=3.0,
    )
)

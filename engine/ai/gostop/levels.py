"""Go-Stop's CPU levels (registered with ``engine.ai.levels``).

- normal: ``engine.ai.gostop.heuristic.choose_action`` (one-ply heuristic; its go/stop call audited
  against search);
- beginner: normal's best few moves with noise, never an absurd one (:func:`absurd`); its
  go/stop call is normal's rule blind to the opponents' piles (:func:`beginner`);
- strong: determinized search from the seat's view (``engine.ai.gostop.determinize``), the
  normal CPU playing the playouts (``engine.ai.gostop.search``) over its four best root moves, and
  its move kept unless the search beats it by a standard error (the search's ``prior``).
"""

from __future__ import annotations

import random

from engine.ai.gostop import search as gostop_search
from engine.ai.gostop.determinize import determinize
from engine.ai.gostop.heuristic import choose_action, decide, score_moves
from engine.ai.levels import GameAI, noisy_top_k, register
from engine.ai.search import SearchGame
from engine.hanafuda.gostop import ENGINE
from engine.hanafuda.gostop.cards import MONTH_OF, parse_card
from engine.hanafuda.gostop.scoring import points_of
from engine.hanafuda.gostop.types import Action, Bomb, Go, GoStopView, Phase, Play

__all__ = ["AI", "absurd", "beginner"]

BEGINNER_K = 4  # the beginner's card play: normal's four best moves…
BEGINNER_NOISE = 2.0  # …with scores blurred by up to this much


def absurd(view: GoStopView, action: object) -> bool:
    """Moves a beginner never makes:

    - breaking a bomb: playing one card of a month it could bomb (three in hand, the fourth on
      the table) instead of taking all four and a pi;
    - going on with one card or less left to play (no chance to score more, a go-bak risk);
    - a play that captures nothing when the same month could capture (a choice of target
      aside, Go-Stop forces the pair; with ``free_discard`` this is a capture thrown away);
    - a card left on the table that would finish a scoring set for an opponent (three points or
      more: godori, a ribbon set, gwang), when another card gives nothing away.
    """
    seat = view.seat
    assert seat is not None
    if view.phase is Phase.DECIDE:
        left = view.hand_counts[seat] + view.free_flips[seat]
        return isinstance(action, Go) and left <= 1
    if not isinstance(action, Play) or action.card >= 48:
        return False
    month = action.card // 4 + 1
    if Bomb(month) in view.legal_actions:
        return True
    field = 0
    for c in view.field:
        field |= 1 << parse_card(c)
    if field & MONTH_OF[action.card]:
        return False
    if any(isinstance(a, Play) and a.card < 48 and field & MONTH_OF[a.card] for a in view.legal_actions):
        return True
    lays = [a.card for a in view.legal_actions if isinstance(a, Play) and a.card < 48]
    return _gift(view, action.card) and any(not _gift(view, c) for c in lays)


GIFT = 3  # points an opponent would make at once by taking the card left on the table


def _gift(view: GoStopView, card: int) -> bool:
    """Whether leaving ``card`` on the table lets an opponent score ``GIFT`` more by taking it."""
    for i, pile in enumerate(view.captured):
        if i != view.seat:
            m = 0
            for c in pile:
                m |= 1 << parse_card(c)
            if points_of(m | 1 << card) - points_of(m) >= GIFT:
                return True
    return False


def beginner(view: GoStopView, rng: random.Random) -> Action:
    """The beginner: normal's best few cards with noise (:func:`engine.ai.levels.noisy_top_k`),
    and at the threshold normal's go/stop rule as if the opponents had nothing: it watches its
    own pile, not theirs, so it goes on when an opponent is close (the classic beginner's go-bak).

    Why this mistake (issue 19: normal beats it in 60% of matches, it beats random play in 80%):
    random play rarely comes close to the threshold, so the blind Go costs little against it,
    while the normal CPU punishes it; a noisy go/stop call cost as much against both.
    """
    if view.phase is Phase.DECIDE:
        return decide(view, blind=True)
    action: Action = noisy_top_k(view, rng, score_moves, absurd, BEGINNER_K, BEGINNER_NOISE)
    return action


AI = register(
    GameAI(
        game="gostop",
        normal=choose_action,
        score_moves=score_moves,
        absurd=absurd,
        search=SearchGame(
            engine=ENGINE,
            determinize=determinize,
            policy=gostop_search.policy,
            value=gostop_search.value,
            done=gostop_search.done,
            candidates=gostop_search.candidates,
            prior=choose_action,
        ),
        beginner=beginner,  # its own: the generic beginner's k and noise are not read
    )
)

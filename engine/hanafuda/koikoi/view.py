"""What one seat (or a spectator) may see of a Koi-Koi match: the only way state leaves the engine.

Public: field, captured piles and their yaku, hand sizes, pile size, the drawn card awaiting a
choice, scores and history. Private: a seat's own hand, and its legal actions on its turn.
Never: the other hand, the pile's order, the seed.
"""

from __future__ import annotations

from engine.core import GameError
from engine.hanafuda.cards import CARDS, Card, from_mask
from engine.hanafuda.koikoi.game import legal_actions
from engine.hanafuda.koikoi.scoring import round_result
from engine.hanafuda.koikoi.state import MONTH_OF, State
from engine.hanafuda.koikoi.types import KoiKoiView, LastMove, Phase, Play
from engine.hanafuda.koikoi.yaku import yaku_scores


def view(s: State, seat: int | None) -> KoiKoiView:
    """The match as ``seat`` sees it (``None``: a spectator, who sees no hand)."""
    if seat is not None and seat not in (0, 1):
        raise GameError(f"Koi-Koi has seats 0 and 1, not {seat}.", key="bad_seat", seat=seat)
    month = s.month
    phase = s.phase
    pending = s.pending
    last = s.last
    last_move = None
    if last is not None:
        who, played, taken, drawn, dtaken = last
        last_move = LastMove(who, CARDS[played], from_mask(taken), CARDS[drawn], from_mask(dtaken))
    stop_score = None
    if phase is Phase.DECIDE:
        final = s.round_no >= s.rules.rounds
        stop_score = round_result(s, "shobu", s.to_act, next_dealer=None if final else s.to_act)
    return KoiKoiView(
        seat=seat,
        seats=2,
        rules=s.rules,
        phase=phase,
        to_act=s.to_act,
        round_no=s.round_no,
        rounds_total=s.rules.rounds,
        month=month,
        dealer=s.dealer,
        scores=s.scores,
        field=from_mask(s.field),
        hand=None if seat is None else from_mask(s.hands[seat]),
        hand_counts=(s.hands[0].bit_count(), s.hands[1].bit_count()),
        draw_pile=len(s.pile) - s.pile_pos,
        captured=(from_mask(s.captured[0]), from_mask(s.captured[1])),
        yaku=(
            yaku_scores(s.captured[0], month, s.table, s.koikoi[0] > 0),
            yaku_scores(s.captured[1], month, s.table, s.koikoi[1] > 0),
        ),
        koikoi_calls=s.koikoi,
        pending_draw=CARDS[pending] if pending >= 0 else None,
        pending_targets=from_mask(s.field & MONTH_OF[pending]) if pending >= 0 else (),
        last_move=last_move,
        legal_actions=legal_actions(s) if seat is not None and seat == s.to_act else (),
        stop_score=stop_score,
        history=s.history,
    )


def play_takes(view: KoiKoiView, action: Play) -> tuple[Card, ...]:
    """The field cards ``action`` captures, as seen from ``view`` (empty: it joins the field).

    A named target is the one taken (two matches, or the wild lightning); otherwise the card
    takes every field card of its month: none, the only one, or all three.
    """
    if action.target is not None:
        return (action.target,)
    return tuple(f for f in view.field if f.month == action.card.month)

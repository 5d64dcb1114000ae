"""What one seat (or a spectator) may see of a Roppyakken match: the only way state leaves the engine.

Public: field, captured piles with their running score, revealed teyaku, hand sizes, pile size,
the drawn card awaiting a choice, scores and history. Private: a seat's own hand, and its legal
actions on its turn. Never: other hands, the pile's order, the seed.
"""

from __future__ import annotations

from engine.core import GameError
from engine.hanafuda.cards import CARDS, from_mask
from engine.hanafuda.roppyakken.game import legal_actions
from engine.hanafuda.roppyakken.scoring import seat_score
from engine.hanafuda.roppyakken.state import State, name_of, options
from engine.hanafuda.roppyakken.types import LastMove, Phase, RoppyakkenView


def view(s: State, seat: int | None) -> RoppyakkenView:
    """The match as ``seat`` sees it (``None``: a spectator, who sees no hand)."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.seats):
        raise GameError(f"This table has seats 0 to {s.seats - 1}, not {seat}.", key="bad_seat", seat=seat)
    last = s.last
    last_move = None
    if last is not None:
        who, played, taken, drawn, dtaken = last
        pending = s.phase is Phase.DRAW_CHOICE
        last_move = LastMove(
            who,
            CARDS[played],
            from_mask(taken),
            None if pending else CARDS[drawn],
            () if pending else from_mask(dtaken),
        )
    pending_card = s.pending
    over = s.phase is Phase.OVER
    return RoppyakkenView(
        seat=seat,
        seats=s.seats,
        rules=s.rules,
        phase=s.phase,
        to_act=s.to_act,
        round_no=s.round_no,
        dealer=s.dealer,
        scores=s.scores,
        field=from_mask(s.field),
        hand=None if seat is None else from_mask(s.hands[seat]),
        hand_counts=tuple(h.bit_count() for h in s.hands),
        draw_pile=len(s.pile) - s.pile_pos,
        captured=tuple(from_mask(c) for c in s.captured),
        running=()
        if over
        else tuple(seat_score(s.captured[i], s.teyaku[i], s.rules) for i in range(s.seats)),
        pending_draw=CARDS[pending_card] if pending_card >= 0 else None,
        pending_targets=tuple(
            CARDS[name_of(o)] for o in (options(pending_card, s.field, s.rules) if pending_card >= 0 else ())
        ),
        last_move=last_move,
        legal_actions=legal_actions(s) if seat is not None and seat == s.to_act else (),
        history=s.history,
    )

"""What one seat (or a spectator) may see of a Go-Stop match: the only way state leaves the engine.

Never: other hands (but the cards a seat showed by shaking and still holds: the shake showed
them to everyone), the pile's order, the seed.
"""

from __future__ import annotations

from engine.core import GameError
from engine.hanafuda.gostop.cards import card_str, names
from engine.hanafuda.gostop.game import legal_actions
from engine.hanafuda.gostop.scoring import evaluate
from engine.hanafuda.gostop.state import State
from engine.hanafuda.gostop.types import GoStopView


def view(s: State, seat: int | None) -> GoStopView:
    if seat is not None and not 0 <= seat < s.n:
        raise GameError(
            f"This Go-Stop match has seats 0 to {s.n - 1}, not {seat}.", key="bad_seat", seat=seat
        )
    return GoStopView(
        seat=seat,
        seats=s.n,
        rules=s.rules,
        phase=s.phase,
        to_act=s.to_act,
        round_no=s.round_no,
        dealer=s.dealer,
        scores=s.scores,
        carry=s.carry,
        field=names(s.field),
        stacks=tuple(m for m in range(1, 13) if s.stacks >> m & 1),
        hand=None if seat is None else names(s.hands[seat]),
        hand_counts=tuple(h.bit_count() for h in s.hands),
        pile_count=len(s.pile) - s.pile_pos,
        captured=tuple(names(c) for c in s.captured),
        round_scores=tuple(evaluate(c, s.cup)[1] for c in s.captured),
        gos=s.gos,
        shakes=s.shakes,
        seolsa=s.seolsa,
        free_flips=s.flips,
        pending_played=card_str(s.pending[0]) if s.pending is not None and s.pending[0] >= 0 else None,
        pending_flip=card_str(s.pending[2]) if s.pending is not None else None,
        pot=tuple((m, names(s.pot[m])) for m in range(1, 13) if s.pot[m]),
        cup_as_pi=None if s.cup < 0 else bool(s.cup),
        legal_actions=legal_actions(s) if seat is not None and seat == s.to_act else (),
        history=s.history,
        stolen=s.stolen,
        given=s.given,
        shown=tuple(names(s.shown[i] & s.hands[i]) for i in range(s.n)),
    )

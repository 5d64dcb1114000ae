"""What one seat (or a spectator) may see of a Goita match: the only way state leaves the engine.

Public: every face-up piece, hand sizes, the attack piece and attacker, passes, team scores,
history (with every face-down piece of the rounds already over), who asked for a redeal.
Private: a seat's own hand and own face-down pieces, and its legal actions on its turn. Never:
other hands, other face-down pieces of the round being played, the set-aside pieces, the seed.
"""

from __future__ import annotations

from engine.core import GameError
from engine.goita.game import legal_actions
from engine.goita.state import HIDDEN, State, team_of
from engine.goita.types import PIECES, GoitaView, Phase, Piece, Slot

_UP = tuple(Slot(p, True) for p in PIECES)
_OWN_DOWN = tuple(Slot(p, False) for p in PIECES)
_DOWN = Slot(None, False)


def _slot(code: int, own: bool) -> Slot:
    if code < HIDDEN:
        return _UP[code]
    return _OWN_DOWN[code - HIDDEN] if own else _DOWN


def view(s: State, seat: int | None) -> GoitaView:
    """The match as ``seat`` sees it (``None``: a spectator, who sees no hand)."""
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < s.seats):
        raise GameError(
            f"This Goita table has seats 0 to {s.seats - 1}, not {seat}.", key="bad_seat", seat=seat
        )
    hand: tuple[Piece, ...] | None = None
    if seat is not None:
        counts = s.hands[seat]
        hand = tuple(PIECES[k] for k in range(8) for _ in range(counts[k]))
    phase = s.phase
    asker = s.asks[0] if phase is Phase.CONSENT else None
    return GoitaView(
        seat=seat,
        seats=s.seats,
        rules=s.rules,
        phase=phase,
        to_act=s.to_act,
        round_no=s.round_no,
        leader=s.leader,
        dealer=(s.leader - 1) % s.seats,
        teams=tuple(team_of(s.seats, i) for i in range(s.seats)),
        scores=s.scores,
        hand=hand,
        hand_counts=tuple(sum(h) for h in s.hands),
        tables=tuple(tuple(_slot(c, i == seat) for c in row) for i, row in enumerate(s.laid)),
        attacker=s.attacker if s.attacker >= 0 and phase is not Phase.OVER else None,
        attack=PIECES[s.attack] if s.attack >= 0 and phase is not Phase.OVER else None,
        passes=s.passes,
        set_aside=sum(s.aside),
        redeal_asker=asker,
        legal_actions=legal_actions(s) if seat is not None and seat == s.to_act else (),
        history=s.history,
    )

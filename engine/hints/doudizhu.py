"""Dou Dizhu hints from a seat's view: the combinations the hand can make, what beats the play
on the table, a counter of the cards still out, and the CPU's pick.

"Still out" is every card neither in the seat's hand nor played this hand (the kitty, once
turned, is in the landlord's hand: still out unless the seat is the landlord).
"""

from __future__ import annotations

from engine.ai.doudizhu.heuristic import hand_strength, score_moves
from engine.doudizhu.cards import RANKS
from engine.doudizhu.moves import Move, answers, encode, leads
from engine.doudizhu.types import DoudizhuView, Phase
from engine.hints import Hints, Line, line

# The kinds worth pointing out, strongest first; each with at most EXAMPLES shown.
SHOWN_KINDS = ("rocket", "bomb", "airplane", "pair_chain", "straight", "trio", "pair")
EXAMPLES = 4
MAX_ANSWERS = 6
TOTAL = (4,) * 13 + (1, 1)


def _counts(view: DoudizhuView) -> list[int]:
    c = [0] * 15
    for card in view.hand or ():
        c[card.rank] += 1
    return c


def still_out(view: DoudizhuView) -> tuple[int, ...]:
    """How many cards of each rank (3 … 2, black joker, red joker) are in other hands."""
    out = list(TOTAL)
    for card in view.hand or ():
        out[card.rank] -= 1
    for trick in (*view.tricks, view.trick):
        for play in trick:
            for card in play.cards:
                out[card.rank] -= 1
    return tuple(out)


def _combos(hand: list[int]) -> tuple[Line, ...]:
    by_kind: dict[str, list[Move]] = {}
    for m in leads(encode(hand)):
        by_kind.setdefault(m.kind, []).append(m)
    out = []
    for kind in SHOWN_KINDS:
        moves = sorted(by_kind.get(kind, ()), key=lambda m: (-m.length, -m.key))
        if moves:
            shown = tuple(str(m) for m in moves[:EXAMPLES])
            out.append(line("combo", kind_key=f"doudizhu.kind.{kind}", count=len(moves), moves=shown))
    return tuple(out)


def hints(view: DoudizhuView) -> Hints:
    """The hints for ``view.seat`` (none for a spectator)."""
    if view.seat is None or view.hand is None:
        return ()
    hand = _counts(view)
    out: list[Line] = []
    mine_to_act = bool(view.legal_actions)
    if view.phase is Phase.BID:
        out.append(line("strength", value=round(hand_strength(hand))))
    out += _combos(hand)
    if view.phase is Phase.PLAY and view.to_beat is not None and view.to_beat_seat != view.seat:
        beating = answers(encode(hand), view.to_beat, view.rules.bomb_over_bomb)
        if beating:
            shown = tuple(str(m) for m in beating[:MAX_ANSWERS])
            more = len(beating) - len(shown)
            out.append(line("beats", move=str(view.to_beat), moves=shown, more=more))
        else:
            out.append(line("no_answer", move=str(view.to_beat)))
    left = still_out(view)
    counter = tuple(f"{RANKS[r]}×{n}" for r, n in reversed(list(enumerate(left))) if n)
    out.append(line("counter", ranks=counter))
    if mine_to_act:
        out.append(line("suggest", action=max(score_moves(view), key=lambda p: p[1])[0]))
    return tuple(out)

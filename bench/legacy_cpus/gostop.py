"""The Go-Stop CPU as it was before the levels (issue 19), kept as the ``legacy`` agent of
``bench/cpu_duel.py`` so the normal level can be measured against it. Do not tune this one.

A Go-Stop CPU player that decides from its seat's view only.

Heuristic, one ply: each action is valued by how much the cards it surely takes raise a smooth
"potential" of the player's pile (points once made, partial credit for groups in progress) plus
the pi it steals; a card left alone on the table costs a little. Jokers are played at once (free
pi and a replay), heundeul is always declared (a free ×2 if the round is won), bombs are taken.
At the threshold it stops when an opponent is close to the threshold, when few cards are left
or with three players, and goes on otherwise.
"""

from __future__ import annotations

import random

from engine.core import NotYourTurn
from engine.hanafuda.gostop.cards import (
    ANIMAL_M,
    CHEONGDAN_M,
    CHODAN_M,
    GODORI_M,
    GWANG_M,
    HONGDAN_M,
    MONTH_OF,
    RIBBON_M,
    parse_card,
)
from engine.hanafuda.gostop.scoring import evaluate, pi_value
from engine.hanafuda.gostop.types import (
    Action,
    Bomb,
    Claim,
    CupAs,
    Flip,
    Go,
    GoStopView,
    Phase,
    Play,
    Shake,
    Stop,
    Take,
)

_GWANG = (0.0, 0.6, 1.6, 3.0, 4.0, 15.0)
_TRIO = (0.0, 0.3, 1.2, 3.0)


def _mask(cards: tuple[str, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << parse_card(c)
    return m


def potential(m: int) -> float:
    """A smooth value of captured cards ``m``: real points plus credit for what is close."""
    points = evaluate(m)[0]
    p = float(points)
    p += _GWANG[(m & GWANG_M).bit_count()] * 0.5
    for trio in (GODORI_M, HONGDAN_M, CHEONGDAN_M, CHODAN_M):
        p += _TRIO[(m & trio).bit_count()] * (1.5 if trio == GODORI_M else 1.0) * 0.5
    p += 0.15 * (m & ANIMAL_M).bit_count() + 0.15 * (m & RIBBON_M).bit_count()
    p += 0.12 * max(pi_value(m, False), pi_value(m, True))
    return p


class _Table:
    def __init__(self, v: GoStopView) -> None:
        assert v.seat is not None
        self.seat = v.seat
        self.field = _mask(v.field)
        self.hand = _mask(v.hand or ())
        self.mine = _mask(v.captured[v.seat])
        self.base = potential(self.mine)
        self.n = v.seats

    def gain(self, taken: int, steals: int = 0) -> float:
        return potential(self.mine | taken) - self.base + 0.12 * steals * (self.n - 1)


def _play_value(t: _Table, a: Play) -> float:
    c = a.card
    if c >= 48:
        return 5.0  # a joker: free pi and a replay
    on = t.field & MONTH_OF[c]
    k = on.bit_count()
    bonus = 0.0
    if k == 0:
        # Left on the table: a small cost, less if we hold its month (we may take it back).
        return bonus - 0.3 + 0.2 * (t.hand & MONTH_OF[c] & ~(1 << c)).bit_count()
    if k == 3:
        return bonus + t.gain(on | 1 << c, 1)
    taken = (1 << a.target if a.target is not None else on) | 1 << c
    return bonus + t.gain(taken)


def _decide(v: GoStopView) -> Action:
    seat = v.seat
    assert seat is not None
    threshold = v.rules.threshold(v.seats)
    opp_best = max(sum(i.points for i in items) for s, items in enumerate(v.round_scores) if s != seat)
    cards_left = v.hand_counts[seat] + v.free_flips[seat]
    if v.seats == 3 or opp_best >= threshold - 2 or cards_left <= 2 or v.pile_count <= 4:
        return Stop()
    return Go()


def choose_action(view: GoStopView, rng: random.Random) -> Action:
    """A legal, sensible action for ``view.seat`` (which must be the seat to act)."""
    legal = view.legal_actions
    if not legal:
        raise NotYourTurn("choose_action needs the view of the seat to act", key="not_your_turn")
    if view.phase is Phase.DECIDE:
        return _decide(view)
    if view.phase is Phase.CLAIM:
        return Claim(True)
    t = _Table(view)
    if view.phase is Phase.CUP:
        cup = 1 << parse_card("9a")
        as_pi = evaluate(t.mine | cup, 1)[0] > evaluate(t.mine | cup, 0)[0]
        return CupAs(as_pi)
    best: Action = legal[0]
    best_value = float("-inf")
    for action in legal:
        if isinstance(action, Play):
            value = _play_value(t, action)
        elif isinstance(action, Take):
            assert view.pending_flip is not None
            value = t.gain(1 << action.target | 1 << parse_card(view.pending_flip))
        elif isinstance(action, Bomb):
            value = t.gain(MONTH_OF[(action.month - 1) * 4], 1) + 2.5
        elif isinstance(action, Flip):
            value = 0.1
        elif isinstance(action, Shake):
            value = 10.0  # a free ×2 should the round be won
        else:
            value = 0.0
        value += rng.random() * 1e-3
        if value > best_value:
            best, best_value = action, value
    return best

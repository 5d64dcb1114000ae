"""A Go-Stop CPU player that decides from its seat's view only.

Heuristic, one ply: each action is valued by how much the cards it surely takes raise a smooth
"potential" of the player's pile (points once made, partial credit for groups in progress) plus
the pi it steals; a card left alone on the table costs a little. Jokers are played at once (free
pi and a replay), heundeul is always declared (a free ×2 if the round is won), bombs are taken.
At the threshold (:func:`stop_reason`, audited against the search, issue 19) it stops when an
opponent is close to the threshold, when at most one card is left, with three players, or with
a shake already doubling the stake late in the round; with two cards left it goes on only after
an earlier Go against an opponent with nothing (each Go adds a point, the third doubles).

:func:`score_moves` works on the view; ``engine.ai.gostop.search.policy`` plays the same moves
on a sampled state's masks for the strong level's playouts, without building a view.
"""

from __future__ import annotations

import random
from functools import lru_cache

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


_CUP = 1 << parse_card("9a")


@lru_cache(maxsize=1 << 12)
def _mask(cards: tuple[str, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << parse_card(c)
    return m


@lru_cache(maxsize=1 << 16)
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
    """The masks one decision reads: the table, the hand and the seat's own pile."""

    def __init__(self, field: int, hand: int, mine: int, n: int) -> None:
        self.field = field
        self.hand = hand
        self.mine = mine
        self.base = potential(mine)
        self.n = n

    def gain(self, taken: int, steals: int = 0) -> float:
        return potential(self.mine | taken) - self.base + 0.12 * steals * (self.n - 1)


def _play_value(t: _Table, a: Play) -> float:
    c = a.card
    if c >= 48:
        return 5.0  # a joker: free pi and a replay
    on = t.field & MONTH_OF[c]
    k = on.bit_count()
    if k == 0:
        # Left on the table: a small cost, less if we hold its month (we may take it back).
        return -0.3 + 0.2 * (t.hand & MONTH_OF[c] & ~(1 << c)).bit_count()
    if k == 3:
        return t.gain(on | 1 << c, 1)
    taken = (1 << a.target if a.target is not None else on) | 1 << c
    return t.gain(taken)


def stop_reason(
    *, seats: int, threshold: int, opp_best: int, cards_left: int, pile: int, gos: int, shakes: int
) -> str | None:
    """Why to stop at the threshold, from what the seat sees, or ``None`` to go on: the first
    input that decides it (``three_players``, ``no_cards``, ``opp_close``, ``risk``), which the
    hints explain (``learn.why.<reason>``).

    Audited against the search (600 playouts at 60 two-player decisions, issue 19): an opponent
    three points from the threshold or nearer, or one card left, make going on a loss; with two
    cards left, going on pays after an earlier Go when the opponent has at most a point (the
    third Go doubles); a shake already doubling the stake makes a late Go a poor bet.
    """
    if seats == 3:
        return "three_players"
    if cards_left <= 1 or pile <= 2:
        return "no_cards"
    if opp_best >= max(3, threshold - 4):
        return "opp_close"
    if cards_left == 2:
        return None if gos >= 1 and opp_best <= 1 else "risk"
    return "risk" if shakes and not gos and cards_left <= 3 else None


def decision_inputs(v: GoStopView, *, blind: bool = False) -> dict[str, int]:
    """:func:`stop_reason`'s inputs from what the view shows; ``blind`` (the beginner): as if the
    opponents had scored nothing."""
    seat = v.seat
    assert seat is not None
    opp_best = 0
    if not blind:
        opp_best = max(sum(i.points for i in items) for s, items in enumerate(v.round_scores) if s != seat)
    return {
        "seats": v.seats,
        "threshold": v.rules.threshold(v.seats),
        "opp_best": opp_best,
        "cards_left": v.hand_counts[seat] + v.free_flips[seat],
        "pile": v.pile_count,
        "gos": v.gos[seat],
        "shakes": v.shakes[seat],
    }


def decide(v: GoStopView, *, blind: bool = False) -> Action:
    """Go or stop at the threshold by :func:`stop_reason` on what the view shows (``blind``:
    :func:`decision_inputs`)."""
    return Stop() if stop_reason(**decision_inputs(v, blind=blind)) else Go()


def _score(
    t: _Table, phase: Phase, legal: tuple[Action, ...], flipped: int, decide: Action | None
) -> list[tuple[Action, float]]:
    """The legal actions with the heuristic's value (``flipped``: the pending flip's card)."""
    if phase is Phase.DECIDE:
        return [(a, 1.0 if a == decide else 0.0) for a in legal]
    if phase is Phase.CLAIM:
        return [(a, 1.0 if isinstance(a, Claim) and a.accept else 0.0) for a in legal]
    if phase is Phase.CUP:
        as_pi = evaluate(t.mine | _CUP, 1)[0] > evaluate(t.mine | _CUP, 0)[0]
        return [(a, 1.0 if isinstance(a, CupAs) and a.as_pi == as_pi else 0.0) for a in legal]
    out: list[tuple[Action, float]] = []
    for action in legal:
        if type(action) is Play:
            value = _play_value(t, action)
        elif type(action) is Take:
            value = t.gain(1 << action.target | 1 << flipped)
        elif type(action) is Bomb:
            value = t.gain(MONTH_OF[(action.month - 1) * 4], 1) + 2.5
        elif type(action) is Flip:
            value = 0.1
        elif type(action) is Shake:
            value = 10.0  # a free ×2 should the round be won
        else:
            value = 0.0
        out.append((action, value))
    return out


def score_moves(view: GoStopView) -> list[tuple[Action, float]]:
    """Every legal action of ``view.seat`` with the heuristic's value (higher is better)."""
    legal = view.legal_actions
    if not legal or view.seat is None:
        raise NotYourTurn("score_moves needs the view of the seat to act", key="not_your_turn")
    seat = view.seat
    t = _Table(_mask(view.field), _mask(view.hand or ()), _mask(view.captured[seat]), view.seats)
    flipped = parse_card(view.pending_flip) if view.pending_flip is not None else -1
    call = decide(view) if view.phase is Phase.DECIDE else None
    return _score(t, view.phase, legal, flipped, call)


def _best(scored: list[tuple[Action, float]], rng: random.Random) -> Action:
    best: Action = scored[0][0]
    best_value = float("-inf")
    for action, value in scored:
        value += rng.random() * 1e-3
        if value > best_value:
            best, best_value = action, value
    return best


def choose_action(view: GoStopView, rng: random.Random) -> Action:
    """A legal, sensible action for ``view.seat`` (which must be the seat to act)."""
    return _best(score_moves(view), rng)

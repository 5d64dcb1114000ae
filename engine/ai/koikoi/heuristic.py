"""A Koi-Koi CPU player that decides from its seat's view only.

Heuristic, one ply: every capture is valued by how much it moves the player's "yaku potential"
(a smooth score that grows as yaku get closer and becomes the yaku's points once made) plus how
much it denies the opponent's; a card left on the field is penalised by what it could give the
opponent. At the koi-koi decision it stops when ahead, when the opponent is close to a yaku or
has called koi-koi (the stop is then doubled), and continues only when safe, with cards left and
a yaku of its own within reach.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.core import NotYourTurn
from engine.hanafuda.cards import MONTH_MASKS, by_subject, mask
from engine.hanafuda.koikoi.types import Action, Capture, KoiKoi, KoiKoiView, Phase, Play, Shobu
from engine.hanafuda.koikoi.yaku import (
    AKATAN,
    ANIMALS,
    AOTAN,
    BRIGHTS,
    CHAFF_WITH_CUP,
    CURTAIN,
    INOSHIKACHO,
    MOON,
    RIBBONS,
    SAKE_CUP,
)

_BRIGHT = (0.0, 1.0, 2.5, 5.5, 8.0, 10.0)
_TRIO = (0.0, 1.0, 2.5, 5.0)
_MONTH = (0.0, 0.3, 0.8, 1.8, 4.0)
_RAIN = by_subject("rain_man").bit
_MONTH_OF = tuple(MONTH_MASKS[c // 4 + 1] for c in range(48))
KOIKOI, SHOBU = KoiKoi(), Shobu()


# The memo of :func:`potential`, emptied when full. Bounded for memory: every process that
# runs a Koi-Koi CPU or hints keeps it (the bot's too), at ~190 bytes an entry. Measured on
# 12 strong decisions x 1,500 playouts (process CPU, one core): 2**18 entries ~5,100-5,260
# playouts/s and +50 MB of peak RSS; 2**15 ~5,250-5,300/s and +6 MB; 2**14 ~5,380/s; an LRU
# cache of 2**15 ~4,840-5,020/s and +11 MB; no memo ~4,960/s. About half the calls hit.
_MEMO: dict[tuple[int, int, int], float] = {}
_MEMO_SIZE = 1 << 15


def potential(m: int, dead: int, month: int) -> float:
    """How good captured cards ``m`` are, given cards ``dead`` the other player holds.

    Memoised (bounded, see ``_MEMO_SIZE``): playouts of the strong level ask the same piles
    again and again."""
    key = (m, dead, month)
    p = _MEMO.get(key)
    if p is None:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        p = _MEMO[key] = _potential(m, dead, month)
    return p


def _potential(m: int, dead: int, month: int) -> float:
    # The same sums in the same order as written plainly, unrolled (it is the playouts' hot spot).
    p = 0.0
    nb = (m & BRIGHTS).bit_count()
    if nb >= 3 or 5 - (dead & BRIGHTS).bit_count() >= 3:
        p += _BRIGHT[nb] - (0.7 if m & _RAIN and nb == 3 else 0.0)  # rain + 2 is no sanko
    if not dead & INOSHIKACHO:
        p += _TRIO[(m & INOSHIKACHO).bit_count()]
    if not dead & AKATAN:
        p += _TRIO[(m & AKATAN).bit_count()]
    if not dead & AOTAN:
        p += _TRIO[(m & AOTAN).bit_count()]
    a = (m & ANIMALS).bit_count()
    r = (m & RIBBONS).bit_count()
    k = (m & CHAFF_WITH_CUP).bit_count()
    p += (
        0.25 * a
        + (a - 4 if a > 4 else 0)
        + 0.25 * r
        + (r - 4 if r > 4 else 0)
        + 0.1 * k
        + (k - 9 if k > 9 else 0)
    )
    if m & SAKE_CUP:
        p += 1.0
        p += 4.0 if m & CURTAIN else (1.0 if not dead & CURTAIN else 0.0)
        p += 4.0 if m & MOON else (1.0 if not dead & MOON else 0.0)
    elif not dead & SAKE_CUP:
        p += 0.8 * (1 if m & CURTAIN else 0) + 0.8 * (1 if m & MOON else 0)
    month_mask = MONTH_MASKS[month]
    if not dead & month_mask:
        p += _MONTH[(m & month_mask).bit_count()]
    return p


def near(m: int, dead: int, available: int) -> bool:
    """True when captured cards ``m`` are one good capture away from a (better) yaku."""
    for trio in (INOSHIKACHO, AKATAN, AOTAN):
        if (m & trio).bit_count() == 2 and trio & ~m & available:
            return True
    if (m & BRIGHTS).bit_count() >= 2 and BRIGHTS & ~m & available:
        return True
    if m & SAKE_CUP and (CURTAIN | MOON) & ~m & available:
        return True
    if m & (CURTAIN | MOON) and SAKE_CUP & available:
        return True
    if (m & ANIMALS).bit_count() >= 4 and ANIMALS & ~m & available:
        return True
    if (m & RIBBONS).bit_count() >= 4 and RIBBONS & ~m & available:
        return True
    return (m & CHAFF_WITH_CUP).bit_count() >= 9


class Table:
    """The masks one decision reads (the seat's hand, the field, both captured piles), with the
    yaku potential of both piles: built from a view (:meth:`of_view`) or, in the strong level's
    playouts and inference, from a sampled state's masks directly."""

    __slots__ = ("base_me", "base_them", "field", "hand", "me", "mine", "month", "theirs", "unseen")

    def __init__(
        self, me: int, month: int, hand: int, field: int, mine: int, theirs: int, pending: int
    ) -> None:
        self.me = me
        self.month = month
        self.hand = hand
        self.field = field
        self.mine = mine
        self.theirs = theirs
        seen = hand | field | mine | theirs
        if pending >= 0:
            seen |= 1 << pending
        self.unseen = ((1 << 48) - 1) & ~seen
        self.base_me = potential(mine, theirs, month)
        self.base_them = potential(theirs, mine, month)

    @classmethod
    def of_view(cls, v: KoiKoiView) -> Table:
        """The table ``v`` shows its seat (seat 0 for a spectator)."""
        me = v.seat if v.seat is not None else 0
        pending = -1 if v.pending_draw is None else int(v.pending_draw)
        return cls(
            me,
            v.month,
            mask(v.hand or ()),
            mask(v.field),
            mask(v.captured[me]),
            mask(v.captured[1 - me]),
            pending,
        )

    def take_value(self, cards: int) -> float:
        """Gain for me plus loss for the opponent if I capture ``cards``."""
        mine = self.mine | cards
        gain = potential(mine, self.theirs, self.month) - self.base_me
        denial = self.base_them - potential(self.theirs, mine, self.month)
        their_gain = potential(self.theirs | cards, self.mine, self.month) - self.base_them
        return gain + denial + 0.5 * their_gain

    def leave_cost(self, card: int) -> float:
        """Expected cost of leaving ``card`` on the field for the opponent."""
        their_gain = potential(self.theirs | 1 << card, self.mine, self.month) - self.base_them
        own_loss = potential(self.mine | 1 << card, self.theirs, self.month) - self.base_me
        month = _MONTH_OF[card]
        unseen = (self.unseen & month).bit_count()
        chance = min(1.0, unseen * 0.35)
        if self.hand & month & ~(1 << card):
            own_loss *= 0.2  # I keep a card of that month to take it back
        return chance * their_gain + 0.5 * own_loss


def play_value(t: Table, action: Play) -> float:
    """The normal level's value of playing ``action`` from table ``t`` (higher is better)."""
    card = action.card
    if action.target is not None and not (_MONTH_OF[card] >> action.target & 1):
        return t.take_value(1 << card | 1 << action.target) + 1.0  # lightning as a wild card
    matches = t.field & _MONTH_OF[card]
    if action.target is not None:
        matches = 1 << action.target
    if matches:
        value = t.take_value(matches | 1 << card)
        # Taking the last free card of a month leaves nothing for the draw to pair against.
        return value + 0.1
    return -t.leave_cost(card)


def _decide_legacy(v: KoiKoiView, t: Table) -> Action:
    me = t.me
    stop = v.stop_score.points[me] if v.stop_score is not None else 0
    mine, theirs = v.scores[me], v.scores[1 - me]
    hand_left = len(v.hand or ())
    available = t.unseen | t.field
    threat = bool(v.yaku[1 - me]) or near(t.theirs, t.mine, available)
    if v.koikoi_calls[1 - me]:
        return SHOBU  # the opponent's koi-koi already doubles this stop
    if hand_left <= 2 or threat:
        return SHOBU
    last_round = v.round_no >= v.rounds_total
    if last_round and mine + stop > theirs:
        return SHOBU
    behind = theirs - mine
    rounds_left = v.rounds_total - v.round_no
    if near(t.mine, t.theirs, available) and hand_left >= 4 and (stop <= 3 or behind > 8 + 3 * rounds_left):
        return KOIKOI
    return SHOBU


def decide(v: KoiKoiView, t: Table) -> Action:
    """Koi-koi or stop (normal level): :func:`decide_rule` on what the view shows."""
    me = t.me
    return decide_rule(
        t,
        stop=lambda: v.stop_score.points[me] if v.stop_score is not None else 0,
        mine=v.scores[me],
        theirs=v.scores[1 - me],
        opp_calls=v.koikoi_calls[1 - me],
        opp_has_yaku=bool(v.yaku[1 - me]),
        last_round=v.round_no >= v.rounds_total > 1,
        double_at=v.rules.double_at or 7,
        hand_empty=not v.hand,
    )


def decide_rule(
    t: Table,
    *,
    stop: Callable[[], int],
    mine: int,
    theirs: int,
    opp_calls: int,
    opp_has_yaku: bool,
    last_round: bool,
    double_at: int,
    hand_empty: bool,
) -> Action:
    """The normal level's koi-koi call from plain values (the view's, or a sampled match's in
    the strong level's playouts): ``stop()`` what stopping scores now (asked only when the
    rule gets that far: a playout scores the round to know it), ``mine``/``theirs`` the match
    scores, ``last_round`` of a match of several rounds.

    Calling koi-koi risks little while the opponent is far from any yaku: if the round runs
    out, the last caller still scores. So it continues unless the opponent is one capture away
    from a yaku (or has called koi-koi: stopping now is doubled), the yaku already reach the
    over-seven doubling (more adds little against a doubled loss), or stopping now decides the
    match in the last round. Against the search's choice in 360 positions this cut the points
    lost per decision from 1.8 (the earlier rule, which stopped 98% of the time) to 1.1.
    """
    if opp_calls:
        return SHOBU  # the opponent's koi-koi already doubles this stop
    if opp_has_yaku or near(t.theirs, t.mine, t.unseen | t.field):
        return SHOBU
    points = stop()
    if last_round and mine <= theirs < mine + points:
        return SHOBU  # the last round: stopping turns the match into a win
    if points >= double_at or hand_empty:
        return SHOBU
    return KOIKOI


def score_moves(view: KoiKoiView) -> list[tuple[Action, float]]:
    """Every legal action with the heuristic's value (higher is better); at the koi-koi
    decision the normal choice scores 1 and the other 0."""
    legal = view.legal_actions
    if not legal:
        raise NotYourTurn("choose_action needs the view of the seat to act", key="not_your_turn")
    t = Table.of_view(view)
    if view.phase is Phase.DECIDE:
        pick = decide(view, t)
        return [(a, 1.0 if a == pick else 0.0) for a in legal]
    out: list[tuple[Action, float]] = []
    for action in legal:
        if isinstance(action, Play):
            value = play_value(t, action)
        elif isinstance(action, Capture):
            assert view.pending_draw is not None
            value = t.take_value(1 << action.target | 1 << view.pending_draw)
        else:
            value = 0.0
        out.append((action, value))
    return out


def choose_action(view: KoiKoiView, rng: random.Random) -> Action:
    """A legal, sensible action for ``view.seat`` (which must be the seat to act)."""
    return _choose(view, rng, decide)


def choose_action_legacy(view: KoiKoiView, rng: random.Random) -> Action:
    """The CPU as it was before the levels (it stops almost always), for the duel bench."""
    return _choose(view, rng, _decide_legacy)


def _choose(
    view: KoiKoiView, rng: random.Random, decide_with: Callable[[KoiKoiView, Table], Action]
) -> Action:
    legal = view.legal_actions
    if not legal:
        raise NotYourTurn("choose_action needs the view of the seat to act", key="not_your_turn")
    if view.phase is Phase.DECIDE:
        return decide_with(view, Table.of_view(view))
    best: Action = legal[0]
    best_value = float("-inf")
    for action, value in score_moves(view):
        value += rng.random() * 1e-3
        if value > best_value:
            best, best_value = action, value
    return best

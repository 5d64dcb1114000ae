"""A Roppyakken CPU player that decides from its seat's view only.

Greedy, one ply: each action is valued by what it captures (card points plus progress towards
the dekiyaku still open to the player, plus what it denies the opponents), and a card left on
the field is penalised by what it would give an opponent who can still pair it.

:func:`score_moves` works on the view; ``engine.ai.roppyakken.search.policy`` plays the same
moves on a sampled state's masks for the strong level's playouts, without building a view.
"""

from __future__ import annotations

import random

from engine.core import NotYourTurn
from engine.hanafuda.cards import MONTH_MASKS, mask
from engine.hanafuda.roppyakken.rules import Rules
from engine.hanafuda.roppyakken.scoring import (
    AOTAN,
    GAJI,
    HANAMI,
    INOSHIKACHO,
    KOZAN,
    MATSUKIRIBOZU,
    OZAN,
    RIBBONS,
    SHIKO,
    SHIMA_MONTHS,
    SOTAN,
    TEPPO,
    TSUKIMI,
    card_total,
)
from engine.hanafuda.roppyakken.state import options
from engine.hanafuda.roppyakken.types import Action, Capture, Lay, RoppyakkenView

_MONTH_OF = tuple(MONTH_MASKS[c // 4 + 1] for c in range(48))
_NOVEMBER = MONTH_MASKS[11]
# A capture made on the next turn instead of now: the turn it costs and the draws in between.
_LATER = 0.9


def _sets(rules: Rules) -> tuple[tuple[int, int], ...]:
    out = [
        (SHIKO, rules.shiko),
        (INOSHIKACHO, rules.inoshikacho),
        (MATSUKIRIBOZU, rules.matsukiribozu),
        (TEPPO, rules.teppo),
        (HANAMI, rules.hanami),
        (TSUKIMI, rules.tsukimi),
        (OZAN, rules.ozan),
        (KOZAN, rules.kozan),
        (AOTAN, rules.aotan),
        (SOTAN, rules.sotan),
        (MONTH_MASKS[11], rules.ameshima),
    ]
    out.extend((MONTH_MASKS[m], rules.shima) for m in SHIMA_MONTHS)
    return tuple((need, value) for need, value in out if value)


def potential(m: int, others: int, rules: Rules, sets: tuple[tuple[int, int], ...]) -> float:
    """Card points of ``m`` plus a share of every yaku still open (none of its cards in ``others``)."""
    p = float(card_total(m, rules))
    for need, value in sets:
        if not others & need:
            have = (m & need).bit_count()
            p += value * (have / need.bit_count()) ** 2
    ribbons = (m & RIBBONS).bit_count()
    if rules.nanatan and 10 - (others & RIBBONS).bit_count() >= 7:
        p += rules.nanatan * min(1.0, ribbons / 7) ** 3
    return p


_CTX: dict[int, tuple[Rules, tuple[tuple[int, int], ...], dict[tuple[int, int], float]]] = {}


def _context(rules: Rules) -> tuple[Rules, tuple[tuple[int, int], ...], dict[tuple[int, int], float]]:
    """The yaku table of ``rules`` and a memo of :func:`potential` for them. Keyed by identity:
    playouts pass the same ``Rules`` object thousands of times, and hashing it is not free."""
    entry = _CTX.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_CTX) > 32:
            _CTX.clear()
        entry = _CTX[id(rules)] = (rules, _sets(rules), {})
    elif len(entry[2]) > 1 << 17:
        entry[2].clear()
    return entry


class _Table:
    """The masks one decision reads, from the seat's side (what it has not seen: ``unseen``)."""

    def __init__(
        self, rules: Rules, field: int, hand: int, mine: int, theirs: list[int], pending: int
    ) -> None:
        self.rules = rules
        _, self.sets, self.memo = _context(rules)
        self.field = field
        self.hand = hand
        self.mine = mine
        self.theirs = theirs
        everyone = 0
        for t in theirs:
            everyone |= t
        self.all_theirs = everyone
        seen = field | hand | mine | everyone
        if pending >= 0:
            seen |= 1 << pending
        self.unseen = ((1 << 48) - 1) & ~seen
        self.base_me = self.pot(mine, everyone)
        self.base_them = [self.pot(t, mine) for t in theirs]

    def pot(self, m: int, others: int) -> float:
        value = self.memo.get((m, others))
        if value is None:
            value = self.memo[m, others] = potential(m, others, self.rules, self.sets)
        return value

    @classmethod
    def of_view(cls, v: RoppyakkenView) -> _Table:
        me = v.seat if v.seat is not None else 0
        theirs = [mask(c) for i, c in enumerate(v.captured) if i != me]
        pending = int(v.pending_draw) if v.pending_draw is not None else -1
        return cls(v.rules, mask(v.field), mask(v.hand or ()), mask(v.captured[me]), theirs, pending)

    def take_value(self, cards: int) -> float:
        mine = self.mine | cards
        gain = self.pot(mine, self.all_theirs) - self.base_me
        denial = 0.0
        for t, base in zip(self.theirs, self.base_them, strict=True):
            denial = max(denial, self.pot(t | cards, mine) - base)
        return gain + 0.6 * denial

    def lay_gaji_value(self) -> float:
        """The Gaji laid on the field (seed: « il peut capturer », so it may be): it is worth
        taking back next turn with a November card of the hand when nobody else can take it
        first (no November card unseen, and a Gaji on the field is not wild), e.g. to complete
        Ameshima; otherwise it is a light left to whoever pairs it."""
        others = self.unseen & _NOVEMBER & ~(1 << GAJI)
        mine = self.hand & _NOVEMBER & ~(1 << GAJI)
        if mine and not others and not self.rules.gaji_on_field_wild:
            return _LATER * max(self.take_value(1 << GAJI | 1 << c) for c in range(48) if mine >> c & 1)
        return -self.leave_cost(GAJI)

    def leave_cost(self, card: int) -> float:
        best = 0.0
        for t, base in zip(self.theirs, self.base_them, strict=True):
            best = max(best, self.pot(t | 1 << card, self.mine) - base)
        month = _MONTH_OF[card]
        chance = min(1.0, (self.unseen & month).bit_count() * 0.4 + (0.3 if self.unseen >> GAJI & 1 else 0.0))
        if self.hand & month & ~(1 << card):
            chance *= 0.3  # I keep a card of that month to take it back
        return chance * best


def _taken(opts: tuple[int, ...], target: int) -> int:
    """The capture option named by ``target`` (its lowest card: three Novembers are one option)."""
    return next(o for o in opts if o & -o == 1 << target)


def _score(t: _Table, legal: tuple[Action, ...], pending: int) -> list[tuple[Action, float]]:
    """The legal actions with the heuristic's value (``pending``: the drawn card awaiting a choice)."""
    out: list[tuple[Action, float]] = []
    for action in legal:
        if isinstance(action, Capture):
            taken = _taken(options(pending, t.field, t.rules), action.target)
            value = t.take_value(taken | 1 << pending)
        elif isinstance(action, Lay):
            # The Gaji laid on the field (seed; not with gaji_capture="compulsory"), from the
            # hand or drawn.
            value = t.lay_gaji_value()
        else:
            card = action.card
            opts = options(card, t.field, t.rules)
            taken = _taken(opts, action.target) if action.target is not None else (opts[0] if opts else 0)
            value = t.take_value(taken | 1 << card) if taken else -t.leave_cost(card)
        out.append((action, value))
    return out


def score_moves(view: RoppyakkenView) -> list[tuple[Action, float]]:
    """Every legal action of ``view.seat`` with the heuristic's value (higher is better)."""
    legal = view.legal_actions
    if not legal:
        raise NotYourTurn("score_moves needs the view of the seat to act", key="not_your_turn")
    pending = int(view.pending_draw) if view.pending_draw is not None else -1
    return _score(_Table.of_view(view), legal, pending)


def _best(scored: list[tuple[Action, float]], rng: random.Random) -> Action:
    best: Action = scored[0][0]
    best_value = float("-inf")
    for action, value in scored:
        value += rng.random() * 1e-3
        if value > best_value:
            best, best_value = action, value
    return best


def choose_action(view: RoppyakkenView, rng: random.Random) -> Action:
    """A legal, sensible action for ``view.seat`` (which must be the seat to act)."""
    return _best(score_moves(view), rng)

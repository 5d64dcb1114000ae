"""The Roppyakken CPU as it was before the levels (issue 19), kept as the ``legacy`` agent of
``bench/cpu_duel.py`` so the normal level can be measured against it. Do not tune this one.

A Roppyakken CPU player that decides from its seat's view only.

Greedy, one ply: each action is valued by what it captures (card points plus progress towards
the dekiyaku still open to the player, plus what it denies the opponents), and a card left on
the field is penalised by what it would give an opponent who can still pair it.
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


def _sets(rules: Rules) -> list[tuple[int, int]]:
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
    return [(need, value) for need, value in out if value]


def potential(m: int, others: int, rules: Rules, sets: list[tuple[int, int]]) -> float:
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


class _Table:
    def __init__(self, v: RoppyakkenView) -> None:
        me = v.seat if v.seat is not None else 0
        self.rules = v.rules
        self.sets = _sets(v.rules)
        self.field = mask(v.field)
        self.hand = mask(v.hand or ())
        self.mine = mask(v.captured[me])
        self.theirs = [mask(c) for i, c in enumerate(v.captured) if i != me]
        everyone = 0
        for t in self.theirs:
            everyone |= t
        self.all_theirs = everyone
        seen = self.field | self.hand | self.mine | everyone
        if v.pending_draw is not None:
            seen |= 1 << v.pending_draw
        self.unseen = ((1 << 48) - 1) & ~seen
        self.base_me = potential(self.mine, everyone, self.rules, self.sets)
        self.base_them = [potential(t, self.mine, self.rules, self.sets) for t in self.theirs]

    def take_value(self, cards: int) -> float:
        mine = self.mine | cards
        gain = potential(mine, self.all_theirs, self.rules, self.sets) - self.base_me
        denial = 0.0
        for t, base in zip(self.theirs, self.base_them, strict=True):
            denial = max(denial, potential(t | cards, mine, self.rules, self.sets) - base)
        return gain + 0.6 * denial

    def leave_cost(self, card: int) -> float:
        best = 0.0
        for t, base in zip(self.theirs, self.base_them, strict=True):
            best = max(best, potential(t | 1 << card, self.mine, self.rules, self.sets) - base)
        month = _MONTH_OF[card]
        chance = min(1.0, (self.unseen & month).bit_count() * 0.4 + (0.3 if self.unseen >> GAJI & 1 else 0.0))
        if self.hand & month & ~(1 << card):
            chance *= 0.3  # I keep a card of that month to take it back
        return chance * best


def _taken(opts: tuple[int, ...], target: int) -> int:
    """The capture option named by ``target`` (its lowest card: three Novembers are one option)."""
    return next(o for o in opts if o & -o == 1 << target)


def choose_action(view: RoppyakkenView, rng: random.Random) -> Action:
    """A legal, sensible action for ``view.seat`` (which must be the seat to act)."""
    legal = view.legal_actions
    if not legal:
        raise NotYourTurn("choose_action needs the view of the seat to act", key="not_your_turn")
    t = _Table(view)
    best: Action = legal[0]
    best_value = float("-inf")
    for action in legal:
        if isinstance(action, Capture):
            assert view.pending_draw is not None
            drawn = view.pending_draw
            taken = _taken(options(drawn, t.field, t.rules), action.target)
            value = t.take_value(taken | 1 << drawn)
        elif isinstance(action, Lay):
            # The Gaji laid on the field (option gaji_capture="optional"), from the hand or drawn.
            laid = action.card if action.card is not None else view.pending_draw
            assert laid is not None
            value = -t.leave_cost(laid)
        else:
            card = action.card
            opts = options(card, t.field, t.rules)
            taken = _taken(opts, action.target) if action.target is not None else (opts[0] if opts else 0)
            value = t.take_value(taken | 1 << card) if taken else -t.leave_cost(card)
        value += rng.random() * 1e-3
        if value > best_value:
            best, best_value = action, value
    return best

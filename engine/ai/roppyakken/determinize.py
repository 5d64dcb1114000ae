"""Roppyakken determinization: a full engine state consistent with one seat's view.

The cards nobody has seen (the other hands and the draw pile) are dealt at random from the
deck minus what :class:`RoppyakkenView` shows (the seat's hand, the field, every captured pile,
the drawn card awaiting a choice), with what the deal revealed:

- a teyaku shown at the deal shows its cards: those not played since are still in that hand;
- a seat that showed no triple (with ``tesan`` counted) holds no three cards of a month beside
  the ones it showed, and with ``hand_four="misdeal"`` nobody holds four.

The sampled state's ``view(state, seat)`` is the original view whatever the hidden cards; the
seed (later rounds) is drawn from ``rng``.
"""

from __future__ import annotations

import random

from engine.hanafuda.cards import CARDS, MONTH_MASKS, mask
from engine.hanafuda.roppyakken.rules import Rules
from engine.hanafuda.roppyakken.state import State
from engine.hanafuda.roppyakken.types import Item, Phase, RoppyakkenView

_TRIES = 30
_ALL = (1 << 48) - 1


def unseen(v: RoppyakkenView) -> int:
    """Mask of the cards the seat of ``v`` has not seen (the other hands and the pile)."""
    seen = mask(v.hand or ()) | mask(v.field)
    for pile in v.captured:
        seen |= mask(pile)
    if v.pending_draw is not None:
        seen |= 1 << v.pending_draw
    return _ALL & ~seen


def _shown(items: tuple[Item, ...]) -> int:
    out = 0
    for item in items:
        out |= mask(item.cards)
    return out


def _triple_ok(hand: int, items: tuple[Item, ...], rules: Rules) -> bool:
    """Whether ``hand`` (what is left of a dealt hand) fits the teyaku its owner showed."""
    if rules.hand_four == "misdeal" and any(hand & mm == mm for mm in MONTH_MASKS[1:]):
        return False
    if not (rules.teyaku and rules.tesan):
        return True
    triples = _shown(tuple(i for i in items if i.name in ("tesan", "futatesan")))
    if triples and not rules.futatesan:
        return True  # a second triple is not shown when futatesan is switched off
    return all((hand & MONTH_MASKS[m]).bit_count() < 3 or triples & MONTH_MASKS[m] for m in range(1, 13))


def determinize(v: RoppyakkenView, rng: random.Random) -> State:
    """A full state whose view for ``v.seat`` is ``v``, hidden cards drawn with ``rng``."""
    seat = v.seat
    assert seat is not None, "a determinization needs a seat's view"
    n = v.seats
    rules = v.rules
    teyaku = tuple(r.teyaku for r in v.running) if v.running else ((),) * n
    hidden = unseen(v)
    others = [i for i in range(n) if i != seat]
    # Cards a teyaku showed and nobody has seen since: still in the hand that showed them.
    forced = {i: _shown(teyaku[i]) & hidden for i in others}
    free = hidden
    for i in others:
        free &= ~forced[i]
    pool = [c for c in range(48) if free >> c & 1]
    hands = [0] * n
    pile: list[int] = []
    for _ in range(_TRIES):
        rng.shuffle(pool)
        pos = 0
        hands = [0] * n
        hands[seat] = mask(v.hand or ())
        for i in others:
            need = v.hand_counts[i] - forced[i].bit_count()
            hands[i] = forced[i] | mask(pool[pos : pos + need])
            pos += need
        pile = pool[pos:]
        if all(_triple_ok(hands[i], teyaku[i], rules) for i in others):
            break
    last = None
    if v.last_move is not None:
        lm = v.last_move
        drawn = lm.drawn if lm.drawn is not None else v.pending_draw
        last = (
            lm.seat,
            int(lm.played) if lm.played is not None else 0,
            mask(lm.played_captured),
            int(drawn) if drawn is not None else 0,
            mask(lm.drawn_captured),
        )
    return State(
        rules,
        rng.getrandbits(63),
        n,
        v.round_no,
        v.dealer,
        v.scores,
        v.history,
        v.phase,
        v.to_act,
        tuple(hands),
        mask(v.field),
        tuple(CARDS[c] for c in pile),
        0,
        tuple(mask(c) for c in v.captured),
        teyaku,
        int(v.pending_draw) if v.pending_draw is not None and v.phase is Phase.DRAW_CHOICE else -1,
        last,
        (),
    )

"""Go-Stop determinization: a full engine state consistent with one seat's view.

The strong CPU searches over such states. Everything comes from the :class:`GoStopView`: the
cards nobody has seen (the other hands and the pile, in any order) are dealt at random from the
deck minus what the view shows (the seat's hand, the table, every captured pile, the jokers
stacked on the table, the cards of a pending flip, the cards others showed by shaking). The
cards a seat showed by shaking and has not played yet (``v.shown``) stay in that seat's sampled
hand; the rest of it is dealt from the unseen cards. The sampled state's ``view(state, seat)`` is
the original view, whatever the hidden cards: that is the property the tests check.

What the view does not say is guessed plausibly (none of it shows in the view):

- ``seed``: drawn from ``rng`` (later rounds are a sample as well);
- ``go_at`` (the score at a seat's last Go): its current score;
- ``go_order`` with several seats on Go: a random order;
- ``shaken`` months: those of the shown cards still held, and those the seat cannot shake
  although it holds three of the month with none on the table (its legal actions tell); a
  shaken month whose shown cards were all played cannot be shaken again anyway;
- ``turns``: 0 for a seat still holding its whole deal, else 1 (only a joker's first-turn ban
  reads it), and what the seat's own legal actions say about its jokers;
- a pending flip's target and steals, and the jokers played this turn (``joker_turn``).

A sampled hand may not hold four cards of a month (chongtong would have ended the deal).
"""

from __future__ import annotations

import random

from engine.hanafuda.gostop.cards import BONUS_MASK, MONTH_OF, deck_cards, parse_card
from engine.hanafuda.gostop.scoring import points_of
from engine.hanafuda.gostop.state import State
from engine.hanafuda.gostop.types import GoStopView, Phase, Play, Shake

_TRIES = 30
_NIBBLE = 15


def _mask(cards: tuple[str, ...] | None) -> int:
    m = 0
    for c in cards or ():
        m |= 1 << parse_card(c)
    return m


def _has_four(hand: int) -> bool:
    return any(hand >> (4 * m) & _NIBBLE == _NIBBLE for m in range(12))


def dealt_size(seats: int) -> int:
    """Cards dealt to each hand: 10 with two players, 7 with three."""
    return 10 if seats == 2 else 7


def unseen(v: GoStopView) -> int:
    """Mask of the deck's cards the seat of ``v`` has not seen (other hands but their shown
    cards, and the pile)."""
    seen = _mask(v.hand) | _mask(v.field)
    for pile in v.captured:
        seen |= _mask(pile)
    for _, jokers in v.pot:
        seen |= _mask(jokers)
    for cards in v.shown:
        seen |= _mask(cards)
    if v.pending_played is not None:
        seen |= 1 << parse_card(v.pending_played)
    if v.pending_flip is not None:
        seen |= 1 << parse_card(v.pending_flip)
    deck = 0
    for c in deck_cards(v.rules.bonus_cards):
        deck |= 1 << c
    return deck & ~seen


def _shaken(v: GoStopView, hand: int, field: int) -> int:
    """Months (bit m, 1..12) the seat must have shaken already: it could shake them otherwise."""
    if v.phase is not Phase.PLAY or v.to_act != v.seat:
        return 0
    legal = set(v.legal_actions)
    out = 0
    for m in range(12):
        three = (hand >> (4 * m) & _NIBBLE).bit_count() == 3 and not field >> (4 * m) & _NIBBLE
        if three and Shake(m + 1) not in legal:
            out |= 1 << (m + 1)
    return out


def _months(cards: int) -> int:
    """Months (bit m, 1..12) with a card in ``cards``."""
    return sum(1 << (m + 1) for m in range(12) if cards >> (4 * m) & _NIBBLE)


def _turns(v: GoStopView, seat: int, hand: int) -> int:
    acting = seat == v.seat and v.phase is Phase.PLAY and v.to_act == seat
    if acting and hand & BONUS_MASK and hand & ~BONUS_MASK:
        jokers = [c for c in range(48, 51) if hand >> c & 1]
        return 1 if any(Play(c) in v.legal_actions for c in jokers) else 0
    return 0 if v.hand_counts[seat] >= dealt_size(v.seats) else 1


def _pending(v: GoStopView, field: int) -> tuple[int, ...] | None:
    if v.pending_flip is None:
        return None
    p = parse_card(v.pending_played) if v.pending_played is not None else -1
    d = parse_card(v.pending_flip)
    pt = -1
    if p >= 0 and (field & MONTH_OF[p]).bit_count() == 2:
        on = field & MONTH_OF[p]
        pt = on.bit_length() - 1
    return (p, pt, d, 0)


def determinize(v: GoStopView, rng: random.Random) -> State:
    """A full state whose view for ``v.seat`` is ``v``, hidden cards drawn with ``rng``."""
    seat = v.seat
    assert seat is not None, "a determinization needs a seat's view"
    n = v.seats
    hand = _mask(v.hand)
    field = _mask(v.field)
    pool = [c for c in range(51) if unseen(v) >> c & 1]
    others = [i for i in range(n) if i != seat]
    shown = [_mask(v.shown[i]) if v.shown else 0 for i in range(n)]
    hands: list[int] = [0] * n
    pile: list[int] = []
    for _ in range(_TRIES):
        rng.shuffle(pool)
        pos = 0
        hands = [0] * n
        hands[seat] = hand
        for i in others:
            hands[i] = shown[i]  # shown by a shake, not played yet: still in that hand
            k = v.hand_counts[i] - shown[i].bit_count()
            for c in pool[pos : pos + k]:
                hands[i] |= 1 << c
            pos += k
        pile = pool[pos:]
        if not any(_has_four(hands[i]) for i in others):
            break
    pot = [0] * 13
    for month, jokers in v.pot:
        pot[month] = _mask(jokers)
    captured = tuple(_mask(c) for c in v.captured)
    cup = -1 if v.cup_as_pi is None else int(v.cup_as_pi)
    go_seats = [i for i in range(n) if v.gos[i]]
    rng.shuffle(go_seats)
    joker_turn = 0
    if v.phase is Phase.CLAIM:
        joker_bits = captured[seat] & BONUS_MASK
        joker_turn = joker_bits & -joker_bits or 1 << 48
    stacks = 0
    for m in v.stacks:
        stacks |= 1 << m
    return State(
        rules=v.rules,
        seed=rng.getrandbits(63),
        n=n,
        round_no=v.round_no,
        dealer=v.dealer,
        scores=v.scores,
        history=v.history,
        carry=v.carry,
        phase=v.phase,
        to_act=v.to_act,
        hands=tuple(hands),
        field=field,
        pile=tuple(pile),
        pile_pos=0,
        captured=captured,
        gos=v.gos,
        go_at=tuple(points_of(captured[i], cup) if v.gos[i] else -1 for i in range(n)),
        go_order=tuple(go_seats),
        shakes=v.shakes,
        shaken=_shaken(v, hand, field) | _months(sum(shown)),  # disjoint masks: sum = union
        seolsa=v.seolsa,
        stacks=stacks,
        flips=v.free_flips,
        turns=tuple(_turns(v, i, hands[i]) for i in range(n)),
        pending=_pending(v, field),
        pot=tuple(pot),
        joker_turn=joker_turn,
        cup=cup,
        stolen=v.stolen or (0,) * n,
        given=v.given or (0,) * n,
        shown=tuple(shown),
    )

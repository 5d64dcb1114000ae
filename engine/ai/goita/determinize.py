"""Goita determinization: a full engine state consistent with one seat's view.

The pieces nobody has seen are the set minus the seat's hand, its own face-down pieces and
every face-up piece. They are dealt at random to the other hands, the other seats' face-down
pieces and the pieces set aside, with what the rules imply:

- with four players and ``teyaku``, nobody was dealt six pawns (the round would have ended):
  a seat's deal is its hand plus everything it has laid, so that is checked exactly;
- with ``no_king_face_down``, another seat's face-down piece is not a King (the rare case
  where only Kings were left in that hand is given up rather than guessed);
- with ``king_face_down_counts`` (seed), a seat that attacked with a King while no other King
  lies face up laid that other King face down itself (the only way its attack was legal,
  short of ``king_attack_with_both``), so one of its face-down pieces is a King;
- passes and blocks imply nothing certain (a player may pass holding the piece), so they are
  not used; the playout policy plays as the players would.

The sampled state's ``view(state, seat)`` is the original view whatever the hidden pieces. The
seed (later rounds) is drawn from ``rng``; during a redeal request the other holders of enough
pawns are read off the sampled hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from engine.goita.state import HIDDEN, KING, PAWN, State
from engine.goita.types import SET_COUNTS, GoitaView, Phase, Slot

_TRIES = 40


def _own_slot_code(slot: Slot) -> int:
    """One of the seat's own laid pieces as the state codes it (it knows its face-down pieces)."""
    assert slot.piece is not None
    return int(slot.piece) + (0 if slot.face_up else HIDDEN)


def counts(pieces: Iterable[int]) -> list[int]:
    """Counts per piece kind (K R B G S N L P) of an iterable of pieces."""
    c = [0] * 8
    for p in pieces:
        c[int(p)] += 1
    return c


def unseen(v: GoitaView) -> list[int]:
    """How many of each piece the seat of ``v`` has not seen (other hands, face down, aside)."""
    out = list(SET_COUNTS)
    for k, n in enumerate(counts(v.hand or ())):
        out[k] -= n
    for row in v.tables:
        for slot in row:
            if slot.piece is not None:
                out[int(slot.piece)] -= 1
    return out


def _king_down_shown(v: GoitaView, seat: int) -> bool:
    """Whether ``seat``'s King attack shows that it laid the other King face down."""
    rules = v.rules
    if not rules.king_face_down_counts or rules.king_attack_with_both:
        return False
    row = v.tables[seat]
    attacked = any(s.face_up and s.piece is not None and int(s.piece) == KING for s in row[1::2])
    face_up = sum(
        1 for r in v.tables for s in r if s.face_up and s.piece is not None and int(s.piece) == KING
    )
    return attacked and face_up == 1


def _fits(v: GoitaView, seat: int, hand: list[int], downs: list[int]) -> bool:
    if v.rules.no_king_face_down and KING in downs:
        return False
    if v.rules.teyaku and v.seats == 4:
        pawns = hand[PAWN] + downs.count(PAWN)
        pawns += sum(1 for slot in v.tables[seat] if slot.piece is not None and int(slot.piece) == PAWN)
        if pawns >= 6:
            return False
    return True


def determinize(v: GoitaView, rng: random.Random) -> State:
    """A full state whose view for ``v.seat`` is ``v``, hidden pieces drawn with ``rng``."""
    me = v.seat
    assert me is not None, "a determinization needs a seat's view"
    n = v.seats
    pool = [k for k, c in enumerate(unseen(v)) for _ in range(c)]
    others = [i for i in range(n) if i != me]
    hidden_slots = {i: sum(1 for slot in v.tables[i] if slot.piece is None) for i in others}
    # A King face down that a King attack showed goes straight to its seat's face-down pieces.
    king_down: set[int] = set()
    for i in others:
        if hidden_slots[i] and KING in pool and _king_down_shown(v, i):
            pool.remove(KING)
            king_down.add(i)
    hands: list[tuple[int, ...]] = []
    laid: list[tuple[int, ...]] = []
    aside: list[int] = []
    for attempt in range(_TRIES):
        rng.shuffle(pool)
        pos = 0
        hands = [()] * n
        laid = [()] * n
        ok = True
        for i in range(n):
            if i == me:
                hands[i] = tuple(counts(v.hand or ()))
                laid[i] = tuple(_own_slot_code(s) for s in v.tables[i])
                continue
            drawn = hidden_slots[i] - (i in king_down)
            downs = pool[pos : pos + drawn]
            pos += drawn
            if i in king_down:
                downs.insert(rng.randrange(drawn + 1), KING)
            hand = counts(pool[pos : pos + v.hand_counts[i]])
            pos += v.hand_counts[i]
            it = iter(downs)
            laid[i] = tuple(int(s.piece) if s.piece is not None else next(it) + HIDDEN for s in v.tables[i])
            hands[i] = tuple(hand)
            ok = ok and _fits(v, i, hand, downs)
        aside = counts(pool[pos:])
        if ok or attempt == _TRIES - 1:
            break
    asks: tuple[int, ...] = ()
    if v.phase in (Phase.ASK, Phase.CONSENT):
        first = v.redeal_asker if v.phase is Phase.CONSENT else v.to_act
        assert first is not None
        later = [(first + k) % n for k in range(1, n)]
        later = [s for s in later if (s - v.leader) % n > (first - v.leader) % n]
        asks = (first, *(s for s in later if v.rules.redeal_pawns and hands[s][PAWN] >= v.rules.redeal_pawns))
    return State(
        v.rules,
        rng.getrandbits(63),
        n,
        v.round_no,
        0,
        v.leader,
        v.scores,
        v.history,
        v.phase,
        v.to_act,
        tuple(hands),
        tuple(laid),
        tuple(aside),
        v.attacker if v.attacker is not None else -1,
        int(v.attack) if v.attack is not None else -1,
        v.passes,
        asks,
        (),
        v.rules.values,
    )

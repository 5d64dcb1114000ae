"""Dou Dizhu combinations: the :class:`Move` value object, classification and move generation.

A move is a multiset of ranks, kept as an int of 4-bit counts (``enc``: bits ``4r..4r+3`` hold
how many cards of rank ``r`` it uses; 0 = 3 … 12 = 2, 13 = black joker, 14 = red joker). Hands
use the same encoding, so "is this move in my hand" is one subtraction (:func:`fits`) and
playing it another. Every multiset is at most one combination (a property test checks it over
all small hands), so a move is identified by its cards and its text.

Notation (``str(move)``, :func:`parse_move`): ranks ``3456789TJQKA2`` and ``B`` ``R``, the core of
the combination first, then its kickers, each ascending: ``5``, ``55``, ``555``, ``5553``,
``55533``, ``34567``, ``334455``, ``333444``, ``33344457``, ``3334445577``, ``555534``,
``55553344``, ``5555``, ``BR``; ``pass`` is :class:`engine.doudizhu.types.Pass`.

Kinds and the conventions where the seed and RULINGS.md are silent (RLCard's; its action
space counts are reproduced by a test):

- ``single``, ``pair`` (no joker pair: ``BR`` is the rocket), ``trio``;
- ``trio_single`` (any other rank, jokers included), ``trio_pair`` (a pair of another rank);
- ``straight`` ≥ 5 singles, ``pair_chain`` ≥ 3 pairs, ``airplane`` ≥ 2 triples: consecutive ranks
  from 3 to A (never a 2 or a joker);
- ``airplane_single``: one single per triple, of ranks outside the chain; singles may repeat
  a rank (a pair, even three of a rank) but never four, never both jokers, and never three of
  the rank just below or above the chain (that is a longer airplane);
- ``airplane_pair``: one pair per triple, distinct ranks outside the chain, no jokers;
- ``four_two_single``: a four and two singles of other ranks (a pair of one rank allowed, the
  rocket never); ``four_two_pair``: a four and two pairs of two other ranks;
- ``bomb`` (four of a rank, no kickers), ``rocket`` (both jokers).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from engine.core import IllegalAction
from engine.doudizhu.cards import RANKS

SHIFTS = tuple(4 * r for r in range(15))
U = tuple(1 << s for s in SHIFTS)
GUARD = sum(8 << s for s in SHIFTS)  # a guard bit above each count, for :func:`fits`
JOKERS_ENC = U[13] | U[14]

KINDS = (
    "single",
    "pair",
    "trio",
    "trio_single",
    "trio_pair",
    "straight",
    "pair_chain",
    "airplane",
    "airplane_single",
    "airplane_pair",
    "four_two_single",
    "four_two_pair",
    "bomb",
    "rocket",
)
# Cards of the core per rank of the chain, and the minimum chain length, per kind.
_CORE = {
    "single": 1, "pair": 2, "trio": 3, "trio_single": 3, "trio_pair": 3, "straight": 1,
    "pair_chain": 2, "airplane": 3, "airplane_single": 3, "airplane_pair": 3,
    "four_two_single": 4, "four_two_pair": 4, "bomb": 4, "rocket": 1,
}  # fmt: skip
CHAIN_MIN = {"straight": 5, "pair_chain": 3, "airplane": 2, "airplane_single": 2, "airplane_pair": 2}


@dataclass(frozen=True, slots=True)
class Move:
    """A combination of ranks: its ``kind``, ``key`` (rank of the core's lowest rank, what a
    follower must beat), ``length`` (ranks in the chain, 1 for non-chains) and cards ``enc``."""

    kind: str
    key: int
    length: int
    enc: int

    def __str__(self) -> str:
        return move_text(self)

    @property
    def size(self) -> int:
        """Number of cards."""
        return sum(counts(self.enc))

    @property
    def ranks(self) -> tuple[int, ...]:
        """The rank of each card, ascending."""
        return tuple(r for r, n in enumerate(counts(self.enc)) for _ in range(n))

    @property
    def is_bomb(self) -> bool:
        """Bombs and the rocket (they beat other kinds and count for the bomb multiplier)."""
        return self.kind == "bomb" or self.kind == "rocket"


def counts(enc: int) -> list[int]:
    """The 15 per-rank counts of an encoding."""
    return [(enc >> s) & 15 for s in SHIFTS]


def encode(cs: list[int] | tuple[int, ...]) -> int:
    """The encoding of per-rank counts."""
    return sum(n << s for n, s in zip(cs, SHIFTS, strict=False))


def fits(move_enc: int, hand_enc: int) -> bool:
    """Whether the hand holds every card of the move."""
    return ((hand_enc | GUARD) - move_enc) & GUARD == GUARD


def move_text(m: Move) -> str:
    if m.kind == "rocket":
        return "BR"
    per = _CORE[m.kind]
    core = 0
    for r in range(m.key, m.key + m.length):
        core += per << SHIFTS[r]
    rest = m.enc - core
    return "".join(RANKS[r] * n for r, n in enumerate(counts(core))) + "".join(
        RANKS[r] * n for r, n in enumerate(counts(rest))
    )


_MOVES: dict[int, Move] = {}


def _m(kind: str, key: int, length: int, enc: int) -> Move:
    m = _MOVES.get(enc)
    if m is None:
        m = _MOVES[enc] = Move(kind, key, length, enc)
    return m


# --- generation ------------------------------------------------------------------------------


def _chains(c: list[int], need: int, minlen: int, min_key: int, length: int) -> list[tuple[int, int]]:
    """(start, length) of every run of ranks 3..A with ≥ need cards each; start > min_key;
    only ``length`` if non-zero."""
    out = []
    for start in range(min_key + 1, 12):
        if c[start] < need:
            continue
        end = start
        while end < 12 and c[end] >= need:
            end += 1
        run = end - start
        if length:
            if run >= length:
                out.append((start, length))
        else:
            for n in range(minlen, run + 1):
                out.append((start, n))
    return out


def _multisets(avail: list[tuple[int, int]], k: int, forbid3: tuple[int, ...]) -> list[int]:
    """Encodings of every multiset of ``k`` cards from ``avail`` (rank, max count), without the
    rocket and without three of a rank in ``forbid3``."""
    out: list[int] = []
    n = len(avail)

    def rec(i: int, left: int, acc: int) -> None:
        if left == 0:
            if acc & JOKERS_ENC != JOKERS_ENC:
                out.append(acc)
            return
        if i == n:
            return
        r, top = avail[i]
        u = U[r]
        rec(i + 1, left, acc)
        for j in range(1, min(top, left) + 1):
            if j == 3 and r in forbid3:
                continue
            rec(i + 1, left - j, acc + j * u)

    rec(0, k, 0)
    return out


def _gen(kind: str, c: list[int], min_key: int, length: int, out: list[Move]) -> None:
    """Append the moves of ``kind`` in counts ``c`` with key > min_key (and that ``length`` for
    chains; 0 = every length)."""
    if kind == "single":
        out.extend(_m(kind, r, 1, U[r]) for r in range(min_key + 1, 15) if c[r])
    elif kind == "pair":
        out.extend(_m(kind, r, 1, 2 * U[r]) for r in range(min_key + 1, 13) if c[r] >= 2)
    elif kind == "trio":
        out.extend(_m(kind, r, 1, 3 * U[r]) for r in range(min_key + 1, 13) if c[r] >= 3)
    elif kind == "bomb":
        out.extend(_m(kind, r, 1, 4 * U[r]) for r in range(min_key + 1, 13) if c[r] == 4)
    elif kind == "rocket":
        if c[13] and c[14]:
            out.append(_m(kind, 13, 1, JOKERS_ENC))
    elif kind == "trio_single" or kind == "trio_pair":
        need = 1 if kind == "trio_single" else 2
        top = 15 if need == 1 else 13
        for t in range(min_key + 1, 13):
            if c[t] >= 3:
                base = 3 * U[t]
                out.extend(_m(kind, t, 1, base + need * U[r]) for r in range(top) if r != t and c[r] >= need)
    elif kind == "straight" or kind == "pair_chain" or kind == "airplane":
        per = _CORE[kind]
        for start, n in _chains(c, per, CHAIN_MIN[kind], min_key, length):
            out.append(_m(kind, start, n, per * sum(U[start : start + n])))
    elif kind == "airplane_single" or kind == "airplane_pair":
        for start, n in _chains(c, 3, 2, min_key, length):
            core = 3 * sum(U[start : start + n])
            if kind == "airplane_single":
                avail = [(r, min(c[r], 3)) for r in range(15) if c[r] and not start <= r < start + n]
                adj = tuple(r for r in (start - 1, start + n) if 0 <= r <= 11)
                wings = _multisets(avail, n, adj)
            else:
                ranks = [r for r in range(13) if c[r] >= 2 and not start <= r < start + n]
                wings = [2 * sum(U[r] for r in combo) for combo in combinations(ranks, n)]
            out.extend(_m(kind, start, n, core + w) for w in wings)
    elif kind == "four_two_single" or kind == "four_two_pair":
        for q in range(min_key + 1, 13):
            if c[q] == 4:
                core = 4 * U[q]
                if kind == "four_two_single":
                    avail = [(r, min(c[r], 2)) for r in range(15) if c[r] and r != q]
                    wings = _multisets(avail, 2, ())
                else:
                    ranks = [r for r in range(13) if c[r] >= 2 and r != q]
                    wings = [2 * (U[a] + U[b]) for a, b in combinations(ranks, 2)]
                out.extend(_m(kind, q, 1, core + w) for w in wings)
    else:  # pragma: no cover - kinds are internal
        raise AssertionError(kind)


def leads(hand_enc: int) -> list[Move]:
    """Every combination the hand can lead, each once (kinds in :data:`KINDS` order)."""
    c = counts(hand_enc)
    ones = [r for r in range(15) if c[r]]
    pairs = [r for r in ones if c[r] >= 2]
    trios = [r for r in pairs if c[r] >= 3]
    m = _m
    out = [m("single", r, 1, U[r]) for r in ones]
    out.extend(m("pair", r, 1, 2 * U[r]) for r in pairs)
    if trios:
        out.extend(m("trio", r, 1, 3 * U[r]) for r in trios)
        _gen("trio_single", c, -1, 0, out)
        if len(pairs) > 1:
            _gen("trio_pair", c, -1, 0, out)
    if len(ones) >= 5:
        _gen("straight", c, -1, 0, out)
    if len(pairs) >= 3:
        _gen("pair_chain", c, -1, 0, out)
    if len(trios) >= 2:
        _gen("airplane", c, -1, 0, out)
        _gen("airplane_single", c, -1, 0, out)
        _gen("airplane_pair", c, -1, 0, out)
    fours = [r for r in trios if c[r] == 4]
    if fours:
        _gen("four_two_single", c, -1, 0, out)
        _gen("four_two_pair", c, -1, 0, out)
        out.extend(m("bomb", r, 1, 4 * U[r]) for r in fours)
    if c[13] and c[14]:
        out.append(m("rocket", 13, 1, JOKERS_ENC))
    return out


def answers(hand_enc: int, last: Move, bomb_over_bomb: bool = True) -> list[Move]:
    """Every combination of the hand that beats ``last`` (passing aside); ``bomb_over_bomb``
    as in :func:`beats`."""
    kind = last.kind
    if kind == "rocket":
        return []
    c = counts(hand_enc)
    out: list[Move] = []
    if kind == "bomb":
        if bomb_over_bomb:
            _gen("bomb", c, last.key, 0, out)
    else:
        _gen(kind, c, last.key, last.length if kind in CHAIN_MIN else 0, out)
        _gen("bomb", c, -1, 0, out)
    if c[13] and c[14]:
        out.append(_m("rocket", 13, 1, JOKERS_ENC))
    return out


def beats(move: Move, last: Move, bomb_over_bomb: bool = True) -> bool:
    """Seed: same category, higher; bombs beat any other kind, the rocket beats everything.

    A higher bomb beats a lower one (``bomb_over_bomb``, the seed's reading: « jouer plus haut dans
    la même catégorie » applies to bombs as to every category). ``False``: « Le joueur ayant joué
    la bombe remporte alors le pli, à moins qu'une super-bombe … ne soit jouée » read literally,
    only the rocket beats a bomb.
    """
    if move.kind == "rocket":
        return True
    if last.kind == "rocket":
        return False
    if move.kind == "bomb" and last.kind != "bomb":
        return True
    if last.kind == "bomb" and not bomb_over_bomb:
        return False
    return move.kind == last.kind and move.length == last.length and move.key > last.key


# --- classification and notation -------------------------------------------------------------


def classify(enc: int) -> Move | None:
    """The combination these cards form, or ``None``."""
    m = _MOVES.get(enc)
    if m is not None:
        return m
    for cand in leads(enc):
        if cand.enc == enc:
            return cand
    return None


def parse_ranks(text: str) -> int:
    """``"33344"`` → encoding; ``10`` is accepted for ``T``; raises :class:`IllegalAction`."""
    t = text.strip().upper().replace("10", "T").replace(" ", "")
    enc = 0
    for ch in t:
        r = RANKS.find(ch)
        if r < 0 or not ch:
            raise IllegalAction(
                f"{text!r} is not a move (ranks 3456789TJQKA2, B and R for the jokers)",
                key="bad_move",
                text=text,
            )
        enc += U[r]
    if any(n > (1 if r >= 13 else 4) for r, n in enumerate(counts(enc))):
        raise IllegalAction(
            f"{text!r} holds more cards of a rank than the deck has", key="bad_move", text=text
        )
    return enc


def parse_move(text: str) -> Move:
    """The combination written ``text`` (any card order); raises :class:`IllegalAction`."""
    enc = parse_ranks(text)
    m = classify(enc) if enc else None
    if m is None:
        raise IllegalAction(
            f"{text.strip()!r} is not a Dou Dizhu combination", key="not_a_combination", text=text
        )
    return m

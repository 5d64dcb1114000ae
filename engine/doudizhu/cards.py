"""The 54-card Dou Dizhu deck: ranks, suits for display, card and rank notation.

Ranks, low to high: ``3456789TJQKA2`` then ``B`` (black joker) and ``R`` (red/coloured joker);
suits never matter to the rules and are kept for display only. A card is an ``int`` 0..53:
``rank * 4 + suit`` for the 52 suited cards (suits ``s h d c``), 52 = black joker, 53 = red joker.

Card notation: rank then suit, ``3s`` ``Th`` ``2c``, and ``B`` / ``R`` for the jokers;
``Card.parse(str(card)) == card`` for every card. Moves use rank strings only (``33344``,
``BR``): see :mod:`engine.doudizhu.moves`.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.core import mask as mask  # shared bitmask helper, re-exported for the engine's callers

RANKS = "3456789TJQKA2BR"
SUITS = "shdc"
BLACK_JOKER = 52
RED_JOKER = 53
TWO = 12  # rank index of the 2
ACE = 11  # highest rank a chain may reach
RANK_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "black joker", "red joker")


class Card(int):
    """One of the 54 cards: an ``int`` 0..53 with its rank (0 = 3 … 14 = red joker) and suit."""

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Card:
        """``"3s"`` → three of spades, ``"R"`` → red joker; raises :class:`IllegalAction`."""
        t = text.strip()
        up = t.upper()
        if up in ("B", "BJ"):
            return CARDS[BLACK_JOKER]
        if up in ("R", "RJ"):
            return CARDS[RED_JOKER]
        if up.startswith("10"):
            up = "T" + up[2:]
        if len(up) == 2 and up[0] in RANKS[:13] and up[1].lower() in SUITS:
            return CARDS[RANKS.index(up[0]) * 4 + SUITS.index(up[1].lower())]
        raise IllegalAction(
            f"{text!r} is not a card (expected e.g. 3s, Th, 2c, B, R)", key="bad_card", text=text
        )

    @property
    def rank(self) -> int:
        return RANK_OF[self]

    @property
    def suit(self) -> str | None:
        """``s h d c``, or ``None`` for a joker."""
        return SUITS[self & 3] if self < 52 else None

    @property
    def is_joker(self) -> bool:
        return self >= 52

    def __str__(self) -> str:
        if self >= 52:
            return "B" if self == BLACK_JOKER else "R"
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(54))
RANK_OF: tuple[int, ...] = tuple(min(i >> 2, 13) if i < 53 else 14 for i in range(54))
FULL_DECK_MASK = (1 << 54) - 1


def cards(text: str) -> tuple[Card, ...]:
    """``cards("3s 3h B")``: several cards separated by spaces."""
    return tuple(Card.parse(t) for t in text.split())


def from_mask(m: int) -> tuple[Card, ...]:
    """Cards of a mask, lowest first (rank order, then suit)."""
    out = []
    while m:
        low = m & -m
        out.append(CARDS[low.bit_length() - 1])
        m ^= low
    return tuple(out)

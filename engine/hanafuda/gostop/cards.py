"""The Korean hwatu deck: the shared 48 cards plus bonus cards (jokers).

Cards 0..47 are :class:`engine.hanafuda.cards.Card` (Japanese month order; Korean numbering is
display only, ``Card.korean_month``). Bonus cards are ints 48.. with their own notation:
``J2`` (worth 2 pi), ``J3`` (worth 3 pi) and, with ``bonus_cards=3``, ``J2b`` (a second 2-pi).
Card sets are 51-bit masks.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import IllegalAction
from engine.hanafuda.cards import CARDS, MONTH_MASKS, Card

J2, J3, J2B = 48, 49, 50
BONUS_NAMES = {J2: "J2", J3: "J3", J2B: "J2b"}
BONUS_PI = {J2: 2, J3: 3, J2B: 2}
BONUS_ORDER = (J2, J3, J2B)  # bonus_cards=n uses the first n
BONUS_MASK = (1 << J2) | (1 << J3) | (1 << J2B)

# Go-Stop categories (Japanese card ids). The rain man 11a is the "December" bright of the seed.
GWANG = (0, 8, 28, 40, 44)  # 1a 3a 8a 11a 12a
RAIN_GWANG = 40
ANIMALS = (4, 12, 16, 20, 24, 29, 32, 36, 41)  # 2a 4a 5a 6a 7a 8b 9a 10a 11b
SAKE_CUP = 32
GODORI = (4, 12, 29)  # February, April, August birds
RIBBONS = (1, 5, 9, 13, 17, 21, 25, 33, 37, 42)
HONGDAN = (1, 5, 9)
CHEONGDAN = (21, 33, 37)
CHODAN = (13, 17, 25)
DOUBLE_PI = (43, 45)  # 11d lightning (Korean December), 12b (Korean November)
SINGLE_PI = tuple(c for c in range(48) if CARDS[c].kind.value == "chaff" and c not in DOUBLE_PI)


def m_of(items: tuple[int, ...]) -> int:
    out = 0
    for c in items:
        out |= 1 << c
    return out


GWANG_M, ANIMAL_M, RIBBON_M = m_of(GWANG), m_of(ANIMALS), m_of(RIBBONS)
GODORI_M, HONGDAN_M, CHEONGDAN_M, CHODAN_M = m_of(GODORI), m_of(HONGDAN), m_of(CHEONGDAN), m_of(CHODAN)
SINGLE_PI_M, DOUBLE_PI_M = m_of(SINGLE_PI), m_of(DOUBLE_PI)
MONTH_OF: tuple[int, ...] = (*tuple(MONTH_MASKS[c // 4 + 1] for c in range(48)), 0, 0, 0)


CARD_STR: tuple[str, ...] = (*(str(c) for c in CARDS), "J2", "J3", "J2b")


def card_str(c: int) -> str:
    return CARD_STR[c]


def parse_card(text: str) -> int:
    """``"3a"`` → 8, ``"J2"`` → 48; raises :class:`IllegalAction` otherwise."""
    t = text.strip()
    for c, name in BONUS_NAMES.items():
        if t.lower() == name.lower():
            return c
    return int(Card.parse(t))


def cards_of(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.replace(",", " ").split())


@lru_cache(maxsize=1 << 16)
def names(mask: int) -> tuple[str, ...]:
    """Notation of the cards of ``mask``, in card order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_STR[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def deck_cards(bonus: int) -> tuple[int, ...]:
    if not 0 <= bonus <= 3:
        raise IllegalAction("bonus cards: 0 to 3", key="bad_rules")
    return (*range(48), *BONUS_ORDER[:bonus])

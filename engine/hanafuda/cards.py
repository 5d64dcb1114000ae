"""The 48-card hanafuda deck shared by Koi-Koi, Roppyakken and Go-Stop.

One card identity for all three games (RULINGS.md): the plant/month in Japanese order
(1 pine … 11 willow, 12 paulownia) and a slot ``a``–``d`` within the month, highest card first.
Korean hwatu numbers willow 12 and paulownia 11; that is a naming concern (``korean_month``),
not a second deck. Categories (bright, animal, ribbon, chaff) are per game; ``kind`` here is
the common Japanese classification that games start from.

Text notation: ``<month><slot>``, e.g. ``1a`` (crane), ``9a`` (sake cup), ``11d`` (lightning).
``Card.parse(str(card)) == card`` for every card. A card is an ``int`` 0..47
(``(month - 1) * 4 + slot``) so sets of cards can be kept as 48-bit masks on hot paths.
"""

from __future__ import annotations

from enum import Enum

from engine.core import IllegalAction
from engine.core import mask as mask  # shared bitmask helper, re-exported for the engine's callers


class Kind(Enum):
    """The usual Japanese category of a card; games may reclassify some cards."""

    BRIGHT = "bright"
    ANIMAL = "animal"
    RIBBON = "ribbon"
    CHAFF = "chaff"


class RibbonKind(Enum):
    POETRY = "poetry"  # red with writing: 赤短 (1, 2, 3)
    BLUE = "blue"  # 青短 (6, 9, 10)
    PLAIN = "plain"  # red without writing (4, 5, 7, 11)


SLOTS = "abcd"

PLANTS: dict[int, dict[str, str]] = {
    1: {"en": "Pine", "ja": "松", "ko": "송학"},
    2: {"en": "Plum", "ja": "梅", "ko": "매조"},
    3: {"en": "Cherry", "ja": "桜", "ko": "벚꽃"},
    4: {"en": "Wisteria", "ja": "藤", "ko": "흑싸리"},
    5: {"en": "Iris", "ja": "菖蒲", "ko": "난초"},
    6: {"en": "Peony", "ja": "牡丹", "ko": "모란"},
    7: {"en": "Bush clover", "ja": "萩", "ko": "홍싸리"},
    8: {"en": "Susuki grass", "ja": "芒", "ko": "공산"},
    9: {"en": "Chrysanthemum", "ja": "菊", "ko": "국진"},
    10: {"en": "Maple", "ja": "紅葉", "ko": "단풍"},
    11: {"en": "Willow", "ja": "柳", "ko": "비"},
    12: {"en": "Paulownia", "ja": "桐", "ko": "오동"},
}

# (kind, subject, ribbon kind, names) for each card in notation order.
_Spec = tuple[Kind, str | None, RibbonKind | None, dict[str, str]]


def _chaff(month: int) -> _Spec:
    p = PLANTS[month]
    return (
        Kind.CHAFF,
        None,
        None,
        {"en": f"{p['en']} chaff", "ja": f"{p['ja']}のカス", "ko": f"{p['ko']} 피"},
    )


def _ribbon(month: int, rk: RibbonKind) -> _Spec:
    p = PLANTS[month]
    en = {
        RibbonKind.POETRY: "poetry ribbon",
        RibbonKind.BLUE: "blue ribbon",
        RibbonKind.PLAIN: "red ribbon",
    }[rk]
    ja = {RibbonKind.POETRY: "赤短", RibbonKind.BLUE: "青短", RibbonKind.PLAIN: "短冊"}[rk]
    ko = {RibbonKind.POETRY: "홍단", RibbonKind.BLUE: "청단", RibbonKind.PLAIN: "초단"}[rk]
    if month == 11:
        ko = "띠"
    return (
        Kind.RIBBON,
        None,
        rk,
        {"en": f"{p['en']} {en}", "ja": f"{p['ja']}に{ja}", "ko": f"{p['ko']} {ko}"},
    )


def _special(kind: Kind, subject: str, en: str, ja: str, ko: str) -> _Spec:
    return (kind, subject, None, {"en": en, "ja": ja, "ko": ko})


_SPECS: tuple[_Spec, ...] = (
    _special(Kind.BRIGHT, "crane", "Crane and sun", "松に鶴", "송학 광"),
    _ribbon(1, RibbonKind.POETRY), _chaff(1), _chaff(1),
    _special(Kind.ANIMAL, "warbler", "Bush warbler", "梅に鶯", "매조 열끗"),
    _ribbon(2, RibbonKind.POETRY), _chaff(2), _chaff(2),
    _special(Kind.BRIGHT, "curtain", "Cherry curtain", "桜に幕", "벚꽃 광"),
    _ribbon(3, RibbonKind.POETRY), _chaff(3), _chaff(3),
    _special(Kind.ANIMAL, "cuckoo", "Cuckoo", "藤に不如帰", "흑싸리 열끗"),
    _ribbon(4, RibbonKind.PLAIN), _chaff(4), _chaff(4),
    _special(Kind.ANIMAL, "bridge", "Eight-plank bridge", "菖蒲に八橋", "난초 열끗"),
    _ribbon(5, RibbonKind.PLAIN), _chaff(5), _chaff(5),
    _special(Kind.ANIMAL, "butterflies", "Butterflies", "牡丹に蝶", "모란 열끗"),
    _ribbon(6, RibbonKind.BLUE), _chaff(6), _chaff(6),
    _special(Kind.ANIMAL, "boar", "Boar", "萩に猪", "홍싸리 열끗"),
    _ribbon(7, RibbonKind.PLAIN), _chaff(7), _chaff(7),
    _special(Kind.BRIGHT, "moon", "Full moon", "芒に月", "공산 광"),
    _special(Kind.ANIMAL, "geese", "Geese", "芒に雁", "공산 열끗"),
    _chaff(8), _chaff(8),
    _special(Kind.ANIMAL, "sake_cup", "Sake cup", "菊に盃", "국진 열끗"),
    _ribbon(9, RibbonKind.BLUE), _chaff(9), _chaff(9),
    _special(Kind.ANIMAL, "deer", "Deer", "紅葉に鹿", "단풍 열끗"),
    _ribbon(10, RibbonKind.BLUE), _chaff(10), _chaff(10),
    _special(Kind.BRIGHT, "rain_man", "Rain man", "柳に小野道風", "비광"),
    _special(Kind.ANIMAL, "swallow", "Swallow", "柳に燕", "비 열끗"),
    _ribbon(11, RibbonKind.PLAIN),
    _special(Kind.CHAFF, "lightning", "Lightning", "柳に雷", "비 쌍피"),
    _special(Kind.BRIGHT, "phoenix", "Phoenix", "桐に鳳凰", "오동 광"),
    _special(Kind.CHAFF, "yellow_chaff", "Paulownia yellow chaff", "桐の黄色いカス", "오동 쌍피"),
    _chaff(12), _chaff(12),
)  # fmt: skip


class Card(int):
    """One of the 48 cards: an ``int`` 0..47 with its notation, month, slot and names."""

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Card:
        """``"1a"`` → crane. Case-insensitive; raises :class:`IllegalAction` on anything else."""
        cleaned = text.strip().lower()
        if len(cleaned) >= 2 and cleaned[-1] in SLOTS and cleaned[:-1].isdigit():
            month = int(cleaned[:-1])
            if 1 <= month <= 12:
                return CARDS[(month - 1) * 4 + SLOTS.index(cleaned[-1])]
        raise IllegalAction(f"{text!r} is not a card (expected e.g. 1a … 12d)", key="bad_card", text=text)

    @property
    def month(self) -> int:
        return self // 4 + 1

    @property
    def slot(self) -> int:
        return self % 4

    @property
    def bit(self) -> int:
        return 1 << self

    @property
    def kind(self) -> Kind:
        return _SPECS[self][0]

    @property
    def subject(self) -> str | None:
        """The picture's subject for special cards (``"crane"``, ``"sake_cup"``…), else ``None``."""
        return _SPECS[self][1]

    @property
    def ribbon(self) -> RibbonKind | None:
        return _SPECS[self][2]

    @property
    def korean_month(self) -> int:
        """Month as Korean hwatu counts it: paulownia is 11 and willow (rain) is 12."""
        return {11: 12, 12: 11}.get(self.month, self.month)

    def name(self, lang: str = "en") -> str:
        """Card name in ``en``, ``ja`` or ``ko`` (English for any other language)."""
        names = _SPECS[self][3]
        return names.get(lang, names["en"])

    def __str__(self) -> str:
        return f"{self.month}{SLOTS[self.slot]}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(48))
FULL_DECK_MASK = (1 << 48) - 1
MONTH_MASKS: tuple[int, ...] = (0, *(0b1111 << ((m - 1) * 4) for m in range(1, 13)))


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    """``cards("1a 3a 8a")`` → three cards; handy for stacked decks in tests."""
    return tuple(Card.parse(t) for t in text.replace(",", " ").split())


def from_mask(m: int) -> tuple[Card, ...]:
    """Cards of a bitmask, in deck order."""
    out = []
    while m:
        low = m & -m
        out.append(CARDS[low.bit_length() - 1])
        m ^= low
    return tuple(out)


def by_subject(subject: str) -> Card:
    """The special card with this subject, e.g. ``by_subject("sake_cup")`` → 9a."""
    for c in CARDS:
        if c.subject == subject:
            return c
    raise KeyError(subject)

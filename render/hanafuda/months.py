"""The twelve month compositions: which motifs and subjects go where on each of the 48 cards.

:func:`paint` fills a card-sized canvas (in card units, 100 × 160) with one card's picture;
badges and the border are added by :mod:`render.hanafuda.faces`.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.hanafuda.cards import Card, Kind
from render.hanafuda import subjects as sub
from render.hanafuda.motifs import (
    blossom,
    branch,
    cherry_cloud,
    chrysanthemum,
    clover_sprig,
    grass_hill,
    haze,
    iris_flower,
    jagged_leaf,
    maple_leaf,
    paulownia,
    peony,
    pine_tuft,
    rain,
    ribbon,
    sword_leaves,
    willow_strands,
    wisteria,
)
from render.palette import (
    BLUE,
    CREAM,
    GOLD,
    GREEN,
    INK,
    ORANGE,
    PINK,
    RED,
    RGB,
    SKY_BLUE,
    SKY_RED,
    SLATE,
    YELLOW,
)
from render.pen import Pen, leaf


def background(card: Card) -> RGB:
    """The paper colour behind a card's picture."""
    if card.month == 8:
        return SKY_RED
    return {"rain_man": SLATE, "lightning": INK}.get(card.subject or "", CREAM)


def _ribbon(pen: Pen, card: Card, x: float = 54, y: float = 24, angle: float = 7) -> None:
    if card.ribbon is not None:
        ribbon(pen, card.ribbon, card.month, x, y, angle=angle)


def _pine(pen: Pen, card: Card) -> None:
    if card.subject == "crane":
        sub.red_sun(pen, 60, 52, 31)
        branch(pen, (-4, 150), (30, 140), (104, 150), start=6, end=3)
        for cx, cy, r in ((14, 146, 13), (86, 144, 14), (50, 152, 12)):
            pine_tuft(pen, cx, cy, r)
        sub.crane(pen, 42, 112)
        return
    haze(pen, 148, -10, 110, 16, RED)
    branch(pen, (16, 162), (20, 120), (64, 96), start=10, end=3)
    branch(pen, (24, 128), (40, 122), (80, 126), start=4, end=2)
    for cx, cy, r in ((64, 94, 17), (32, 112, 14), (80, 124, 13), (46, 72, 12), (14, 88, 10)):
        pine_tuft(pen, cx, cy, r)
    _ribbon(pen, card, 56, 20, 6)


def _plum(pen: Pen, card: Card) -> None:
    haze(pen, 150, -10, 110, 14, PINK)
    branch(pen, (6, 162), (14, 120), (40, 118), (62, 70), start=7, end=2)
    branch(pen, (30, 124), (56, 128), (90, 106), start=4, end=1.5)
    branch(pen, (50, 90), (70, 84), (86, 60), start=3, end=1)
    spots = ((60, 72, 8), (86, 62, 7), (90, 104, 7), (40, 116, 8), (20, 138, 7), (70, 118, 6), (52, 94, 6))
    for i, (x, y, r) in enumerate(spots):
        blossom(pen, x, y, r, RED, YELLOW, turn=i * 17)
    if card.subject == "warbler":
        sub.warbler(pen, 54, 112)
    _ribbon(pen, card, 42, 22, -6)


def _cherry(pen: Pen, card: Card) -> None:
    if card.subject == "curtain":
        haze(pen, 36, -10, 60, 12, PINK)
        for cx, cy, r in ((26, 58, 13), (70, 48, 14), (52, 76, 11)):
            cherry_cloud(pen, cx, cy, r)
        sub.curtain(pen, 90, 156)
        return
    haze(pen, 140, -10, 110, 14, RED)
    haze(pen, 40, 40, 110, 10, PINK)
    branch(pen, (0, 120), (30, 110), (60, 130), (100, 112), start=5, end=2)
    for cx, cy, r in ((22, 96, 14), (64, 110, 15), (44, 132, 12), (82, 82, 12), (30, 62, 10)):
        cherry_cloud(pen, cx, cy, r)
    _ribbon(pen, card, 56, 22, 8)


def _wisteria(pen: Pen, card: Card) -> None:
    for x, y, r in ((10, 8, 16), (38, 4, 14), (66, 6, 16), (94, 10, 14)):
        for a in (-150, -110, -70, -30):
            pen.poly(leaf(x, y, r, 6, a + 180), INK)
    if card.subject == "cuckoo":
        for x, length in ((12, 80), (88, 60)):
            wisteria(pen, x, 18, length, 4)
        sub.cuckoo(pen, 46, 104)
        return
    hang = ((18, 96), (44, 70), (70, 104), (90, 60)) if card.kind is Kind.CHAFF else ((16, 96), (86, 84))
    for x, length in hang:
        wisteria(pen, x, 18, length, -4)
    haze(pen, 150, -10, 110, 12, RED)
    _ribbon(pen, card, 50, 26, -8)


def _iris(pen: Pen, card: Card) -> None:
    if card.subject == "bridge":
        sword_leaves(pen, 6, 40, 110, 30, 4)
        sword_leaves(pen, 62, 96, 112, 36, 4)
        for cx, cy in ((18, 50), (78, 56), (44, 40)):
            iris_flower(pen, cx, cy, 10)
        sub.bridge(pen, 104)
        return
    sword_leaves(pen, 6, 94, 162, 56, 8)
    for cx, cy in ((22, 70), (72, 58), (46, 94), (84, 104), (18, 120)):
        iris_flower(pen, cx, cy, 12)
    _ribbon(pen, card, 52, 20, 6)


def _peony(pen: Pen, card: Card) -> None:
    for x, y, a in ((14, 150, -60), (84, 152, -120), (30, 124, -100), (70, 126, -80), (50, 146, -90)):
        jagged_leaf(pen, x, y, 24, a)
    if card.subject == "butterflies":
        peony(pen, 50, 118, 20)
        sub.butterfly(pen, 34, 52, 1.25, BLUE, -15)
        sub.butterfly(pen, 70, 80, 1.0, (120, 160, 220), 20)
        return
    peony(pen, 36, 106, 20)
    peony(pen, 74, 128, 15)
    if card.kind is Kind.CHAFF:
        peony(pen, 66, 62, 13)
    _ribbon(pen, card, 64, 22, 10)


def _clover(pen: Pen, card: Card) -> None:
    sprigs = (
        ((4, 160), (10, 90), (60, 60)),
        ((30, 160), (50, 110), (96, 96)),
        ((60, 162), (70, 120), (100, 60)),
        ((0, 110), (20, 70), (40, 40)),
    )
    for ctrl in sprigs if card.kind is not Kind.ANIMAL else sprigs[:3]:
        clover_sprig(pen, *ctrl)
    if card.subject == "boar":
        sub.boar(pen, 56, 118)
    _ribbon(pen, card, 52, 20, 6)


def _susuki(pen: Pen, card: Card) -> None:
    if card.subject == "moon":
        sub.full_moon(pen, 50, 62, 32)
        grass_hill(pen, 104)
        return
    if card.subject == "geese":
        for x, y, s in ((30, 34, 1.0), (52, 54, 1.0), (72, 76, 1.0)):
            sub.goose(pen, x, y, s)
        grass_hill(pen, 108)
        return
    haze(pen, 54, -10, 70, 12, (236, 120, 90))
    grass_hill(pen, 78, peak=36)


def _chrysanthemum(pen: Pen, card: Card) -> None:
    pink = ((240, 120, 120), RED)
    if card.subject == "sake_cup":
        for x, y, a in ((20, 150, -60), (80, 150, -120), (50, 140, -90)):
            jagged_leaf(pen, x, y, 22, a, GREEN)
        chrysanthemum(pen, 24, 58, 14)
        chrysanthemum(pen, 76, 48, 12, *pink)
        sub.sake_cup(pen, 50, 96)
        return
    haze(pen, 150, -10, 110, 12, (120, 150, 210))
    for x, y, a in ((16, 150, -60), (84, 148, -120), (48, 138, -95), (28, 112, -150), (76, 96, -30)):
        jagged_leaf(pen, x, y, 22, a, GREEN)
    chrysanthemum(pen, 34, 100, 18)
    chrysanthemum(pen, 70, 124, 15, *pink)
    if card.kind is Kind.CHAFF:
        chrysanthemum(pen, 66, 64, 15)
        chrysanthemum(pen, 24, 136, 12, *pink)
        chrysanthemum(pen, 36, 50, 9, *pink)
    _ribbon(pen, card, 56, 18, 8)


def _maple(pen: Pen, card: Card) -> None:
    branch(pen, (104, 10), (70, 30), (40, 24), (10, 44), start=5, end=1.5)
    branch(pen, (80, 24), (84, 60), (60, 80), start=3, end=1)
    leaves = (
        (14, 46, 9, RED),
        (34, 28, 8, YELLOW),
        (52, 40, 10, RED),
        (66, 82, 9, RED),
        (86, 58, 8, ORANGE),
        (28, 60, 7, RED),
    )
    for i, (x, y, r, c) in enumerate(leaves):
        maple_leaf(pen, x, y, r, i * 23 - 30, c)
    if card.subject == "deer":
        sub.deer(pen, 52, 124)
        return
    for i, (x, y) in enumerate(((20, 110), (74, 122), (46, 140), (84, 96))):
        maple_leaf(pen, x, y, 9, i * 40, RED if i % 2 else ORANGE)
    _ribbon(pen, card, 44, 36, -8)


def _willow(pen: Pen, card: Card) -> None:
    if card.subject == "rain_man":
        rain(pen, (96, 104, 124))
        willow_strands(pen, 84, -4, 3, 8, 70)
        for y in (150, 156):
            pen.line([(0, y), (100, y - 4)], SKY_BLUE, 1.2)
        sub.rain_man(pen, 58, 92)
        return
    if card.subject == "lightning":
        rain(pen, (70, 70, 80), 7)
        willow_strands(pen, 20, -4, 2, 10, 110)
        sub.thunder_drum(pen, 62, 44)
        return
    haze(pen, 146, -10, 110, 14, RED)
    willow_strands(pen, 40, -4, 5, 14, 120 if card.kind is Kind.RIBBON else 110)
    if card.subject == "swallow":
        sub.swallow(pen, 56, 100)
    _ribbon(pen, card, 60, 26, 8)


def _paulownia(pen: Pen, card: Card) -> None:
    if card.subject == "phoenix":
        haze(pen, 22, -10, 110, 30, (240, 150, 60))
        paulownia(pen, 26, 140, 0.75)
        sub.phoenix(pen, 44, 70, 1.3)
        return
    if card.subject == "yellow_chaff":
        pen.rect(0, 116, 100, 160, YELLOW)
        paulownia(pen, 50, 112, 1.3)
        return
    haze(pen, 148, -10, 110, 14, GOLD)
    paulownia(pen, 46, 118, 1.35)


PAINTERS: dict[int, Callable[[Pen, Card], None]] = {
    1: _pine,
    2: _plum,
    3: _cherry,
    4: _wisteria,
    5: _iris,
    6: _peony,
    7: _clover,
    8: _susuki,
    9: _chrysanthemum,
    10: _maple,
    11: _willow,
    12: _paulownia,
}


def mirrored(card: Card) -> bool:
    """The second plain card of a month is drawn as the mirror image of the first."""
    return card.kind is Kind.CHAFF and card.subject is None and card.slot == 3


def paint(pen: Pen, card: Card) -> None:
    """Paint ``card``'s picture (background first) with ``pen``."""
    PAINTERS[card.month](pen, card)

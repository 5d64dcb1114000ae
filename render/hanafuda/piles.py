"""Captured piles drawn as category groups: a header with the count, then a fan of cards.

The count in each header is what a player reads at a glance (it is drawn at the image's minimum
legible size); the fanned cards are plain pictures, without month tabs: at pile size those tabs
could not be read, and overlapping they made misleading digit strings ("1155111").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.hanafuda.cards import Card, Kind
from render import labels as L
from render.canvas import together
from render.palette import (
    ACCENT,
    CAT_ANIMAL,
    CAT_BRIGHT,
    CAT_CHAFF,
    CAT_RIBBON,
    PANEL_EDGE,
    RGB,
    TEXT,
    TEXT_DIM,
)
from render.widgets import card_height, fan_step, paste_card, text, text_width

CATEGORIES: tuple[tuple[Kind, RGB], ...] = (
    (Kind.BRIGHT, CAT_BRIGHT),
    (Kind.ANIMAL, CAT_ANIMAL),
    (Kind.RIBBON, CAT_RIBBON),
    (Kind.CHAFF, CAT_CHAFF),
)
GAP = 18  # between groups
LIFT = 5  # last-move cards are raised this much


def header_h(size: int) -> int:
    """Height of the header line above the cards for headers drawn at ``size``."""
    return round(size * 1.35)


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a pile: its colour dot, its header (``short`` when the full ones do not fit),
    its cards fanned, and ``bonus`` cards set apart after the fan, each fully visible."""

    colour: RGB
    header: str
    short: str
    cards: Sequence[Any]
    bonus: Sequence[Any] = ()


# paste(img, card, x, y, width, halo)
Paste = Callable[[Image.Image, Any, float, float, int, RGB | None], None]


def pile_groups(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    groups: Sequence[Group],
    x0: float,
    x1: float,
    y: float,
    *,
    card_w: int,
    paste: Paste,
    size: int,
    hot: frozenset[Any] = frozenset(),
) -> float:
    """Groups side by side between ``x0`` and ``x1``; returns the y where the cards start.

    Each group gets its natural width (cards overlapping by a fixed step) when everything fits;
    otherwise the long groups are squeezed first. When the full headers (``Brights 2``) do not all
    fit, every group shows its short one (``2``): the colour dot says the category. ``hot`` cards
    are lifted and glow.
    """
    max_step = card_w * 0.4
    avail = x1 - x0 - GAP * (len(groups) - 1)
    dot = size * 0.7

    def floors(short: bool) -> list[float]:
        return [max(card_w, dot + 8 + text_width(g.short if short else g.header, size)) for g in groups]

    short = sum(floors(False)) > avail
    floor = floors(short)
    bonus_w = [len(g.bonus) * (card_w + 6) for g in groups]
    natural = [
        max(f, card_w + max_step * max(0, len(g.cards) - 1) + b)
        for f, g, b in zip(floor, groups, bonus_w, strict=True)
    ]
    spans = list(natural)
    if sum(natural) > avail:
        extra = avail - sum(floor)
        stretch = sum(n - f for n, f in zip(natural, floor, strict=True)) or 1
        spans = [f + (n - f) * max(0.0, extra) / stretch for f, n in zip(floor, natural, strict=True)]
    cards_y = y + header_h(size) + LIFT
    cy = y + header_h(size) / 2 - 2
    x = float(x0)
    for g, span, b in zip(groups, spans, bonus_w, strict=True):
        draw.ellipse((x, cy - dot / 2, x + dot, cy + dot / 2), fill=g.colour)
        label = g.short if short else g.header
        text(
            draw,
            (x + dot + 8, cy),
            label,
            size,
            TEXT if g.cards or g.bonus else TEXT_DIM,
            max_width=max(span, card_w) - dot - 7.5,
        )
        if g.cards:
            fan_span = max(card_w, span - b)
            step = fan_step(len(g.cards), card_w, fan_span, max_step)
            with together(img):
                for i, c in enumerate(g.cards):
                    up = c in hot
                    paste(img, c, x + i * step, cards_y - (LIFT if up else 0), card_w, ACCENT if up else None)
        elif not g.bonus:
            draw.rounded_rectangle(
                (x, cards_y, x + card_w, cards_y + card_height(card_w)), 6, outline=PANEL_EDGE, width=2
            )
        bx = x + span - b + 6 if g.cards else x
        for i, c in enumerate(g.bonus):
            up = c in hot
            paste(
                img, c, bx + i * (card_w + 6), cards_y - (LIFT if up else 0), card_w, ACCENT if up else None
            )
        x += span + GAP
    return cards_y


def grouped(cards: Sequence[Card], kind_of: Callable[[Card], Kind] | None = None) -> dict[Kind, list[Card]]:
    """Cards by category (the deck's usual classification, or ``kind_of``), each group in deck order."""
    groups: dict[Kind, list[Card]] = {kind: [] for kind, _ in CATEGORIES}
    for c in sorted(cards):
        groups[kind_of(c) if kind_of is not None else c.kind].append(c)
    return groups


def captured_groups(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    cards: Sequence[Card],
    x0: float,
    x1: float,
    y: float,
    *,
    card_w: int,
    locale: str,
    size: int,
    hot: frozenset[Card] = frozenset(),
    kind_of: Callable[[Card], Kind] | None = None,
    headers: Mapping[Kind, str] | None = None,
    shorts: Mapping[Kind, str] | None = None,
) -> float:
    """The four hanafuda groups of ``cards`` (see :func:`pile_groups`); returns the cards' top.

    A game with its own classification passes ``kind_of`` (grouping and badges) and ``headers`` /
    ``shorts`` (group titles, full and short).
    """
    groups = grouped(cards, kind_of)
    if headers is None:
        headers = {k: f"{L.category(locale, k)} {len(groups[k])}" for k, _ in CATEGORIES}
    if shorts is None:
        shorts = {k: str(len(groups[k])) for k, _ in CATEGORIES}

    def paste(canvas: Image.Image, c: Card, x: float, top: float, w: int, halo: RGB | None) -> None:
        paste_card(canvas, c, x, top, w, halo=halo, marks=False)

    return pile_groups(
        img,
        draw,
        [Group(colour, headers[k], shorts[k], groups[k]) for k, colour in CATEGORIES],
        x0,
        x1,
        y,
        card_w=card_w,
        paste=paste,
        size=size,
        hot=hot,
    )

"""Captured piles drawn as four category groups: a header with the count, then a fan of cards."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.cards import Card, Kind
from render import labels as L
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
from render.widgets import card_height, fan, fan_step, text, text_width

CATEGORIES: tuple[tuple[Kind, RGB], ...] = (
    (Kind.BRIGHT, CAT_BRIGHT), (Kind.ANIMAL, CAT_ANIMAL), (Kind.RIBBON, CAT_RIBBON), (Kind.CHAFF, CAT_CHAFF),
)
HEADER_H = 38  # header height above the cards, in pixels


def grouped(cards: Sequence[Card], kind_of: Callable[[Card], Kind] | None = None) -> dict[Kind, list[Card]]:
    """Cards by category (the deck's usual classification, or ``kind_of``), each group in deck order."""
    groups: dict[Kind, list[Card]] = {kind: [] for kind, _ in CATEGORIES}
    for c in sorted(cards):
        groups[kind_of(c) if kind_of is not None else c.kind].append(c)
    return groups


def captured_groups(img: Image.Image, draw: ImageDraw.ImageDraw, cards: Sequence[Card], x0: float, x1: float,
                    y: float, *, card_w: int, locale: str, hot: frozenset[Card] = frozenset(),
                    size: int = 22, kind_of: Callable[[Card], Kind] | None = None,
                    headers: Mapping[Kind, str] | None = None) -> None:
    """Four groups side by side between ``x0`` and ``x1``; cards start ``HEADER_H`` below ``y``.

    Each group gets its natural width (cards overlapping by a fixed step) when everything fits;
    otherwise the long groups are squeezed first. ``hot`` cards are lifted and glow. A game with
    its own classification passes ``kind_of`` (grouping and badges) and ``headers`` (group titles).
    """
    groups = grouped(cards, kind_of)
    gap = 18
    max_step = card_w * 0.56
    if headers is None:
        headers = {k: f"{L.category(locale, k)} {len(groups[k])}" for k, _ in CATEGORIES}
    floor = {k: max(card_w, text_width(headers[k], size) + size + 2) for k, _ in CATEGORIES}
    natural = {k: max(floor[k], card_w + max_step * max(0, len(groups[k]) - 1)) for k, _ in CATEGORIES}
    avail = x1 - x0 - gap * (len(CATEGORIES) - 1)
    spans = dict(natural)
    if sum(natural.values()) > avail:
        extra = avail - sum(floor.values())
        stretch = sum(natural[k] - floor[k] for k in natural) or 1
        spans = {k: floor[k] + (natural[k] - floor[k]) * max(0.0, extra) / stretch for k in natural}
    x = float(x0)
    cards_y = y + HEADER_H
    dot = size * 0.8
    for kind, colour in CATEGORIES:
        group = groups[kind]
        cy = y + size * 0.7
        draw.ellipse((x, cy - dot / 2, x + dot, cy + dot / 2), fill=colour)
        text(draw, (x + dot + 6, cy), headers[kind], size, TEXT if group else TEXT_DIM)
        if group:
            step = fan_step(len(group), card_w, spans[kind], max_step)
            fan(img, group, x, cards_y, card_w, step, lifted=hot, halo=ACCENT, lift=5, kind_of=kind_of)
        else:
            draw.rounded_rectangle((x, cards_y, x + card_w, cards_y + card_height(card_w)), 6,
                                   outline=PANEL_EDGE, width=2)
        x += spans[kind] + gap

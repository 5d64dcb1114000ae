"""The layout the three hanafuda tables share (Koi-Koi, Roppyakken, Go-Stop), sized to be read
when Discord shows the table about 550 px wide.

From the top: a header strip (round, match goal, whose turn), then one band per opponent (name
plate above the captured pile and the hand), the field (cards with their code chips, the deck
and the card waiting for a choice at its right end), and the viewer's band (pile, then plate).
Every text is drawn at :data:`T` or larger: :func:`render.widgets.min_size` of the table's width.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import labels as L
from render.canvas import together
from render.hanafuda.piles import header_h
from render.palette import ACCENT, CHOICE, CREAM, FIELD_BG, INK, PANEL_EDGE, RGB, TEXT, TEXT_DIM
from render.widgets import card_height, chip, fit, min_size, panel, text, text_width

W = 1200
MARGIN = 16
T = min_size(W)  # every text: 32 px on a 1200 px table
NAME = T + 2
TITLE = T + 4
HEADER_H = 54
PLATE_H = round(T * 1.45) + 12
GAP = 8
CAPTURED_W = 56
BACK_W = 48
HAND_BLOCK_W = 150  # the hand (label and backs) at the right end of a band
DECK_W = 86
CHIP_BELOW = round(T * 1.45 / 2) + 4  # how far a card's code chip reaches below the card
FIELD_GAP = 18
FIELD_WIDTHS = (108, 96, 84, 76, 68, 60, 52, 44)
BAND_H = PLATE_H + 6 + header_h(T) + 5 + card_height(CAPTURED_W) + 10

Chip = tuple[str, RGB, RGB]  # label, fill, ink
Paste = Callable[[Image.Image, Any, float, float, int, RGB | None], None]


def header(draw: ImageDraw.ImageDraw, title: str, detail: str, status: str, colour: RGB) -> None:
    """The strip above everything: ``title`` and ``detail`` on the left, ``status`` on the right."""
    cy = 10 + HEADER_H / 2
    x: float = MARGIN + 6
    x += text(draw, (x, cy), title, TITLE, max_width=420) + 18
    right = W - MARGIN - 6
    sw = text(draw, (right, cy), status, T, colour, anchor="rm", max_width=right - x - 200)
    if detail:
        text(draw, (x, cy), detail, T, TEXT_DIM, max_width=right - sw - 24 - x)


def plate(
    draw: ImageDraw.ImageDraw,
    y: float,
    name: str,
    *,
    acting: bool,
    left: Sequence[Chip],
    right: Sequence[Chip],
    empty: str = "",
    fixed: Sequence[Chip] = (),
    locale: str = "en",
) -> None:
    """A player's name plate: ▶ when acting, the name, ``left`` chips after it; ``fixed`` chips at the
    right end, then ``right`` chips (yaku) right-aligned before them, "+N more" for those that do not
    fit (worded, so that it never reads as points next to a score chip)."""
    panel(
        draw,
        (MARGIN, y, W - MARGIN, y + PLATE_H),
        edge=ACCENT if acting else PANEL_EDGE,
        width=3 if acting else 2,
    )
    cy = y + PLATE_H / 2
    x: float = MARGIN + 14
    if acting:
        draw.polygon([(x, cy - 13), (x + 18, cy), (x, cy + 13)], fill=ACCENT)
        x += 28
    end: float = W - MARGIN - 12
    for label, fill, ink in reversed(fixed):
        end -= chip(draw, end, cy, label, T, fill, ink, align="right") + 8
    widths = [text_width(label, T) + 2 * (T // 2) + 8 for label, _, _ in left]
    # the name gives way first (down to 140 px), then the last chips that still do not fit
    name_w = max(140.0, min(300.0, end - x - 14 - sum(widths)))
    x += text(draw, (x, cy), name, NAME, ACCENT if acting else TEXT, max_width=name_w) + 14
    for (label, fill, ink), w in zip(left, widths, strict=True):
        if x + w - 8 > end:
            break
        x += chip(draw, x, cy, label, T, fill, ink) + 8
    right_chips(draw, right, x + 8, end, cy, empty, locale)


def more_label(hidden: int, locale: str) -> str:
    """``+3 more``: the chip standing for chips that did not fit."""
    return L.t(locale, "render.more_chips", count=L.number(hidden, locale))


def right_chips(
    draw: ImageDraw.ImageDraw,
    items: Sequence[Chip],
    x0: float,
    x1: float,
    cy: float,
    empty: str,
    locale: str = "en",
) -> None:
    """Chips right-aligned in ``[x0, x1]``, the last ones replaced by a "+N more" chip when they do
    not fit; ``empty`` in dim text when there are none."""
    if not items:
        if empty and x1 - x0 > 60:
            text(draw, (x1, cy), empty, T, TEXT_DIM, anchor="rm", max_width=x1 - x0)
        return

    def span(s: str) -> float:
        return text_width(s, T) + 2 * (T // 2) + 8

    shown = len(items)
    while (
        shown
        and sum(span(s) for s, _, _ in items[:shown])
        + (span(more_label(len(items) - shown, locale)) if shown < len(items) else 0)
        > x1 - x0
    ):
        shown -= 1
    right = x1
    more = more_label(len(items) - shown, locale)
    if shown < len(items) and x1 - x0 >= span(more):
        right -= chip(draw, right, cy, more, T, CREAM, INK, align="right") + 8
    for label, fill, ink in reversed(items[:shown]):
        right -= chip(draw, right, cy, label, T, fill, ink, align="right") + 8


def hand_block(
    img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, label: str, count: int, paste: Paste
) -> float:
    """``Hand 6`` above a fan of backs at ``x``; returns the cards' top."""
    text(draw, (x, y + header_h(T) / 2 - 2), label, T, TEXT, max_width=HAND_BLOCK_W)
    top = y + header_h(T) + 5
    step = min(10.0, (HAND_BLOCK_W - BACK_W) / max(1, count - 1))
    with together(img):
        for i in range(count):
            paste(img, None, x + i * step, top + 8, BACK_W, None)
    return top


@dataclass(frozen=True, slots=True)
class FieldCard:
    """A card on the field: its code chip's colours and its glow."""

    card: Any
    code: str
    halo: RGB | None = None
    fill: RGB = INK
    ink: RGB = CREAM


def field_layout(
    count: int, box_w: float, box_h: float, gap: int = FIELD_GAP, max_w: int = FIELD_WIDTHS[0]
) -> tuple[int, int]:
    """(cards per row, card width) for ``count`` cards, each with its code chip below, in the box.

    The largest cards win, but a layout with more rows is preferred when its cards are nearly as
    large (within 12 %): two even rows read better than one long strip with empty felt around it.
    """
    options = []
    for rows in range(1, 5):
        per_row = math.ceil(max(1, count) / rows)
        if rows > 1 and per_row * (rows - 1) >= count:
            break
        w = min(
            max_w,
            (box_w - gap * (per_row - 1)) / per_row,
            ((box_h - gap * (rows - 1)) / rows - CHIP_BELOW) / 1.6,
        )
        options.append((per_row, int(w)))
    best = max(w for _, w in options)
    per_row, w = [o for o in options if o[1] >= best * 0.88][-1]
    return per_row, next((size for size in FIELD_WIDTHS if size <= w), FIELD_WIDTHS[-1])


def field_max_w(seats: int) -> int:
    """The widest field card: smaller with three players, whose table has one more pile to weigh."""
    return FIELD_WIDTHS[0] if seats <= 2 else FIELD_WIDTHS[2]


def field_grid(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    cards: Sequence[FieldCard],
    paste: Paste,
    frames: Callable[[list[tuple[FieldCard, float, float, int]]], None] | None = None,
    max_w: int = FIELD_WIDTHS[0],
) -> None:
    """The field cards centred in ``box``, each with its code chip; ``frames`` is called with
    every card's place before the cards are pasted (Go-Stop frames its stacks under them).
    ``max_w`` caps the cards' width (three-player tables use smaller ones: lighter PNGs)."""
    x0, y0, x1, y1 = box
    pad = 12
    per_row, width = field_layout(len(cards), x1 - x0 - 2 * pad, y1 - y0 - 2 * pad, max_w=max_w)
    rows = math.ceil(len(cards) / per_row)
    height = card_height(width)
    pitch = height + CHIP_BELOW + FIELD_GAP
    top = y0 + (y1 - y0 - rows * pitch + FIELD_GAP) / 2
    places = []
    for r in range(rows):
        row = cards[r * per_row : (r + 1) * per_row]
        row_w = len(row) * width + (len(row) - 1) * FIELD_GAP
        left = x0 + (x1 - x0 - row_w) / 2
        for i, fc in enumerate(row):
            places.append((fc, left + i * (width + FIELD_GAP), top + r * pitch, width))
    if frames is not None:
        frames(places)
    pad_x = 6 if text_width("12a", T) + 12 > width + FIELD_GAP - 4 else T // 3
    # Each card (and its glow) is a kept piece of its own, its chip another: they are found again
    # wherever the layout puts them. A glow that reaches a neighbour is blended over it as drawn.
    for fc, x, y, w in places:
        paste(img, fc.card, x, y, w, fc.halo)
        chip(
            draw,
            x + w / 2,
            y + height + CHIP_BELOW - T * 1.45 / 2 - 2,
            fc.code,
            T,
            fc.fill,
            fc.ink,
            pad=pad_x,
            align="center",
        )


def field_panel(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], empty: str | None) -> None:
    panel(draw, box, fill=FIELD_BG, edge=None, radius=18)
    if empty is not None:
        text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), empty, T, TEXT_DIM, anchor="mm")


def deck(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y0: float,
    y1: float,
    count: int,
    label: str,
    paste: Paste,
) -> None:
    """The draw pile centred in the column at ``x`` (``DECK_W`` wide): a small stack of backs with
    its count, its name below."""
    ph = card_height(DECK_W)
    py = y0 + (y1 - y0 - ph - T * 1.45) / 2
    with together(img):
        for k in (2, 1, 0):
            if count > k:
                paste(img, None, x + k * 3, py - k * 3, DECK_W, None)
    if count <= 0:
        draw.rounded_rectangle((x, py, x + DECK_W, py + ph), 8, outline=PANEL_EDGE, width=2)
    chip(draw, x + DECK_W / 2, py + ph - 6, str(count), T + 2, CREAM, INK, pad=12, align="center")
    text(draw, (x + DECK_W / 2, py + ph + T * 1.2), label, T, TEXT_DIM, anchor="mm", max_width=DECK_W + 40)


def pending(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y0: float,
    y1: float,
    card: Any,
    code: str,
    label: str,
    colour: RGB,
    paste: Paste,
) -> None:
    """A card waiting for a choice (drawn, flipped), glowing, with its code chip and what it is."""
    ph = card_height(DECK_W)
    py = y0 + (y1 - y0 - ph - T * 1.45) / 2
    paste(img, card, x, py, DECK_W, colour)
    chip(draw, x + DECK_W / 2, py + ph, code, T, colour, INK, pad=10, align="center")
    text(draw, (x + DECK_W / 2, py - T * 0.8), label, T, colour, anchor="mm", max_width=DECK_W + 40)


@dataclass(frozen=True, slots=True)
class FieldTexts:
    """The field's words in the table's language: no card, the deck, the drawn card."""

    empty: str
    deck: str
    drawn: str


def field_with_deck(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    y0: float,
    y1: float,
    view: Any,
    hot: frozenset[Any],
    texts: FieldTexts,
    paste: Paste,
    *,
    choosing: bool,
    max_w: int = FIELD_WIDTHS[0],
) -> None:
    """The field cards with their codes, the deck at the right end and, left of it, the drawn
    card waiting for a choice (``choosing``: its possible targets glow) — Koi-Koi and Roppyakken."""
    cards = sorted(view.field)
    field_panel(draw, (MARGIN, y0, W - MARGIN, y1), None if cards else texts.empty)
    deck_x = W - MARGIN - 24 - DECK_W
    deck(img, draw, deck_x, y0, y1, view.draw_pile, texts.deck, paste)
    right = deck_x - 24
    if view.pending_draw is not None:
        right -= DECK_W
        pending(
            img, draw, right, y0, y1, view.pending_draw, str(view.pending_draw), texts.drawn, CHOICE, paste
        )
        right -= 24
    targets = set(view.pending_targets) if choosing else set()
    shown = [
        FieldCard(
            c,
            str(c),
            CHOICE if c in targets else ACCENT if c in hot else None,
            *((CHOICE, INK) if c in targets else (INK, CREAM)),
        )
        for c in cards
    ]
    if shown:
        field_grid(img, draw, (MARGIN, y0, right, y1), shown, paste, max_w=max_w)


def status_name(names: Sequence[str], seat: int | None, room: float = 320) -> str:
    """The acting player's name, shortened to fit a status line."""
    if seat is None or not 0 <= seat < len(names):
        return ""
    return fit(names[seat], T, room)

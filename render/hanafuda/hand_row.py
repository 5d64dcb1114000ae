"""A player's hand image, shared by the three hanafuda games: the title and status on top, the
cards with their code chips (what ``/move`` takes), an optional sub-choice row and an optional
row of other moves. 960 px wide whatever the number of cards: one text size for all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.canvas import new as new_canvas
from render.canvas import together
from render.hanafuda.board import MARGIN
from render.palette import ACCENT, CHOICE, INK, PANEL_EDGE, RGB, TABLE_BG, TEXT, TEXT_DIM
from render.widgets import card_height, chip, min_size, text, text_width

HAND_IMG_W = 960  # a hand image is this wide whatever the number of cards: one text size for all
HT = min_size(HAND_IMG_W)
HAND_W = 104
HAND_GAP = 12


@dataclass(frozen=True, slots=True)
class HandCard:
    """A card of the hand: its code chip's colours, its glow, and whether it is dimmed."""

    card: Any
    code: str
    halo: RGB | None = None
    dim: bool = False
    fill: RGB = PANEL_EDGE
    ink: RGB = TEXT


@dataclass(frozen=True, slots=True)
class Choice:
    """A sub-choice shown under the hand: ``card`` (the drawn, flipped or played card, named by
    ``label``) takes one of ``candidates`` (field cards), each drawn raised and glowing with its
    code chip, the code the choice's button carries."""

    label: str
    card: Any
    code: str
    candidates: tuple[tuple[Any, str], ...]


@dataclass(frozen=True, slots=True)
class Placed:
    """Where the choice row puts a card: its top-left corner, and whether it is a candidate."""

    card: Any
    code: str
    x: float
    y: float
    candidate: bool


CHOICE_LIFT = 10  # candidates stand this much higher than the choosing card
ARROW = "→"


def choice_height() -> int:
    return round(HT * 1.6) + CHOICE_LIFT + card_height(HAND_W) + round(HT * 1.45) + 12


def choice_layout(choice: Choice, top: float) -> list[Placed]:
    """The choice row's cards, from ``top`` (the row's upper edge): the choosing card under its
    label, an arrow, then the candidates, raised."""
    y = top + round(HT * 1.6) + CHOICE_LIFT
    x: float = MARGIN + 8
    out = [Placed(choice.card, choice.code, x, y, False)]
    x += HAND_W + HAND_GAP + text_width(ARROW, HT + 6) + 2 * HAND_GAP
    step = min(HAND_W + HAND_GAP, (HAND_IMG_W - MARGIN - 8 - x - HAND_W) / max(1, len(choice.candidates) - 1))
    out += [
        Placed(c, code, x + i * step, y - CHOICE_LIFT, True) for i, (c, code) in enumerate(choice.candidates)
    ]
    return out


def _draw_choice(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    choice: Choice,
    top: float,
    paste: Callable[[Image.Image, Any, float, float, int, RGB | None, bool], None],
) -> None:
    text(draw, (MARGIN + 8, top + HT * 0.8), choice.label, HT, CHOICE, max_width=HAND_IMG_W - 2 * MARGIN)
    placed = choice_layout(choice, top)
    height = card_height(HAND_W)
    for p in placed:
        paste(img, p.card, p.x, p.y, HAND_W, CHOICE if p.candidate else ACCENT, False)
        fill, ink = (CHOICE, INK) if p.candidate else (ACCENT, INK)
        chip(draw, p.x + HAND_W / 2, p.y + height + 4, p.code, HT, fill, ink, pad=HT // 3, align="center")
    first = placed[0]
    text(draw, (first.x + HAND_W + 2 * HAND_GAP, first.y + height / 2), ARROW, HT + 6, CHOICE)


def hand_image(
    title: str,
    status: str,
    colour: RGB,
    cards: Sequence[HandCard],
    paste: Callable[[Image.Image, Any, float, float, int, RGB | None, bool], None],
    *,
    moves_label: str = "",
    moves: Sequence[str] = (),
    choice: Choice | None = None,
    fixed: Image.Image | None = None,
) -> Image.Image:
    """A player's hand: title and status on top, the cards with their code chips (what ``/move``
    takes), an optional sub-choice row (:class:`Choice`: the drawn or played card and the field
    cards it may take) and an optional row of other moves as chips. ``fixed``: the palette to
    draw it in (:mod:`render.canvas`); the hanafuda hands pass none: their row of glowing cards
    is a new piece nearly every time, as cheap blended on an RGB canvas and quantised at the end."""
    height = card_height(HAND_W)
    top = 12 + round(HT * 1.6)
    choice_top = top + height + round(HT * 1.45) + 16
    h = choice_top + (choice_height() if choice is not None else 0) + (round(HT * 1.45) + 14 if moves else 0)
    img = new_canvas((HAND_IMG_W, h), TABLE_BG, fixed)
    draw = ImageDraw.Draw(img)
    cy = 12 + HT * 0.8
    title_w = text(draw, (MARGIN + 8, cy), title, HT + 2)
    text(
        draw,
        (HAND_IMG_W - MARGIN - 8, cy),
        status,
        HT,
        colour,
        anchor="rm",
        max_width=HAND_IMG_W - title_w - 3 * MARGIN - 16,
    )
    n = len(cards)
    step = min(HAND_W + HAND_GAP, (HAND_IMG_W - 2 * MARGIN - HAND_W) / max(1, n - 1))
    x0 = (HAND_IMG_W - (HAND_W + step * (n - 1))) / 2
    with together(img):  # overlapping cards, glows and chips: blended together
        for i, hc in enumerate(cards):
            x = x0 + i * step
            paste(img, hc.card, x, top, HAND_W, hc.halo, hc.dim)
            chip(
                draw,
                x + HAND_W / 2,
                top + height + 4,
                hc.code,
                HT,
                hc.fill,
                hc.ink,
                pad=HT // 3,
                align="center",
            )
    if choice is not None:
        with together(img):  # the choice row's glowing cards and chips, likewise
            _draw_choice(img, draw, choice, choice_top, paste)
    if moves:
        my = choice_top + (choice_height() if choice is not None else 0) + HT * 0.75
        x = MARGIN + 8
        if moves_label:
            x += text(draw, (x, my), moves_label, HT, TEXT_DIM) + 12
        for m in moves:
            if x + text_width(m, HT) + HT > HAND_IMG_W - MARGIN:
                break
            x += chip(draw, x, my, m, HT, CHOICE, INK, pad=HT // 2) + 8
    return img

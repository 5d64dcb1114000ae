"""Small drawing helpers shared by the table and score-sheet images: text, chips, card rows.

Coordinates are pixels on an RGB canvas. Card images come from :mod:`render.hanafuda.faces`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.cards import Card, Kind
from render.fonts import font
from render.hanafuda.faces import card_back, card_face, card_size, glow, glow_margin, shade
from render.palette import PANEL, PANEL_EDGE, RGB, TEXT

ELLIPSIS = "..."  # the CJK font centres "…" vertically, which looks odd after Latin text


def fit(text: str, size: int, max_width: float) -> str:
    """``text`` shortened with an ellipsis so that it fits in ``max_width`` pixels."""
    f = font(size)
    if f.getlength(text) <= max_width:
        return text
    while text and f.getlength(text + ELLIPSIS) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int, fill: RGB = TEXT,
         anchor: str = "lm", max_width: float | None = None) -> float:
    """Draw ``s`` (shortened to ``max_width``) and return its width in pixels."""
    if max_width is not None:
        s = fit(s, size, max_width)
    draw.text(xy, s, font=font(size), fill=fill, anchor=anchor)
    return font(size).getlength(s)


def text_width(s: str, size: int) -> float:
    return font(size).getlength(s)


def chip(draw: ImageDraw.ImageDraw, x: float, cy: float, label: str, size: int, fill: RGB, ink: RGB,
         *, pad: int | None = None, align: str = "left") -> float:
    """A rounded label centred vertically on ``cy``; returns its width.

    ``align`` says where ``x`` is: the chip's ``"left"`` end, its ``"center"`` or its ``"right"`` end.
    """
    pad = pad if pad is not None else size // 2
    w = text_width(label, size) + 2 * pad
    h = round(size * 1.45)
    x0 = {"left": x, "center": x - w / 2, "right": x - w}[align]
    draw.rounded_rectangle((x0, cy - h / 2, x0 + w, cy + h / 2), h / 2, fill=fill)
    draw.text((x0 + w / 2, cy), label, font=font(size), fill=ink, anchor="mm")
    return w


def panel(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB = PANEL,
          edge: RGB | None = PANEL_EDGE, radius: int = 14, width: int = 2) -> None:
    draw.rounded_rectangle(box, radius, fill=fill, outline=edge, width=width if edge else 0)


def paste_card(canvas: Image.Image, card: Card | None, x: float, y: float, width: int, *,
               halo: RGB | None = None, dim: bool = False, category: Kind | None = None) -> None:
    """Paste a face (or a back when ``card`` is None) with an optional glow behind it.

    ``category`` overrides the face's category badge (a game that classifies the card differently).
    """
    x, y = round(x), round(y)
    if halo is not None:
        m = glow_margin(width)
        g = glow(width, halo)
        canvas.paste(g, (x - m, y - m), g)
    img = card_back(width) if card is None else card_face(card, width, category=category)
    canvas.paste(img, (x, y), img)
    if dim:
        s = shade(width)
        canvas.paste(s, (x, y), s)


def fan_step(count: int, width: int, span: float, max_step: float | None = None) -> float:
    """Horizontal step between overlapping cards so that ``count`` cards fit in ``span`` pixels."""
    if count <= 1:
        return 0
    step = (span - width) / (count - 1)
    return max(2.0, min(step, max_step if max_step is not None else width + 6))


def fan(canvas: Image.Image, cards: Sequence[Card], x: float, y: float, width: int, step: float, *,
        lifted: Iterable[Card] = (), halo: RGB | None = None, lift: int = 0,
        kind_of: Callable[[Card], Kind] | None = None) -> None:
    """Cards overlapping left to right; ``lifted`` ones are raised by ``lift`` px and glow ``halo``.

    ``kind_of`` gives each card's category badge when the game classifies cards its own way.
    """
    up = set(lifted)
    for i, c in enumerate(cards):
        hot = c in up
        paste_card(canvas, c, x + i * step, y - (lift if hot else 0), width, halo=halo if hot else None,
                   category=kind_of(c) if kind_of is not None else None)


def backs(canvas: Image.Image, count: int, x: float, y: float, width: int, step: float) -> float:
    """``count`` card backs fanned from ``(x, y)``; returns the width used."""
    for i in range(count):
        paste_card(canvas, None, x + i * step, y, width)
    return width + step * max(0, count - 1) if count else 0


def card_height(width: int) -> int:
    return card_size(width)[1]

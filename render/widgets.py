"""Small drawing helpers shared by the table and score-sheet images: text, chips, card rows.

Coordinates are pixels on an RGB canvas. Card images come from :mod:`render.hanafuda.faces`.

Legibility: Discord shows an image about 550 px wide inline, so every text a player must read is
drawn at least :func:`min_size` for its image's width (digits and capitals ``MIN_INK`` px tall once
scaled to that width). All text of the layouts goes through :func:`text` and :func:`chip` (or
:func:`note` for a custom drawing), which report it to :func:`recording`: the render tests check
every size against the image's width. Marks printed on small art (a card's month tab, a piece's
value) are drawn only when :func:`legible` on their image, else left out (the layouts name the card
in a readable chip or line beside it). Only text that carries nothing to read (a poem on a ribbon)
is passed ``decorative=True`` and skipped by that check.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, partial
from typing import Literal

from PIL import Image, ImageDraw

from engine.hanafuda.cards import CARDS, Card, Kind
from render import canvas as C
from render.canvas import draw_text
from render.fonts import drawing_face, font
from render.glyph_cache import CachedFont, Recent, observed
from render.hanafuda.faces import card_back, card_face, card_size, face_marks, glow, glow_margin, shade
from render.palette import PANEL, PANEL_EDGE, RGB, TEXT

ELLIPSIS = "..."  # the CJK font centres "…" vertically, which looks odd after Latin text
INLINE_W = 550  # how wide Discord shows an image inline (px)
MIN_INK = 11  # digits and capitals are at least this tall (px) at that width
INK_SAMPLE = "0123456789HEFTLIKMNXZ"  # flat-topped digits and capitals: their height is the ink height
CJK_SAMPLE = "口王"


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text drawn on an image: its font size in pixels of that image, and whether it is decorative."""

    text: str
    size: int
    decorative: bool = False


_RECORD: ContextVar[list[Drawn] | None] = ContextVar("render_text_record", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text drawn (through these helpers) while the block runs, for the tests."""
    drawn: list[Drawn] = []
    token = _RECORD.set(drawn)
    try:
        yield drawn
    finally:
        _RECORD.reset(token)


def note(s: str, size: int, *, decorative: bool = False) -> None:
    """Report a text drawn some other way (a badge, a card's index) to :func:`recording`."""
    record = _RECORD.get()
    if record is not None and s.strip():
        record.append(Drawn(s, size, decorative))


def ink_height(size: int, sample: str = INK_SAMPLE) -> int:
    """Height in pixels of ``sample`` (digits and capitals) at font ``size``, in the render's face."""
    return _ink_height(size, sample, drawing_face())


@cache
def _ink_height(size: int, sample: str, region: str) -> int:
    box = font(size).getbbox(sample, anchor="ls")
    return int(box[3] - box[1])  # whole pixels already: FreeType's boxes are ints typed as floats


def text_ink(s: str, size: int) -> int:
    """The ink height a text is judged by: that of digits and capitals when it holds Latin letters
    or digits, else that of a CJK glyph (a lone kanji, hangul, a dash drawn at a text's size)."""
    latin = any(c.isascii() and c.isalnum() for c in s)
    return ink_height(size) if latin else ink_height(size, CJK_SAMPLE)


def legible(s: str, size: int, image_width: int) -> bool:
    """Whether ``s`` drawn at font ``size`` on an image ``image_width`` px wide stays ``MIN_INK``
    px tall when the image is shown ``INLINE_W`` px wide: marks on small art that fail are left out."""
    return text_ink(s, size) * min(1.0, INLINE_W / image_width) >= MIN_INK


def min_size(image_width: int) -> int:
    """The smallest font size whose digits stay ``MIN_INK`` px tall when the image is shown
    ``INLINE_W`` px wide (images narrower than that are shown at their own size)."""
    return _min_size(image_width, drawing_face())


@cache
def _min_size(image_width: int, region: str) -> int:
    scale = min(1.0, INLINE_W / image_width)
    size = 6
    while ink_height(size) * scale < MIN_INK:
        size += 1
    return size


def fit(text: str, size: int, max_width: float) -> str:
    """``text`` shortened with an ellipsis so that it fits in ``max_width`` pixels."""
    f = font(size)
    if f.getlength(text) <= max_width:
        return text
    while text and f.getlength(text + ELLIPSIS) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: RGB = TEXT,
    anchor: str = "lm",
    max_width: float | None = None,
    *,
    decorative: bool = False,
) -> float:
    """Draw ``s`` (shortened to ``max_width``) and return its width in pixels."""
    if max_width is not None:
        s = fit(s, size, max_width)
    note(s, size, decorative=decorative)
    f = font(size)
    draw_text(draw, xy, s, f, fill, anchor)
    return f.getlength(s)


def text_width(s: str, size: int) -> float:
    return font(size).getlength(s)


def chip(
    draw: ImageDraw.ImageDraw,
    x: float,
    cy: float,
    label: str,
    size: int,
    fill: RGB,
    ink: RGB,
    *,
    pad: int | None = None,
    align: str = "left",
) -> float:
    """A rounded label centred vertically on ``cy``; returns its width.

    ``align`` says where ``x`` is: the chip's ``"left"`` end, its ``"center"`` or its ``"right"`` end.
    """
    pad = pad if pad is not None else size // 2
    w = text_width(label, size) + 2 * pad
    h = round(size * 1.45)
    x0 = {"left": x, "center": x - w / 2, "right": x - w}[align]
    note(label, size)
    canvas = getattr(draw, "_image", None)
    if canvas is None or canvas.mode not in ("RGB", "P"):
        _draw_chip(draw, (x0, cy - h / 2, x0 + w, cy + h / 2), (x0 + w / 2, cy), label, font(size), fill, ink)
        return w
    # The tile's origin: an even number of pixels from the canvas's (Pillow's rounded_rectangle
    # rounds halves to even: an even shift keeps every rounding, hence every pixel).
    ix, iy = math.floor(x0) - 1, math.floor(cy - h / 2) - 1
    ix, iy = ix - ix % 2, iy - iy % 2
    f = font(size)
    key = (label, f.key, fill, ink, w, h, x0 - ix, cy - iy)
    tile = _chips.get(key)
    if tile:
        observed(label, f, ink)
    if tile is None:
        tile = _chip_tile(
            (x0 - ix, cy - h / 2 - iy, x0 + w - ix, cy + h / 2 - iy),
            (x0 + w / 2 - ix, cy - iy),
            label,
            f,
            fill,
            ink,
        )
        _chips.put(key, tile, tile.width * tile.height * 4 if tile else 0)
    if tile:
        C.paste_solid(canvas, ("chip", key), tile, ix, iy)
    else:
        C.flush(canvas)
        _draw_chip(draw, (x0, cy - h / 2, x0 + w, cy + h / 2), (x0 + w / 2, cy), label, f, fill, ink)
    return w


# Chips kept pre-composited (a chip is its rounded box and its label, ~10-40 KB RGBA): ~20 a
# table, the same ones image after image (card codes, counts, yaku). Pasting one kept tile
# costs half of drawing the box and blending the text again, and gives the same pixels: the
# box is drawn without anti-aliasing (alpha 0 or 255) and the text blends over the box's fill.
CHIPS_KEPT = 512
CHIP_BYTES = 3 * 1024 * 1024
_chips: Recent[Image.Image | Literal[False]] = Recent(CHIPS_KEPT, CHIP_BYTES)


def _draw_chip(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    centre: tuple[float, float],
    label: str,
    f: CachedFont,
    fill: RGB,
    ink: RGB,
) -> None:
    draw.rounded_rectangle(box, (box[3] - box[1]) / 2, fill=fill)
    draw_text(draw, centre, label, f, ink, "mm")


def _chip_tile(
    box: tuple[float, float, float, float],
    centre: tuple[float, float],
    label: str,
    f: CachedFont,
    fill: RGB,
    ink: RGB,
) -> Image.Image | Literal[False]:
    """The chip drawn on a transparent tile whose origin is a whole pixel away from the canvas's
    (the same sub-pixel positions); False when its text reaches past the box (it would blend
    over what lies under the chip: that chip is drawn on the canvas each time)."""
    tile = Image.new("RGBA", (math.ceil(box[2]) + 3, math.ceil(box[3]) + 3), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle(box, (box[3] - box[1]) / 2, fill=fill)
    shape = tile.getchannel("A").tobytes()
    draw_text(draw, centre, label, f, ink, "mm")
    return tile if tile.getchannel("A").tobytes() == shape else False


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: RGB = PANEL,
    edge: RGB | None = PANEL_EDGE,
    radius: int = 14,
    width: int = 2,
) -> None:
    draw.rounded_rectangle(box, radius, fill=fill, outline=edge, width=width if edge else 0)


def paste_card(
    canvas: Image.Image,
    card: Card | None,
    x: float,
    y: float,
    width: int,
    *,
    halo: RGB | None = None,
    dim: bool = False,
    category: Kind | None = None,
    marks: bool = True,
) -> None:
    """Paste a face (or a back when ``card`` is None) with an optional glow behind it.

    ``category`` overrides the face's category badge (a game that classifies the card differently);
    ``marks=False`` pastes the plain picture, without month tab and badge. A mark too small to be
    read on ``canvas`` is left out too (:func:`legible`).
    """
    x, y = round(x), round(y)
    badge = marks
    if card is not None and marks:
        tab, *rest = face_marks(card, width, category=category)
        marks, badge = face_variant(card, width, canvas.width, category)
        for label, size in (tab, *rest) if badge else (tab,) if marks else ():
            note(label, size)
    with C.together(canvas):
        if halo is not None:
            m = glow_margin(width)
            C.paste(canvas, ("glow", width, halo), glow(width, halo), x - m, y - m)
        if card is None:
            C.paste(canvas, ("back", width), card_back(width), x, y)
        else:
            key = ("face", card, width, category, marks, badge, drawing_face() if marks else "")
            draw = partial(card_face, card, width, category=category, marks=marks, badge=badge)
            C.paste_deferred(canvas, key, card_size(width), draw, x, y)
        if dim:
            C.paste(canvas, ("shade", width), shade(width), x, y)


def face_variant(card: Card, width: int, image_width: int, category: Kind | None = None) -> tuple[bool, bool]:
    """``(marks, badge)``: what :func:`paste_card` prints on a face ``width`` px wide on an image
    ``image_width`` px wide (each mark only where it can be read)."""
    tab, *rest = face_marks(card, width, category=category)
    marks = legible(*tab, image_width)
    return marks, marks and all(legible(*b, image_width) for b in rest)


def warm_faces_on(
    widths: Iterable[int], image_width: int, kind_of: Callable[[Card], Kind] | None = None
) -> None:
    """Draw every face :func:`paste_card` draws at ``widths`` on an image ``image_width`` px wide
    (the marks it leaves out left out: the faces a table really uses), smallest width first:
    the faces kept are bounded, the first drawn are the first let go."""
    for width in sorted(widths):
        for c in CARDS:
            category = kind_of(c) if kind_of is not None else None
            marks, badge = face_variant(c, width, image_width, category)
            card_face(c, width, category=category, marks=marks, badge=badge)


def fan_step(count: int, width: int, span: float, max_step: float | None = None) -> float:
    """Horizontal step between overlapping cards so that ``count`` cards fit in ``span`` pixels."""
    if count <= 1:
        return 0
    step = (span - width) / (count - 1)
    return max(2.0, min(step, max_step if max_step is not None else width + 6))


def fan(
    canvas: Image.Image,
    cards: Sequence[Card],
    x: float,
    y: float,
    width: int,
    step: float,
    *,
    lifted: Iterable[Card] = (),
    halo: RGB | None = None,
    lift: int = 0,
    kind_of: Callable[[Card], Kind] | None = None,
    marks: bool = True,
) -> None:
    """Cards overlapping left to right; ``lifted`` ones are raised by ``lift`` px and glow ``halo``.

    ``kind_of`` gives each card's category badge when the game classifies cards its own way.
    """
    up = set(lifted)
    with C.together(canvas):
        for i, c in enumerate(cards):
            hot = c in up
            paste_card(
                canvas,
                c,
                x + i * step,
                y - (lift if hot else 0),
                width,
                halo=halo if hot else None,
                category=kind_of(c) if kind_of is not None else None,
                marks=marks,
            )


def backs(canvas: Image.Image, count: int, x: float, y: float, width: int, step: float) -> float:
    """``count`` card backs fanned from ``(x, y)``; returns the width used."""
    with C.together(canvas):
        for i in range(count):
            paste_card(canvas, None, x + i * step, y, width)
    return width + step * max(0, count - 1) if count else 0


def card_height(width: int) -> int:
    return card_size(width)[1]

"""Text on a canvas (see :mod:`render.canvas`): one line placed from its kept mask, blended over
its ground in RGB on a paletted canvas and kept blended."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from render import canvas_pieces
from render.canvas_palette import PIECES_KEY, RGB, palette_of
from render.canvas_pieces import _ground, _place, _true_rgb
from render.glyph_cache import observed

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: RGB,
    anchor: str = "la",
) -> None:
    """``draw.text(xy, text, font=font, fill=fill, anchor=anchor)`` for one line of plain text,
    without ``ImageDraw.text``'s per-call set-up: the same mask (kept, see
    :class:`render.glyph_cache.CachedFont`) at the same place, the same pixels. On a paletted
    canvas the text is blended in RGB over its ground (anti-aliased as on an RGB canvas; Pillow
    would draw it aliased there), and kept blended."""
    canvas: Image.Image | None = getattr(draw, "_image", None)
    pal = palette_of(canvas) if canvas is not None else None
    if "\n" in text and pal is not None and canvas is not None:  # rare: the whole canvas in RGB
        whole = (0, 0, canvas.width, canvas.height)
        rgb = _true_rgb(canvas, pal, whole)
        ImageDraw.Draw(rgb).text(xy, text, font=font, fill=fill, anchor=anchor)
        canvas.info[PIECES_KEY] = []
        _place(canvas, pal.quantize(rgb), whole, rgb.copy)
        return
    if "\n" in text or draw.fontmode == "RGBA":
        draw.text(xy, text, font=font, fill=fill, anchor=anchor)
        return
    observed(text, font, fill)
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    if pal is None or canvas is None:
        ink = draw._getink(fill)[0]
        assert ink is not None  # fill is a colour, never None
        mask, (dx, dy) = font.getmask2(
            text, draw.fontmode, None, None, None, 0, anchor, ink, start, stroke_filled=True
        )
        draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)
        return
    mask, (dx, dy) = font.getmask2(text, "L", None, None, None, 0, anchor, 0, start, stroke_filled=True)
    left, top = int(x) + dx, int(y) + dy
    width, height = mask.size
    if width == 0 or height == 0:
        return
    box = (left, top, left + width, top + height)
    ground = _ground(canvas, box)
    if ground is not None:
        colour = pal.truth[ground]

        def drawn() -> Image.Image:
            rgb = Image.new("RGB", (width, height), colour)
            _blend_mask(rgb, mask, (0, 0), fill)
            return rgb

        key = (id(pal), ground, "text", getattr(font, "key", id(font)), text, anchor, start, fill)
        piece = canvas_pieces._pieces.get(key)  # the module's: a test may put a smaller one
        if piece is None:
            piece = pal.quantize(drawn())
            canvas_pieces._pieces.put(key, piece, width * height)
        _place(canvas, piece, box, drawn)
        return
    clipped = (max(0, left), max(0, top), min(canvas.width, box[2]), min(canvas.height, box[3]))
    if clipped[0] >= clipped[2] or clipped[1] >= clipped[3]:
        return
    rgb = _true_rgb(canvas, pal, clipped)
    _blend_mask(rgb, mask, (left - clipped[0], top - clipped[1]), fill)
    _place(canvas, pal.quantize(rgb), clipped, rgb.copy)


def _blend_mask(rgb: Image.Image, mask: ImagingCore, at: tuple[int, int], fill: RGB) -> None:
    draw = ImageDraw.Draw(rgb)
    ink = draw._getink(fill)[0]
    assert ink is not None
    draw.draw.draw_bitmap(at, mask, ink)

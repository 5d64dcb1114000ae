"""One fixed 256-colour palette for every hanafuda image (table, hand, sheets).

Computing an adaptive palette costs most of a table's render time; mapping onto a fixed one is
cheap. The palette is built once, deterministically, from what our images are made of: the
exact interface colours first (flat areas must not shift), then an octree palette of a sample
holding every card face, the backs, the glows and text anti-aliasing ramps.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

import i18n
from engine.hanafuda.cards import CARDS
from render import palette as P
from render.fonts import drawing_in
from render.hanafuda.faces import card_back, card_face, glow, shade
from render.png import fixed_palette, paint_ink_ramps

# Flat colours of the interface: kept exactly.
FIXED: tuple[P.RGB, ...] = (
    P.TABLE_BG,
    P.PANEL,
    P.PANEL_EDGE,
    P.TEXT,
    P.TEXT_DIM,
    P.ACCENT,
    P.KOI,
    P.CHOICE,
    P.CREAM,
    P.INK,
    P.CAT_BRIGHT,
    P.CAT_ANIMAL,
    P.CAT_RIBBON,
    P.CAT_CHAFF,
    P.FIELD_BG,
    P.WHITE,
    P.PAPER,
)
_GROUNDS = (P.TABLE_BG, P.PANEL, P.FIELD_BG, P.CREAM, P.ACCENT, P.KOI, P.CHOICE, P.INK)
_INKS = (
    P.TEXT,
    P.TEXT_DIM,
    P.ACCENT,
    P.CHOICE,
    P.CREAM,
    P.INK,
    P.KOI,
    P.PANEL_EDGE,
    P.WHITE,
    P.CAT_BRIGHT,
    P.CAT_ANIMAL,
    P.CAT_RIBBON,
    P.CAT_CHAFF,
)


def _sample() -> Image.Image:
    widths = (68, 108)
    cols = 24
    cw, ch = 112, 176
    img = Image.new("RGB", (cols * cw, 6 * ch), P.TABLE_BG)
    for i, c in enumerate(CARDS):
        for j, w in enumerate(widths):
            face = card_face(c, w)
            x, y = (i % cols) * cw, (i // cols + 2 * j) * ch
            img.paste(face, (x, y), face)
    row = 4 * ch
    for k, (bg, colour) in enumerate(
        (
            (P.TABLE_BG, P.ACCENT),
            (P.FIELD_BG, P.ACCENT),
            (P.FIELD_BG, P.CHOICE),
            (P.TABLE_BG, P.TEXT_DIM),
            (P.TABLE_BG, None),
            (P.PANEL, None),
        )
    ):
        x = k * 2 * cw
        ImageDraw.Draw(img).rectangle((x, row, x + 2 * cw, row + ch), fill=bg)
        if colour is not None:
            g = glow(68, colour)
            img.paste(g, (x + 10, row + 10), g)
        face = card_face(CARDS[k * 7], 68) if colour is not None else card_back(68)
        img.paste(face, (x + 20, row + 20), face)
        if colour is None:
            dim = shade(68)
            img.paste(dim, (x + 20, row + 20), dim)
    paint_ink_ramps(img, 5 * ch, _INKS, _GROUNDS)
    return img


@cache
def table_palette() -> Image.Image:
    """The shared palette as a 1×1 "P" image, ready for ``Image.quantize(palette=...)``."""
    with drawing_in(i18n.DEFAULT):  # one palette for every locale, whichever image asks first
        return fixed_palette(FIXED, _sample())

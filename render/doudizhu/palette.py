"""One fixed 256-colour palette for every Dou Dizhu image (table, hand, sheets, rules card).

Mapping onto a fixed palette is much cheaper than computing an adaptive one per image. Built
once from what the Dou Dizhu images are made of: the flat interface and card colours exactly,
then a sample of the faces, backs, glows and shades, and the text anti-aliasing ramps.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

import i18n
from engine.doudizhu.cards import CARDS
from render import palette as P
from render.doudizhu.faces import (
    BACK_RED,
    CARD_WHITE,
    JOKER_GREY,
    LANDLORD,
    PEASANT,
    SUIT_BLACK,
    SUIT_RED,
    card_back,
    card_face,
    glow,
    shade,
)
from render.fonts import drawing_in
from render.png import fixed_palette, paint_ink_ramps

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
    P.FIELD_BG,
    P.WHITE,
    CARD_WHITE,
    SUIT_RED,
    SUIT_BLACK,
    BACK_RED,
    LANDLORD,
    PEASANT,
    JOKER_GREY,
    P.GOLD,
)
_GROUNDS = (P.TABLE_BG, P.PANEL, P.FIELD_BG, P.CREAM, P.ACCENT, P.KOI, LANDLORD, PEASANT, P.PANEL_EDGE, P.INK)
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
    LANDLORD,
    PEASANT,
)


def _sample() -> Image.Image:
    cols, cw, ch = 27, 112, 160
    img = Image.new("RGB", (cols * cw, 7 * ch), P.TABLE_BG)
    for i, c in enumerate(CARDS):
        face = card_face(c, 100 if i % 2 else 60)
        img.paste(face, ((i % cols) * cw, (i // cols) * ch), face)
    row = 2 * ch
    for k, (bg, colour) in enumerate(
        (
            (P.TABLE_BG, P.ACCENT),
            (P.FIELD_BG, P.ACCENT),
            (P.PANEL, P.ACCENT),
            (P.TABLE_BG, None),
            (P.PANEL, None),
            (P.FIELD_BG, None),
        )
    ):
        x = k * 2 * cw
        ImageDraw.Draw(img).rectangle((x, row, x + 2 * cw, row + ch), fill=bg)
        if colour is not None:
            g = glow(72, colour)
            img.paste(g, (x + 10, row + 10), g)
            face = card_face(CARDS[k * 9], 72)
        else:
            face = card_back(72)
        img.paste(face, (x + 20, row + 20), face)
        dim = shade(72)
        x2 = x + cw
        face2 = card_face(CARDS[k * 9 + 1], 72)
        img.paste(face2, (x2, row + 20), face2)
        img.paste(dim, (x2, row + 20), dim)
    paint_ink_ramps(img, 3 * ch, _INKS, _GROUNDS)
    return img


@cache
def doudizhu_palette() -> Image.Image:
    """The Dou Dizhu palette as a 1×1 "P" image, for ``Image.quantize(palette=...)``."""
    with drawing_in(i18n.DEFAULT):  # one palette for every locale, whichever image asks first
        return fixed_palette(FIXED, _sample())

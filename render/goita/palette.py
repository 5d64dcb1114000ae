"""One fixed 256-colour palette for every Goita image (table, hand, sheets, memory grid).

Like :mod:`render.hanafuda.table_palette` for the hanafuda games: mapping onto a fixed palette is much
cheaper than computing an adaptive one per image. Built once from what the Goita images are made
of: the flat interface and wood colours exactly, then a sample of every piece face and back,
the glows, the team colours and the text anti-aliasing ramps.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

import i18n
from engine.goita.types import Piece
from render import palette as P
from render.fonts import drawing_in
from render.goita import pieces as G
from render.png import fixed_palette, paint_ink_ramps

# Flat colours drawn as large areas: kept exactly.
FIXED: tuple[P.RGB, ...] = (
    P.TABLE_BG, P.PANEL, P.PANEL_EDGE, P.TEXT, P.TEXT_DIM, P.ACCENT, P.KOI, P.CHOICE, P.CREAM,
    P.INK, P.FIELD_BG, P.WHITE, G.WOOD, G.WOOD_LIGHT, G.WOOD_EDGE, G.BACK, G.BACK_EDGE, G.INK,
    G.KING_INK, G.BADGE, G.DISC, *G.TEAM_COLOURS,
)  # fmt: skip
_GROUNDS = (P.TABLE_BG, P.PANEL, P.FIELD_BG, P.CREAM, P.ACCENT, G.WOOD, G.DISC, *G.TEAM_COLOURS[:2])
_INKS = (P.TEXT, P.TEXT_DIM, P.ACCENT, P.CHOICE, P.INK, P.PANEL_EDGE, G.INK, G.KING_INK, G.BADGE_INK)


def _sample() -> Image.Image:
    widths, cw, ch = (60, 96), 120, 130
    img = Image.new("RGB", (16 * cw, 8 * ch), P.TABLE_BG)
    for i, piece in enumerate(Piece):
        for j, width in enumerate(widths):
            y = j * ch
            for k, face in enumerate(
                (
                    G.piece_face(piece, width, initial=G.PIECE_LETTERS[piece], value=G.SEED_VALUES[piece]),
                    G.piece_back(width, piece),
                )
            ):
                img.paste(face, ((2 * i + k) * cw, y), face)
    for k, (ground, colour) in enumerate(
        ((P.TABLE_BG, P.ACCENT), (P.PANEL, P.ACCENT), (P.TABLE_BG, P.CHOICE), (P.PANEL, P.CHOICE))
    ):
        x, y = k * 2 * cw, 2 * ch
        ImageDraw.Draw(img).rectangle((x, y, x + 2 * cw, y + ch), fill=ground)
        halo = G.glow(72, colour)
        img.paste(halo, (x + 6, y + 6), halo)
        face = G.piece_face(Piece(k), 72, initial=G.PIECE_LETTERS[Piece(k)], value=G.SEED_VALUES[k])
        img.paste(face, (x + 6 + G.glow_margin(72), y + 6 + G.glow_margin(72)), face)
    back, dim = G.piece_back(72), G.shade(72)
    img.paste(back, (9 * cw, 2 * ch), back)
    img.paste(dim, (9 * cw, 2 * ch), dim)
    paint_ink_ramps(img, 3 * ch, _INKS, _GROUNDS)
    return img


@cache
def goita_palette() -> Image.Image:
    """The Goita palette as a 1×1 "P" image, for ``to_png(image, goita_palette())``."""
    with drawing_in(i18n.DEFAULT):  # one palette for every locale, whichever image asks first
        return fixed_palette(FIXED, _sample())

"""One fixed 256-colour palette for the rating cards (leaderboard, profile, history).

Like the tables' (:mod:`render.hanafuda.table_palette`): mapping onto a fixed palette costs a
fraction of computing an adaptive one per image (9–20 ms a card). The cards are flat colours and
anti-aliased text, so the palette is their flat colours exactly, then an octree palette of every
ink blended over every ground (what text anti-aliasing makes). Against the adaptive palette of
before, text edges may land on a neighbouring shade (a few units of one channel); flat areas are
unchanged.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from render import palette as P
from render.png import fixed_palette, paint_ink_ramps

SILVER: P.RGB = (192, 196, 206)  # the second medal
FIXED: tuple[P.RGB, ...] = (
    P.TABLE_BG, P.PANEL, P.PANEL_EDGE, P.FIELD_BG, P.SLATE, P.TEXT, P.TEXT_DIM, P.ACCENT,
    P.CAT_ANIMAL, P.KOI, P.GREY, P.GOLD, SILVER, P.TAN, P.INK, P.WHITE,
)  # fmt: skip
_GROUNDS = (P.TABLE_BG, P.PANEL, P.FIELD_BG, P.SLATE, P.CAT_ANIMAL, P.KOI, P.GREY, P.GOLD, SILVER, P.TAN)
_INKS = (P.TEXT, P.TEXT_DIM, P.ACCENT, P.CAT_ANIMAL, P.KOI, P.PANEL, P.PANEL_EDGE, P.INK)


@cache
def cards_palette() -> Image.Image:
    """The rating cards' palette as a 1×1 "P" image, for ``to_png(image, cards_palette())``."""
    sample = Image.new("RGB", (64 * 40, 16 * 8), P.TABLE_BG)
    paint_ink_ramps(sample, 0, _INKS, _GROUNDS)
    return fixed_palette(FIXED, sample)

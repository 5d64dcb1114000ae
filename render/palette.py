"""Named colours shared by the card faces and the table images (RGB tuples)."""

from __future__ import annotations

RGB = tuple[int, int, int]

# Card art: the traditional black / red / cream of hanafuda, plus the plants' own colours.
INK: RGB = (30, 26, 24)
CREAM: RGB = (246, 238, 218)
PAPER: RGB = (252, 249, 240)
RED: RGB = (204, 40, 38)
DEEP_RED: RGB = (150, 26, 30)
SKY_RED: RGB = (214, 64, 46)
PINK: RGB = (240, 160, 170)
BLOSSOM: RGB = (250, 214, 218)
GREEN: RGB = (52, 122, 70)
DARK_GREEN: RGB = (28, 74, 48)
LEAF: RGB = (96, 150, 60)
OLIVE: RGB = (132, 138, 48)
BLUE: RGB = (38, 78, 160)
SKY_BLUE: RGB = (120, 170, 210)
PURPLE: RGB = (110, 66, 160)
LAVENDER: RGB = (168, 134, 210)
YELLOW: RGB = (240, 192, 48)
GOLD: RGB = (218, 164, 44)
ORANGE: RGB = (232, 118, 40)
BROWN: RGB = (120, 72, 40)
TAN: RGB = (196, 140, 80)
GREY: RGB = (140, 136, 128)
SLATE: RGB = (58, 64, 76)
WHITE: RGB = (255, 255, 255)

# Category colours: badges on the faces and group headers on the table use the same ones.
CAT_BRIGHT: RGB = (226, 168, 32)
CAT_ANIMAL: RGB = (46, 140, 88)
CAT_RIBBON: RGB = (200, 44, 60)
CAT_CHAFF: RGB = (118, 112, 104)

# Table: indigo lacquer with gold and vermilion accents.
TABLE_BG: RGB = (27, 38, 62)
PANEL: RGB = (38, 52, 82)
PANEL_EDGE: RGB = (62, 80, 118)
FIELD_BG: RGB = (33, 58, 66)
TEXT: RGB = (246, 238, 220)
TEXT_DIM: RGB = (168, 178, 200)
ACCENT: RGB = (242, 190, 64)  # gold: turn marker, last move glow
KOI: RGB = (230, 72, 48)  # vermilion: koi-koi calls
CHOICE: RGB = (90, 200, 240)  # cyan: draw-choice candidates

"""Roppyakken's part of its rules card (``render.rules_card``): card values, yaku, the month row."""

from __future__ import annotations

from PIL import Image

from engine.hanafuda.cards import CARDS
from engine.hanafuda.roppyakken.rules import PRESETS
from i18n import t
from render.hanafuda.faces import card_face
from render.hanafuda.table_palette import table_palette


def rows(loc: str) -> list[tuple[str, str]]:
    """The scoring table: (name, value) rows from the seed rules."""
    r = PRESETS["seed"]
    out = [
        (t(loc, f"roppyakken.yaku.{i}"), v)
        for i, v in (("lights", "50"), ("animals", "10"), ("ribbons", "10"))
    ]
    ids: tuple[str, ...] = (
        "shiko",
        "nanatan",
        "inoshikacho",
        "matsukiribozu",
        "teppo",
        "hanami",
        "tsukimi",
        "ozan",
        "kozan",
    )
    ids += ("aotan", "sotan", "ameshima", "shima")
    return out + [(t(loc, f"roppyakken.yaku.{i}"), str(getattr(r, i))) for i in ids if getattr(r, i)]


def samples() -> tuple[tuple[Image.Image, str], ...]:
    """A card of each month, the month under it: at this size a face's own tab would be too small
    to read where the card is shown (550 px wide), so the faces are plain."""
    return tuple((card_face(CARDS[4 * m], 72, marks=False), str(m + 1)) for m in range(12))


def palette() -> Image.Image:
    """The fixed palette the card is encoded with: the game's table palette (its faces' colours)."""
    return table_palette()

"""Koi-Koi's part of its rules card (``render.rules_card``): the yaku table and the month row."""

from __future__ import annotations

from PIL import Image

from engine.hanafuda.cards import CARDS
from engine.hanafuda.koikoi.rules import PRESETS, points_table
from i18n import t
from render.hanafuda.faces import card_face
from render.hanafuda.table_palette import table_palette


def rows(loc: str) -> list[tuple[str, str]]:
    """The scoring table: (name, value) rows from the seed rules."""
    p = points_table(PRESETS["seed"])
    ids = ("goko", "shiko", "ameshiko", "sanko", "inoshikacho", "hanami", "tsukimi")
    out = [(t(loc, f"yaku.{i}"), str(getattr(p, i))) for i in ids if getattr(p, i)]
    out += [
        (t(loc, f"yaku.{i}"), f"{getattr(p, i)}+") for i in ("akatan", "aotan", "tane", "tanzaku", "kasu")
    ]
    return out


def samples() -> tuple[tuple[Image.Image, str], ...]:
    """A card of each month, the month under it: at this size a face's own tab would be too small
    to read where the card is shown (550 px wide), so the faces are plain."""
    return tuple((card_face(CARDS[4 * m], 72, marks=False), str(m + 1)) for m in range(12))


def palette() -> Image.Image:
    """The fixed palette the card is encoded with: the game's table palette (its faces' colours)."""
    return table_palette()

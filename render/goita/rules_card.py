"""Goita's part of its rules card (``render.rules_card``): the piece values and the set."""

from __future__ import annotations

from PIL import Image

from engine.goita import rules
from engine.goita.types import PIECES, SET_COUNTS
from render.goita.palette import goita_palette
from render.goita.pieces import piece_face, piece_name


def rows(loc: str) -> list[tuple[str, str]]:
    """The scoring table: each piece's value in the seed rules."""
    values = rules.PRESETS["seed"].values
    return [(piece_name(loc, p), str(values[int(p)])) for p in PIECES]


def samples() -> tuple[tuple[Image.Image, str], ...]:
    """Each piece with how many the set holds."""
    return tuple((piece_face(p, 96), f"×{SET_COUNTS[int(p)]}") for p in PIECES)


def palette() -> Image.Image:
    """The fixed palette the card is encoded with: the game's table palette (its faces' colours)."""
    return goita_palette()

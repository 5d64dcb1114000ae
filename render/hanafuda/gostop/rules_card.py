"""Go-Stop's part of its rules card (``render.rules_card``): the score items and the hwatu row."""

from __future__ import annotations

from PIL import Image

from engine.hanafuda.cards import CARDS
from i18n import t
from render.hanafuda.gostop.common import face, korean_month
from render.hanafuda.table_palette import table_palette


def rows(loc: str) -> list[tuple[str, str]]:
    """The scoring table: (name, value) rows."""
    items: tuple[tuple[str, str], ...] = (
        ("gwang", "3–15"),
        ("godori", "5"),
        ("hongdan", "3"),
        ("cheongdan", "3"),
        ("chodan", "3"),
    )
    items += (("yeolkkeut", "1+"), ("tti", "1+"), ("pi", "1+"))
    return [(t(loc, f"gostop.score.{i}"), v) for i, v in items]


def samples() -> tuple[tuple[Image.Image, str], ...]:
    """A hwatu card of each month, its (Korean) month under it: at this size a face's own tab
    would be too small to read where the card is shown (550 px wide), so the faces are plain."""
    return tuple((face(str(CARDS[4 * m]), 72, marks=False), str(korean_month(m + 1))) for m in range(12))


def palette() -> Image.Image:
    """The fixed palette the card is encoded with: the game's table palette (its faces' colours)."""
    return table_palette()

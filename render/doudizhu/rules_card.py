"""Dou Dizhu's part of its rules card (``render.rules_card``): the multipliers and the ranks."""

from __future__ import annotations

from PIL import Image

from engine.doudizhu.cards import CARDS
from i18n import t
from render.doudizhu.faces import card_face, doudizhu_palette


def rows(loc: str) -> list[tuple[str, str]]:
    """The scoring table: what multiplies a deal's stake."""
    items = (("doudizhu.mult.bid", "×1–3"), ("doudizhu.kind.bomb", "×2"), ("doudizhu.kind.rocket", "×2"))
    out = [(t(loc, k), v) for k, v in (*items, ("doudizhu.mult.spring", "×2"))]
    return [(name[:1].upper() + name[1:], v) for name, v in out]  # "bid" heads a row: "Bid"


def samples() -> tuple[tuple[Image.Image, str], ...]:
    """One card of each rank, then the two jokers."""
    picks = [CARDS[4 * r] for r in range(13)] + [CARDS[52], CARDS[53]]
    return tuple((card_face(c, 58), "") for c in picks)


def palette() -> Image.Image:
    """The fixed palette the card is encoded with: the game's table palette (its faces' colours)."""
    return doudizhu_palette()

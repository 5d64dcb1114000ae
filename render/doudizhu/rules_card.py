"""Dou Dizhu's part of its rules card (``render.rules_card``): the multipliers and the ranks."""

from __future__ import annotations

from PIL import Image

from engine.doudizhu.cards import CARDS
from i18n import t
from render.doudizhu.faces import card_size, paste_card
from render.doudizhu.palette import doudizhu_palette


def rows(loc: str) -> list[tuple[str, str]]:
    """The scoring table: what multiplies a deal's stake."""
    items = (("doudizhu.mult.bid", "×1–3"), ("doudizhu.kind.bomb", "×2"), ("doudizhu.kind.rocket", "×2"))
    out = [(t(loc, k), v) for k, v in (*items, ("doudizhu.mult.spring", "×2"))]
    return [(name[:1].upper() + name[1:], v) for name, v in out]  # "bid" heads a row: "Bid"


STRIP_W = 1000  # the rules card's width (render.rules_card.W): the fan is judged against it
FAN_CARD_W, FAN_STEP = 84, 58


def samples() -> tuple[tuple[Image.Image, str], ...]:
    """One card of each rank, then the two jokers, fanned like a hand: side by side, 15 cards
    would be too small for their corner index to be read where the card is shown (550 px wide).
    One strip as wide as the card, so that :func:`paste_card` reports and judges the indexes
    against the image they end up on."""
    picks = [CARDS[4 * r] for r in range(13)] + [CARDS[52], CARDS[53]]
    w, h = card_size(FAN_CARD_W)
    strip = Image.new("RGBA", (STRIP_W, h), (0, 0, 0, 0))
    x = (STRIP_W - w - FAN_STEP * (len(picks) - 1)) // 2
    for i, c in enumerate(picks):
        paste_card(strip, c, x + i * FAN_STEP, 0, FAN_CARD_W)
    return ((strip, ""),)


def palette() -> Image.Image:
    """The fixed palette the card is encoded with: the game's table palette (its faces' colours)."""
    return doudizhu_palette()

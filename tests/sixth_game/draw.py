"""High Card's pictures: the table (the open trick, tricks won, cards left) and a seat's hand.

Built from the view given, so the table drawn from the public view shows no hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from i18n import t
from render.fonts import font, localized
from render.png import to_png
from tests.sixth_game.engine import View

FELT = (22, 84, 58)
CARD = (246, 240, 226)
INK = (30, 30, 34)
TEXT = (236, 232, 220)
W, H = 480, 220
CARD_W, CARD_H = 60, 84


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, value: int) -> None:
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 8, fill=CARD, outline=INK, width=2)
    draw.text((x + CARD_W // 2, y + CARD_H // 2), str(value), fill=INK, font=font(30), anchor="mm")


def card_face(value: int) -> Image.Image:
    """One card on its own (the rules card's row of faces)."""
    image = Image.new("RGB", (CARD_W + 1, CARD_H + 1), FELT)
    _card(ImageDraw.Draw(image), 0, 0, value)
    return image


@localized
def render_table(view: View, *, names: Sequence[str], locale: str = "en") -> bytes:
    image = Image.new("RGB", (W, H), FELT)
    draw = ImageDraw.Draw(image)
    scores, left = view.scores, view.cards_left
    for seat, name in enumerate(names):
        line = t(locale, "highcard.table.seat", name=name, tricks=scores[seat], left=left[seat])
        draw.text((16, 16 + 28 * seat), line, fill=TEXT, font=font(18))
    for i, value in enumerate(view.trick):
        _card(draw, 160 + i * (CARD_W + 20), 100, value)
    return to_png(image)


@localized
def render_hand(view: View, *, locale: str = "en", owner: str | None = None) -> bytes:
    hand = view.hand or ()
    image = Image.new("RGB", (max(W, 20 + len(hand) * (CARD_W + 10)), 140), FELT)
    draw = ImageDraw.Draw(image)
    title = t(locale, "highcard.hand.owner", name=owner) if owner else t(locale, "highcard.hand.title")
    draw.text((16, 10), title, fill=TEXT, font=font(18))
    for i, value in enumerate(hand):
        _card(draw, 16 + i * (CARD_W + 10), 44, value)
    return to_png(image)

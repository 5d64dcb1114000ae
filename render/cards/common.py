"""What the rating cards share: the width, text sizes, colours, the header, numbers and dates in the
reader's language, wrapped sentences and the encoding.

The cards are drawn in the reader's language: the cog passes the texts already translated and the
``locale``; the public render functions are :func:`render.fonts.localized`, so every text uses that
locale's regional face (JP, KR, SC, TC) and every number its CLDR format (Babel).
"""

from __future__ import annotations

from datetime import date

from babel.dates import format_skeleton
from PIL import Image, ImageDraw

import i18n
from render.canvas import new as new_canvas
from render.cards.palette import cards_palette
from render.labels import number, percent, signed
from render.palette import ACCENT, CAT_ANIMAL, KOI, RGB, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.rules_card import wrap
from render.widgets import min_size, text

W = 880  # shown ~550 px wide inline: every text is at least min_size(W) (readable there)
MARGIN = 24
T = min_size(W)  # body text
BIG = round(T * 1.45)  # titles
HUGE = round(T * 2.6)  # the rating on the profile card
LINE_H = round(T * 1.45)  # a line of a wrapped sentence
UP: RGB = CAT_ANIMAL
DOWN: RGB = KOI


def canvas(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A card's canvas, drawn in the cards' palette (:mod:`render.canvas`: no mapping at the end)."""
    image = new_canvas((W, height), TABLE_BG, cards_palette())
    return image, ImageDraw.Draw(image)


def header(draw: ImageDraw.ImageDraw, title: str, subtitle: str) -> int:
    """Title and subtitle at the top, a gold rule under them; the y where content starts."""
    y = MARGIN + BIG // 2 + 4
    text(draw, (MARGIN, y), title, BIG, ACCENT, max_width=W - 2 * MARGIN)
    y += BIG // 2 + T // 2 + 12
    if subtitle:
        text(draw, (MARGIN, y), subtitle, T, TEXT_DIM, max_width=W - 2 * MARGIN)
        y += T // 2 + 10
    draw.line((MARGIN, y, W - MARGIN, y), fill=ACCENT, width=3)
    return y + 12


def trend_text(trend: int, locale: str, zero: str = "–") -> tuple[str, RGB]:
    """``+12`` in green, ``−9`` in red (a real minus), ``zero`` dimmed for no change."""
    return signed(trend, locale, zero), UP if trend > 0 else DOWN if trend < 0 else TEXT_DIM


def day(when: date, locale: str) -> str:
    """A date the language's way, month spelled short: ``Nov 4, 2026``, ``4 nov. 2026``,
    ``2026年11月4日``, ``2026년 11월 4일`` (CLDR's ``yMMMd`` skeleton, through Babel)."""
    # CLDR may put a narrow no-break space, which the images' font lacks (see i18n.number).
    return format_skeleton("yMMMd", when, locale=i18n.babel_locale(locale)).replace("\u202f", "\u00a0")


def sentence_lines(sentence: str) -> list[str]:
    """A sentence across the card, on as many lines as it takes (a translation may be longer)."""
    return wrap(sentence, T, W - 2 * MARGIN) if sentence else []


def draw_lines(draw: ImageDraw.ImageDraw, y: int, lines: list[str]) -> int:
    """Lines from :func:`sentence_lines`, dimmed, from ``y`` down; the y under them."""
    for line in lines:
        text(draw, (MARGIN, y + LINE_H // 2), line, T, TEXT_DIM, "lm", W - 2 * MARGIN)
        y += LINE_H
    return y


def encode(image: Image.Image) -> bytes:
    return to_png(image, cards_palette())


__all__ = [
    "BIG",
    "DOWN",
    "HUGE",
    "LINE_H",
    "MARGIN",
    "TEXT",
    "UP",
    "T",
    "W",
    "canvas",
    "day",
    "draw_lines",
    "encode",
    "header",
    "number",
    "percent",
    "sentence_lines",
    "trend_text",
]

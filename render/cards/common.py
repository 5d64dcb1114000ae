"""What both rating cards share: the width, text sizes, colours, the header, numbers in the reader's
language and the encoding.

Both cards are drawn in the reader's language: the cog passes the texts already translated and the
``locale``; the public render functions are :func:`render.fonts.localized`, so every text uses that
locale's regional face (JP, KR, SC, TC) and every number its CLDR format (Babel).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

import i18n
from render.labels import number, signed
from render.palette import ACCENT, CAT_ANIMAL, KOI, RGB, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import min_size, text

W = 880  # shown ~550 px wide inline: every text is at least min_size(W) (readable there)
MARGIN = 24
T = min_size(W)  # body text
BIG = round(T * 1.45)  # titles
HUGE = round(T * 2.6)  # the rating on the profile card
UP: RGB = CAT_ANIMAL
DOWN: RGB = KOI


def canvas(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (W, height), TABLE_BG)
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


def trend_text(trend: int | None, locale: str) -> tuple[str, RGB]:
    """``+12`` in green, ``−9`` in red (a real minus), ``–`` dimmed for no change."""
    if not trend:
        return "–", TEXT_DIM
    return signed(trend, locale), UP if trend > 0 else DOWN


def percent(rate: float | None, locale: str) -> str:
    """``62%`` (``62 %`` in French), ``–`` when there is no rate."""
    return "–" if rate is None else i18n.percent(locale, rate)


def encode(image: Image.Image) -> bytes:
    return to_png(image)


__all__ = [
    "BIG",
    "DOWN",
    "HUGE",
    "MARGIN",
    "TEXT",
    "UP",
    "T",
    "W",
    "canvas",
    "encode",
    "header",
    "number",
    "percent",
    "trend_text",
]

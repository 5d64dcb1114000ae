"""The profile card of one player in one game: rating, rank on the server, games, win rate, best
round, a sparkline of the rating over the last 50 rated matches and the most-met opponents.

Drawn in the reader's language: the words and stat values come translated in the
:class:`ProfileCard`; the sparkline's numbers are written here the ``locale``'s way, in its face.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from render.cards.common import BIG, DOWN, HUGE, MARGIN, UP, T, W, canvas, encode, header, number
from render.fonts import localized
from render.palette import ACCENT, FIELD_BG, PANEL, PANEL_EDGE, TEXT, TEXT_DIM
from render.widgets import panel, text

STAT_H = round(T * 3.9)
SPARK_H = 190
LINE_H = round(T * 1.6)


@dataclass(frozen=True, slots=True)
class Stat:
    label: str
    value: str


@dataclass(frozen=True, slots=True)
class ProfileCard:
    """Everything the card shows, in the reader's language."""

    title: str  # the player's name
    subtitle: str  # the game (and season)
    rating_label: str
    rating: str
    provisional: str  # "" or the provisional mark's words
    rank: str  # "3rd on this server" or ""
    stats: tuple[Stat, ...]  # up to 4 boxes
    series_label: str
    series: tuple[int, ...]  # the shown rating, oldest first
    empty_series: str
    opponents_label: str
    opponents: tuple[str, ...]  # one line each
    no_opponents: str


def _sparkline(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], series: tuple[int, ...], locale: str
) -> None:
    """The rating's path, scaled to its own range, with its lowest and highest values."""
    x0, y0, x1, y1 = box
    lo, hi = min(series), max(series)
    label_w = 80
    span = max(hi - lo, 1)
    px0, px1 = x0 + label_w, x1 - 16
    step = (px1 - px0) / max(len(series) - 1, 1)
    points = [(px0 + i * step, y1 - 12 - (v - lo) / span * (y1 - y0 - 24)) for i, v in enumerate(series)]
    draw.line((px0, y1 - 12, px1, y1 - 12), fill=PANEL_EDGE, width=1)
    colour = UP if series[-1] >= series[0] else DOWN
    if len(points) > 1:
        draw.line(points, fill=colour, width=4, joint="curve")
    px, py = points[-1]
    draw.ellipse((px - 6, py - 6, px + 6, py + 6), fill=ACCENT)
    text(draw, (x0 + 8, y0 + 14), number(hi, locale), T, TEXT_DIM, "lm")
    text(draw, (x0 + 8, y1 - 14), number(lo, locale), T, TEXT_DIM, "lm")


@localized
def render_profile(card: ProfileCard, *, locale: str = "en") -> bytes:
    """The card as PNG bytes (880 px wide; every text readable at 550 px), in ``locale``."""
    image, draw = canvas(1400)
    y = header(draw, card.title, card.subtitle)
    # The rating, big, with its label, the provisional mark and the rank.
    text(draw, (MARGIN, y + T // 2 + 4), card.rating_label, T, TEXT_DIM, "lm")
    y += T + 10
    cy = y + HUGE // 2 + 4
    width = text(draw, (MARGIN, cy), card.rating, HUGE, ACCENT, "lm")
    right = MARGIN + width + 24
    if card.provisional:
        text(draw, (right, cy - T * 0.8), card.provisional, T, TEXT_DIM, "lm", W - MARGIN - right)
    if card.rank:
        rank_y = cy + T * 0.8 if card.provisional else cy
        text(draw, (right, rank_y), card.rank, BIG, TEXT, "lm", W - MARGIN - right)
    y += HUGE + 22
    # The stat boxes.
    stats = card.stats[:4]
    if stats:
        box_w = (W - 2 * MARGIN - 12 * (len(stats) - 1)) / len(stats)
        for i, stat in enumerate(stats):
            bx = MARGIN + i * (box_w + 12)
            panel(draw, (bx, y, bx + box_w, y + STAT_H), PANEL, PANEL_EDGE, 12, 1)
            text(draw, (bx + box_w / 2, y + STAT_H * 0.3), stat.label, T, TEXT_DIM, "mm", box_w - 16)
            text(draw, (bx + box_w / 2, y + STAT_H * 0.68), stat.value, BIG, TEXT, "mm", box_w - 16)
        y += STAT_H + 20
    # The sparkline.
    text(draw, (MARGIN, y + T // 2), card.series_label, T, TEXT_DIM, "lm", W - 2 * MARGIN)
    y += T + 12
    box = (MARGIN, y, W - MARGIN, y + SPARK_H)
    panel(draw, box, FIELD_BG, PANEL_EDGE, 12, 1)
    if len(card.series) >= 2:
        _sparkline(draw, box, card.series, locale)
    else:
        middle = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
        text(draw, middle, card.empty_series, T, TEXT_DIM, "mm", W - 4 * MARGIN)
    y += SPARK_H + 20
    # The opponents.
    text(draw, (MARGIN, y + T // 2), card.opponents_label, T, TEXT_DIM, "lm", W - 2 * MARGIN)
    y += T + 12
    for line in card.opponents or (card.no_opponents,):
        colour = TEXT if card.opponents else TEXT_DIM
        text(draw, (MARGIN + 12, y + LINE_H // 2), line, T, colour, "lm", W - 2 * MARGIN - 12)
        y += LINE_H
    return encode(image.crop((0, 0, W, y + MARGIN)))

"""The leaderboard card: the top 10 of a game's board, and the reader's own row under them.

Rows: rank, name, shown rating (``1012?`` while provisional), rated games, win rate and the trend
over the last week (``+12`` green, ``−9`` red). A provisional player is never ranked above an
established one (the store orders them); the legend under the rows says what ``?`` means.

Drawn in the reader's language: the words come translated in the :class:`BoardCard`, the numbers
(ranks, ratings, games, win rates, trends) are written here the ``locale``'s way, in its face.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from render.cards.common import (
    BIG,
    LINE_H,
    MARGIN,
    T,
    W,
    canvas,
    draw_lines,
    encode,
    header,
    number,
    percent,
    sentence_lines,
    trend_text,
)
from render.fonts import localized
from render.palette import ACCENT, GOLD, GREY, PANEL, PANEL_EDGE, TAN, TEXT, TEXT_DIM
from render.widgets import panel, text

ROW_H = round(T * 2.1)
GAP = 6
MEDALS = (GOLD, (192, 196, 206), TAN)
# Right edges of the number columns, and where names start and end.
RANK_X = MARGIN + 42  # ranks up to 5 digits fit between the row's edge and the name
NAME_X = MARGIN + 92
RATING_R = 558
GAMES_R = 660
RATE_R = 762
TREND_R = W - MARGIN - 12
NAME_W = RATING_R - 100 - NAME_X
COL_W = 92  # a number column's header is cut to this width
TREND_W = TREND_R - RATE_R - 10  # the trend's header: clear of the win rate's


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One row. ``rank`` None: not ranked on this board (e.g. the reader, off the global board)."""

    rank: int | None
    name: str
    value: int  # the shown rating, or a best score
    games: int
    win_rate: float | None
    trend: int | None  # None: the board has no trend (a best-score board)
    provisional: bool = False
    me: bool = False


@dataclass(frozen=True, slots=True)
class BoardCard:
    """Everything the card shows, in the reader's language."""

    title: str
    subtitle: str
    headers: tuple[str, str, str, str, str, str]  # rank, name, rating, games, win rate, trend
    rows: tuple[BoardRow, ...]  # the top rows, then (optionally) the reader's own row
    legend: str
    empty: str
    own_row_apart: bool = False  # the last row is the reader's, below the top (a gap before it)


def _row(draw: ImageDraw.ImageDraw, y: int, row: BoardRow, locale: str) -> None:
    cy = y + ROW_H // 2
    edge, width = (ACCENT, 3) if row.me else (PANEL_EDGE, 1)
    panel(draw, (MARGIN, y, W - MARGIN, y + ROW_H), PANEL, edge, 10, width)
    if row.rank is None:
        text(draw, (RANK_X, cy), "–", T, TEXT_DIM, "mm")
    elif row.rank <= len(MEDALS):
        draw.ellipse((RANK_X - 17, cy - 17, RANK_X + 17, cy + 17), fill=MEDALS[row.rank - 1])
        text(draw, (RANK_X, cy), number(row.rank, locale), T, PANEL, "mm")
    else:
        text(draw, (RANK_X, cy), number(row.rank, locale), T, TEXT, "mm", NAME_X - MARGIN - 12)
    text(draw, (NAME_X, cy), row.name, T, ACCENT if row.me else TEXT, "lm", NAME_W)
    value = number(row.value, locale) + ("?" if row.provisional else "")
    text(draw, (RATING_R, cy), value, T, TEXT_DIM if row.provisional else TEXT, "rm")
    text(draw, (GAMES_R, cy), number(row.games, locale), T, TEXT, "rm")
    text(draw, (RATE_R, cy), percent(row.win_rate, locale), T, TEXT, "rm")
    if row.trend is not None:
        trend, colour = trend_text(row.trend, locale)
        text(draw, (TREND_R, cy), trend, T, colour, "rm")


@localized
def render_leaderboard(card: BoardCard, *, locale: str = "en") -> bytes:
    """The card as PNG bytes (880 px wide; every text readable at 550 px), in ``locale``."""
    rows = len(card.rows)
    nobody = rows == int(card.own_row_apart)  # nobody on the board (the reader's row aside)
    # Sentences (the empty board's, the legend) wrap: a translation may be longer than English.
    empty = sentence_lines(card.empty) if nobody else []
    legend = sentence_lines(card.legend)
    height = MARGIN + BIG + 2 * T + 40 + (T + 20) + max(rows, 1) * (ROW_H + GAP) + 2 * MARGIN
    height += T + (len(empty) + len(legend) + 1) * LINE_H
    image, draw = canvas(height)
    y = header(draw, card.title, card.subtitle)
    cy = y + T // 2 + 4
    rank_h, name_h, rating_h, games_h, rate_h, trend_h = card.headers
    text(draw, (RANK_X, cy), rank_h, T, TEXT_DIM, "mm")
    text(draw, (NAME_X, cy), name_h, T, TEXT_DIM, "lm", NAME_W)
    text(draw, (RATING_R, cy), rating_h, T, TEXT_DIM, "rm", COL_W + 40)
    text(draw, (GAMES_R, cy), games_h, T, TEXT_DIM, "rm", COL_W)
    text(draw, (RATE_R, cy), rate_h, T, TEXT_DIM, "rm", COL_W)
    if any(r.trend is not None for r in card.rows):
        text(draw, (TREND_R, cy), trend_h, T, TEXT_DIM, "rm", TREND_W)
    y += T + 20
    if empty:
        block = max(ROW_H, len(empty) * LINE_H)
        top = y + (block - len(empty) * LINE_H) // 2
        for k, line in enumerate(empty):
            text(draw, (W // 2, top + k * LINE_H + LINE_H // 2), line, T, TEXT_DIM, "mm", W - 2 * MARGIN)
        y += block + GAP
    for i, row in enumerate(card.rows):
        if card.own_row_apart and i == rows - 1:
            text(draw, (W // 2, y + T // 2 - 4), "⋯", T, GREY, "mm")
            y += T
        _row(draw, y, row, locale)
        y += ROW_H + GAP
    if legend:
        y = draw_lines(draw, y + T // 2, legend)
    return encode(image.crop((0, 0, W, y + MARGIN)))

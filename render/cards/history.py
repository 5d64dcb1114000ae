"""The history card: a player's last matches on a server, newest first (``/history``).

One row per match: the result (won, lost, forfeited) as a coloured chip; the game and the date; every
seat with its score in seat order (the player in gold, a CPU seat marked with a chip); the rating
change on the right (``+12`` green, ``−9`` red, as the leaderboard's trend), or "vs CPU" when the
match moved no rating because a CPU sat at it.

Drawn in the reader's language: the words come translated in the :class:`HistoryCard`, the numbers
(scores, changes) and the dates are written here the ``locale``'s way, in its face.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum

from PIL import ImageDraw

from render.cards.common import (
    BIG,
    DOWN,
    LINE_H,
    MARGIN,
    UP,
    T,
    W,
    canvas,
    day,
    draw_lines,
    encode,
    header,
    number,
    sentence_lines,
    trend_text,
)
from render.fonts import localized
from render.palette import ACCENT, GREY, PANEL, PANEL_EDGE, SLATE, TEXT, TEXT_DIM
from render.widgets import chip, fit, panel, text, text_width

ROW_H = round(T * 3.4)  # two lines: result, game and date; then the seats and their scores
GAP = 6
PAD = 14  # inside a row
LEFT = MARGIN + PAD
RESULT_W = 124  # the result's pill: one width for every outcome, so the rows line up
RESULT_H = round(T * 1.35)
GAME_X = LEFT + RESULT_W + 14
CHANGE_R = W - MARGIN - PAD  # the rating change's right edge
CHANGE_W = 130
MID_R = CHANGE_R - CHANGE_W - 14  # the date and the seats end here
SEP = "·"
SEP_GAP = 8  # either side of the separator
SCORE_GAP = 6  # between a name and its score
TAG_PAD = 8  # inside a CPU seat's pill


class Outcome(Enum):
    WON = "won"
    LOST = "lost"
    FORFEIT = "forfeit"


OUTCOME_FILL = {Outcome.WON: UP, Outcome.LOST: DOWN, Outcome.FORFEIT: GREY}


@dataclass(frozen=True, slots=True)
class HistorySeat:
    """One seat of a match: the name (already resolved for this server), its score, whether it is
    the card's player and whether a CPU sat there."""

    name: str
    points: int
    me: bool = False
    cpu: bool = False


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One match. ``played`` None: its stored time could not be read (drawn as a dash).
    ``change`` None: the match moved no rating (then ``unrated`` says why, or is '')."""

    played: date | None
    game: str  # the game's name, translated
    seats: tuple[HistorySeat, ...]  # in seat order, the player's own included
    outcome: Outcome
    result: str  # the outcome in words
    change: int | None
    unrated: str = ""  # e.g. "vs CPU"


@dataclass(frozen=True, slots=True)
class HistoryCard:
    """Everything the card shows, in the reader's language."""

    title: str  # "alice's last matches"
    subtitle: str  # the game (or all games), on this server
    rows: tuple[HistoryRow, ...]  # newest first
    cpu: str  # the CPU mark, put before a CPU seat's name unless the name has it
    alone: str  # a match with no one else (the memory mode played solo)
    legend: str


def _caps(widths: list[float], budget: float) -> float:
    """The widest a name may be so all fit in ``budget``: the longest names are cut first, to
    the same width, and short names stay whole (every seat keeps its name and score)."""
    if sum(widths) <= budget:
        return max(widths, default=0.0)
    rest, left = sorted(widths), budget
    for i, w in enumerate(rest):
        share = left / (len(rest) - i)
        if w > share:
            return share
        left -= w
    return share


def _cpu_label(seat: HistorySeat, card: HistoryCard) -> str:
    """A CPU seat's name, with the CPU mark unless the name already says it (``CPU 2``)."""
    return seat.name if card.cpu.casefold() in seat.name.casefold() else f"{card.cpu} {seat.name}"


def _seats(
    draw: ImageDraw.ImageDraw, cy: float, seats: tuple[HistorySeat, ...], card: HistoryCard, locale: str
) -> None:
    """``alice 7 · bob 3 · (CPU 2) 1`` from ``LEFT``: the longest names cut if the line is short."""
    if len(seats) <= 1:
        text(draw, (LEFT, cy), card.alone, T, TEXT_DIM, "lm", MID_R - LEFT)
        return
    names = [_cpu_label(seat, card) if seat.cpu else seat.name for seat in seats]
    scores = [number(seat.points, locale) for seat in seats]
    fixed = sum(text_width(s, T) + SCORE_GAP for s in scores)
    fixed += (len(seats) - 1) * (text_width(SEP, T) + 2 * SEP_GAP)
    fixed += sum(2 * TAG_PAD for seat in seats if seat.cpu)
    cap = _caps([text_width(name, T) for name in names], MID_R - LEFT - fixed)
    x: float = LEFT
    for i, (seat, name, score) in enumerate(zip(seats, names, scores, strict=True)):
        if i:
            x += SEP_GAP
            x += text(draw, (x, cy), SEP, T, TEXT_DIM, "lm") + SEP_GAP
        if seat.cpu:
            x += chip(draw, x, cy, fit(name, T, max(cap, 1)), T, SLATE, TEXT, pad=TAG_PAD)
        else:
            x += text(draw, (x, cy), name, T, ACCENT if seat.me else TEXT, "lm", max(cap, 1))
        x += SCORE_GAP
        x += text(draw, (x, cy), score, T, TEXT_DIM, "lm")


def _row(draw: ImageDraw.ImageDraw, y: int, row: HistoryRow, card: HistoryCard, locale: str) -> None:
    panel(draw, (MARGIN, y, W - MARGIN, y + ROW_H), PANEL, PANEL_EDGE, 10, 1)
    cy = y + ROW_H // 2
    top, bottom = y + ROW_H * 0.29, y + ROW_H * 0.71
    box = (LEFT, top - RESULT_H / 2, LEFT + RESULT_W, top + RESULT_H / 2)
    draw.rounded_rectangle(box, RESULT_H / 2, fill=OUTCOME_FILL[row.outcome])
    text(draw, (LEFT + RESULT_W / 2, top), row.result, T, PANEL, "mm", RESULT_W - 16)
    date_w = text(draw, (MID_R, top), day(row.played, locale) if row.played else "–", T, TEXT_DIM, "rm")
    text(draw, (GAME_X, top), row.game, T, TEXT, "lm", MID_R - GAME_X - date_w - 16)
    _seats(draw, bottom, row.seats, card, locale)
    if row.change is not None:
        change, colour = trend_text(row.change, locale, zero="±0")
        text(draw, (CHANGE_R, cy), change, BIG, colour, "rm", CHANGE_W)
    else:
        text(draw, (CHANGE_R, cy), row.unrated or "–", T, TEXT_DIM, "rm", CHANGE_W)


@localized
def render_history(card: HistoryCard, *, locale: str = "en") -> bytes:
    """The card as PNG bytes (880 px wide; every text readable at 550 px), in ``locale``."""
    legend = sentence_lines(card.legend)
    rows = max(len(card.rows), 1)
    height = MARGIN + BIG + 2 * T + 40 + rows * (ROW_H + GAP) + T + (len(legend) + 1) * LINE_H + MARGIN
    image, draw = canvas(height)
    y = header(draw, card.title, card.subtitle)
    for row in card.rows:
        _row(draw, y, row, card, locale)
        y += ROW_H + GAP
    y = draw_lines(draw, y + T // 2, legend)
    return encode(image.crop((0, 0, W, y + MARGIN)))

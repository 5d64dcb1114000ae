"""Roppyakken score sheets: the end of a round (itemised per seat) and the end of the match."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.cards import Card, Kind
from engine.hanafuda.roppyakken.types import Item, RoundResult, SeatScore
from render import labels as L
from render.fonts import localized
from render.hanafuda.roppyakken.common import item_kinds, item_parts, yaku_name
from render.hanafuda.table_palette import table_palette
from render.palette import ACCENT, CREAM, INK, KOI, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.rating_change import Ratings, draw_rating_rows, rows_height
from render.widgets import card_height, chip, fan, fan_step, min_size, panel, text, text_width

MARGIN = 16
SHEET_W = 1200
T = min_size(SHEET_W)  # every text (32 px): readable when the sheet is shown 550 px wide
SUMMARY_W = 1100
ST = min_size(SUMMARY_W)
ITEM_CARD_W = 44
SHEET_CARD_WIDTHS = (ITEM_CARD_W,)
ROW_H = max(card_height(ITEM_CARD_W), round(T * 1.45)) + 14
SEAT_HEAD = 64
NAME_W = 230


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def _rows(score: SeatScore) -> int:
    return max(1, len(score.card_points), len(score.yaku) + len(score.teyaku))


def _items(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    items: Sequence[tuple[Item, bool]],
    x0: int,
    x1: int,
    y: int,
    kinds: Callable[[Card], Kind],
    empty: str,
    locale: str,
) -> None:
    """One row per item: its name, its cards fanned, its points (teyaku rows in vermilion)."""
    if not items:
        text(draw, (x0 + 8, y + ROW_H / 2), empty, T, TEXT_DIM, max_width=x1 - x0)
        return
    for i, (item, teyaku) in enumerate(items):
        top = y + i * ROW_H
        cy = top + ROW_H / 2
        name, detail = item_parts(locale, item.name)
        if teyaku:
            detail = (
                f"{detail} · {L.t(locale, 'render.roppyakken.sheet.teyaku')}"
                if detail
                else L.t(locale, "render.roppyakken.sheet.teyaku")
            )
        pw = text(draw, (x1 - 8, cy), str(item.points), T, KOI if teyaku else ACCENT, anchor="rm")
        cards = sorted(item.cards)
        cards_x1 = x1 - pw - 20
        fan_w = min(ITEM_CARD_W + (ITEM_CARD_W + 4) * (len(cards) - 1), cards_x1 - x0 - 8 - NAME_W - 16)
        room = cards_x1 - fan_w - 16 - x0 - 8
        nw = text(draw, (x0 + 8, cy), name, T, KOI if teyaku else TEXT, max_width=room)
        dw = text_width(detail, T)
        if detail and x0 + 8 + nw + 14 + dw + 16 <= cards_x1 - fan_w:  # the detail when it fits on the line
            text(draw, (x0 + 8 + nw + 14, cy), detail, T, TEXT_DIM)
        cards_x0 = cards_x1 - fan_w
        step = fan_step(len(cards), ITEM_CARD_W, cards_x1 - cards_x0, ITEM_CARD_W + 4)
        fan(img, cards, cards_x0, top + 7, ITEM_CARD_W, step, kind_of=kinds)


@localized
def render_round_sheet(
    result: RoundResult, *, names: tuple[str, ...], scores: tuple[int, ...], locale: str = "en"
) -> bytes:
    """End-of-round sheet: per seat its card points, each yaku and teyaku with cards and points,
    the round's total and the match score. ``scores`` are the match totals after this round."""
    seats = len(result.seats)
    heights = [SEAT_HEAD + _rows(s) * ROW_H + 14 for s in result.seats]
    body_top = 104
    height = body_top + sum(h + 12 for h in heights) + 64
    img = Image.new("RGB", (SHEET_W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN + 8, 36), L.t(locale, "render.roppyakken.sheet.title", round=result.round_no), T + 4)
    dealt = L.t(locale, "render.roppyakken.sheet.dealer", name=_name(names, result.dealer))
    text(draw, (MARGIN + 8, 80), dealt, T, TEXT_DIM, max_width=560)
    best = max(result.points, default=0)
    if best > 0:
        top = [s for s in range(seats) if result.points[s] == best]
        label = " · ".join(
            L.t(locale, "render.roppyakken.sheet.best", name=_name(names, s), points=best) for s in top
        )
        chip(draw, SHEET_W - MARGIN, 56, label, T + 2, ACCENT, INK, align="right")
    else:
        chip(
            draw,
            SHEET_W - MARGIN,
            56,
            L.t(locale, "render.roppyakken.sheet.nobody"),
            T,
            PANEL_EDGE,
            TEXT,
            align="right",
        )
    y = body_top
    split = SHEET_W // 2
    for seat, (score, h) in enumerate(zip(result.seats, heights, strict=True)):
        top_seat = best > 0 and result.points[seat] == best
        panel(draw, (MARGIN, y, SHEET_W - MARGIN, y + h), edge=ACCENT if top_seat else PANEL_EDGE)
        cy = y + 32
        x: float = MARGIN + 20
        x += text(draw, (x, cy), _name(names, seat), T + 2, ACCENT if top_seat else TEXT, max_width=360) + 14
        if result.dealer == seat:
            x += chip(draw, x, cy, L.t(locale, "render.roppyakken.dealer"), T, PANEL_EDGE, TEXT) + 8
        gained = result.points[seat] if seat < len(result.points) else score.total
        right: float = SHEET_W - MARGIN - 20
        if seat < len(scores):
            match = L.t(locale, "render.roppyakken.sheet.total", score=scores[seat])
            right -= chip(draw, right, cy, match, T, CREAM, INK, align="right") + 16
        text(
            draw,
            (right, cy),
            f"+{gained}" if gained else "0",
            T + 2,
            ACCENT if gained else TEXT_DIM,
            anchor="rm",
        )
        kinds = item_kinds(score.card_points)
        body = y + SEAT_HEAD
        draw.line((split, body, split, y + h - 12), fill=PANEL_EDGE, width=2)
        _items(
            img,
            draw,
            [(i, False) for i in score.card_points],
            MARGIN + 12,
            split - 12,
            body,
            kinds,
            L.t(locale, "render.roppyakken.sheet.no_cards"),
            locale,
        )
        made = [(i, True) for i in score.teyaku] + [(i, False) for i in score.yaku]
        _items(
            img,
            draw,
            made,
            split + 12,
            SHEET_W - MARGIN - 12,
            body,
            kinds,
            L.t(locale, "render.roppyakken.sheet.no_yaku"),
            locale,
        )
        y += h + 12
    parts = " · ".join(f"{_name(names, s)} {L.number(scores[s], locale)}" for s in range(len(scores)))
    lw = text(draw, (MARGIN + 8, y + 32), L.t(locale, "render.roppyakken.sheet.match"), T, TEXT_DIM)
    text(draw, (MARGIN + 8 + lw + 16, y + 32), parts, T, TEXT, max_width=SHEET_W - lw - 3 * MARGIN - 24)
    return to_png(img, table_palette())


def _yaku_line(result: RoundResult, names: Sequence[str], locale: str) -> str:
    parts = []
    for seat, score in enumerate(result.seats):
        made = [yaku_name(locale, i.name) for i in (*score.teyaku, *score.yaku)]
        if made:
            parts.append(f"{_name(names, seat)}: {', '.join(made)}")
    return " · ".join(parts)


@localized
def render_match_summary(
    history: tuple[RoundResult, ...],
    *,
    names: tuple[str, ...],
    scores: tuple[int, ...],
    locale: str = "en",
    winners: tuple[int, ...] | None = None,
    ratings: Ratings | None = None,
) -> bytes:
    """End-of-match summary: the winner, then one line per round (its yaku and each seat's
    points) and the totals. ``winners`` comes from the engine (its Shikō/Nanatan tie-break can
    crown someone other than the top total); without it, the highest total wins. With
    ``ratings`` (one per seat, rated matches only), each player's new rating and its change."""
    seats = len(scores)
    width, row_h, col_w = SUMMARY_W, round(ST * 1.7), 150
    seat_x = [width - MARGIN - 24 - (seats - 1 - s) * col_w for s in range(seats)]
    table_top = 150
    rated_h = rows_height(ratings, ST)
    height = table_top + row_h * (len(history) + 2) + rated_h + 30
    img = Image.new("RGB", (width, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN + 8, 40), L.t(locale, "render.roppyakken.summary.title"), ST + 6)
    if winners is None:
        best = max(scores, default=0)
        winners = tuple(s for s in range(seats) if scores[s] == best)
    banner = (
        L.t(locale, "render.roppyakken.summary.winner", name=_name(names, winners[0]))
        if len(winners) == 1
        else L.t(locale, "render.roppyakken.summary.tie")
    )
    chip(draw, MARGIN + 8, 100, banner, ST + 2, ACCENT, INK, pad=18)
    panel(draw, (MARGIN, table_top, width - MARGIN, height - 20))
    y = table_top + row_h / 2 + 4
    text(draw, (MARGIN + 20, y), L.t(locale, "render.roppyakken.summary.round"), ST, TEXT_DIM, max_width=105)
    text(draw, (MARGIN + 130, y), L.t(locale, "render.roppyakken.summary.yaku"), ST, TEXT_DIM)
    for s in range(seats):
        text(draw, (seat_x[s], y), _name(names, s), ST, TEXT, anchor="rm", max_width=col_w - 16)
    yaku_w = seat_x[0] - col_w + 20 - (MARGIN + 130)
    for i, result in enumerate(history):
        top = table_top + row_h * (i + 1)
        if i % 2 == 0:
            draw.rectangle((MARGIN + 2, top, width - MARGIN - 2, top + row_h), fill=PANEL_EDGE)
        cy = top + row_h / 2
        text(draw, (MARGIN + 20, cy), str(result.round_no), ST, TEXT)
        text(draw, (MARGIN + 130, cy), _yaku_line(result, names, locale), ST, TEXT_DIM, max_width=yaku_w)
        best_round = max(result.points, default=0)
        for s in range(seats):
            pts = result.points[s] if s < len(result.points) else 0
            colour = ACCENT if pts and pts == best_round else TEXT if pts else TEXT_DIM
            text(draw, (seat_x[s], cy), f"+{pts}" if pts else "–", ST, colour, anchor="rm")
    top = table_top + row_h * (len(history) + 1)
    draw.line((MARGIN + 12, top + 4, width - MARGIN - 12, top + 4), fill=CREAM, width=2)
    cy = top + row_h / 2 + 4
    text(draw, (MARGIN + 20, cy), L.t(locale, "render.roppyakken.summary.total"), ST, TEXT)
    for s in range(seats):
        colour = ACCENT if s in winners else TEXT
        text(draw, (seat_x[s], cy), L.number(scores[s], locale), ST + 4, colour, anchor="rm")
    draw_rating_rows(draw, ratings, seat_x, MARGIN + 20, top + row_h + 8, ST, locale, max_width=col_w - 16)
    return to_png(img, table_palette())

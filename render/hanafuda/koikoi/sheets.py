"""Koi-Koi score sheets: the end of a round (itemised) and the end of the match (per round)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.koikoi.types import RoundResult
from render import labels as L
from render.fonts import localized
from render.hanafuda.piles import captured_groups, header_h
from render.hanafuda.table_palette import table_palette
from render.palette import ACCENT, CREAM, INK, KOI, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.rating_change import Ratings, draw_rating_rows, rows_height
from render.widgets import card_height, chip, fan, fan_step, min_size, panel, text

MARGIN = 16
SHEET_W = 1200
T = min_size(SHEET_W)  # every text on the sheet (32 px): readable when shown 550 px wide
SUMMARY_W = 1000
ST = min_size(SUMMARY_W)
YAKU_CARD_W = 56
PILE_CARD_W = 56
SHEET_CARD_WIDTHS = (YAKU_CARD_W, PILE_CARD_W)
ROW_H = max(card_height(YAKU_CARD_W), round(T * 2.6)) + 18
NAME_W = 360
SPLIT = 690
LINE_H = round(T * 1.5)


def _reason(result: RoundResult, names: Sequence[str], locale: str) -> str:
    who = names[result.winner] if result.winner is not None else ""
    return L.reason(locale, result.reason, who)


def _yaku_rows(
    img: Image.Image, draw: ImageDraw.ImageDraw, result: RoundResult, x0: int, x1: int, y: int, locale: str
) -> None:
    """One row per yaku of the winner: name (and native name), its cards, its points."""
    row_h = ROW_H
    for i, score in enumerate(result.yaku):
        top = y + i * row_h
        if i:
            draw.line((x0 + 16, top, x1 - 16, top), fill=PANEL_EDGE, width=1)
        cy = top + row_h / 2
        native = L.label(locale, f"yaku.{score.yaku}.native", "")
        name_y = cy - (T * 0.62 if native else 0)
        text(draw, (x0 + 20, name_y), L.yaku_name(locale, score.yaku), T, TEXT, max_width=NAME_W)
        if native:
            text(draw, (x0 + 20, cy + T * 0.62), native, T, TEXT_DIM, max_width=NAME_W)
        cards_x0, cards_x1 = x0 + NAME_W + 30, x1 - 70
        step = fan_step(len(score.cards), YAKU_CARD_W, cards_x1 - cards_x0, YAKU_CARD_W + 6)
        card_y = top + (row_h - card_height(YAKU_CARD_W)) / 2
        fan(img, sorted(score.cards), cards_x0, card_y, YAKU_CARD_W, step)
        text(draw, (x1 - 20, cy), str(score.points), T + 4, ACCENT, anchor="rm")


def _score_column(
    draw: ImageDraw.ImageDraw, result: RoundResult, x0: int, x1: int, y: int, locale: str
) -> None:
    """Base, each multiplier, and the round's total."""
    line_h = LINE_H
    rows = [(L.t(locale, "render.sheet.base"), str(result.base))]
    rows += [(L.multiplier_name(locale, m.name), f"×{m.factor}") for m in result.multipliers]
    for i, (name, value) in enumerate(rows):
        cy = y + 34 + i * line_h
        vw = text(draw, (x1 - 20, cy), value, T, TEXT if i == 0 else KOI, anchor="rm")
        text(draw, (x0 + 20, cy), name, T, TEXT if i == 0 else TEXT_DIM, max_width=x1 - x0 - vw - 56)
    y = y + 34 + len(rows) * line_h - 14
    draw.line((x0 + 16, y, x1 - 16, y), fill=PANEL_EDGE, width=2)
    total = max(result.points) if result.winner is not None else 0
    tw = text(draw, (x1 - 20, y + 40), L.points(locale, total), T + 4, ACCENT, anchor="rm")
    text(draw, (x0 + 20, y + 40), L.t(locale, "render.sheet.total"), T, TEXT, max_width=x1 - x0 - tw - 56)


@localized
def render_round_sheet(
    result: RoundResult, *, names: tuple[str, ...], scores: tuple[int, ...], locale: str = "en"
) -> bytes:
    """End-of-round sheet: reason, the winner's yaku with their cards, multipliers, total, both piles.

    ``scores`` are the match totals after this round.
    """
    left_h = len(result.yaku) * ROW_H + 24
    right_h = 34 + (1 + len(result.multipliers)) * LINE_H + 100
    body_top = 116
    body_h = max(left_h, right_h) if result.winner is not None else -16
    pile_h = 60 + header_h(T) + 5 + card_height(PILE_CARD_W) + 16
    seats = len(result.captured)
    height = body_top + body_h + 16 + seats * (pile_h + 12) + 76
    img = Image.new("RGB", (SHEET_W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    # header: round, reason, outcome
    text(draw, (MARGIN + 8, 36), L.t(locale, "render.sheet.title", round=result.round_no), T + 4)
    text(draw, (MARGIN + 8, 84), _reason(result, names, locale), T, TEXT_DIM, max_width=560)
    if result.winner is not None:
        outcome = L.t(
            locale,
            "render.sheet.wins",
            name=names[result.winner],
            points=L.points(locale, result.points[result.winner]),
        )
        chip(draw, SHEET_W - MARGIN, 56, outcome, T + 2, ACCENT, INK, align="right")
    else:
        chip(
            draw,
            SHEET_W - MARGIN,
            56,
            L.t(locale, "render.sheet.no_winner"),
            T,
            PANEL_EDGE,
            TEXT,
            align="right",
        )
    # body: yaku on the left, arithmetic on the right
    if result.winner is not None:
        split = SPLIT
        panel(draw, (MARGIN, body_top, split, body_top + body_h))
        _yaku_rows(img, draw, result, MARGIN, split, body_top + 12, locale)
        panel(draw, (split + 16, body_top, SHEET_W - MARGIN, body_top + body_h))
        _score_column(draw, result, split + 16, SHEET_W - MARGIN, body_top + 4, locale)
    # captured piles of every seat
    y = body_top + body_h + 16
    for seat in range(seats):
        winner = seat == result.winner
        panel(draw, (MARGIN, y, SHEET_W - MARGIN, y + pile_h), edge=ACCENT if winner else PANEL_EDGE)
        x: float = MARGIN + 20
        x += text(draw, (x, y + 32), names[seat], T + 2, ACCENT if winner else TEXT, max_width=360) + 14
        if result.dealer == seat:
            x += chip(draw, x, y + 32, L.t(locale, "render.dealer"), T, PANEL_EDGE, TEXT) + 8
        if result.koikoi_calls[seat]:
            calls = L.counted(locale, "render.koikoi", result.koikoi_calls[seat])
            chip(draw, x, y + 32, calls, T, KOI, TEXT)
        gained = result.points[seat]
        text(
            draw,
            (SHEET_W - MARGIN - 20, y + 32),
            f"+{gained}" if gained else "0",
            T + 2,
            ACCENT if gained else TEXT_DIM,
            anchor="rm",
        )
        captured_groups(
            img,
            draw,
            result.captured[seat],
            MARGIN + 20,
            SHEET_W - MARGIN - 20,
            y + 60,
            card_w=PILE_CARD_W,
            locale=locale,
            size=T,
        )
        y += pile_h + 12
    # match score
    parts = " · ".join(f"{names[s]} {L.number(scores[s], locale)}" for s in range(len(scores)))
    label = L.t(locale, "render.sheet.match")
    lw = text(draw, (MARGIN + 8, y + 32), label, T, TEXT_DIM)
    text(draw, (MARGIN + 8 + lw + 16, y + 32), parts, T, TEXT, max_width=SHEET_W - lw - 3 * MARGIN - 24)
    return to_png(img, table_palette())


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
    """End-of-match summary: the winner, then one line per round with each seat's points, and totals;
    with ``ratings`` (one per seat, rated matches only), each player's new rating and its change."""
    width, row_h = SUMMARY_W, round(ST * 1.7)
    seats = len(scores)
    col_w = 150
    seat_x = [width - MARGIN - 24 - (seats - 1 - s) * col_w for s in range(seats)]
    table_top = 150
    rated_h = rows_height(ratings, ST)
    height = table_top + row_h * (len(history) + 2) + rated_h + 30
    img = Image.new("RGB", (width, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN + 8, 40), L.t(locale, "render.summary.title"), ST + 6)
    if winners is None:  # the engine's winners when given; else the top totals
        best = max(scores) if scores else 0
        winners = tuple(s for s in range(seats) if scores[s] == best)
    banner = (
        L.t(locale, "render.summary.winner", name=names[winners[0]])
        if len(winners) == 1
        else L.t(locale, "render.summary.tie")
    )
    chip(draw, MARGIN + 8, 100, banner, ST + 2, ACCENT, INK, pad=18)
    panel(draw, (MARGIN, table_top, width - MARGIN, height - 20))
    y = table_top + row_h / 2 + 4
    text(draw, (MARGIN + 20, y), L.t(locale, "render.summary.round"), ST, TEXT_DIM)
    text(draw, (MARGIN + 130, y), L.t(locale, "render.summary.result"), ST, TEXT_DIM)
    for s in range(seats):
        text(draw, (seat_x[s], y), names[s], ST, TEXT, anchor="rm", max_width=col_w - 16)
    result_w = seat_x[0] - col_w + 20 - (MARGIN + 130)
    for i, result in enumerate(history):
        top = table_top + row_h * (i + 1)
        if i % 2 == 0:
            draw.rectangle((MARGIN + 2, top, width - MARGIN - 2, top + row_h), fill=PANEL_EDGE)
        cy = top + row_h / 2
        text(draw, (MARGIN + 20, cy), str(result.round_no), ST, TEXT)
        reason = _reason(result, names, locale)
        yaku = ", ".join(L.yaku_name(locale, y.yaku) for y in result.yaku)
        rw = text(draw, (MARGIN + 130, cy), reason, ST, TEXT, max_width=result_w)
        if yaku and rw + 40 < result_w:
            text(draw, (MARGIN + 130 + rw + 14, cy), yaku, ST, TEXT_DIM, max_width=result_w - rw - 14)
        for s in range(seats):
            pts = result.points[s] if s < len(result.points) else 0
            text(
                draw, (seat_x[s], cy), f"+{pts}" if pts else "–", ST, ACCENT if pts else TEXT_DIM, anchor="rm"
            )
    top = table_top + row_h * (len(history) + 1)
    draw.line((MARGIN + 12, top + 4, width - MARGIN - 12, top + 4), fill=CREAM, width=2)
    cy = top + row_h / 2 + 4
    text(draw, (MARGIN + 20, cy), L.t(locale, "render.summary.total"), ST, TEXT)
    for s in range(seats):
        colour = ACCENT if s in winners else TEXT
        text(draw, (seat_x[s], cy), L.number(scores[s], locale), ST + 4, colour, anchor="rm")
    draw_rating_rows(draw, ratings, seat_x, MARGIN + 20, top + row_h + 8, ST, locale, max_width=col_w - 16)
    return to_png(img, table_palette())

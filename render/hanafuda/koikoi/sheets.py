"""Koi-Koi score sheets: the end of a round (itemised) and the end of the match (per round)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.koikoi.types import RoundResult
from render import labels as L
from render.hanafuda.piles import HEADER_H, captured_groups
from render.hanafuda.table_palette import table_palette
from render.palette import ACCENT, CREAM, INK, KOI, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import card_height, chip, fan, fan_step, panel, text

MARGIN = 16
SHEET_W = 1200
YAKU_CARD_W = 56
PILE_CARD_W = 56
SHEET_CARD_WIDTHS = (YAKU_CARD_W, PILE_CARD_W)


def _reason(result: RoundResult, names: Sequence[str], locale: str) -> str:
    who = names[result.winner] if result.winner is not None else ""
    return L.reason(locale, result.reason, who)


def _yaku_rows(img: Image.Image, draw: ImageDraw.ImageDraw, result: RoundResult, x0: int, x1: int, y: int,
               locale: str) -> None:
    """One row per yaku of the winner: name (and native name), its cards, its points."""
    row_h = card_height(YAKU_CARD_W) + 18
    for i, score in enumerate(result.yaku):
        top = y + i * row_h
        if i:
            draw.line((x0 + 16, top, x1 - 16, top), fill=PANEL_EDGE, width=1)
        cy = top + row_h / 2
        text(draw, (x0 + 20, cy - 14), L.yaku_name(locale, score.yaku), 24, TEXT, max_width=270)
        native = L.label(locale, f"yaku.{score.yaku}.native", "")
        if native:
            text(draw, (x0 + 20, cy + 18), native, 20, TEXT_DIM, max_width=270)
        cards_x0, cards_x1 = x0 + 300, x1 - 80
        step = fan_step(len(score.cards), YAKU_CARD_W, cards_x1 - cards_x0, YAKU_CARD_W + 6)
        fan(img, sorted(score.cards), cards_x0, top + 9, YAKU_CARD_W, step)
        text(draw, (x1 - 20, cy), str(score.points), 34, ACCENT, anchor="rm")


def _score_column(draw: ImageDraw.ImageDraw, result: RoundResult, x0: int, x1: int, y: int,
                  locale: str) -> None:
    """Base, each multiplier, and the round's total."""
    line_h = 44
    rows = [(L.t(locale, "render.sheet.base"), str(result.base))]
    rows += [(L.multiplier_name(locale, m.name), f"×{m.factor}") for m in result.multipliers]
    for i, (name, value) in enumerate(rows):
        cy = y + 30 + i * line_h
        text(draw, (x0 + 20, cy), name, 22, TEXT if i == 0 else TEXT_DIM, max_width=x1 - x0 - 110)
        text(draw, (x1 - 20, cy), value, 28, TEXT if i == 0 else KOI, anchor="rm")
    y = y + 30 + len(rows) * line_h - 10
    draw.line((x0 + 16, y, x1 - 16, y), fill=PANEL_EDGE, width=2)
    total = max(result.points) if result.winner is not None else 0
    text(draw, (x0 + 20, y + 36), L.t(locale, "render.sheet.total"), 26, TEXT)
    text(draw, (x1 - 20, y + 36), L.points(locale, total), 34, ACCENT, anchor="rm")


def render_round_sheet(result: RoundResult, *, names: tuple[str, ...], scores: tuple[int, ...],
                       locale: str = "en") -> bytes:
    """End-of-round sheet: reason, the winner's yaku with their cards, multipliers, total, both piles.

    ``scores`` are the match totals after this round.
    """
    row_h = card_height(YAKU_CARD_W) + 18
    left_h = len(result.yaku) * row_h + 24
    right_h = 30 + (1 + len(result.multipliers)) * 44 + 90
    body_top = 104
    body_h = max(left_h, right_h) if result.winner is not None else -16
    pile_h = 52 + HEADER_H + card_height(PILE_CARD_W) + 18
    seats = len(result.captured)
    height = body_top + body_h + 16 + seats * (pile_h + 12) + 76
    img = Image.new("RGB", (SHEET_W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    # header: round, reason, outcome
    text(draw, (MARGIN + 8, 36), L.t(locale, "render.sheet.title", round=result.round_no), 34)
    text(draw, (MARGIN + 8, 76), _reason(result, names, locale), 22, TEXT_DIM, max_width=560)
    if result.winner is not None:
        outcome = L.t(locale, "render.sheet.wins", name=names[result.winner],
                      points=L.points(locale, result.points[result.winner]))
        chip(draw, SHEET_W - MARGIN, 52, outcome, 30, ACCENT, INK, align="right")
    else:
        chip(draw, SHEET_W - MARGIN, 52, L.t(locale, "render.sheet.no_winner"), 26, PANEL_EDGE, TEXT,
             align="right")
    # body: yaku on the left, arithmetic on the right
    if result.winner is not None:
        split = 720
        panel(draw, (MARGIN, body_top, split, body_top + body_h))
        _yaku_rows(img, draw, result, MARGIN, split, body_top + 12, locale)
        panel(draw, (split + 16, body_top, SHEET_W - MARGIN, body_top + body_h))
        _score_column(draw, result, split + 16, SHEET_W - MARGIN, body_top + 4, locale)
    # captured piles of every seat
    y = body_top + body_h + 16
    for seat in range(seats):
        winner = seat == result.winner
        panel(draw, (MARGIN, y, SHEET_W - MARGIN, y + pile_h), edge=ACCENT if winner else PANEL_EDGE)
        x = MARGIN + 20
        x += text(draw, (x, y + 28), names[seat], 26, ACCENT if winner else TEXT, max_width=360) + 14
        if result.dealer == seat:
            x += chip(draw, x, y + 28, L.t(locale, "render.dealer"), 20, PANEL_EDGE, TEXT) + 8
        if result.koikoi_calls[seat]:
            calls = L.counted(locale, "render.koikoi", result.koikoi_calls[seat])
            chip(draw, x, y + 28, calls, 20, KOI, TEXT)
        gained = result.points[seat]
        text(draw, (SHEET_W - MARGIN - 20, y + 28), f"+{gained}" if gained else "0", 28,
             ACCENT if gained else TEXT_DIM, anchor="rm")
        captured_groups(img, draw, result.captured[seat], MARGIN + 20, SHEET_W - MARGIN - 20, y + 52,
                        card_w=PILE_CARD_W, locale=locale)
        y += pile_h + 12
    # match score
    parts = " · ".join(f"{names[s]} {scores[s]}" for s in range(len(scores)))
    label = L.t(locale, "render.sheet.match")
    lw = text(draw, (MARGIN + 8, y + 30), label, 24, TEXT_DIM)
    text(draw, (MARGIN + 8 + lw + 16, y + 30), parts, 28, TEXT, max_width=SHEET_W - lw - 3 * MARGIN - 24)
    return to_png(img, table_palette())


def render_match_summary(history: tuple[RoundResult, ...], *, names: tuple[str, ...], scores: tuple[int, ...],
                         locale: str = "en", winners: tuple[int, ...] | None = None) -> bytes:
    """End-of-match summary: the winner, then one line per round with each seat's points, and totals."""
    width, row_h = 1000, 46
    seats = len(scores)
    col_w = 150
    seat_x = [width - MARGIN - 24 - (seats - 1 - s) * col_w for s in range(seats)]
    table_top = 150
    height = table_top + row_h * (len(history) + 2) + 30
    img = Image.new("RGB", (width, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN + 8, 40), L.t(locale, "render.summary.title"), 34)
    if winners is None:  # the engine's winners when given; else the top totals
        best = max(scores) if scores else 0
        winners = tuple(s for s in range(seats) if scores[s] == best)
    banner = (L.t(locale, "render.summary.winner", name=names[winners[0]]) if len(winners) == 1
              else L.t(locale, "render.summary.tie"))
    chip(draw, MARGIN + 8, 100, banner, 30, ACCENT, INK, pad=18)
    panel(draw, (MARGIN, table_top, width - MARGIN, height - 20))
    y = table_top + row_h / 2 + 4
    text(draw, (MARGIN + 20, y), L.t(locale, "render.summary.round"), 20, TEXT_DIM)
    text(draw, (MARGIN + 130, y), L.t(locale, "render.summary.result"), 20, TEXT_DIM)
    for s in range(seats):
        text(draw, (seat_x[s], y), names[s], 22, TEXT, anchor="rm", max_width=col_w - 16)
    result_w = seat_x[0] - col_w + 20 - (MARGIN + 130)
    for i, result in enumerate(history):
        top = table_top + row_h * (i + 1)
        if i % 2 == 0:
            draw.rectangle((MARGIN + 2, top, width - MARGIN - 2, top + row_h), fill=PANEL_EDGE)
        cy = top + row_h / 2
        text(draw, (MARGIN + 20, cy), str(result.round_no), 24, TEXT)
        reason = _reason(result, names, locale)
        yaku = ", ".join(L.yaku_name(locale, y.yaku) for y in result.yaku)
        rw = text(draw, (MARGIN + 130, cy), reason, 22, TEXT, max_width=result_w)
        if yaku and rw + 40 < result_w:
            text(draw, (MARGIN + 130 + rw + 14, cy), yaku, 18, TEXT_DIM, max_width=result_w - rw - 14)
        for s in range(seats):
            pts = result.points[s] if s < len(result.points) else 0
            text(draw, (seat_x[s], cy), f"+{pts}" if pts else "–", 26, ACCENT if pts else TEXT_DIM,
                 anchor="rm")
    top = table_top + row_h * (len(history) + 1)
    draw.line((MARGIN + 12, top + 4, width - MARGIN - 12, top + 4), fill=CREAM, width=2)
    cy = top + row_h / 2 + 4
    text(draw, (MARGIN + 20, cy), L.t(locale, "render.summary.total"), 24, TEXT)
    for s in range(seats):
        text(draw, (seat_x[s], cy), str(scores[s]), 30, ACCENT if s in winners else TEXT, anchor="rm")
    return to_png(img, table_palette())

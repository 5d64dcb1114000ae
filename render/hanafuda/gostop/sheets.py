"""Go-Stop score sheets: the end of a round (the winner's items, Go, multipliers, who pays whom)
and the end of the match (one line per round, the totals and the winner)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.gostop.types import Payment, RoundResult
from render import labels as L
from render.hanafuda.gostop.common import fan, multiplier_name, reason_name, score_name, sort_key
from render.hanafuda.table_palette import table_palette
from render.labels import seat_name
from render.palette import ACCENT, CHOICE, CREAM, INK, KOI, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import card_height, chip, fan_step, panel, text

MARGIN = 16
SHEET_W = 1200
ITEM_CARD_W = 44
SHEET_CARD_WIDTHS = (ITEM_CARD_W,)
ROW_H = card_height(ITEM_CARD_W) + 14
PAY_H = 54
NAME_W = 220


def _t(locale: str, key: str, **params: object) -> str:
    return L.t(locale, f"render.gostop.{key}", **params)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n) if n else "0"


def _payment(draw: ImageDraw.ImageDraw, pay: Payment, names: Sequence[str], y: int, locale: str) -> None:
    """``payer → payee``, the multipliers that made the amount, the amount (and go-bak cover)."""
    cy = y + PAY_H / 2
    x = MARGIN + 24
    x += text(draw, (x, cy), seat_name(names, pay.payer), 24, TEXT, max_width=220) + 10
    draw.polygon([(x, cy - 9), (x + 16, cy), (x, cy + 9)], fill=ACCENT)
    x += 26
    x += text(draw, (x, cy), seat_name(names, pay.payee), 24, ACCENT, max_width=220) + 16
    for m in pay.multipliers:
        x += chip(draw, x, cy, f"{multiplier_name(locale, m.name)} ×{m.factor}", 18, KOI, CREAM) + 6
    right = SHEET_W - MARGIN - 24
    w = text(draw, (right, cy), str(pay.amount), 30, ACCENT, anchor="rm")
    if pay.covers is not None:
        label = _t(locale, "sheet.covers", name=seat_name(names, pay.covers))
        chip(draw, right - w - 14, cy, label, 17, CHOICE, INK, align="right")


def render_round_sheet(result: RoundResult, *, names: tuple[str, ...], scores: tuple[int, ...],
                       locale: str = "en") -> bytes:
    """End-of-round sheet: the winner's score items (cards and points), base, Go bonus and score,
    then every payment with its multipliers, each seat's gain and the match totals.
    ``scores`` are the match totals after this round."""
    items = sorted(result.items, key=lambda i: -i.points)
    pays = result.payments
    seats = max(len(result.points), len(scores))
    body_top = 108
    items_h = 56 + max(1, len(items)) * ROW_H + 60
    pays_h = 56 + max(1, len(pays)) * PAY_H + 12
    height = body_top + items_h + 12 + pays_h + 12 + 64 + 56
    img = Image.new("RGB", (SHEET_W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN + 8, 36), _t(locale, "sheet.title", round=result.round_no), 34)
    text(draw, (MARGIN + 8, 78), f"{reason_name(locale, result.reason)} · "
         f"{_t(locale, 'sheet.dealer', name=seat_name(names, result.dealer))}", 22, TEXT_DIM, max_width=640)
    if result.winner is not None:
        banner = _t(locale, "sheet.winner", name=seat_name(names, result.winner), score=result.score)
        chip(draw, SHEET_W - MARGIN, 54, banner, 30, ACCENT, INK, align="right")
    else:
        chip(draw, SHEET_W - MARGIN, 54, _t(locale, "sheet.no_winner"), 26, PANEL_EDGE, TEXT, align="right")
    y = body_top
    edge = ACCENT if result.winner is not None else PANEL_EDGE
    panel(draw, (MARGIN, y, SHEET_W - MARGIN, y + items_h), edge=edge)
    who = seat_name(names, result.winner)
    text(draw, (MARGIN + 20, y + 28), _t(locale, "sheet.items", name=who), 24, TEXT, max_width=600)
    body = y + 56
    if not items:
        text(draw, (MARGIN + 28, body + ROW_H / 2), _t(locale, "sheet.no_items"), 20, TEXT_DIM)
    for i, item in enumerate(items):
        top = body + i * ROW_H
        cy = top + ROW_H / 2
        text(draw, (MARGIN + 28, cy), score_name(locale, item.name), 22, TEXT, max_width=NAME_W)
        cards = sorted(item.cards, key=sort_key)
        x0, x1 = MARGIN + 28 + NAME_W + 16, SHEET_W - MARGIN - 90
        fan(img, cards, x0, top + 7, ITEM_CARD_W, fan_step(len(cards), ITEM_CARD_W, x1 - x0, ITEM_CARD_W + 4))
        text(draw, (SHEET_W - MARGIN - 24, cy), str(item.points), 28, ACCENT, anchor="rm")
    ly = body + max(1, len(items)) * ROW_H + 30
    draw.line((MARGIN + 20, ly - 26, SHEET_W - MARGIN - 20, ly - 26), fill=PANEL_EDGE, width=2)
    x = MARGIN + 28
    for key, value, fill, ink in (("sheet.base", result.base, PANEL_EDGE, TEXT),
                                  ("sheet.go_bonus", result.go_bonus, KOI, CREAM),
                                  ("sheet.score", result.score, ACCENT, INK)):
        if key == "sheet.go_bonus" and not value:
            continue
        x += chip(draw, x, ly, _t(locale, key, points=value), 22, fill, ink) + 12
    y += items_h + 12
    panel(draw, (MARGIN, y, SHEET_W - MARGIN, y + pays_h))
    text(draw, (MARGIN + 20, y + 28), _t(locale, "sheet.payments"), 24, TEXT)
    if not pays:
        text(draw, (MARGIN + 28, y + 56 + PAY_H / 2), _t(locale, "sheet.no_payments"), 20, TEXT_DIM)
    for i, pay in enumerate(pays):
        _payment(draw, pay, names, y + 56 + i * PAY_H, locale)
    y += pays_h + 12
    lw = text(draw, (MARGIN + 8, y + 28), _t(locale, "sheet.round_points"), 22, TEXT_DIM) + 16
    x = MARGIN + 8 + lw
    for s in range(min(seats, len(result.points))):
        pts = result.points[s]
        fill, ink = (ACCENT, INK) if pts > 0 else (KOI, CREAM) if pts < 0 else (PANEL_EDGE, TEXT)
        x += chip(draw, x, y + 28, f"{seat_name(names, s)} {_signed(pts)}", 22, fill, ink) + 10
    parts = " · ".join(f"{seat_name(names, s)} {scores[s]}" for s in range(len(scores)))
    lw = text(draw, (MARGIN + 8, y + 84), _t(locale, "sheet.match"), 22, TEXT_DIM)
    text(draw, (MARGIN + 8 + lw + 16, y + 84), parts, 26, TEXT, max_width=SHEET_W - lw - 3 * MARGIN - 24)
    return to_png(img, table_palette())


def _line(result: RoundResult, names: Sequence[str], locale: str) -> str:
    reason = reason_name(locale, result.reason)
    if result.winner is None:
        return reason
    made = ", ".join(score_name(locale, i.name) for i in result.items)
    who = seat_name(names, result.winner)
    head = _t(locale, "summary.won", name=who, score=result.score) if result.score else who
    return " · ".join(p for p in (head, reason, made) if p)


def render_match_summary(history: tuple[RoundResult, ...], *, names: tuple[str, ...], scores: tuple[int, ...],
                         locale: str = "en", winners: tuple[int, ...] | None = None) -> bytes:
    """End-of-match summary: the winner banner, one line per round (who won, how, and each seat's
    gain or loss) and the totals. ``winners`` from the engine wins over the highest total."""
    seats = len(scores)
    width, row_h, col_w = 1100, 46, 130
    seat_x = [width - MARGIN - 24 - (seats - 1 - s) * col_w for s in range(seats)]
    table_top = 150
    height = table_top + row_h * (len(history) + 2) + 30
    img = Image.new("RGB", (width, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN + 8, 40), _t(locale, "summary.title"), 34)
    if winners is None:
        best = max(scores, default=0)
        winners = tuple(s for s in range(seats) if scores[s] == best)
    banner = (_t(locale, "summary.winner", name=seat_name(names, winners[0])) if len(winners) == 1
              else _t(locale, "summary.tie", names=", ".join(seat_name(names, s) for s in winners)))
    chip(draw, MARGIN + 8, 100, banner, 30, ACCENT, INK, pad=18)
    panel(draw, (MARGIN, table_top, width - MARGIN, height - 20))
    y = table_top + row_h / 2 + 4
    text(draw, (MARGIN + 20, y), _t(locale, "summary.round"), 20, TEXT_DIM, max_width=100)
    text(draw, (MARGIN + 110, y), _t(locale, "summary.result"), 20, TEXT_DIM)
    for s in range(seats):
        text(draw, (seat_x[s], y), seat_name(names, s), 22, TEXT, anchor="rm", max_width=col_w - 16)
    line_w = seat_x[0] - col_w + 20 - (MARGIN + 110)
    for i, result in enumerate(history):
        top = table_top + row_h * (i + 1)
        if i % 2 == 0:
            draw.rectangle((MARGIN + 2, top, width - MARGIN - 2, top + row_h), fill=PANEL_EDGE)
        cy = top + row_h / 2
        text(draw, (MARGIN + 20, cy), str(result.round_no), 24, TEXT)
        text(draw, (MARGIN + 110, cy), _line(result, names, locale), 18, TEXT_DIM, max_width=line_w)
        for s in range(seats):
            pts = result.points[s] if s < len(result.points) else 0
            colour = ACCENT if pts > 0 else KOI if pts < 0 else TEXT_DIM
            text(draw, (seat_x[s], cy), _signed(pts) if pts else "–", 26, colour, anchor="rm")
    top = table_top + row_h * (len(history) + 1)
    draw.line((MARGIN + 12, top + 4, width - MARGIN - 12, top + 4), fill=CREAM, width=2)
    cy = top + row_h / 2 + 4
    text(draw, (MARGIN + 20, cy), _t(locale, "summary.total"), 24, TEXT)
    for s in range(seats):
        text(draw, (seat_x[s], cy), str(scores[s]), 30, ACCENT if s in winners else TEXT, anchor="rm")
    return to_png(img, table_palette())

"""Go-Stop score sheets: the end of a round (the winner's items, Go, multipliers, who pays whom)
and the end of the match (one line per round, the totals and the winner)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.gostop.types import Payment, RoundResult
from render import labels as L
from render.fonts import localized
from render.hanafuda.gostop.common import fan, multiplier_name, reason_name, score_name, sort_key
from render.hanafuda.table_palette import table_palette
from render.labels import seat_name, signed
from render.palette import ACCENT, CHOICE, CREAM, INK, KOI, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.rating_change import Ratings, draw_rating_rows, rows_height
from render.widgets import card_height, chip, fan_step, fit, min_size, panel, text, text_width

MARGIN = 16
SHEET_W = 1200
T = min_size(SHEET_W)  # every text (32 px): readable when the sheet is shown 550 px wide
SUMMARY_W = 1100
ST = min_size(SUMMARY_W)
ITEM_CARD_W = 44
SHEET_CARD_WIDTHS = (ITEM_CARD_W,)
ROW_H = card_height(ITEM_CARD_W) + 14
PAY_H = round(T * 1.45) + 14
NAME_W = 330


def _t(locale: str, key: str, **params: object) -> str:
    return L.t(locale, f"render.gostop.{key}", **params)


def _payment(draw: ImageDraw.ImageDraw, pay: Payment, names: Sequence[str], y: int, locale: str) -> None:
    """``payer → payee``, the multipliers that made the amount, the amount (and go-bak cover)."""
    cy = y + PAY_H / 2
    x: float = MARGIN + 24
    x += text(draw, (x, cy), seat_name(names, pay.payer), T, TEXT, max_width=220) + 10
    draw.polygon([(x, cy - 11), (x + 18, cy), (x, cy + 11)], fill=ACCENT)
    x += 28
    x += text(draw, (x, cy), seat_name(names, pay.payee), T, ACCENT, max_width=220) + 16
    right: float = SHEET_W - MARGIN - 24
    right -= text(draw, (right, cy), str(pay.amount), T + 2, ACCENT, anchor="rm") + 14
    if pay.covers is not None:
        label = _t(locale, "sheet.covers", name=seat_name(names, pay.covers))
        right -= chip(draw, right, cy, label, T, CHOICE, INK, align="right") + 10
    labels = [f"{multiplier_name(locale, m.name)} ×{m.factor}" for m in pay.multipliers]
    for i, label in enumerate(labels):
        rest = f"+{len(labels) - i}"
        fits_all = x + text_width(label, T) + T + (0 if i == len(labels) - 1 else text_width(rest, T) + T + 8)
        if fits_all > right:  # the rest as "+N"
            chip(draw, x, cy, rest, T, KOI, CREAM)
            break
        x += chip(draw, x, cy, label, T, KOI, CREAM) + 6


@localized
def render_round_sheet(
    result: RoundResult, *, names: tuple[str, ...], scores: tuple[int, ...], locale: str = "en"
) -> bytes:
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
    text(draw, (MARGIN + 8, 36), _t(locale, "sheet.title", round=result.round_no), T + 4)
    text(
        draw,
        (MARGIN + 8, 82),
        f"{reason_name(locale, result.reason)} · "
        f"{_t(locale, 'sheet.dealer', name=seat_name(names, result.dealer))}",
        T,
        TEXT_DIM,
        max_width=640,
    )
    if result.winner is not None:
        banner = _t(locale, "sheet.winner", name=seat_name(names, result.winner), score=result.score)
        chip(draw, SHEET_W - MARGIN, 54, banner, T + 2, ACCENT, INK, align="right")
    else:
        chip(draw, SHEET_W - MARGIN, 54, _t(locale, "sheet.no_winner"), T, PANEL_EDGE, TEXT, align="right")
    y = body_top
    edge = ACCENT if result.winner is not None else PANEL_EDGE
    panel(draw, (MARGIN, y, SHEET_W - MARGIN, y + items_h), edge=edge)
    who = seat_name(names, result.winner)
    text(draw, (MARGIN + 20, y + 30), _t(locale, "sheet.items", name=who), T, TEXT, max_width=600)
    body = y + 56
    if not items:
        text(draw, (MARGIN + 28, body + ROW_H / 2), _t(locale, "sheet.no_items"), T, TEXT_DIM)
    for i, item in enumerate(items):
        top = body + i * ROW_H
        cy = top + ROW_H / 2
        pw = text(draw, (SHEET_W - MARGIN - 24, cy), str(item.points), T, ACCENT, anchor="rm")
        cards = sorted(item.cards, key=sort_key)
        x1 = SHEET_W - MARGIN - 24 - pw - 24
        fan_w = min(ITEM_CARD_W + (ITEM_CARD_W + 4) * (len(cards) - 1), x1 - (MARGIN + 28 + NAME_W + 16))
        x0 = x1 - fan_w
        text(draw, (MARGIN + 28, cy), score_name(locale, item.name), T, TEXT, max_width=x0 - 16 - MARGIN - 28)
        fan(img, cards, x0, top + 7, ITEM_CARD_W, fan_step(len(cards), ITEM_CARD_W, fan_w, ITEM_CARD_W + 4))
    ly = body + max(1, len(items)) * ROW_H + 30
    draw.line((MARGIN + 20, ly - 26, SHEET_W - MARGIN - 20, ly - 26), fill=PANEL_EDGE, width=2)
    x: float = MARGIN + 28
    for key, value, fill, ink in (
        ("sheet.base", result.base, PANEL_EDGE, TEXT),
        ("sheet.go_bonus", result.go_bonus, KOI, CREAM),
        ("sheet.score", result.score, ACCENT, INK),
    ):
        if key == "sheet.go_bonus" and not value:
            continue
        x += chip(draw, x, ly, _t(locale, key, points=value), T, fill, ink) + 12
    y += items_h + 12
    panel(draw, (MARGIN, y, SHEET_W - MARGIN, y + pays_h))
    text(draw, (MARGIN + 20, y + 30), _t(locale, "sheet.payments"), T, TEXT)
    if not pays:
        text(draw, (MARGIN + 28, y + 56 + PAY_H / 2), _t(locale, "sheet.no_payments"), T, TEXT_DIM)
    for i, pay in enumerate(pays):
        _payment(draw, pay, names, y + 56 + i * PAY_H, locale)
    y += pays_h + 12
    lw = text(draw, (MARGIN + 8, y + 28), _t(locale, "sheet.round_points"), T, TEXT_DIM) + 16
    x = MARGIN + 8 + lw
    shown = min(seats, len(result.points))
    room = (SHEET_W - MARGIN - x) / max(1, shown) - 10 - T  # one chip per seat, names shortened to fit
    for s in range(shown):
        pts = result.points[s]
        fill, ink = (ACCENT, INK) if pts > 0 else (KOI, CREAM) if pts < 0 else (PANEL_EDGE, TEXT)
        label = f"{fit(seat_name(names, s), T, room - text_width(f' {signed(pts)}', T))} {signed(pts)}"
        x += chip(draw, x, y + 28, label, T, fill, ink) + 10
    parts = " · ".join(f"{seat_name(names, s)} {L.number(scores[s], locale)}" for s in range(len(scores)))
    lw = text(draw, (MARGIN + 8, y + 84), _t(locale, "sheet.match"), T, TEXT_DIM)
    text(draw, (MARGIN + 8 + lw + 16, y + 84), parts, T, TEXT, max_width=SHEET_W - lw - 3 * MARGIN - 24)
    return to_png(img, table_palette())


def _line(result: RoundResult, names: Sequence[str], locale: str) -> str:
    reason = reason_name(locale, result.reason)
    if result.winner is None:
        return reason
    made = ", ".join(score_name(locale, i.name) for i in result.items)
    who = seat_name(names, result.winner)
    head = _t(locale, "summary.won", name=who, score=result.score) if result.score else who
    return " · ".join(p for p in (head, reason, made) if p)


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
    """End-of-match summary: the winner banner, one line per round (who won, how, and each seat's
    gain or loss) and the totals. ``winners`` from the engine wins over the highest total. With
    ``ratings`` (one per seat, rated matches only), each player's new rating and its change."""
    seats = len(scores)
    width, row_h, col_w = SUMMARY_W, round(ST * 1.7), 140
    seat_x = [width - MARGIN - 24 - (seats - 1 - s) * col_w for s in range(seats)]
    table_top = 150
    rated_h = rows_height(ratings, ST)
    height = table_top + row_h * (len(history) + 2) + rated_h + 30
    img = Image.new("RGB", (width, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN + 8, 40), _t(locale, "summary.title"), ST + 6)
    if winners is None:
        best = max(scores, default=0)
        winners = tuple(s for s in range(seats) if scores[s] == best)
    banner = (
        _t(locale, "summary.winner", name=seat_name(names, winners[0]))
        if len(winners) == 1
        else _t(locale, "summary.tie", names=", ".join(seat_name(names, s) for s in winners))
    )
    chip(draw, MARGIN + 8, 100, banner, ST + 2, ACCENT, INK, pad=18)
    panel(draw, (MARGIN, table_top, width - MARGIN, height - 20))
    y = table_top + row_h / 2 + 4
    text(draw, (MARGIN + 20, y), _t(locale, "summary.round"), ST, TEXT_DIM, max_width=110)
    text(draw, (MARGIN + 140, y), _t(locale, "summary.result"), ST, TEXT_DIM)
    for s in range(seats):
        text(draw, (seat_x[s], y), seat_name(names, s), ST, TEXT, anchor="rm", max_width=col_w - 16)
    line_w = seat_x[0] - col_w + 20 - (MARGIN + 140)
    for i, result in enumerate(history):
        top = table_top + row_h * (i + 1)
        if i % 2 == 0:
            draw.rectangle((MARGIN + 2, top, width - MARGIN - 2, top + row_h), fill=PANEL_EDGE)
        cy = top + row_h / 2
        text(draw, (MARGIN + 20, cy), str(result.round_no), ST, TEXT)
        text(draw, (MARGIN + 140, cy), _line(result, names, locale), ST, TEXT_DIM, max_width=line_w)
        for s in range(seats):
            pts = result.points[s] if s < len(result.points) else 0
            colour = ACCENT if pts > 0 else KOI if pts < 0 else TEXT_DIM
            text(draw, (seat_x[s], cy), signed(pts) if pts else "–", ST, colour, anchor="rm")
    top = table_top + row_h * (len(history) + 1)
    draw.line((MARGIN + 12, top + 4, width - MARGIN - 12, top + 4), fill=CREAM, width=2)
    cy = top + row_h / 2 + 4
    text(draw, (MARGIN + 20, cy), _t(locale, "summary.total"), ST, TEXT)
    for s in range(seats):
        colour = ACCENT if s in winners else TEXT
        text(draw, (seat_x[s], cy), L.number(scores[s], locale), ST + 4, colour, anchor="rm")
    draw_rating_rows(draw, ratings, seat_x, MARGIN + 20, top + row_h + 8, ST, locale, max_width=col_w - 16)
    return to_png(img, table_palette())

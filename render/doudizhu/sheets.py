"""Dou Dizhu score sheets: the end of a hand (landlord, bid, multipliers, points, unplayed cards)
and the end of the match (one row per hand, the totals and the winners)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.doudizhu.types import HandResult
from render import labels as L
from render.doudizhu.common import _t, role_chip
from render.doudizhu.faces import LANDLORD, PEASANT, card_size, paste_card
from render.doudizhu.palette import doudizhu_palette
from render.doudizhu.pips import crown
from render.fonts import localized
from render.labels import seat_name, signed
from render.palette import ACCENT, CREAM, INK, KOI, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.rating_change import Ratings, draw_rating_rows, rows_height
from render.widgets import chip, fan_step, min_size, panel, text, text_width

MARGIN = 16
SHEET_W = 1200
T = min_size(SHEET_W)  # every text (32 px): readable when the sheet is shown 550 px wide
SHEET_CARD_W = 84  # the cards left in hand: their rank index is 32 px or more
ROW_H = card_size(SHEET_CARD_W)[1] + 24
MULT_H = round(T * 1.45) + 14


def mult_name(locale: str, name: str) -> str:
    return L.label(locale, f"render.doudizhu.mult.{name}", name.replace("_", " ").capitalize())


def _role(draw: ImageDraw.ImageDraw, x: float, cy: float, landlord: bool, locale: str) -> float:
    label = _t(locale, "landlord" if landlord else "peasant")
    if landlord:
        return role_chip(draw, x, cy, "landlord", T, locale)
    return chip(draw, x, cy, label, T, PEASANT, CREAM)


@localized
def render_round_sheet(
    result: HandResult, *, names: tuple[str, ...], scores: tuple[int, ...], locale: str = "en"
) -> bytes:
    """End-of-hand sheet; ``scores`` are the match totals after this hand."""
    seats = max(len(scores), len(result.points))
    no_bid = result.reason == "no_bid" or result.landlord is None
    head_h = 120
    body_h = 130 if no_bid else MULT_H + 56 + seats * ROW_H + 8
    height = head_h + body_h + 20
    img = Image.new("RGB", (SHEET_W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(
        draw,
        (MARGIN + 8, 38),
        f"{_t(locale, 'title')} · {_t(locale, 'sheet.title', hand=result.hand_no)}",
        T + 4,
    )
    if no_bid:
        chip(
            draw,
            SHEET_W - MARGIN,
            38,
            _t(locale, "sheet.no_bid"),
            T,
            PANEL_EDGE,
            TEXT,
            pad=16,
            align="right",
        )
        text(draw, (MARGIN + 8, 88), _t(locale, "sheet.no_bid_detail"), T, TEXT_DIM, max_width=SHEET_W - 40)
        y = head_h
        panel(draw, (MARGIN, y, SHEET_W - MARGIN, y + body_h))
        x: float = MARGIN + 24
        text(draw, (x, y + 34), _t(locale, "sheet.total"), T, TEXT_DIM)
        for s in range(seats):
            label = f"{seat_name(names, s)}  0 → {L.number(scores[s] if s < len(scores) else 0, locale)}"
            x2 = MARGIN + 24 + s * 380
            text(draw, (x2, y + 86), label, T, TEXT, max_width=360)
        return to_png(img, doudizhu_palette())
    won = result.landlord_won
    banner = _t(locale, "sheet.landlord_won" if won else "sheet.peasants_won")
    chip(
        draw,
        SHEET_W - MARGIN,
        38,
        banner,
        T + 2,
        LANDLORD if won else PEASANT,
        INK if won else CREAM,
        pad=16,
        align="right",
    )
    line = _t(locale, "sheet.landlord", name=seat_name(names, result.landlord), bid=result.bid)
    if result.winner is not None:
        line += " · " + _t(locale, "sheet.out", name=seat_name(names, result.winner))
    text(draw, (MARGIN + 8, 86), line, T, TEXT_DIM, max_width=SHEET_W - 40)
    # multipliers, the total factor at the right end; those that do not fit become "+N"
    y = head_h
    cy = y + MULT_H / 2
    total = _t(locale, "sheet.total_factor", factor=result.factor)
    tw = chip(draw, SHEET_W - MARGIN, cy, total, T, CREAM, INK, pad=14, align="right")
    right = SHEET_W - MARGIN - tw - 12
    x = MARGIN + 8
    label = _t(locale, "sheet.multipliers")
    base = max((abs(b) for b in result.base), default=0)
    chips = [(_t(locale, "sheet.base", base=base), PANEL_EDGE, TEXT)]
    chips += [
        (
            f"{mult_name(locale, m.name)} ×{m.factor}",
            ACCENT if m.name == "bid" else KOI,
            INK if m.name == "bid" else CREAM,
        )
        for m in result.multipliers
    ]

    def width(c: str) -> float:
        return text_width(c, T) + 2 * (T // 2) + 8

    if text_width(label, T) + 14 + sum(width(c) for c, _, _ in chips) <= right - x:
        x += text(draw, (x, cy), label, T, TEXT_DIM) + 14
    for i, (c, fill, ink) in enumerate(chips):
        rest = f"+{len(chips) - i}"
        if x + width(c) + (width(rest) if i < len(chips) - 1 else 0) > right:
            chip(draw, x, cy, rest, T, KOI, CREAM)
            break
        x += chip(draw, x, cy, c, T, fill, ink) + 8
    y += MULT_H + 4
    panel(draw, (MARGIN, y, SHEET_W - MARGIN, y + 52 + seats * ROW_H + 8))
    cols = {"left": MARGIN + 340, "points": SHEET_W - MARGIN - 160, "total": SHEET_W - MARGIN - 24}
    hy = y + 28
    text(draw, (cols["left"], hy), _t(locale, "sheet.left"), T, TEXT_DIM)
    text(draw, (cols["points"], hy), _t(locale, "sheet.points"), T, TEXT_DIM, anchor="rm")
    text(draw, (cols["total"], hy), _t(locale, "sheet.total"), T, TEXT_DIM, anchor="rm")
    for s in range(seats):
        top = y + 52 + s * ROW_H
        cy = top + ROW_H / 2
        if s % 2 == 0:
            draw.rectangle((MARGIN + 2, top, SHEET_W - MARGIN - 2, top + ROW_H), fill=PANEL_EDGE)
        nx = MARGIN + 20
        if s == result.winner:
            draw.polygon([(nx, cy - 11), (nx + 16, cy), (nx, cy + 11)], fill=ACCENT)
        nx += 24
        ink = ACCENT if s == result.winner else TEXT
        text(draw, (nx, cy - 26), seat_name(names, s), T + 2, ink, max_width=280)
        _role(draw, nx, cy + 28, s == result.landlord, locale)
        left = result.left[s] if s < len(result.left) else ()
        if left:
            cards = sorted(left)
            step = fan_step(len(cards), SHEET_CARD_W, cols["points"] - 110 - cols["left"], SHEET_CARD_W + 4)
            for i, card in enumerate(cards):
                paste_card(img, card, cols["left"] + i * step, top + 12, SHEET_CARD_W)
        else:
            text(draw, (cols["left"], cy), _t(locale, "sheet.none_left"), T, ACCENT)
        pts = result.points[s] if s < len(result.points) else 0
        text(
            draw,
            (cols["points"], cy),
            signed(pts),
            34,
            ACCENT if pts > 0 else KOI if pts < 0 else TEXT_DIM,
            anchor="rm",
        )
        total = L.number(scores[s] if s < len(scores) else 0, locale)
        text(draw, (cols["total"], cy), total, 34, TEXT, anchor="rm")
    return to_png(img, doudizhu_palette())


@localized
def render_match_summary(
    history: tuple[HandResult, ...],
    *,
    names: tuple[str, ...],
    scores: tuple[int, ...],
    locale: str = "en",
    winners: tuple[int, ...] = (),
    ratings: Ratings | None = None,
) -> bytes:
    """End of the match: winners banner, one row per hand and the totals (winners in gold); with
    ``ratings`` (one per seat, rated matches only), each player's new rating and its change."""
    seats = len(scores)
    if not winners and scores:
        best = max(scores)
        winners = tuple(s for s in range(seats) if scores[s] == best)
    row_h, col_w = round(T * 1.65), 170
    seat_x = [SHEET_W - MARGIN - 30 - (seats - 1 - s) * col_w for s in range(seats)]
    table_top = 140
    rated_h = rows_height(ratings, T)
    height = table_top + row_h * (len(history) + 2) + rated_h + 40
    img = Image.new("RGB", (SHEET_W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN + 8, 38), f"{_t(locale, 'title')} · {_t(locale, 'summary.title')}", T + 4)
    if winners:
        # several best totals are several winners (the two peasants of a one-deal match); a tie
        # only when all three totals are equal
        together = ", ".join(seat_name(names, s) for s in winners)
        if len(winners) == 1:
            banner = _t(locale, "summary.winner", name=seat_name(names, winners[0]))
        elif len(winners) < seats:
            banner = _t(locale, "summary.winners", names=together)
        else:
            banner = _t(locale, "summary.tie", names=together)
        cy: float = 98
        w = chip(draw, MARGIN + 8, cy, banner, T, ACCENT, INK, pad=18)
        crown(draw, MARGIN + 8 + w + 14, cy, 30, ACCENT)
    panel(draw, (MARGIN, table_top, SHEET_W - MARGIN, height - 20))
    y = table_top + row_h / 2 + 4
    cols = (MARGIN + 24, MARGIN + 130, MARGIN + 420, MARGIN + 510)
    for x, key in zip(
        cols, ("summary.hand", "summary.landlord", "summary.bid", "summary.factor"), strict=True
    ):
        text(draw, (x, y), _t(locale, key), T, TEXT_DIM, max_width=280)
    for s in range(seats):
        text(
            draw,
            (seat_x[s], y),
            seat_name(names, s),
            T,
            ACCENT if s in winners else TEXT,
            anchor="rm",
            max_width=col_w - 16,
        )
    for i, r in enumerate(history):
        top = table_top + row_h * (i + 1)
        if i % 2 == 0:
            draw.rectangle((MARGIN + 2, top, SHEET_W - MARGIN - 2, top + row_h), fill=PANEL_EDGE)
        cy = top + row_h / 2
        text(draw, (cols[0], cy), str(r.hand_no), T, TEXT)
        if r.landlord is None:
            text(draw, (cols[1], cy), _t(locale, "summary.no_bid"), T, TEXT_DIM)
        else:
            text(draw, (cols[1], cy), seat_name(names, r.landlord), T, TEXT, max_width=280)
            text(draw, (cols[2], cy), str(r.bid), T, TEXT)
            text(draw, (cols[3], cy), f"×{r.factor}", T, KOI if r.factor > r.bid else TEXT)
        for s in range(seats):
            pts = r.points[s] if s < len(r.points) else 0
            colour = ACCENT if pts > 0 else KOI if pts < 0 else TEXT_DIM
            text(draw, (seat_x[s], cy), signed(pts) if pts else "–", T, colour, anchor="rm")
    top = table_top + row_h * (len(history) + 1)
    draw.line((MARGIN + 12, top + 4, SHEET_W - MARGIN - 12, top + 4), fill=CREAM, width=2)
    cy = top + row_h / 2 + 6
    text(draw, (cols[0], cy), _t(locale, "summary.total"), T, TEXT)
    for s in range(seats):
        colour = ACCENT if s in winners else TEXT
        text(draw, (seat_x[s], cy), L.number(scores[s], locale), 32, colour, anchor="rm")
    draw_rating_rows(draw, ratings, seat_x, cols[0], top + row_h + 10, T, locale, max_width=col_w - 16)
    return to_png(img, doudizhu_palette())

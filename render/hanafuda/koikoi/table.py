"""Koi-Koi images: the table after every turn and a player's hand.

Pure functions from engine views to PNG bytes. The table is 1200 × 780 and is laid out to stay
legible when Discord shows it about 550 px wide: month tabs on every card, counts on every
pile, and no text smaller than 18 px. The round sheet and the match summary live in
:mod:`render.hanafuda.koikoi.sheets`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.cards import Card
from engine.hanafuda.koikoi.types import KoiKoiView, LastMove, Phase, Play
from render import labels as L
from render.hanafuda.faces import glow
from render.hanafuda.faces import warm as warm_faces
from render.hanafuda.koikoi.sheets import SHEET_CARD_WIDTHS
from render.hanafuda.piles import HEADER_H, captured_groups
from render.hanafuda.table_palette import table_palette
from render.palette import (
    ACCENT,
    CHOICE,
    CREAM,
    FIELD_BG,
    INK,
    KOI,
    PANEL,
    PANEL_EDGE,
    RGB,
    TABLE_BG,
    TEXT,
    TEXT_DIM,
)
from render.png import to_png
from render.widgets import (
    backs,
    card_height,
    chip,
    fan,
    fan_step,
    fit,
    panel,
    paste_card,
    text,
    text_width,
)

__all__ = ["render_hand", "render_table", "warm"]

W, H = 1200, 780
MARGIN = 16
MAIN_RIGHT = 932  # the sidebar starts after this
PLATE_H = 52
CAPTURED_W = 68  # captured cards are smaller and fanned; their month tabs stay visible
SIDEBAR_W = 86
HAND_W = 112
# Field cards snap to these widths so that a few cached sizes serve every layout.
FIELD_WIDTHS = (108, 96, 84, 76, 68, 60, 52, 44, 36)
FIELD_TOP, FIELD_BOTTOM = 226, 552


def _last_cards(move: LastMove | None) -> frozenset[Card]:
    if move is None:
        return frozenset()
    cards = [*move.played_captured, *move.drawn_captured, move.played, move.drawn]
    return frozenset(c for c in cards if c is not None)


# --- player bands --------------------------------------------------------------------------


def _plate(draw: ImageDraw.ImageDraw, view: KoiKoiView, seat: int, name: str, y: int, locale: str) -> None:
    """Name, match score, dealer and koi-koi chips on the left; yaku chips on the right."""
    acting = view.to_act == seat and view.phase is not Phase.OVER
    panel(draw, (MARGIN, y, MAIN_RIGHT, y + PLATE_H), edge=ACCENT if acting else PANEL_EDGE,
          width=3 if acting else 2)
    cy = y + PLATE_H // 2
    x = MARGIN + 14
    if acting:
        draw.polygon([(x, cy - 12), (x + 17, cy), (x, cy + 12)], fill=ACCENT)
        x += 26
    x += text(draw, (x, cy), name, 30, ACCENT if acting else TEXT, max_width=240) + 14
    x += chip(draw, x, cy, L.points(locale, view.scores[seat]), 26, CREAM, INK) + 10
    if view.dealer == seat:
        x += chip(draw, x, cy, L.t(locale, "render.dealer"), 20, PANEL_EDGE, TEXT) + 8
    if view.koikoi_calls[seat]:
        x += chip(draw, x, cy, L.counted(locale, "render.koikoi", view.koikoi_calls[seat]), 22, KOI, TEXT) + 8
    _yaku_chips(draw, [(L.yaku_name(locale, y.yaku), y.points) for y in view.yaku[seat]], x + 10,
                MAIN_RIGHT - 12, cy, locale)


def _yaku_chips(draw: ImageDraw.ImageDraw, items: Sequence[tuple[str, int]], x0: float, x1: float, cy: float,
                locale: str) -> None:
    """Yaku chips right-aligned in ``[x0, x1]``: smaller text when crowded, then ``+N`` for the rest."""
    if not items:
        text(draw, (x1, cy), L.t(locale, "render.no_yaku"), 20, TEXT_DIM, anchor="rm", max_width=x1 - x0)
        return
    labels = [f"{name} {pts}" for name, pts in items]
    avail = x1 - x0

    def span(s: str, size: int) -> float:  # chip width plus the gap after it
        return text_width(s, size) + 2 * (size // 2) + 8

    size = next((z for z in (22, 19) if sum(span(s, z) for s in labels) <= avail), 17)
    shown = len(labels)
    while shown and sum(span(s, size) for s in labels[:shown]) + (
            span(f"+{len(labels) - shown}", size) if shown < len(labels) else 0) > avail:
        shown -= 1
    right = x1
    if shown < len(labels):
        right -= chip(draw, right, cy, f"+{len(labels) - shown}", size, CREAM, INK, align="right") + 8
    for label in reversed(labels[:shown]):
        right -= chip(draw, right, cy, label, size, ACCENT, INK, align="right") + 8


def _captured(img: Image.Image, draw: ImageDraw.ImageDraw, cards: Sequence[Card], hand: int, y: int,
              hot: frozenset[Card], locale: str) -> None:
    """The captured groups, and the hand as a fan of backs with its count at the right end."""
    hand_x = MAIN_RIGHT - 134
    captured_groups(img, draw, cards, MARGIN + 4, hand_x - 16, y, card_w=CAPTURED_W, locale=locale, hot=hot)
    text(draw, (hand_x, y + 15), f"{L.t(locale, 'render.hand')} {hand}", 22, TEXT)
    backs(img, min(hand, 8), hand_x, y + HEADER_H + 8, 48, 10)


def _band(img: Image.Image, draw: ImageDraw.ImageDraw, view: KoiKoiView, seat: int, name: str, *,
          upper: bool, hot: frozenset[Card], locale: str) -> None:
    if upper:
        _plate(draw, view, seat, name, 12, locale)
        _captured(img, draw, view.captured[seat], view.hand_counts[seat], 12 + PLATE_H + 8, hot, locale)
    else:
        _captured(img, draw, view.captured[seat], view.hand_counts[seat], FIELD_BOTTOM + 8, hot, locale)
        _plate(draw, view, seat, name, H - 12 - PLATE_H, locale)


# --- field and sidebar ---------------------------------------------------------------------


def field_layout(count: int, box_w: float, box_h: float, gap: int = 14, max_w: int = 108) -> tuple[int, int]:
    """(cards per row, card width) for ``count`` field cards in the box.

    The largest cards win, but a layout with more rows is preferred when its cards are nearly as
    large (within 12 %): two even rows read better than one long strip with empty felt around it.
    """
    options = []
    for rows in range(1, 5):
        per_row = math.ceil(max(1, count) / rows)
        if rows > 1 and per_row * (rows - 1) >= count:
            break
        w = min(max_w, (box_w - gap * (per_row - 1)) / per_row, (box_h - gap * (rows - 1)) / rows / 1.6)
        options.append((per_row, int(w)))
    best = max(w for _, w in options)
    per_row, w = [o for o in options if o[1] >= best * 0.88][-1]
    return per_row, next((size for size in FIELD_WIDTHS if size <= w), w)


def _field(img: Image.Image, draw: ImageDraw.ImageDraw, view: KoiKoiView, hot: frozenset[Card],
           locale: str) -> None:
    box = (MARGIN, FIELD_TOP, MAIN_RIGHT, FIELD_BOTTOM)
    panel(draw, box, fill=FIELD_BG, edge=None, radius=18)
    cards = sorted(view.field)
    if not cards:
        text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), L.t(locale, "render.empty_field"), 24,
             TEXT_DIM, anchor="mm")
        return
    pad, gap = 14, 16
    inner_w, inner_h = box[2] - box[0] - 2 * pad, box[3] - box[1] - 2 * pad - 12
    per_row, width = field_layout(len(cards), inner_w, inner_h, gap)
    rows = math.ceil(len(cards) / per_row)
    height = card_height(width)
    top = box[1] + pad + (inner_h - rows * height - (rows - 1) * gap) / 2
    targets = set(view.pending_targets) if view.phase is Phase.DRAW_CHOICE else set()
    for r in range(rows):
        row = cards[r * per_row:(r + 1) * per_row]
        row_w = len(row) * width + (len(row) - 1) * gap
        x0 = box[0] + (box[2] - box[0] - row_w) / 2
        for i, c in enumerate(row):
            x, y = x0 + i * (width + gap), top + r * (height + gap)
            halo = CHOICE if c in targets else ACCENT if c in hot else None
            paste_card(img, c, x, y, width, halo=halo)
            tag, ink = (CHOICE, INK) if c in targets else (INK, CREAM)
            chip(draw, x + width / 2, y + height + 2, str(c), 17, tag, ink, pad=8, align="center")


def _sidebar(img: Image.Image, draw: ImageDraw.ImageDraw, view: KoiKoiView, names: Sequence[str],
             hot: frozenset[Card], locale: str) -> None:
    left, right = 948, W - MARGIN
    mid = (left + right) / 2
    panel(draw, (left, 12, right, H - 12))
    text(draw, (mid, 42), L.t(locale, "render.round", round=view.round_no, total=view.rounds_total), 28,
         anchor="mm")
    month = f"{L.t(locale, 'render.month', month=view.month)} · {L.t(locale, f'render.plant.{view.month}')}"
    text(draw, (mid, 78), month, 20, TEXT_DIM, anchor="mm", max_width=right - left - 16)
    # the draw pile (a small stack with its count) and the drawn card waiting for a choice
    pw = SIDEBAR_W
    ph = card_height(pw)
    px, py = left + 24, 110
    for k in (2, 1, 0):
        if view.draw_pile > k:
            paste_card(img, None, px + k * 3, py - k * 3, pw)
    count = str(view.draw_pile)
    chip(draw, px + pw / 2, py + ph - 4, count, 30, CREAM, INK, pad=12, align="center")
    text(draw, (px + pw / 2, py + ph + 34), L.t(locale, "render.deck"), 20, TEXT_DIM, anchor="mm")
    if view.pending_draw is not None:
        dx = right - 24 - pw
        paste_card(img, view.pending_draw, dx, py, pw, halo=CHOICE)
        text(draw, (dx + pw / 2, py + ph + 34), L.t(locale, "render.drawn"), 20, CHOICE, anchor="mm")
    _last_move(img, draw, view.last_move, names, left + 14, 318, right - 14, locale)
    _status(draw, view, names, (left + 12, 622, right - 12, H - 24), locale)


def _last_move(img: Image.Image, draw: ImageDraw.ImageDraw, move: LastMove | None, names: Sequence[str],
               x0: int, y: int, x1: int, locale: str) -> None:
    if move is None:
        return
    draw.line((x0, y - 12, x1, y - 12), fill=PANEL_EDGE, width=2)
    title = f"{L.t(locale, 'render.last_move')} · {names[move.seat]}"
    text(draw, (x0, y + 8), title, 20, TEXT, max_width=x1 - x0)
    w = CAPTURED_W - 8
    rows = ((move.played, move.played_captured, "render.last.played"),
            (move.drawn, move.drawn_captured, "render.last.drew"))
    ry = y + 30
    for card, captured, key in rows:
        if card is None:
            continue
        text(draw, (x0, ry + 12), L.t(locale, key), 18, TEXT_DIM)
        paste_card(img, card, x0, ry + 26, w)
        if captured:
            ax, ay = x0 + w + 7, ry + 26 + card_height(w) / 2
            draw.polygon([(ax, ay - 9), (ax + 14, ay), (ax, ay + 9)], fill=ACCENT)
            step = fan_step(len(captured), w, x1 - (ax + 20), w + 4)
            fan(img, captured, ax + 20, ry + 26, w, step)
        ry += card_height(w) + 36


def _status(draw: ImageDraw.ImageDraw, view: KoiKoiView, names: Sequence[str],
            box: tuple[int, int, int, int], locale: str) -> None:
    x0, y0, x1, _ = box
    lines: list[tuple[str, RGB]] = []
    who = fit(names[view.to_act], 22, x1 - x0 - 40) if view.to_act is not None else ""
    if view.phase is Phase.OVER:
        lines.append((L.t(locale, "render.status.over"), ACCENT))
    elif view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        pending = str(view.pending_draw)
        lines.append((L.t(locale, "render.status.draw_choice", name=who, card=pending), CHOICE))
    elif view.phase is Phase.DECIDE:
        lines.append((L.t(locale, "render.status.decide", name=who), ACCENT))
        if view.stop_score is not None and view.to_act is not None:
            pts = L.points(locale, view.stop_score.points[view.to_act])
            lines.append((L.t(locale, "render.status.stop_score", points=pts), TEXT))
    else:
        lines.append((L.t(locale, "render.status.play", name=who), ACCENT))
    draw.line((x0, y0, x1, y0), fill=PANEL_EDGE, width=2)
    wrapped = [(part, colour) for line, colour in lines for part in _wrap(line, 22, x1 - x0)]
    for i, (part, colour) in enumerate(wrapped[:4]):
        text(draw, ((x0 + x1) / 2, y0 + 26 + 30 * i), part, 22, colour, anchor="mm", max_width=x1 - x0)


def _wrap(s: str, size: int, width: float) -> list[str]:
    words, lines, current = s.split(" "), [], ""
    for word in words:
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return [*lines, current] if current else lines


def render_table(view: KoiKoiView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The table as everyone sees it (PNG). The viewing seat (seat 0 for spectators) sits at the bottom."""
    img = Image.new("RGB", (W, H), TABLE_BG)
    draw = ImageDraw.Draw(img)
    bottom = view.seat if view.seat is not None else 0
    top = (bottom + 1) % view.seats
    hot = _last_cards(view.last_move)
    _band(img, draw, view, top, names[top], upper=True, hot=hot, locale=locale)
    _field(img, draw, view, hot, locale)
    _band(img, draw, view, bottom, names[bottom], upper=False, hot=hot, locale=locale)
    _sidebar(img, draw, view, names, hot, locale)
    return to_png(img, table_palette())


# --- hand ----------------------------------------------------------------------------------


def playable(view: KoiKoiView) -> frozenset[Card]:
    """Cards of the hand that a legal action plays (empty when it is not this seat's turn)."""
    return frozenset(a.card for a in view.legal_actions if isinstance(a, Play))


def _hand_status(view: KoiKoiView, hand: Sequence[Card], locale: str) -> tuple[str, bool]:
    my_turn = view.seat is not None and view.to_act == view.seat and view.phase is not Phase.OVER
    if view.hand is None:
        return L.t(locale, "render.hand.spectator"), False
    if not hand:
        return L.t(locale, "render.hand.empty"), False
    if my_turn and view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        return L.t(locale, "render.hand.draw_choice", card=str(view.pending_draw)), True
    if my_turn and view.phase is Phase.DECIDE:
        return L.t(locale, "render.hand.decide"), True
    if my_turn:
        return L.t(locale, "render.hand.your_turn"), True
    return L.t(locale, "render.hand.waiting"), False


def render_hand(view: KoiKoiView, *, locale: str = "en") -> bytes:
    """The viewing seat's hand, each card with its notation (players type it in commands).

    On the seat's turn the playable cards glow: gold when they match a field card (a capture),
    pale when they would only be laid on the field; cards that cannot be played are dimmed.
    """
    hand = sorted(view.hand or ())
    width, gap = HAND_W, 20
    height = card_height(width)
    n = max(1, len(hand))
    w = max(720, MARGIN * 2 + 24 + n * width + (n - 1) * gap)
    h = 64 + height + 56
    img = Image.new("RGB", (w, h), TABLE_BG)
    draw = ImageDraw.Draw(img)
    can_play = playable(view)
    field_months = {c.month for c in view.field}
    title = L.t(locale, "render.hand.title")
    title_w = text(draw, (MARGIN + 8, 32), title, 28)
    status, active = _hand_status(view, hand, locale)
    text(draw, (w - MARGIN - 8, 32), status, 22, ACCENT if active else TEXT_DIM, anchor="rm",
         max_width=w - title_w - 3 * MARGIN - 24)
    x0 = (w - (len(hand) * width + (len(hand) - 1) * gap)) / 2
    for i, c in enumerate(hand):
        x, y = x0 + i * (width + gap), 64
        halo = (ACCENT if c.month in field_months else TEXT_DIM) if c in can_play else None
        paste_card(img, c, x, y, width, halo=halo, dim=bool(can_play) and c not in can_play)
        colour = (ACCENT, INK) if halo == ACCENT else (PANEL, TEXT)
        chip(draw, x + width / 2, y + height + 26, str(c), 24, *colour, pad=12, align="center")
    return to_png(img, table_palette())


def warm() -> None:
    """Draw every face size and glow these images use, and the palette.

    About two seconds and 20 MB, once per process; without it the first images of each size pay
    for drawing their faces (a few ms per card).
    """
    for width in {*FIELD_WIDTHS, CAPTURED_W, CAPTURED_W - 8, SIDEBAR_W, HAND_W, *SHEET_CARD_WIDTHS}:
        warm_faces(width)
        for colour in (ACCENT, CHOICE):
            glow(width, colour)
    glow(HAND_W, TEXT_DIM)
    table_palette()

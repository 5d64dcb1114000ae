"""Dou Dizhu images: the public table after every turn and a player's own hand.

Pure functions from engine views to PNG bytes, 1200 px wide and legible when Discord shows them
about 550 px wide. The viewing seat (seat 0 for spectators) sits at the bottom, the next seat in
play order on the right, the previous one on the left; each seat's latest turn of the trick lies
in front of its plate, the play to beat glowing gold. The round sheet and the match summary live
in :mod:`render.doudizhu.sheets`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.doudizhu.cards import Card
from engine.doudizhu.types import DoudizhuView, Phase, TrickPlay
from render.doudizhu.common import _counted, _t, move_phrase, role_chip
from render.doudizhu.faces import (
    card_back,
    card_size,
    doudizhu_palette,
    glow,
    paste_card,
    shade,
    warm_faces,
)
from render.doudizhu.sheets import SHEET_CARD_W
from render.labels import seat_name
from render.palette import ACCENT, CREAM, FIELD_BG, INK, KOI, PANEL_EDGE, RGB, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import chip, fan_step, fit, panel, text

__all__ = ["badges", "render_hand", "render_table", "warm"]

W = 1200
H = 704
MARGIN = 16
TRICK_W = 84
KITTY_W = 64
BACK_W = 34
HAND_W = 112
BEAT_W = 68
SIDE_W = 380  # width of the left and right plates


def badges(view: DoudizhuView) -> tuple[str | None, ...]:
    """Each seat's role badge: ``"landlord"``, ``"peasant"``, or ``None`` before the landlord is chosen."""
    seats = len(view.hand_counts)
    if view.landlord is None:
        return (None,) * seats
    return tuple("landlord" if s == view.landlord else "peasant" for s in range(seats))


def _bid_of(view: DoudizhuView, seat: int) -> int | None:
    bid = None
    for s, b in view.bids:
        if s == seat:
            bid = b
    return bid


def _backs(img: Image.Image, count: int, x: float, y: float, span: float) -> None:
    step = fan_step(count, BACK_W, span, 14)
    for i in range(count):
        paste_card(img, None, x + i * step, y, BACK_W)


def _acting(view: DoudizhuView, seat: int) -> bool:
    return view.phase is not Phase.OVER and view.to_act == seat


def _plate(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: DoudizhuView,
    seat: int,
    name: str,
    box: tuple[int, int, int, int],
    locale: str,
) -> None:
    """Name, score, role badge (or bid), and the hand as a count and a fan of backs."""
    x0, y0, x1, _ = box
    acting = _acting(view, seat)
    panel(draw, box, edge=ACCENT if acting else PANEL_EDGE, width=4 if acting else 2)
    role = badges(view)[seat]
    count = view.hand_counts[seat]
    wide = x1 - x0 > 600
    cy = y0 + 34
    x = x0 + 16
    if acting:
        draw.polygon([(x, cy - 13), (x + 18, cy), (x, cy + 13)], fill=ACCENT)
        x += 28
    score = _t(locale, "score", score=view.scores[seat])
    sw = chip(draw, x1 - 14, cy, score, 22, CREAM, INK, align="right")
    name_max = (x1 - 14 - sw - 12 - x) if not wide else 300
    x += text(draw, (x, cy), name, 30, ACCENT if acting else TEXT, max_width=name_max) + 14
    if wide:
        row_cy, rx = cy, x
    else:
        row_cy, rx = y0 + 84, x0 + 16
    if role is not None:
        rx += role_chip(draw, rx, row_cy, role, 22, locale) + 10
    # hand: count and backs
    if wide:
        cx = x1 - sw - 30
        lw = text(draw, (cx, cy + 4), _counted(locale, "cards_left", count), 20, TEXT_DIM, anchor="rm")
        nw = text(draw, (cx - lw - 8, cy), str(count), 40, TEXT, anchor="rm")
        span = 260
        _backs(img, count, cx - lw - nw - 24 - span, y0 + 11, span)
        return
    by = y0 + 112
    span = x1 - x0 - 150
    _backs(img, count, x0 + 16, by, span)
    cx = x1 - 20
    text(draw, (cx, by + 16), str(count), 44, TEXT, anchor="rm")
    text(draw, (cx, by + 46), _counted(locale, "cards_left", count), 18, TEXT_DIM, anchor="rm")


def _shown_trick(view: DoudizhuView) -> tuple[tuple[TrickPlay, ...], bool]:
    """The trick in progress, or (dimmed) the last finished one when none is under way."""
    if view.trick:
        return view.trick, False
    if view.tricks:
        return view.tricks[-1], True
    return (), False


def _winner(trick: Sequence[TrickPlay]) -> int | None:
    plays = [p for p in trick if p.move is not None]
    return plays[-1].seat if plays else None


def _zone(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    play: TrickPlay | None,
    box: tuple[int, int, int, int],
    align: str,
    *,
    hot: bool,
    dim: bool,
    locale: str,
) -> None:
    """One seat's latest turn in the trick: its cards (gold glow if it is the play to beat) or Pass."""
    if play is None:
        return
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    if play.move is None:
        at = {"left": x0 + 8, "center": (x0 + x1) / 2, "right": x1 - 8}[align]
        chip(draw, at, cy, _t(locale, "pass"), 28, PANEL_EDGE, TEXT_DIM if dim else TEXT, pad=20, align=align)
        return
    cards = play.cards
    n = len(cards)
    step = fan_step(n, TRICK_W, x1 - x0 - 16, 50)
    span = TRICK_W + step * (n - 1)
    x = {"left": x0 + 8, "center": (x0 + x1 - span) / 2, "right": x1 - 8 - span}[align]
    y = cy - card_size(TRICK_W)[1] / 2
    for i, c in enumerate(cards):
        paste_card(img, c, x + i * step, y, TRICK_W, halo=ACCENT if hot and i == 0 else None, dim=dim)
    if hot and n > 1:  # one glow behind the whole fan: repaint the cards over the first card's halo
        g = glow(TRICK_W, ACCENT)
        m = (g.width - TRICK_W) // 2
        for i in range(n):
            img.paste(g, (round(x + i * step) - m, round(y) - m), g)
        for i, c in enumerate(cards):
            paste_card(img, c, x + i * step, y, TRICK_W)


def _sequence(trick: Sequence[TrickPlay], names: Sequence[str], locale: str) -> list[tuple[str, RGB]]:
    out = []
    for p in trick:
        move = str(p.move).replace("T", "10") if p.move is not None else _t(locale, "pass")
        out.append((f"{seat_name(names, p.seat)} {move}", TEXT if p.move is not None else TEXT_DIM))
    return out


def _status(view: DoudizhuView, names: Sequence[str], locale: str) -> tuple[str, RGB]:
    who = fit(seat_name(names, view.to_act), 26, 200)
    if view.phase is Phase.OVER:
        return _t(locale, "status.over"), ACCENT
    if view.phase is Phase.BID:
        return _t(locale, "status.bid", name=who), ACCENT
    if view.to_beat is None:
        return _t(locale, "status.lead", name=who), ACCENT
    return _t(locale, "status.follow", name=who, move=move_phrase(view.to_beat, locale)), ACCENT


def _header(draw: ImageDraw.ImageDraw, view: DoudizhuView, locale: str) -> None:
    cy = 38
    x = MARGIN + 8
    x += text(draw, (x, cy), _t(locale, "title"), 32) + 16
    chip(draw, x, cy, _t(locale, "hand_no", hand=view.hand_no, total=view.hands_total), 22, PANEL_EDGE, TEXT)
    right = W - MARGIN
    if view.bid:
        right -= (
            chip(
                draw,
                right,
                cy,
                _t(locale, "factor", factor=view.factor),
                30,
                KOI,
                CREAM,
                pad=16,
                align="right",
            )
            + 10
        )
    if view.bombs:
        right -= (
            chip(draw, right, cy, _t(locale, "bombs", count=view.bombs), 22, ACCENT, INK, align="right") + 10
        )
    if view.bid:
        chip(draw, right, cy, _t(locale, "bid", bid=view.bid), 22, CREAM, INK, align="right")
    else:
        chip(draw, right, cy, _t(locale, "no_bid_yet"), 22, PANEL_EDGE, TEXT, align="right")


def _centre(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: DoudizhuView, names: Sequence[str], locale: str
) -> None:
    """Kitty (and the face-up card while bidding), then the status line."""
    left, right = 412, 788
    mid = (left + right) / 2
    kh = card_size(KITTY_W)[1]
    gap = 10
    kitty = view.kitty
    show_face_up = view.phase is Phase.BID and view.face_up is not None
    group_w = 3 * KITTY_W + 2 * gap
    total = group_w + (KITTY_W + 40 if show_face_up else 0)
    kx = mid - total / 2
    ky = 112
    text(draw, (kx + group_w / 2, 94), _t(locale, "kitty"), 20, TEXT_DIM, anchor="mm")
    for i in range(3):
        card = kitty[i] if kitty is not None and i < len(kitty) else None
        paste_card(img, card, kx + i * (KITTY_W + gap), ky, KITTY_W)
    if show_face_up:
        fx = kx + group_w + 40
        text(draw, (fx + KITTY_W / 2, 94), _t(locale, "face_up"), 20, ACCENT, anchor="mm", max_width=170)
        paste_card(img, view.face_up, fx, ky, KITTY_W, halo=ACCENT)
        if view.first_bidder is not None:
            label = _t(locale, "face_up_to", name=seat_name(names, view.first_bidder))
            text(draw, (fx + KITTY_W / 2, ky + kh + 18), label, 18, TEXT_DIM, anchor="mm", max_width=170)


def render_table(view: DoudizhuView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The public table (PNG): three plates, the kitty, the trick, bids, multiplier and scores."""
    seats = len(view.hand_counts)
    img = Image.new("RGB", (W, H), TABLE_BG)
    draw = ImageDraw.Draw(img)
    bottom = view.seat if view.seat is not None else 0
    right_seat, left_seat = (bottom + 1) % seats, (bottom + 2) % seats
    _header(draw, view, locale)
    top = 76
    plate_h = 176
    boxes = {
        left_seat: (MARGIN, top, MARGIN + SIDE_W, top + plate_h),
        right_seat: (W - MARGIN - SIDE_W, top, W - MARGIN, top + plate_h),
        bottom: (MARGIN, H - 16 - 72, W - MARGIN, H - 16),
    }
    # the felt: where the trick is played
    felt = (MARGIN, top + plate_h + 12, W - MARGIN, H - 16 - 72 - 12)
    panel(draw, felt, fill=FIELD_BG, edge=None, radius=18)
    for seat, box in boxes.items():
        _plate(img, draw, view, seat, seat_name(names, seat), box, locale)
    _centre(img, draw, view, names, locale)
    trick, dim = _shown_trick(view)
    fy0, fy1 = felt[1], felt[3]
    status, colour = _status(view, names, locale)
    chip(draw, W / 2, fy0 + 26, status, 24, TABLE_BG, colour, pad=18, align="center")
    upper = (fy0 + 44, fy0 + 44 + 140)
    zones = {
        left_seat: ((MARGIN + 8, *upper[:1], 600 - 24, upper[1]), "left"),
        right_seat: ((600 + 24, upper[0], W - MARGIN - 8, upper[1]), "right"),
        bottom: ((MARGIN + 150, fy1 - 140, W - MARGIN - 150, fy1 - 4), "center"),
    }
    if view.phase is Phase.BID:
        for seat, (box, align) in zones.items():
            bid = _bid_of(view, seat)
            if bid is not None:
                at = {"left": box[0] + 8, "center": (box[0] + box[2]) / 2, "right": box[2] - 8}[align]
                fill, ink = (ACCENT, INK) if bid else (PANEL_EDGE, TEXT)
                label = _t(locale, "bid", bid=bid) if bid else _t(locale, "bid_pass")
                chip(draw, at, (box[1] + box[3]) / 2, label, 30, fill, ink, pad=22, align=align)
        return to_png(img, doudizhu_palette())
    latest: dict[int, TrickPlay] = {}
    for p in trick:
        latest[p.seat] = p
    last_play = next((p for p in reversed(trick) if p.move is not None), None)
    for seat, (box, align) in zones.items():
        p = latest.get(seat)
        _zone(
            img, draw, p, box, align, hot=p is last_play and not dim and p is not None, dim=dim, locale=locale
        )
    # the trick told in order, bottom left of the felt
    if trick:
        head = _t(locale, "last_trick", name=seat_name(names, _winner(trick))) if dim else None
        y = fy1 - 22
        x = felt[0] + 16
        if head:
            text(draw, (x, fy1 - 52), head, 20, ACCENT, max_width=300)
        parts = _sequence(trick, names, locale)[-5:]
        seq = " › ".join(part for part, _ in parts)
        text(draw, (x, y), seq, 18, TEXT_DIM, max_width=300)
    return to_png(img, doudizhu_palette())


# --- hand ----------------------------------------------------------------------------------


def _to_beat_cards(view: DoudizhuView) -> tuple[Card, ...]:
    for p in reversed(view.trick):
        if p.move is not None:
            return p.cards
    return ()


def _who(view: DoudizhuView, seat: int | None, locale: str) -> str:
    """Who played the move to beat, seen from the hand's seat: its role and side."""
    if seat is None or view.seat is None:
        return ""
    seats = len(view.hand_counts)
    side = _t(locale, "hand.right" if seat == (view.seat + 1) % seats else "hand.left")
    role = badges(view)[seat]
    return f"{_t(locale, role)}, {side}" if role else side


def render_hand(view: DoudizhuView, *, locale: str = "en") -> bytes:
    """The seat's own hand sorted by rank then suit, its role, and what it has to beat."""
    hand = sorted(view.hand or ())
    n = len(hand)
    bh = card_size(BEAT_W)[1]
    hh = card_size(HAND_W)[1]
    top_h = bh + 36
    h = top_h + hh + 36
    img = Image.new("RGB", (W, h), TABLE_BG)
    draw = ImageDraw.Draw(img)
    cy = 36
    x = MARGIN + 8
    x += text(draw, (x, cy), _t(locale, "hand.title"), 30) + 14
    if view.seat is not None:
        role = badges(view)[view.seat]
        if role is not None:
            x += role_chip(draw, x, cy, role, 22, locale) + 10
        x += chip(draw, x, cy, _counted(locale, "hand.count", n), 22, PANEL_EDGE, TEXT) + 10
    cy2 = 36 + bh / 2 + 8
    right = W - MARGIN - 8
    my_turn = view.seat is not None and view.to_act == view.seat and view.phase is not Phase.OVER
    if view.hand is None:
        text(draw, (right, cy), _t(locale, "hand.spectator"), 24, TEXT_DIM, anchor="rm")
    elif view.phase is Phase.BID:
        key = "hand.your_bid" if my_turn else "hand.bidding"
        text(draw, (MARGIN + 8, cy2 + 10), _t(locale, key, bid=view.bid), 26, ACCENT if my_turn else TEXT_DIM)
    elif view.phase is Phase.PLAY:
        beat = _to_beat_cards(view) if view.to_beat is not None else ()
        if beat:
            step = fan_step(len(beat), BEAT_W, 520, BEAT_W + 6)
            span = BEAT_W + step * (len(beat) - 1)
            bx = right - span
            for i, c in enumerate(beat):
                paste_card(img, c, bx + i * step, 20, BEAT_W)
            label = _t(locale, "hand.to_beat", name=_who(view, view.to_beat_seat, locale))
            text(
                draw,
                (bx - 16, 20 + bh / 2),
                label,
                24,
                ACCENT if my_turn else TEXT,
                anchor="rm",
                max_width=bx - 40 - x,
            )
        elif my_turn:
            text(draw, (MARGIN + 8, cy2 + 10), _t(locale, "hand.you_lead"), 26, ACCENT)
    y = top_h + 4
    if not hand:
        text(draw, (W / 2, y + hh / 2), _t(locale, "hand.empty"), 26, TEXT_DIM, anchor="mm")
    else:
        step = fan_step(n, HAND_W, W - 2 * MARGIN - 16, HAND_W + 8)
        span = HAND_W + step * (n - 1)
        x0 = (W - span) / 2
        for i, c in enumerate(hand):
            paste_card(img, c, x0 + i * step, y, HAND_W)
    return to_png(img, doudizhu_palette())


def warm() -> None:
    """Draw every face size, back, glow and shade these images use, and the palette."""
    warm_faces({TRICK_W, KITTY_W, HAND_W, BEAT_W, SHEET_CARD_W})
    for width in (TRICK_W, KITTY_W):
        glow(width, ACCENT)
    shade(TRICK_W)
    card_back(BACK_W)
    doudizhu_palette()

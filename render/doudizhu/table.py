"""The Dou Dizhu table: the public image after every turn.

A pure function from an engine view to PNG bytes, 1200 px wide and legible when Discord shows it
about 550 px wide. The viewing seat (seat 0 for spectators) sits at the bottom, the next seat in
play order on the right, the previous one on the left; each seat's latest turn of the trick lies
in front of its plate, the play to beat glowing gold. A player's own hand is drawn by
:mod:`render.doudizhu.hand`, the round sheet and the match summary by :mod:`render.doudizhu.sheets`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.doudizhu.types import DoudizhuView, Phase, TrickPlay
from render import labels as L
from render.canvas import paste as paste_layer
from render.canvas import together
from render.doudizhu.common import MARGIN, T, W, _counted, _t, badges, move_phrase, role_chip
from render.doudizhu.faces import (
    card_back,
    card_size,
    glow,
    paste_backs,
    paste_card,
    shade,
    warm_faces,
)
from render.doudizhu.hand import BEAT_W, HAND_W
from render.doudizhu.palette import doudizhu_palette
from render.doudizhu.sheets import SHEET_CARD_W
from render.fonts import localized
from render.labels import seat_name
from render.layers import Label, Panel, Shape, ground
from render.palette import ACCENT, CREAM, FIELD_BG, INK, KOI, PANEL, PANEL_EDGE, RGB, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import chip, fan_step, fit, text, text_width

__all__ = ["render_table", "warm"]

H = 740
TRICK_W = 84  # trick, kitty and "to beat" cards: the rank index is then 32 px or more
KITTY_W = TRICK_W
BACK_W = 34
SIDE_W = 380  # width of the left and right plates
TOP = 76  # the plates' top
PLATE_H = 192
BOTTOM_H = 80
HEADER_CY = 38
FELT = (MARGIN, TOP + PLATE_H + 12, W - MARGIN, H - 16 - BOTTOM_H - 12)  # where the trick is played


def _bid_of(view: DoudizhuView, seat: int) -> int | None:
    bid = None
    for s, b in view.bids:
        if s == seat:
            bid = b
    return bid


def _backs(img: Image.Image, count: int, x: float, y: float, span: float) -> None:
    paste_backs(img, count, x, y, BACK_W, fan_step(count, BACK_W, span, 14))


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
    x0, y0, x1, y1 = box
    acting = _acting(view, seat)  # its panel is on the ground layer (_ground)
    role = badges(view)[seat]
    count = view.hand_counts[seat]
    wide = x1 - x0 > 600
    cy = (y0 + y1) / 2 if wide else y0 + 36
    x: float = x0 + 16
    if acting:
        draw.polygon([(x, cy - 13), (x + 18, cy), (x, cy + 13)], fill=ACCENT)
        x += 28
    mine = view.scores[seat]
    score = L.counted(locale, "render.doudizhu.score", mine, score=L.number(mine, locale))
    sw = chip(draw, x1 - 14, cy, score, T, CREAM, INK, align="right")
    name_max = (x1 - 14 - sw - 12 - x) if not wide else 300
    x += text(draw, (x, cy), name, T + 2, ACCENT if acting else TEXT, max_width=name_max) + 14
    if wide:
        row_cy, rx = cy, x
    else:
        row_cy, rx = y0 + 92, x0 + 16
    if role is not None:
        rx += role_chip(draw, rx, row_cy, role, T, locale) + 10
    # hand: count and backs
    label = _counted(locale, "cards_left", count)
    if wide:
        cx = x1 - sw - 30
        lw = text(draw, (cx, cy + 4), label, T, TEXT_DIM, anchor="rm")
        nw = text(draw, (cx - lw - 8, cy), str(count), T + 10, TEXT, anchor="rm")
        span = min(260, cx - lw - nw - 24 - rx - 16)
        _backs(img, count, cx - lw - nw - 24 - span, cy - 24, span)
        return
    by = y0 + 128
    cx = x1 - 20
    lw = text(draw, (cx, by + 24), label, T, TEXT_DIM, anchor="rm")
    nw = text(draw, (cx - lw - 10, by + 22), str(count), T + 10, TEXT, anchor="rm")
    _backs(img, count, x0 + 16, by, x1 - x0 - 32 - lw - nw - 30)


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
        chip(
            draw,
            at,
            cy,
            _t(locale, "pass"),
            T + 2,
            PANEL_EDGE,
            TEXT_DIM if dim else TEXT,
            pad=20,
            align=align,
        )
        return
    cards = play.cards
    n = len(cards)
    step = fan_step(n, TRICK_W, x1 - x0 - 16, 50)
    span = TRICK_W + step * (n - 1)
    x = {"left": x0 + 8, "center": (x0 + x1 - span) / 2, "right": x1 - 8 - span}[align]
    y = cy - card_size(TRICK_W)[1] / 2
    with together(img):
        for i, c in enumerate(cards):
            paste_card(img, c, x + i * step, y, TRICK_W, halo=ACCENT if hot and i == 0 else None, dim=dim)
        if hot and n > 1:  # one glow behind the whole fan: repaint the cards over the first card's halo
            g = glow(TRICK_W, ACCENT)
            m = (g.width - TRICK_W) // 2
            for i in range(n):
                paste_layer(img, ("doudizhu glow", TRICK_W, ACCENT), g, round(x + i * step) - m, round(y) - m)
            for i, c in enumerate(cards):
                paste_card(img, c, x + i * step, y, TRICK_W)


def _sequence(trick: Sequence[TrickPlay], names: Sequence[str], locale: str) -> list[tuple[str, RGB]]:
    out = []
    for p in trick:
        move = str(p.move).replace("T", "10") if p.move is not None else _t(locale, "pass")
        out.append((f"{seat_name(names, p.seat)} {move}", TEXT if p.move is not None else TEXT_DIM))
    return out


def _status(view: DoudizhuView, names: Sequence[str], locale: str) -> tuple[str, RGB]:
    who = fit(seat_name(names, view.to_act), T, 260)
    if view.phase is Phase.OVER:
        return _t(locale, "status.over"), ACCENT
    if view.phase is Phase.BID:
        return _t(locale, "status.bid", name=who), ACCENT
    if view.to_beat is None:
        return _t(locale, "status.lead", name=who), ACCENT
    return _t(locale, "status.follow", name=who, move=move_phrase(view.to_beat, locale)), ACCENT


def _header(draw: ImageDraw.ImageDraw, view: DoudizhuView, locale: str) -> None:
    cy = HEADER_CY
    x = MARGIN + 8 + text_width(_t(locale, "title"), T + 4) + 16  # the title is on the ground layer
    chip(draw, x, cy, _t(locale, "hand_no", hand=view.hand_no, total=view.hands_total), T, PANEL_EDGE, TEXT)
    right: float = W - MARGIN
    if view.bid:
        right -= (
            chip(
                draw,
                right,
                cy,
                _t(locale, "factor", factor=view.factor),
                T + 2,
                KOI,
                CREAM,
                pad=16,
                align="right",
            )
            + 10
        )
    if view.bombs:
        right -= (
            chip(draw, right, cy, _t(locale, "bombs", count=view.bombs), T, ACCENT, INK, align="right") + 10
        )
    if view.bid:
        chip(draw, right, cy, _t(locale, "bid", bid=view.bid), T, CREAM, INK, align="right")
    else:
        chip(draw, right, cy, _t(locale, "no_bid_yet"), T, PANEL_EDGE, TEXT, align="right")


def _kitty(img: Image.Image, draw: ImageDraw.ImageDraw, view: DoudizhuView, locale: str) -> None:
    """The kitty between the side plates: backs until the landlord takes it, then its faces."""
    gap = 10
    group_w = 3 * KITTY_W + 2 * gap
    kx = W / 2 - group_w / 2
    ky = TOP + PLATE_H - card_size(KITTY_W)[1] - 6  # its label is on the ground layer
    kitty = view.kitty
    for i in range(3):
        card = kitty[i] if kitty is not None and i < len(kitty) else None
        paste_card(img, card, kx + i * (KITTY_W + gap), ky, KITTY_W)


def _face_up(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: DoudizhuView,
    names: Sequence[str],
    fy0: float,
    locale: str,
) -> None:
    """While bidding, the card dealt face up (its holder bids first), in the middle of the felt."""
    if view.face_up is None:
        return
    fx, fy = W / 2 - KITTY_W / 2, fy0 + 70
    paste_card(img, view.face_up, fx, fy, KITTY_W, halo=ACCENT)
    label = _t(locale, "face_up")
    if view.first_bidder is not None:
        label += " · " + _t(locale, "face_up_to", name=seat_name(names, view.first_bidder))
    text(draw, (W / 2, fy + card_size(KITTY_W)[1] + 30), label, T, ACCENT, anchor="mm", max_width=520)


def _ground(view: DoudizhuView, boxes: dict[int, tuple[int, int, int, int]], locale: str) -> Image.Image:
    """The table's ground layer: the title, the felt, the plates (the acting seat's edged in
    gold) and the kitty's label, drawn once per look (:func:`render.layers.ground`)."""
    plates = [
        Panel(box, PANEL, ACCENT, width=4) if _acting(view, seat) else Panel(box, PANEL, PANEL_EDGE)
        for seat, box in boxes.items()
    ]
    shapes: tuple[Shape, ...] = (
        Label((MARGIN + 8, HEADER_CY), _t(locale, "title"), T + 4, TEXT),
        Panel(FELT, FIELD_BG, None, radius=18),
        *plates,
        Label((W / 2, TOP + 16), _t(locale, "kitty"), T, TEXT_DIM, "mm", W - 2 * SIDE_W - 60),
    )
    return ground((W, H), TABLE_BG, doudizhu_palette(), shapes, locale)


@localized
def render_table(view: DoudizhuView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The public table (PNG): three plates, the kitty, the trick, bids, multiplier and scores."""
    seats = len(view.hand_counts)
    bottom = view.seat if view.seat is not None else 0
    right_seat, left_seat = (bottom + 1) % seats, (bottom + 2) % seats
    boxes = {
        left_seat: (MARGIN, TOP, MARGIN + SIDE_W, TOP + PLATE_H),
        right_seat: (W - MARGIN - SIDE_W, TOP, W - MARGIN, TOP + PLATE_H),
        bottom: (MARGIN, H - 16 - BOTTOM_H, W - MARGIN, H - 16),
    }
    img = _ground(view, boxes, locale)
    draw = ImageDraw.Draw(img)
    _header(draw, view, locale)
    for seat, box in boxes.items():
        _plate(img, draw, view, seat, seat_name(names, seat), box, locale)
    _kitty(img, draw, view, locale)
    trick, dim = _shown_trick(view)
    fy0, fy1 = FELT[1], FELT[3]
    status, colour = _status(view, names, locale)
    sw = chip(draw, FELT[0] + 14, fy0 + 32, status, T, TABLE_BG, colour, pad=18)
    upper = (fy0 + 62, fy0 + 62 + 140)
    zones = {
        left_seat: ((MARGIN + 8, upper[0], W // 2 - 24, upper[1]), "left"),
        right_seat: ((W // 2 + 24, upper[0], W - MARGIN - 8, upper[1]), "right"),
        bottom: ((MARGIN + 150, fy1 - 146, W - MARGIN - 150, fy1 - 6), "center"),
    }
    if view.phase is Phase.BID:
        for seat, (box, align) in zones.items():
            bid = _bid_of(view, seat)
            if bid is not None:
                at = {"left": box[0] + 8, "center": (box[0] + box[2]) / 2, "right": box[2] - 8}[align]
                fill, ink = (ACCENT, INK) if bid else (PANEL_EDGE, TEXT)
                label = _t(locale, "bid", bid=bid) if bid else _t(locale, "bid_pass")
                chip(draw, at, (box[1] + box[3]) / 2, label, T + 2, fill, ink, pad=22, align=align)
        _face_up(img, draw, view, names, fy0, locale)
        return to_png(img, doudizhu_palette())
    latest: dict[int, TrickPlay] = {}
    for p in trick:
        latest[p.seat] = p
    last_play = next((p for p in reversed(trick) if p.move is not None), None)
    for seat, (box, align) in zones.items():
        play = latest.get(seat)
        _zone(
            img,
            draw,
            play,
            box,
            align,
            hot=play is last_play and not dim and play is not None,
            dim=dim,
            locale=locale,
        )
    # the trick told in order, at the right of the status
    if trick:
        room = FELT[2] - 16 - (FELT[0] + 14 + sw + 24)
        head = f"{_t(locale, 'last_trick', name=seat_name(names, _winner(trick)))}: " if dim else ""
        parts = [part for part, _ in _sequence(trick, names, locale)]
        shown = len(parts)  # the latest turns that fit, older ones left out
        while (
            shown > 1
            and text_width(head + "... › " * (shown < len(parts)) + " › ".join(parts[-shown:]), T) > room
        ):
            shown -= 1
        seq = head + "... › " * (shown < len(parts)) + " › ".join(parts[-shown:])
        text(draw, (FELT[2] - 16, fy0 + 32), seq, T, TEXT_DIM, anchor="rm", max_width=room)
    return to_png(img, doudizhu_palette())


def warm() -> None:
    """Draw every face size, back, glow and shade these images use, and the palette."""
    warm_faces({TRICK_W, KITTY_W, HAND_W, BEAT_W, SHEET_CARD_W})
    for width in (TRICK_W, KITTY_W):
        glow(width, ACCENT)
    shade(TRICK_W)
    card_back(BACK_W)
    doudizhu_palette()

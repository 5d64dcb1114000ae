"""Roppyakken images: the table after every turn (2 or 3 players) and a player's hand.

Pure functions from engine views to PNG bytes, in the Koi-Koi family (:mod:`render.hanafuda.koikoi.table`):
1200 px wide, 780 px tall for two players and 928 px for three (one more player band), legible
when Discord shows them about 550 px wide. The round sheet and the match summary live in
:mod:`render.hanafuda.roppyakken.sheets`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.cards import Card, Kind
from engine.hanafuda.roppyakken.types import LastMove, Phase, Play, RoppyakkenView, SeatScore
from render import labels as L
from render.hanafuda.faces import card_face, glow
from render.hanafuda.faces import warm as warm_faces
from render.hanafuda.koikoi.table import field_layout
from render.hanafuda.piles import HEADER_H, captured_groups
from render.hanafuda.roppyakken.common import group_headers, kind_of, score_chips, yaku_name
from render.hanafuda.roppyakken.sheets import SHEET_CARD_WIDTHS
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
from render.widgets import backs, card_height, chip, fan, fan_step, fit, panel, paste_card, text, text_width

__all__ = ["render_hand", "render_table", "warm"]

W = 1200
MARGIN = 16
MAIN_RIGHT = 932  # the sidebar starts after this
PLATE_H = 52
BAND_H = 214  # a player's band: name plate and captured pile
CAPTURED_W = 68
SIDEBAR_W = 86
HAND_W = 112
BACK_W = 48
FIELD_WIDTHS = (108, 96, 84, 76, 68, 60, 52, 44, 36)
FIELD_H = {2: 326, 3: 260}
GAJI = Card.parse("11a")
LIGHTNING = Card.parse("11d")

Kinds = Callable[[Card], Kind]


def _height(seats: int) -> int:
    return 12 + (seats - 1) * BAND_H + FIELD_H.get(seats, 260) + 228


def _last_cards(move: LastMove | None) -> frozenset[Card]:
    if move is None:
        return frozenset()
    cards = [*move.played_captured, *move.drawn_captured, move.played, move.drawn]
    return frozenset(c for c in cards if c is not None)


def _running(view: RoppyakkenView, seat: int) -> SeatScore:
    if seat < len(view.running):
        return view.running[seat]
    return SeatScore((), (), (), 0)


def _shown_in_hand(view: RoppyakkenView, seat: int) -> list[Card]:
    """Revealed teyaku cards that are still in ``seat``'s hand (not on the table anywhere)."""
    public = {*view.field, *(c for pile in view.captured for c in pile)}
    if view.pending_draw is not None:
        public.add(view.pending_draw)
    shown = {c for item in _running(view, seat).teyaku for c in item.cards}
    return sorted(c for c in shown if c not in public)[: view.hand_counts[seat]]


# --- player bands --------------------------------------------------------------------------


def _plate(draw: ImageDraw.ImageDraw, view: RoppyakkenView, seat: int, name: str, y: int,
           locale: str) -> None:
    """Name, match score against the target and dealer on the left; yaku, teyaku and the
    round's running score on the right."""
    acting = view.to_act == seat and view.phase is not Phase.OVER
    panel(draw, (MARGIN, y, MAIN_RIGHT, y + PLATE_H), edge=ACCENT if acting else PANEL_EDGE,
          width=3 if acting else 2)
    cy = y + PLATE_H // 2
    x = MARGIN + 14
    if acting:
        draw.polygon([(x, cy - 12), (x + 17, cy), (x, cy + 12)], fill=ACCENT)
        x += 26
    x += text(draw, (x, cy), name, 30, ACCENT if acting else TEXT, max_width=200) + 14
    score = L.t(locale, "render.roppyakken.score", score=view.scores[seat], target=view.rules.target)
    x += chip(draw, x, cy, score, 24, CREAM, INK) + 10
    if view.dealer == seat:
        x += chip(draw, x, cy, L.t(locale, "render.roppyakken.dealer"), 20, PANEL_EDGE, TEXT) + 8
    run = _running(view, seat)
    right = MAIN_RIGHT - 12
    if view.phase is not Phase.OVER:
        total = L.t(locale, "render.roppyakken.running", points=run.total)
        right -= chip(draw, right, cy, total, 22, PANEL_EDGE, TEXT, align="right") + 10
    items = [(yaku_name(locale, i.name), i.points, True) for i in run.teyaku]
    items += [(yaku_name(locale, i.name), i.points, False) for i in run.yaku]
    score_chips(draw, items, x + 10, right, cy, L.t(locale, "render.roppyakken.no_yaku"))


def _captured(img: Image.Image, draw: ImageDraw.ImageDraw, view: RoppyakkenView, seat: int, y: int,
              hot: frozenset[Card], kinds: Kinds, locale: str) -> None:
    """The captured groups with their card points, and the hand: backs, revealed teyaku face up."""
    hand_x = MAIN_RIGHT - 134
    cards = view.captured[seat]
    captured_groups(img, draw, cards, MARGIN + 4, hand_x - 16, y, card_w=CAPTURED_W, locale=locale, hot=hot,
                    kind_of=kinds, headers=group_headers(locale, cards, kinds))
    count = view.hand_counts[seat]
    text(draw, (hand_x, y + 15), L.t(locale, "render.roppyakken.hand", count=count), 22, TEXT, max_width=130)
    shown = _shown_in_hand(view, seat)
    hidden = count - len(shown)
    top = y + HEADER_H + 8
    # backs packed tightly, then the revealed teyaku cards spread enough to read their month tabs
    back_step = fan_step(count, BACK_W, 130, 6 if shown else 10)
    backs(img, hidden, hand_x, top, BACK_W, back_step)
    face_x = hand_x + hidden * back_step
    face_step = fan_step(len(shown), BACK_W, hand_x + 130 - face_x, 20)
    for i, c in enumerate(shown):
        paste_card(img, c, face_x + i * face_step, top, BACK_W, category=kinds(c))
    if shown:
        label = L.t(locale, "render.roppyakken.shown")
        chip(draw, hand_x + 130, top + card_height(BACK_W), label, 16, KOI, CREAM, pad=6, align="right")


def _band(img: Image.Image, draw: ImageDraw.ImageDraw, view: RoppyakkenView, seat: int, name: str, y: int, *,
          upper: bool, hot: frozenset[Card], kinds: Kinds, locale: str) -> None:
    """A player's band starting at ``y``: plate above the pile (upper) or below it (the viewer)."""
    if upper:
        _plate(draw, view, seat, name, y, locale)
        _captured(img, draw, view, seat, y + PLATE_H + 8, hot, kinds, locale)
    else:
        _captured(img, draw, view, seat, y, hot, kinds, locale)
        _plate(draw, view, seat, name, y + BAND_H - PLATE_H - 4, locale)


# --- field and sidebar ---------------------------------------------------------------------


def _field(img: Image.Image, draw: ImageDraw.ImageDraw, view: RoppyakkenView, box: tuple[int, int, int, int],
           hot: frozenset[Card], kinds: Kinds, locale: str) -> None:
    panel(draw, box, fill=FIELD_BG, edge=None, radius=18)
    cards = sorted(view.field)
    if not cards:
        empty = L.t(locale, "render.roppyakken.empty_field")
        text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), empty, 24, TEXT_DIM, anchor="mm")
        return
    pad, gap = 14, 16
    inner_w, inner_h = box[2] - box[0] - 2 * pad, box[3] - box[1] - 2 * pad - 12
    per_row, width = field_layout(len(cards), inner_w, inner_h, gap)
    width = next((size for size in FIELD_WIDTHS if size <= width), width)
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
            paste_card(img, c, x, y, width, halo=halo, category=kinds(c))
            tag, ink = (CHOICE, INK) if c in targets else (INK, CREAM)
            chip(draw, x + width / 2, y + height + 2, str(c), 17, tag, ink, pad=8, align="center")


def _sidebar(img: Image.Image, draw: ImageDraw.ImageDraw, view: RoppyakkenView, names: Sequence[str],
             height: int, kinds: Kinds, locale: str) -> None:
    left, right = 948, W - MARGIN
    mid = (left + right) / 2
    panel(draw, (left, 12, right, height - 12))
    text(draw, (mid, 42), L.t(locale, "render.roppyakken.round", round=view.round_no), 28, anchor="mm",
         max_width=right - left - 16)
    text(draw, (mid, 78), L.t(locale, "render.roppyakken.target", target=view.rules.target), 20, TEXT_DIM,
         anchor="mm", max_width=right - left - 16)
    pw = SIDEBAR_W
    ph = card_height(pw)
    px, py = left + 24, 110
    for k in (2, 1, 0):
        if view.draw_pile > k:
            paste_card(img, None, px + k * 3, py - k * 3, pw)
    if view.draw_pile <= 0:
        draw.rounded_rectangle((px, py, px + pw, py + ph), 8, outline=PANEL_EDGE, width=2)
    chip(draw, px + pw / 2, py + ph - 4, str(view.draw_pile), 30, CREAM, INK, pad=12, align="center")
    text(draw, (px + pw / 2, py + ph + 34), L.t(locale, "render.roppyakken.deck"), 20, TEXT_DIM, anchor="mm",
         max_width=pw + 30)
    if view.pending_draw is not None:
        dx = right - 24 - pw
        paste_card(img, view.pending_draw, dx, py, pw, halo=CHOICE, category=kinds(view.pending_draw))
        drawn = L.t(locale, "render.roppyakken.drawn")
        text(draw, (dx + pw / 2, py + ph + 34), drawn, 20, CHOICE, anchor="mm", max_width=pw + 30)
    _last_move(img, draw, view.last_move, names, left + 14, 318, right - 14, kinds, locale)
    _status(draw, view, names, (left + 12, height - 158, right - 12, height - 24), locale)


def _last_move(img: Image.Image, draw: ImageDraw.ImageDraw, move: LastMove | None, names: Sequence[str],
               x0: int, y: int, x1: int, kinds: Kinds, locale: str) -> None:
    if move is None:
        return
    draw.line((x0, y - 12, x1, y - 12), fill=PANEL_EDGE, width=2)
    title = f"{L.t(locale, 'render.roppyakken.last_move')} · {_name(names, move.seat)}"
    text(draw, (x0, y + 8), title, 20, TEXT, max_width=x1 - x0)
    w = CAPTURED_W - 8
    rows = ((move.played, move.played_captured, "render.roppyakken.last.played"),
            (move.drawn, move.drawn_captured, "render.roppyakken.last.drew"))
    ry = y + 30
    for card, captured, key in rows:
        if card is None:
            continue
        text(draw, (x0, ry + 12), L.t(locale, key), 18, TEXT_DIM, max_width=x1 - x0)
        paste_card(img, card, x0, ry + 26, w, category=kinds(card))
        if captured:
            ax, ay = x0 + w + 7, ry + 26 + card_height(w) / 2
            draw.polygon([(ax, ay - 9), (ax + 14, ay), (ax, ay + 9)], fill=ACCENT)
            step = fan_step(len(captured), w, x1 - (ax + 20), w + 4)
            fan(img, captured, ax + 20, ry + 26, w, step, kind_of=kinds)
        ry += card_height(w) + 36


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else ""


def _status(draw: ImageDraw.ImageDraw, view: RoppyakkenView, names: Sequence[str],
            box: tuple[int, int, int, int], locale: str) -> None:
    x0, y0, x1, _ = box
    who = fit(_name(names, view.to_act), 22, x1 - x0 - 40)
    colour: RGB = ACCENT
    if view.phase is Phase.OVER:
        line = L.t(locale, "render.roppyakken.status.over")
    elif view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        line = L.t(locale, "render.roppyakken.status.draw_choice", name=who, card=str(view.pending_draw))
        colour = CHOICE
    else:
        line = L.t(locale, "render.roppyakken.status.play", name=who)
    draw.line((x0, y0, x1, y0), fill=PANEL_EDGE, width=2)
    for i, part in enumerate(_wrap(line, 22, x1 - x0)[:4]):
        text(draw, ((x0 + x1) / 2, y0 + 26 + 30 * i), part, 22, colour, anchor="mm", max_width=x1 - x0)


def _wrap(s: str, size: int, width: float) -> list[str]:
    lines, current = [], ""
    for word in s.split(" "):
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return [*lines, current] if current else lines


def render_table(view: RoppyakkenView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The table as everyone sees it (PNG), for 2 or 3 seats.

    The viewing seat (seat 0 for spectators) sits at the bottom; the others are stacked above the
    field in play order (the next seat to play after the viewer on top).
    """
    seats = view.seats
    height = _height(seats)
    img = Image.new("RGB", (W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    bottom = view.seat if view.seat is not None else 0
    hot = _last_cards(view.last_move)
    kinds = kind_of(view.rules.sake_deer_lights)
    y = 12
    for k in range(1, seats):
        seat = (bottom + k) % seats
        _band(img, draw, view, seat, _name(names, seat), y, upper=True, hot=hot, kinds=kinds, locale=locale)
        y += BAND_H
    field_bottom = y + FIELD_H.get(seats, 260)
    _field(img, draw, view, (MARGIN, y, MAIN_RIGHT, field_bottom), hot, kinds, locale)
    _band(img, draw, view, bottom, _name(names, bottom), field_bottom + 8, upper=False, hot=hot, kinds=kinds,
          locale=locale)
    _sidebar(img, draw, view, names, height, kinds, locale)
    return to_png(img, table_palette())


# --- hand ----------------------------------------------------------------------------------


def captures(view: RoppyakkenView, kinds: Kinds) -> frozenset[Card]:
    """Cards of the hand whose legal play captures (empty when it is not this seat's turn)."""
    months = {c.month for c in view.field}
    prey = any(kinds(c) is not Kind.CHAFF or c == LIGHTNING for c in view.field)
    out = set()
    for a in view.legal_actions:
        if not isinstance(a, Play):
            continue
        if a.target is not None or a.card.month in months or (a.card == GAJI and prey):
            out.add(a.card)
    return frozenset(out)


def _hand_status(view: RoppyakkenView, hand: Sequence[Card], locale: str) -> tuple[str, bool]:
    my_turn = view.seat is not None and view.to_act == view.seat and view.phase is not Phase.OVER
    if view.hand is None:
        return L.t(locale, "render.roppyakken.hand.spectator"), False
    if my_turn and view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        return L.t(locale, "render.roppyakken.hand.draw_choice", card=str(view.pending_draw)), True
    if not hand:
        return L.t(locale, "render.roppyakken.hand.empty"), False
    if my_turn:
        return L.t(locale, "render.roppyakken.hand.your_turn"), True
    return L.t(locale, "render.roppyakken.hand.waiting"), False


def render_hand(view: RoppyakkenView, *, locale: str = "en") -> bytes:
    """The viewing seat's hand, each card with its notation (players type it in commands).

    On the seat's turn the cards that capture glow gold, the others pale (they would be laid on
    the field). Teyaku cards shown at the deal carry a vermilion chip.
    """
    hand = sorted(view.hand or ())
    kinds = kind_of(view.rules.sake_deer_lights)
    width, gap = HAND_W, 20
    height = card_height(width)
    n = max(1, len(hand))
    w = max(720, MARGIN * 2 + 24 + n * width + (n - 1) * gap)
    h = 64 + height + 56
    img = Image.new("RGB", (w, h), TABLE_BG)
    draw = ImageDraw.Draw(img)
    playable = frozenset(a.card for a in view.legal_actions if isinstance(a, Play))
    capturing = captures(view, kinds)
    shown = {c for item in (_running(view, view.seat).teyaku if view.seat is not None else ())
             for c in item.cards}
    title_w = text(draw, (MARGIN + 8, 32), L.t(locale, "render.roppyakken.hand.title"), 28)
    status, active = _hand_status(view, hand, locale)
    text(draw, (w - MARGIN - 8, 32), status, 22, CHOICE if view.phase is Phase.DRAW_CHOICE and active
         else ACCENT if active else TEXT_DIM, anchor="rm", max_width=w - title_w - 3 * MARGIN - 24)
    x0 = (w - (len(hand) * width + (len(hand) - 1) * gap)) / 2
    for i, c in enumerate(hand):
        x, y = x0 + i * (width + gap), 64
        halo = (ACCENT if c in capturing else TEXT_DIM) if c in playable else None
        paste_card(img, c, x, y, width, halo=halo, category=kinds(c))
        fill, ink = (ACCENT, INK) if halo == ACCENT else (KOI, CREAM) if c in shown else (PANEL, TEXT)
        chip(draw, x + width / 2, y + height + 26, str(c), 24, fill, ink, pad=12, align="center")
    return to_png(img, table_palette())


def warm() -> None:
    """Draw every face size, badge variant and glow these images use, and the palette.

    About two seconds, once per process; without it the first images pay for drawing faces.
    """
    odd = [Card.parse(c) for c in ("2a", "12b", "9a", "10a")]
    for width in {*FIELD_WIDTHS, CAPTURED_W, CAPTURED_W - 8, SIDEBAR_W, HAND_W, BACK_W, *SHEET_CARD_WIDTHS}:
        warm_faces(width)
        for c in odd:
            card_face(c, width, category=Kind.BRIGHT)
            card_face(c, width, category=Kind.ANIMAL)
        for colour in (ACCENT, CHOICE):
            glow(width, colour)
    glow(HAND_W, TEXT_DIM)
    table_palette()

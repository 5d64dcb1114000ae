"""Go-Stop images: the table after every turn (2 or 3 players) and a player's hand.

Pure functions from engine views to PNG bytes, in the Roppyakken family
(:mod:`render.hanafuda.roppyakken.table`)
but with the Korean hwatu look: red-bordered faces numbered by Korean month, bonus cards (jokers)
drawn as ``+2 피`` / ``+3 피``, captured piles grouped 광 / 열끗 / 띠 / 피 with the pi count.
1200 px wide; legible when Discord shows them about 550 px wide. The hand is drawn by
:mod:`render.hanafuda.gostop.hand`, the round sheet and the match summary by
:mod:`render.hanafuda.gostop.sheets`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.gostop.types import GoStopView, Phase
from render import labels as L
from render.hanafuda.faces import glow
from render.hanafuda.gostop.common import (
    CUP,
    GROUPS,
    code,
    fan,
    group_of,
    is_joker,
    korean_month,
    month_of,
    paste,
    pi_value,
    score_name,
    sort_key,
    warm_faces,
)
from render.hanafuda.gostop.sheets import SHEET_CARD_WIDTHS
from render.hanafuda.koikoi.table import field_layout
from render.hanafuda.roppyakken.common import score_chips
from render.hanafuda.roppyakken.table import _wrap
from render.hanafuda.table_palette import table_palette
from render.palette import (
    ACCENT,
    CAT_CHAFF,
    CHOICE,
    CREAM,
    FIELD_BG,
    INK,
    KOI,
    PANEL_EDGE,
    RGB,
    TABLE_BG,
    TEXT,
    TEXT_DIM,
)
from render.png import to_png
from render.widgets import card_height, chip, fan_step, fit, panel, text, text_width

__all__ = ["render_table", "warm"]

W = 1200
MARGIN = 16
MAIN_RIGHT = 932
PLATE_H = 52
BAND_H = 214
CAPTURED_W = 68
SIDEBAR_W = 86
PENDING_W = 76
HAND_W = 112
BACK_W = 48
FIELD_WIDTHS = (108, 96, 84, 76, 68, 60, 52, 44, 36)
FIELD_H = {2: 326, 3: 260}
HEADER_H = 38


def _t(locale: str, key: str, **params: object) -> str:
    return L.t(locale, f"render.gostop.{key}", **params)


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else ""


def _cup_as_pi(view: GoStopView, seat: int) -> bool:
    if view.cup_as_pi is not None:
        return view.cup_as_pi
    items = view.round_scores[seat] if seat < len(view.round_scores) else ()
    return any(i.name == "pi" and CUP in i.cards for i in items)


# --- player bands --------------------------------------------------------------------------


def _plate(draw: ImageDraw.ImageDraw, view: GoStopView, seat: int, name: str, y: int, locale: str) -> None:
    """Name, match score, dealer, Go / shake / seolsa / stolen-pi counts; the round's points and items
    on the right."""
    acting = view.to_act == seat and view.phase is not Phase.OVER
    panel(draw, (MARGIN, y, MAIN_RIGHT, y + PLATE_H), edge=ACCENT if acting else PANEL_EDGE,
          width=3 if acting else 2)
    cy = y + PLATE_H // 2
    x = MARGIN + 14
    if acting:
        draw.polygon([(x, cy - 12), (x + 17, cy), (x, cy + 12)], fill=ACCENT)
        x += 26
    x += text(draw, (x, cy), name, 30, ACCENT if acting else TEXT, max_width=190) + 12
    x += chip(draw, x, cy, _t(locale, "score", score=view.scores[seat]), 22, CREAM, INK) + 8
    if view.dealer == seat:
        x += chip(draw, x, cy, _t(locale, "dealer"), 20, PANEL_EDGE, TEXT) + 8
    counts = ((view.gos, "go", KOI, CREAM), (view.shakes, "shakes", ACCENT, INK),
              (view.seolsa, "seolsa", CHOICE, INK), (view.stolen, "stolen", CAT_CHAFF, INK))
    for values, key, fill, ink in counts:
        n = values[seat] if seat < len(values) else 0
        if n:
            x += chip(draw, x, cy, _t(locale, key, count=n), 20, fill, ink) + 8
    items = view.round_scores[seat] if seat < len(view.round_scores) else ()
    total = sum(i.points for i in items)
    right = MAIN_RIGHT - 12
    right -= chip(draw, right, cy, _t(locale, "round_points", points=total), 22,
                  ACCENT if total else PANEL_EDGE, INK if total else TEXT, align="right") + 10
    chips = [(score_name(locale, i.name), i.points, False) for i in items]
    score_chips(draw, chips, x + 6, right, cy, "")


def _groups(cards: Sequence[str], cup_as_pi: bool) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {g: [] for g, _ in GROUPS}
    for c in sorted(cards, key=sort_key):
        out[group_of(c, cup_as_pi)].append(c)
    return out


def _captured(img: Image.Image, draw: ImageDraw.ImageDraw, view: GoStopView, seat: int, y: int,
              locale: str) -> None:
    """Captured cards grouped 광 / 열끗 / 띠 / 피 (with the pi count), then the hand as backs."""
    hand_x = MAIN_RIGHT - 134
    cup = _cup_as_pi(view, seat)
    groups = _groups(view.captured[seat], cup)
    pi = sum(pi_value(c, cup) for c in groups["pi"])
    headers = {g: _t(locale, f"group.{g}", count=len(groups[g])) for g, _ in GROUPS}
    headers["pi"] = _t(locale, "group.pi", count=pi)
    size, gap, x0, x1 = 22, 18, MARGIN + 4, hand_x - 16
    max_step = CAPTURED_W * 0.56
    floor = {g: max(CAPTURED_W, text_width(headers[g], size) + size + 2) for g, _ in GROUPS}
    natural = {g: max(floor[g], CAPTURED_W + max_step * max(0, len(groups[g]) - 1)) for g, _ in GROUPS}
    avail = x1 - x0 - gap * (len(GROUPS) - 1)
    spans = dict(natural)
    if sum(natural.values()) > avail:
        extra = avail - sum(floor.values())
        stretch = sum(natural[g] - floor[g] for g in natural) or 1
        spans = {g: floor[g] + (natural[g] - floor[g]) * max(0.0, extra) / stretch for g in natural}
    x = float(x0)
    cards_y = y + HEADER_H
    dot = size * 0.8
    for g, colour in GROUPS:
        group = groups[g]
        cy = y + size * 0.7
        draw.ellipse((x, cy - dot / 2, x + dot, cy + dot / 2), fill=colour)
        text(draw, (x + dot + 6, cy), headers[g], size, TEXT if group else TEXT_DIM)
        if group:
            fan(img, group, x, cards_y, CAPTURED_W, fan_step(len(group), CAPTURED_W, spans[g], max_step))
        else:
            draw.rounded_rectangle((x, cards_y, x + CAPTURED_W, cards_y + card_height(CAPTURED_W)), 6,
                                   outline=PANEL_EDGE, width=2)
        x += spans[g] + gap
    count = view.hand_counts[seat]
    text(draw, (hand_x, y + 15), _t(locale, "hand", count=count), 22, TEXT, max_width=130)
    step = fan_step(count, BACK_W, 130, 10)
    for i in range(count):
        paste(img, None, hand_x + i * step, cards_y + 8, BACK_W)


def _band(img: Image.Image, draw: ImageDraw.ImageDraw, view: GoStopView, seat: int, name: str, y: int, *,
          upper: bool, locale: str) -> None:
    if upper:
        _plate(draw, view, seat, name, y, locale)
        _captured(img, draw, view, seat, y + PLATE_H + 8, locale)
    else:
        _captured(img, draw, view, seat, y, locale)
        _plate(draw, view, seat, name, y + BAND_H - PLATE_H - 4, locale)


# --- field and sidebar ---------------------------------------------------------------------


def _targets(view: GoStopView) -> frozenset[str]:
    """Field cards a pending choice is about (the flipped or played card's month)."""
    card = view.pending_flip if view.phase is Phase.FLIP_CHOICE else (
        view.pending_played if view.phase is Phase.CLAIM else None)
    month = month_of(card) if card is not None else None
    if month is None:
        return frozenset()
    return frozenset(c for c in view.field if month_of(c) == month)


def _field_cards(view: GoStopView) -> list[str]:
    """Field cards in Korean month order, each month's stacked jokers (the pot) right after it."""
    pot = dict(view.pot)
    out: list[str] = []
    months_done: set[int] = set()
    for c in sorted(view.field, key=sort_key):
        m = month_of(c)
        out.append(c)
        nxt = [d for d in view.field if month_of(d) == m and sort_key(d) > sort_key(c)]
        if m is not None and not nxt and m not in months_done:
            months_done.add(m)
            out.extend(pot.get(m, ()))
    for m, jokers in view.pot:
        if m not in months_done:
            out.extend(jokers)
    return out


def _field(img: Image.Image, draw: ImageDraw.ImageDraw, view: GoStopView, box: tuple[int, int, int, int],
           locale: str) -> None:
    panel(draw, box, fill=FIELD_BG, edge=None, radius=18)
    cards = _field_cards(view)
    if not cards:
        text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), _t(locale, "empty_field"), 24, TEXT_DIM,
             anchor="mm")
        return
    pad, gap = 14, 16
    inner_w, inner_h = box[2] - box[0] - 2 * pad, box[3] - box[1] - 2 * pad - 26
    per_row, width = field_layout(len(cards), inner_w, inner_h, gap)
    width = next((size for size in FIELD_WIDTHS if size <= width), width)
    rows = -(-len(cards) // per_row)
    height = card_height(width)
    top = box[1] + pad + 12 + (inner_h - rows * height - (rows - 1) * gap) / 2
    targets = _targets(view)
    stacks = set(view.stacks)
    pot_months = {m for m, _ in view.pot}
    pos: dict[int, list[tuple[float, float]]] = {}
    pot_cards = {j for _, js in view.pot for j in js}
    for r in range(rows):
        row = cards[r * per_row:(r + 1) * per_row]
        row_w = len(row) * width + (len(row) - 1) * gap
        x0 = box[0] + (box[2] - box[0] - row_w) / 2
        for i, c in enumerate(row):
            x, y = x0 + i * (width + gap), top + r * (height + gap)
            m = month_of(c) if c not in pot_cards else next(mm for mm, js in view.pot if c in js)
            if m in stacks or m in pot_months:
                pos.setdefault(m, []).append((x, y))
    for spots in pos.values():  # frames first, cards on top
        for y in sorted({yy for _, yy in spots}):
            xs = [x for x, yy in spots if yy == y]
            draw.rounded_rectangle((min(xs) - 6, y - 6, max(xs) + width + 6, y + height + 6), 10,
                                   outline=KOI, width=3)
    for r in range(rows):
        row = cards[r * per_row:(r + 1) * per_row]
        row_w = len(row) * width + (len(row) - 1) * gap
        x0 = box[0] + (box[2] - box[0] - row_w) / 2
        for i, c in enumerate(row):
            x, y = x0 + i * (width + gap), top + r * (height + gap)
            paste(img, c, x, y, width, halo=CHOICE if c in targets else None)
            tag, ink = (CHOICE, INK) if c in targets else (KOI, CREAM) if is_joker(c) else (INK, CREAM)
            chip(draw, x + width / 2, y + height + 2, code(c), 17, tag, ink, pad=8, align="center")
    for m, spots in pos.items():
        x, y = min(spots)
        key = "seolsa_stack" if m in stacks else "pot"
        chip(draw, x - 2, y - 4, _t(locale, key, month=korean_month(m)), 16, KOI, CREAM, pad=7)


def _status_line(view: GoStopView, names: Sequence[str], locale: str, width: float) -> tuple[str, RGB]:
    who = fit(_name(names, view.to_act), 22, width - 40)
    phase = view.phase
    if phase is Phase.OVER:
        return _t(locale, "status.over"), ACCENT
    if phase is Phase.FLIP_CHOICE:
        return _t(locale, "status.flip_choice", name=who, card=code(view.pending_flip or "")), CHOICE
    if phase is Phase.DECIDE:
        return _t(locale, "status.decide", name=who), KOI
    if phase is Phase.CLAIM:
        return _t(locale, "status.claim", name=who, points=view.rules.joker_win_points), CHOICE
    if phase is Phase.CUP:
        return _t(locale, "status.cup", name=who), CHOICE
    return _t(locale, "status.play", name=who), ACCENT


def _sidebar(img: Image.Image, draw: ImageDraw.ImageDraw, view: GoStopView, names: Sequence[str], height: int,
             locale: str) -> None:
    left, right = 948, W - MARGIN
    mid = (left + right) / 2
    inner = right - left - 16
    panel(draw, (left, 12, right, height - 12))
    text(draw, (mid, 42), _t(locale, "round", round=view.round_no), 28, anchor="mm", max_width=inner)
    goal = (_t(locale, "target", target=view.rules.target_score) if view.rules.target_score
            else _t(locale, "rounds", rounds=view.rules.rounds))
    text(draw, (mid, 76), goal, 20, TEXT_DIM, anchor="mm", max_width=inner)
    if view.carry > 1:
        chip(draw, mid, 106, _t(locale, "carry", factor=view.carry), 18, KOI, CREAM, align="center")
    pw, ph = SIDEBAR_W, card_height(SIDEBAR_W)
    px, py = mid - pw / 2, 132
    for k in (2, 1, 0):
        if view.pile_count > k:
            paste(img, None, px + k * 3, py - k * 3, pw)
    if view.pile_count <= 0:
        draw.rounded_rectangle((px, py, px + pw, py + ph), 8, outline=PANEL_EDGE, width=2)
    chip(draw, px + pw / 2, py + ph - 4, str(view.pile_count), 30, CREAM, INK, pad=12, align="center")
    text(draw, (mid, py + ph + 34), _t(locale, "pile"), 20, TEXT_DIM, anchor="mm", max_width=inner)
    pending = [(view.pending_played, "played"), (view.pending_flip, "flipped")]
    pending = [(c, k) for c, k in pending if c is not None]
    qy = py + ph + 70
    for i, (card, key) in enumerate(pending):
        qx = mid - (len(pending) * PENDING_W + (len(pending) - 1) * 24) / 2 + i * (PENDING_W + 24)
        colour = CHOICE if key == "flipped" and view.phase is Phase.FLIP_CHOICE else ACCENT
        text(draw, (qx + PENDING_W / 2, qy), _t(locale, key), 18, colour, anchor="mm",
             max_width=PENDING_W + 20)
        paste(img, card, qx, qy + 16, PENDING_W, halo=colour)
        chip(draw, qx + PENDING_W / 2, qy + 16 + card_height(PENDING_W) + 4, code(card), 17, colour, INK,
             pad=8, align="center")
    line, colour = _status_line(view, names, locale, right - left - 24)
    y0 = height - 158
    draw.line((left + 12, y0, right - 12, y0), fill=PANEL_EDGE, width=2)
    for i, part in enumerate(_wrap(line, 22, right - left - 24)[:4]):
        text(draw, (mid, y0 + 26 + 30 * i), part, 22, colour, anchor="mm", max_width=right - left - 24)


def _height(seats: int) -> int:
    return 12 + (seats - 1) * BAND_H + FIELD_H.get(seats, 260) + 228


def render_table(view: GoStopView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The table as everyone sees it (PNG), for 2 or 3 seats; hands are shown as backs.

    The viewing seat (seat 0 for spectators) sits at the bottom, the others above the field in
    play order. Seolsa stacks and jokers stacked on a month (the pot) are framed in vermilion;
    during a flip choice the flipped card and the field cards it may take glow cyan.
    """
    seats = view.seats
    height = _height(seats)
    img = Image.new("RGB", (W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    bottom = view.seat if view.seat is not None else 0
    y = 12
    for k in range(1, seats):
        seat = (bottom + k) % seats
        _band(img, draw, view, seat, _name(names, seat), y, upper=True, locale=locale)
        y += BAND_H
    field_bottom = y + FIELD_H.get(seats, 260)
    _field(img, draw, view, (MARGIN, y, MAIN_RIGHT, field_bottom), locale)
    _band(img, draw, view, bottom, _name(names, bottom), field_bottom + 8, upper=False, locale=locale)
    _sidebar(img, draw, view, names, height, locale)
    return to_png(img, table_palette())


def warm() -> None:
    """Draw every hwatu face size, joker, back and glow these images use, and the palette."""
    warm_faces({*FIELD_WIDTHS, CAPTURED_W, SIDEBAR_W, PENDING_W, HAND_W, BACK_W, *SHEET_CARD_WIDTHS})
    for width in {*FIELD_WIDTHS, PENDING_W}:
        for colour in (ACCENT, CHOICE):
            glow(width, colour)
    glow(HAND_W, ACCENT)
    glow(HAND_W, TEXT_DIM)
    table_palette()

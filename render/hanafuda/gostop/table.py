"""Go-Stop images: the table after every turn (2 or 3 players) and a player's hand.

Pure functions from engine views to PNG bytes, in the Roppyakken family (the
:mod:`render.hanafuda.board` layout) but with the Korean hwatu look: red-bordered faces numbered
by Korean month, bonus cards (jokers) drawn as ``+2 피`` / ``+3 피``, captured piles grouped
광 / 열끗 / 띠 / 피 with the pi count, bonus cards set apart after the pi fan. 1200 px wide and
readable when Discord shows them about 550 px wide. The hand is drawn by
:mod:`render.hanafuda.gostop.hand`, the round sheet and the match summary by
:mod:`render.hanafuda.gostop.sheets`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.cards import CARDS
from engine.hanafuda.gostop.types import GoStopView, Phase
from render import labels as L
from render.canvas import new as new_canvas
from render.fonts import localized
from render.hanafuda import board as B
from render.hanafuda import hand_row as HR
from render.hanafuda.faces import glow
from render.hanafuda.gostop.common import (
    CUP,
    GROUPS,
    code,
    face,
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
from render.hanafuda.piles import Group, pile_groups
from render.hanafuda.table_palette import table_palette
from render.palette import (
    ACCENT,
    CAT_CHAFF,
    CHOICE,
    CREAM,
    INK,
    KOI,
    PANEL_EDGE,
    RGB,
    TABLE_BG,
    TEXT,
    TEXT_DIM,
)
from render.png import to_png
from render.widgets import chip

__all__ = ["render_table", "warm"]

W = B.W
MARGIN = B.MARGIN
FIELD_H = {2: 290, 3: 250}


def _t(locale: str, key: str, **params: object) -> str:
    return L.t(locale, f"render.gostop.{key}", **params)


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else ""


def _cup_as_pi(view: GoStopView, seat: int) -> bool:
    if view.cup_as_pi is not None:
        return view.cup_as_pi
    items = view.round_scores[seat] if seat < len(view.round_scores) else ()
    return any(i.name == "pi" and CUP in i.cards for i in items)


def _paste(img: Image.Image, card: str | None, x: float, y: float, width: int, halo: RGB | None) -> None:
    paste(img, card, x, y, width, halo=halo)


def _paste_plain(
    img: Image.Image, card: str | None, x: float, y: float, width: int, halo: RGB | None
) -> None:
    paste(img, card, x, y, width, halo=halo, marks=False)


# --- player bands --------------------------------------------------------------------------


def _plate(draw: ImageDraw.ImageDraw, view: GoStopView, seat: int, name: str, y: float, locale: str) -> None:
    """Name, match score, dealer, Go / shake / seolsa / stolen-pi counts; the round's points at the
    right end, its score items before them."""
    mine = view.scores[seat]
    left = [(L.counted(locale, "render.gostop.score", mine, score=L.number(mine, locale)), CREAM, INK)]
    if view.dealer == seat:
        left.append((_t(locale, "dealer"), PANEL_EDGE, TEXT))
    counts = (
        (view.gos, "go", KOI, CREAM),
        (view.shakes, "shakes", ACCENT, INK),
        (view.seolsa, "seolsa", CHOICE, INK),
        (view.stolen, "stolen", CAT_CHAFF, INK),
    )
    for values, key, fill, ink in counts:
        n = values[seat] if seat < len(values) else 0
        if n:
            left.append((_t(locale, key, count=n), fill, ink))
    items = view.round_scores[seat] if seat < len(view.round_scores) else ()
    total = sum(i.points for i in items)
    fixed = [
        (_t(locale, "round_points", points=total), ACCENT if total else PANEL_EDGE, INK if total else TEXT)
    ]
    chips = [(f"{score_name(locale, i.name)} {i.points}", ACCENT, INK) for i in items]
    B.plate(
        draw,
        y,
        name,
        acting=view.to_act == seat and view.phase is not Phase.OVER,
        left=left,
        right=chips,
        fixed=fixed,
        locale=locale,
    )


def _groups(cards: Sequence[str], cup_as_pi: bool) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {g: [] for g, _ in GROUPS}
    for c in sorted(cards, key=sort_key):
        out[group_of(c, cup_as_pi)].append(c)
    return out


def _captured(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: GoStopView, seat: int, y: float, locale: str
) -> None:
    """Captured cards grouped 광 / 열끗 / 띠 / 피 (the pi count, bonus cards set apart), then the hand."""
    hand_x = W - MARGIN - B.HAND_BLOCK_W
    cup = _cup_as_pi(view, seat)
    groups = _groups(view.captured[seat], cup)
    pi = sum(pi_value(c, cup) for c in groups["pi"])
    out = []
    for g, colour in GROUPS:
        count = pi if g == "pi" else len(groups[g])
        cards = [c for c in groups[g] if not is_joker(c)]
        bonus = [c for c in groups[g] if is_joker(c)]
        out.append(Group(colour, _t(locale, f"group.{g}", count=count), str(count), cards, bonus))
    pile_groups(img, draw, out, MARGIN + 4, hand_x - 20, y, card_w=B.CAPTURED_W, paste=_paste_plain, size=B.T)
    count = view.hand_counts[seat]
    B.hand_block(img, draw, hand_x, y, _t(locale, "hand", count=count), count, _paste)


def _band(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GoStopView,
    seat: int,
    name: str,
    y: float,
    *,
    upper: bool,
    locale: str,
) -> None:
    if upper:
        _plate(draw, view, seat, name, y, locale)
        _captured(img, draw, view, seat, y + B.PLATE_H + 6, locale)
    else:
        _captured(img, draw, view, seat, y, locale)
        _plate(draw, view, seat, name, y + B.BAND_H - B.PLATE_H, locale)


# --- field ---------------------------------------------------------------------------------


def _targets(view: GoStopView) -> frozenset[str]:
    """Field cards a pending choice is about (the flipped or played card's month)."""
    card = (
        view.pending_flip
        if view.phase is Phase.FLIP_CHOICE
        else (view.pending_played if view.phase is Phase.CLAIM else None)
    )
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


def _field(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: GoStopView, y0: float, y1: float, locale: str
) -> None:
    """The field in Korean month order with the code chips; seolsa stacks and the pot framed in
    vermilion; the pile, and the played / flipped cards waiting for a choice, at the right end."""
    cards = _field_cards(view)
    B.field_panel(draw, (MARGIN, y0, W - MARGIN, y1), None if cards else _t(locale, "empty_field"))
    deck_x = W - MARGIN - 24 - B.DECK_W
    B.deck(img, draw, deck_x, y0, y1, view.pile_count, _t(locale, "pile"), _paste)
    right = deck_x - 24
    for card, key in ((view.pending_flip, "flipped"), (view.pending_played, "played")):
        if card is None:
            continue
        colour = CHOICE if key == "flipped" and view.phase is Phase.FLIP_CHOICE else ACCENT
        right -= B.DECK_W
        B.pending(img, draw, right, y0, y1, card, code(card), _t(locale, key), colour, _paste)
        right -= 24
    if not cards:
        return
    targets = _targets(view)
    stacks = set(view.stacks)
    pot_months = {m for m, _ in view.pot}
    pot_of = {j: m for m, js in view.pot for j in js}
    shown = []
    for c in cards:
        fill, ink = (CHOICE, INK) if c in targets else (KOI, CREAM) if is_joker(c) else (INK, CREAM)
        shown.append(B.FieldCard(c, code(c), CHOICE if c in targets else None, fill, ink))

    def frames(places: list[tuple[B.FieldCard, float, float, int]]) -> None:
        spots: dict[int, list[tuple[float, float, int]]] = {}
        for fc, x, y, w in places:
            m = pot_of.get(fc.card, month_of(fc.card))
            if m is not None and (m in stacks or m in pot_months):
                spots.setdefault(m, []).append((x, y, w))
        for m, where in spots.items():
            for row_y in sorted({yy for _, yy, _ in where}):
                xs = [(x, w) for x, yy, w in where if yy == row_y]
                x0, x1 = min(x for x, _ in xs), max(x + w for x, w in xs)
                h = round(xs[0][1] * 1.6)
                draw.rounded_rectangle(
                    (x0 - 6, row_y - 6, x1 + 6, row_y + h + B.CHIP_BELOW + 2), 10, outline=KOI, width=4
                )
            key = "seolsa_stack" if m in stacks else "pot"
            x, y, _ = min(where, key=lambda p: (p[1], p[0]))
            labels.append((x - 4, y - 8, _t(locale, key, month=korean_month(m))))

    labels: list[tuple[float, float, str]] = []
    B.field_grid(img, draw, (MARGIN, y0, right, y1), shown, _paste, frames, max_w=B.field_max_w(view.seats))
    for x, y, label in labels:
        chip(draw, x, y, label, B.T, KOI, CREAM, pad=8)


def _status(view: GoStopView, names: Sequence[str], locale: str) -> tuple[str, RGB]:
    who = B.status_name(names, view.to_act)
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


def _height(seats: int) -> int:
    return 10 + B.HEADER_H + seats * (B.GAP + B.BAND_H) + B.GAP + FIELD_H.get(seats, 250) + 12


@localized
def render_table(view: GoStopView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The table as everyone sees it (PNG), for 2 or 3 seats; hands are shown as backs.

    The viewing seat (seat 0 for spectators) sits at the bottom, the others above the field in
    play order. Seolsa stacks and jokers stacked on a month (the pot) are framed in vermilion;
    during a flip choice the flipped card and the field cards it may take glow cyan.
    """
    seats = view.seats
    img = new_canvas((W, _height(seats)), TABLE_BG, table_palette())
    draw = ImageDraw.Draw(img)
    bottom = view.seat if view.seat is not None else 0
    goal = (
        _t(locale, "target", target=view.rules.target_score)
        if view.rules.target_score
        else _t(locale, "rounds", rounds=view.rules.rounds)
    )
    if view.carry > 1:
        goal += " · " + _t(locale, "carry", factor=view.carry)
    B.header(draw, _t(locale, "round", round=view.round_no), goal, *_status(view, names, locale))
    y = 10 + B.HEADER_H + B.GAP
    for k in range(1, seats):
        seat = (bottom + k) % seats
        _band(img, draw, view, seat, _name(names, seat), y, upper=True, locale=locale)
        y += B.BAND_H + B.GAP
    field_h = FIELD_H.get(seats, 250)
    _field(img, draw, view, y, y + field_h, locale)
    _band(img, draw, view, bottom, _name(names, bottom), y + field_h + B.GAP, upper=False, locale=locale)
    return to_png(img, table_palette())


CARDS_TEXT = tuple(str(c) for c in CARDS)


def warm() -> None:
    """Draw every hwatu face size, joker, back and glow these images use, and the palette."""
    warm_faces({B.BACK_W, *SHEET_CARD_WIDTHS})
    # the faces as the table and the hand print them (marks too small there left out), last
    warm_faces({*B.FIELD_WIDTHS, B.DECK_W}, B.W)
    warm_faces({HR.HAND_W}, HR.HAND_IMG_W)
    for c in CARDS_TEXT:
        face(c, B.CAPTURED_W, marks=False)
    for width in {*B.FIELD_WIDTHS, B.DECK_W, B.CAPTURED_W}:
        for colour in (ACCENT, CHOICE):
            glow(width, colour)
    glow(HR.HAND_W, ACCENT)
    glow(HR.HAND_W, TEXT_DIM)
    table_palette()

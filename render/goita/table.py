"""The Goita Shogi table (2, 3 or 4 players).

A pure function from :class:`~engine.goita.types.GoitaView` to PNG bytes: one row per
seat in seat (turn) order: the name, the team (A = seats 1 & 3, B = seats 2 & 4 with four
players; each seat alone otherwise), pieces left in hand, leader / dealer / pass markers, then
the seat's laid pieces left to right in pairs (the face-down or blocking piece, then the attack).
Another seat's face-down piece is always a plain back: the view never holds it, and
:func:`slot_drawings` says what every place draws. A seat's own face-down pieces are backs with
their kanji in a small disc. 1200 px wide, legible when Discord shows it about 550 px wide.
A player's hand is drawn by :mod:`render.goita.hand`, the round sheet and the match summary by
:mod:`render.goita.sheets`, the memory mode by :mod:`render.goita.memory`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.goita.types import GoitaView, Phase, Piece
from render import labels as L
from render.canvas import paste as paste_layer
from render.canvas import together
from render.fonts import font, localized
from render.goita.hand import HAND_MAX_W
from render.goita.layout import CHIP_H, MARGIN, T, W
from render.goita.memory import warm as warm_memory
from render.goita.palette import goita_palette
from render.goita.pieces import (
    PIECE_LETTERS,
    SEED_VALUES,
    _t,
    glow,
    glow_margin,
    paste_piece,
    piece_back,
    piece_face,
    piece_height,
    piece_name,
    slot_outline,
    team_colour,
    team_label,
    values_of,
)
from render.goita.sheets import warm as warm_sheets
from render.labels import seat_name
from render.layers import Bar, Panel, ground
from render.palette import ACCENT, CHOICE, CREAM, INK, PANEL, PANEL_EDGE, RGB, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import chip, fit, panel, text, text_width

__all__ = ["render_table", "slot_drawings", "warm"]

HEADER_H = 66
STATUS_H = 62
LABEL_W = 370
PAIR_GAP = 5
GROUP_GAP = 20
ROW_PAD = 12
ROW_GAP = 10
TABLE_SLOTS = (8, 10, 12)


def slots_per_row(view: GoitaView) -> int:
    """How many places a row needs: the most pieces any seat was dealt this round (8, 10 or 12)."""
    dealt = max((len(row) + n for row, n in zip(view.tables, view.hand_counts, strict=True)), default=8)
    return max(8, dealt + dealt % 2)


def piece_width(slots: int) -> int:
    avail = W - 2 * MARGIN - LABEL_W - 2 * ROW_PAD
    groups = (slots + 1) // 2
    return int((avail - (slots // 2) * PAIR_GAP - (groups - 1) * GROUP_GAP) / slots)


def slot_drawings(view: GoitaView) -> tuple[tuple[tuple[str, Piece | None, bool], ...], ...]:
    """What each laid place draws, per seat: ``("face", piece, gyoku)``, ``("own", piece, gyoku)``
    (the viewer's own face-down piece, a back with its kanji) or ``("back", None, False)``.

    ``gyoku`` marks the second King seen (drawn 玉). Another seat's face-down piece is always a
    back: the view does not even hold it. A view with no seat that holds face-down pieces is a
    finished match's replay (every piece shown, ``cogs.replay``): they draw as the owner sees them.
    """
    kings = 0
    out = []
    for seat, row in enumerate(view.tables):
        drawn: list[tuple[str, Piece | None, bool]] = []
        for slot in row:
            if slot.piece is None:
                drawn.append(("back", None, False))
                continue
            gyoku = False
            if slot.piece is Piece.K:
                gyoku = kings == 1
                kings += 1
            own = not slot.face_up and view.seat in (seat, None)
            drawn.append(("own" if own else "face", slot.piece, gyoku))
        out.append(tuple(drawn))
    return tuple(out)


def _attack_slot(view: GoitaView) -> int | None:
    """Index of the attack piece in the attacker's row (its last face-up piece)."""
    if view.attacker is None or view.attack is None:
        return None
    row = view.tables[view.attacker]
    for i in range(len(row) - 1, -1, -1):
        if row[i].face_up:
            return i
    return None


def _passed(view: GoitaView) -> frozenset[int]:
    """Seats that passed on the current attack (they follow the attacker in turn order)."""
    if view.attacker is None or view.phase is Phase.OVER:
        return frozenset()
    return frozenset((view.attacker + k) % view.seats for k in range(1, view.passes + 1))


def _status(view: GoitaView, names: Sequence[str], locale: str) -> str:
    who = seat_name(names, view.to_act)
    phase = view.phase
    if phase is Phase.OVER or view.to_act is None:
        return _t(locale, "status.over")
    if phase is Phase.ASK:
        return _t(locale, "status.ask", name=who)
    if phase is Phase.CONSENT:
        return _t(locale, "status.consent", name=who, asker=seat_name(names, view.redeal_asker))
    if phase is Phase.DOWN:
        return _t(locale, "status.down", name=who)
    if phase is Phase.ATTACK:
        return _t(locale, "status.attack", name=who)
    piece = piece_name(locale, view.attack) if view.attack is not None else ""
    return _t(locale, "status.respond", name=who, piece=piece, attacker=seat_name(names, view.attacker))


def _header(draw: ImageDraw.ImageDraw, view: GoitaView, names: Sequence[str], locale: str) -> None:
    cy = HEADER_H // 2 + 2
    x: float = MARGIN + 6
    x += text(draw, (x, cy), _t(locale, "round", round=view.round_no), T + 4) + 16
    x += chip(draw, x, cy, _t(locale, "target", target=view.rules.target_score), T, PANEL_EDGE, TEXT) + 8
    if view.set_aside and view.seats != 4:
        key = "aside" if view.seats == 2 else "removed"
        chip(draw, x, cy, _t(locale, key, count=view.set_aside), T, PANEL, TEXT_DIM)
    if view.seats != 4:
        return
    right: float = W - MARGIN
    room = (right - x) / 2 - 10 - 2 * 14
    labels = [f"{team_label(locale, view.seats, team, names)}  {view.scores[team]}" for team in (0, 1)]
    if any(text_width(label, T) > room for label in labels):  # the rows name each seat's team
        labels = [
            f"{team_label(locale, view.seats, team, names, short=True)}  {view.scores[team]}"
            for team in (0, 1)
        ]
    for team in (1, 0):
        label = fit(labels[team], T, room)
        right -= chip(draw, right, cy, label, T, team_colour(team), INK, align="right", pad=14) + 10


def _lines(
    chips: Sequence[tuple[str, RGB, RGB]], x_first: float, x0: float, x1: float
) -> list[list[tuple[str, RGB, RGB]]]:
    """Chips laid left to right, the first line from ``x_first`` (after the name), the next ones
    from ``x0``, a new line each time ``x1`` is reached."""
    lines: list[list[tuple[str, RGB, RGB]]] = [[]]
    x = x_first
    for c in chips:
        w = text_width(c[0], T) + 2 * (T // 2)
        if x + w > x1 and (lines[-1] or x > x0):
            lines.append([])
            x = x0
        lines[-1].append(c)
        x += w + 8
    return lines


def _flow(
    draw: ImageDraw.ImageDraw,
    chips: Sequence[tuple[str, RGB, RGB]],
    x_first: float,
    x0: float,
    x1: float,
    cy: float,
) -> None:
    """Chips left to right (see :func:`_lines`), one line every ``CHIP_H + 8`` px from ``cy`` down."""
    for i, line in enumerate(_lines(chips, x_first, x0, x1)):
        x = x_first if i == 0 else x0
        for label, fill, ink in line:
            x += chip(draw, x, cy, fit(label, T, x1 - x0 - T), T, fill, ink) + 8
        cy += CHIP_H + 8


def _name_end(view: GoitaView, seat: int, names: Sequence[str]) -> float:
    """Where the chips may start on the name's line: after the ▶ and the name."""
    x = MARGIN + 22 + (28 if view.to_act == seat and view.phase is not Phase.OVER else 0)
    return x + min(text_width(seat_name(names, seat), T + 2), LABEL_W - (x - MARGIN) - 8) + 16


def _row_height(view: GoitaView, seat: int, pw: int, names: Sequence[str], locale: str) -> int:
    """A seat's row: its name and chips, or its pieces with their glow, whichever is taller."""
    lines = _lines(
        _chips(view, seat, names, locale), _name_end(view, seat, names), MARGIN + 22, MARGIN + LABEL_W
    )
    return max(20 + len(lines) * (CHIP_H + 8), piece_height(pw) + 2 * glow_margin(pw) + 8)


def _chips(view: GoitaView, seat: int, names: Sequence[str], locale: str) -> list[tuple[str, RGB, RGB]]:
    """A seat's chips under its name: team (or score), pieces in hand, leader, dealer, passed, attacking."""
    colour = team_colour(view.teams[seat])
    if view.seats == 4:
        first = team_label(locale, view.seats, view.teams[seat], names, short=True)
    else:
        team_score = view.scores[view.teams[seat]]
        first = L.counted(locale, "render.goita.score", team_score, score=L.number(team_score, locale))
    chips = [(first, colour, INK), (_t(locale, "hand", count=view.hand_counts[seat]), CREAM, INK)]
    if seat == view.leader:
        chips.append((_t(locale, "leader"), PANEL_EDGE, TEXT))
    if seat == view.dealer:
        chips.append((_t(locale, "dealer"), PANEL_EDGE, TEXT))
    if seat in _passed(view):
        chips.append((_t(locale, "passed"), TEXT_DIM, INK))
    if view.attacker == seat and view.attack is not None:
        chips.append((_t(locale, "attacking"), ACCENT, INK))
    return chips


def _row(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GoitaView,
    seat: int,
    y: int,
    h: int,
    pw: int,
    slots: int,
    drawn: Sequence[tuple[str, Piece | None, bool]],
    names: Sequence[str],
    locale: str,
) -> None:
    acting = _acting(view, seat)  # its panel and team stripe are drawn by _ground
    x = MARGIN + 22
    cy = y + 14 + CHIP_H / 2
    if acting:
        draw.polygon([(x, cy - 13), (x + 18, cy), (x, cy + 13)], fill=ACCENT)
        x += 28
    name_colour = ACCENT if acting else TEXT
    text(draw, (x, cy), seat_name(names, seat), T + 2, name_colour, max_width=LABEL_W - (x - MARGIN) - 8)
    chips = _chips(view, seat, names, locale)
    _flow(draw, chips, _name_end(view, seat, names), MARGIN + 22, MARGIN + LABEL_W, cy)
    # The laid pieces, in pairs.
    values = values_of(view)
    attack_at = _attack_slot(view) if view.attacker == seat else None
    ph = piece_height(pw)
    top = y + (h - ph) // 2
    x0 = MARGIN + LABEL_W + ROW_PAD
    with together(img):  # the attack piece's glow reaches its neighbours
        _slots(img, drawn, slots, x0, top, pw, values, attack_at)


def _slots(
    img: Image.Image,
    drawn: Sequence[tuple[str, Piece | None, bool]],
    slots: int,
    x0: float,
    top: int,
    pw: int,
    values: Sequence[int],
    attack_at: int | None,
) -> None:
    for i in range(slots):
        px = x0 + i * pw + (i // 2) * GROUP_GAP + ((i + 1) // 2) * PAIR_GAP
        if i >= len(drawn):
            o = slot_outline(pw, PANEL_EDGE)
            paste_layer(img, ("goita slot", pw, PANEL_EDGE), o, round(px), top)
            continue
        kind, piece, gyoku = drawn[i]
        if kind == "back":
            paste_piece(img, None, px, top, pw)
        else:
            assert piece is not None
            paste_piece(
                img,
                piece,
                px,
                top,
                pw,
                face_up=kind == "face",
                variant=gyoku,
                initial=PIECE_LETTERS[piece],
                value=values[piece],
                halo=ACCENT if i == attack_at else None,
            )


def _acting(view: GoitaView, seat: int) -> bool:
    return view.to_act == seat and view.phase is not Phase.OVER


def _ground(view: GoitaView, heights: Sequence[int], height: int) -> Image.Image:
    """The table's ground layer: each seat's row panel and its team's stripe, drawn once per look
    (:func:`render.layers.ground`); the acting seat's panel, edged in gold, is drawn again over
    its own (the same shape: it covers it whole), so that the look does not depend on whose turn
    it is."""
    shapes: list[Panel | Bar] = []
    for seat, (y, row_h) in enumerate(_row_tops(heights)):
        shapes.append(Panel((MARGIN, y, W - MARGIN, y + row_h), PANEL, PANEL_EDGE))
        shapes.append(_stripe(view, seat, y, row_h))
    img = ground((W, height), TABLE_BG, goita_palette(), shapes, None)
    for seat, (y, row_h) in enumerate(_row_tops(heights)):
        if _acting(view, seat):
            draw = ImageDraw.Draw(img)
            panel(draw, (MARGIN, y, W - MARGIN, y + row_h), edge=ACCENT, width=3)
            stripe = _stripe(view, seat, y, row_h)
            draw.rounded_rectangle(stripe.box, stripe.radius, fill=stripe.fill)
    return img


def _row_tops(heights: Sequence[int]) -> list[tuple[int, int]]:
    """Each row's top and height."""
    out, y = [], HEADER_H
    for row_h in heights:
        out.append((y, row_h))
        y += row_h + ROW_GAP
    return out


def _stripe(view: GoitaView, seat: int, y: int, row_h: int) -> Bar:
    return Bar((MARGIN + 3, y + 10, MARGIN + 9, y + row_h - 10), 3, team_colour(view.teams[seat]))


@localized
def render_table(view: GoitaView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The table: one row per seat with its laid pieces, the attack piece glowing, whose turn."""
    slots = slots_per_row(view)
    pw = piece_width(slots)
    heights = [_row_height(view, seat, pw, names, locale) for seat in range(view.seats)]
    status = _status(view, names, locale)
    attack = ""
    if view.attack is not None and view.phase is not Phase.OVER:
        name = seat_name(names, view.attacker)
        attack = _t(locale, "attack_piece", piece=piece_name(locale, view.attack), name=name)
    attack_w = text_width(attack, T) + 2 * (T // 2) + 14 if attack else 0
    # the status goes under the attack chip when both do not fit on one line
    two_lines = MARGIN + 8 + attack_w + text_width(status, T) > W - MARGIN
    height = HEADER_H + sum(h + ROW_GAP for h in heights) + STATUS_H + (CHIP_H + 6 if two_lines else 0)
    img = _ground(view, heights, height)
    draw = ImageDraw.Draw(img)
    _header(draw, view, names, locale)
    drawn = slot_drawings(view)
    y = HEADER_H
    for seat, row_h in enumerate(heights):
        _row(img, draw, view, seat, y, row_h, pw, slots, drawn[seat], names, locale)
        y += row_h + ROW_GAP
    cy = y + STATUS_H // 2 - 6
    x: float = MARGIN + 8
    if attack:
        chip(draw, x, cy, fit(attack, T, W - 2 * MARGIN - 40), T, ACCENT, INK)
        if two_lines:
            cy += CHIP_H + 6
        else:
            x += attack_w
    text(draw, (x, cy), status, T, TEXT, max_width=W - MARGIN - x)
    return to_png(img, goita_palette())


def warm() -> None:
    """Draw and cache every piece at the sizes the images use, and the palette."""
    goita_palette()
    table_widths = tuple(piece_width(n) for n in TABLE_SLOTS)
    for width in (*table_widths, HAND_MAX_W, 100):
        for p in Piece:
            piece_back(width, p)
            piece_back(width, p, variant=True)
            piece_face(p, width, initial=PIECE_LETTERS[p], value=SEED_VALUES[p])
            piece_face(p, width, initial=PIECE_LETTERS[p], value=SEED_VALUES[p], variant=True)
        piece_back(width)
        slot_outline(width, PANEL_EDGE)
        glow(width, ACCENT)
        glow(width, CHOICE)
    for size in (T, T + 2, T + 4):
        font(size)
    _t("en", "round", round=1)
    warm_memory()
    warm_sheets()

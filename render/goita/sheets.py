"""Goita score sheets: the end of a round (who finished with what, the items and the double,
every seat's face-down pieces, the points per team) and the end of the match (one line per
round, the totals, the winners). Scores are per team: two teams with four players, one per seat
otherwise."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.goita.types import Piece, RoundResult
from render import labels as L
from render.fonts import localized
from render.goita.palette import goita_palette
from render.goita.pieces import (
    PIECE_LETTERS,
    SEED_VALUES,
    _t,
    paste_piece,
    piece_face,
    piece_height,
    piece_name,
    team_colour,
    team_label,
)
from render.labels import seat_name, signed
from render.palette import ACCENT, CREAM, INK, PANEL, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.rating_change import Ratings, draw_rating_list, list_height
from render.widgets import chip, fit, min_size, panel, text, text_width

W = 1200
MARGIN = 16
T = min_size(W)  # every text (32 px): readable when the sheet is shown 550 px wide
LINE_H = round(T * 1.5)
BIG_W = 124
REVEAL_W = 64
DOWN_W = 56
SUMMARY_W = 44
SHEET_WIDTHS = (BIG_W, REVEAL_W, DOWN_W, SUMMARY_W)


def _seats(names: Sequence[str], scores: Sequence[int]) -> int:
    """Seats at the table: four when two team totals go with four names, else one score per seat."""
    return 4 if len(scores) == 2 and len(names) == 4 else max(len(scores), 2)


def item_name(locale: str, name: str) -> str:
    return L.label(locale, f"render.goita.item.{name}", name.replace("_", " ").capitalize())


def _team_rows(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    points: Sequence[int],
    scores: Sequence[int],
    names: Sequence[str],
    seats: int,
    winner_team: int | None,
    locale: str,
) -> int:
    """One line per team: colour stripe, name, the round's points, the match total."""
    row_h = round(T * 1.45) + 16
    for team, total in enumerate(scores):
        top = y + team * (row_h + 8)
        win = team == winner_team
        panel(
            draw,
            (MARGIN, top, W - MARGIN, top + row_h),
            edge=ACCENT if win else PANEL_EDGE,
            width=3 if win else 2,
        )
        draw.rounded_rectangle((MARGIN + 3, top + 8, MARGIN + 9, top + row_h - 8), 3, fill=team_colour(team))
        cy = top + row_h / 2
        text(draw, (MARGIN + 24, cy), team_label(locale, seats, team, names), T, TEXT, max_width=640)
        got = points[team] if team < len(points) else 0
        chip(
            draw,
            W - MARGIN - 240,
            cy,
            signed(got),
            T,
            ACCENT if got else PANEL_EDGE,
            INK if got else TEXT,
            align="right",
            pad=14,
        )
        text(
            draw,
            (W - MARGIN - 24, cy),
            _t(locale, "sheet.total", total=total),
            T,
            ACCENT if win else TEXT,
            anchor="rm",
        )
    return len(scores) * (row_h + 8)


def _face_down_height(result: RoundResult) -> int:
    if not any(result.face_down):
        return 0
    rows = (len(result.face_down) + 1) // 2
    return 56 + rows * (piece_height(DOWN_W) + 14)


def _face_down(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    result: RoundResult,
    names: Sequence[str],
    locale: str,
) -> None:
    """Every seat's face-down pieces, two seats a row: face down « jusqu'à la fin de la manche »,
    so the round's sheet shows them all (the finisher's double is the last of its row)."""
    panel(draw, (MARGIN, y, W - MARGIN, y + _face_down_height(result)), fill=PANEL)
    title = L.label(locale, "render.goita.sheet.face_down", "Face-down pieces")
    text(draw, (MARGIN + 24, y + 28), title, T, TEXT)
    seats = len(result.face_down)
    ph = piece_height(DOWN_W)
    col_w = (W - 2 * MARGIN - 48) // 2
    for seat, pieces in enumerate(result.face_down):
        x = MARGIN + 24 + (seat % 2) * col_w
        top = y + 50 + (seat // 2) * (ph + 14)
        cy = top + ph / 2
        team = seat % 2 if seats == 4 else seat
        draw.rounded_rectangle((x, top + 8, x + 6, top + ph - 8), 3, fill=team_colour(team))
        ink = ACCENT if seat == result.winner else TEXT
        text(draw, (x + 16, cy), seat_name(names, seat), T, ink, max_width=180)
        if not pieces:
            text(draw, (x + 206, cy), "—", T, TEXT_DIM)
        for i, p in enumerate(pieces):
            paste_piece(img, p, x + 206 + i * (DOWN_W + 6), top, DOWN_W, initial=PIECE_LETTERS[p])


@localized
def render_round_sheet(
    result: RoundResult, *, names: tuple[str, ...], scores: tuple[int, ...], locale: str = "en"
) -> bytes:
    """End-of-round sheet. ``scores`` are the match totals per team after this round."""
    seats = _seats(names, scores)
    bh = piece_height(BIG_W)
    lines = [(item_name(locale, i.name), str(i.points)) for i in result.items]
    lines += [(item_name(locale, m.name), f"×{m.points}") for m in result.multipliers]
    body_h = max(bh + 40, 76 + LINE_H * len(lines) + 60)
    down_h = _face_down_height(result)
    # The face-down panel already shows a double's piece; ``revealed`` alone is a teyaku hand.
    reveal_h = piece_height(REVEAL_W) + 70 if result.revealed and not down_h else 0
    teams_h = len(scores) * (round(T * 1.45) + 24)
    height = 104 + body_h + 14 + sum(h + 14 for h in (down_h, reveal_h) if h) + teams_h + 16
    img = Image.new("RGB", (W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    got = result.points[result.team] if result.team < len(result.points) else 0
    banner = _t(locale, "sheet.winner", name=team_label(locale, seats, result.team, names), points=got)
    if text_width(banner, T) > W / 2 - MARGIN - 32:  # the team rows below name the partners
        short = team_label(locale, seats, result.team, names, short=True)
        banner = _t(locale, "sheet.winner", name=short, points=got)
    bw = chip(
        draw,
        W - MARGIN,
        40,
        fit(banner, T, W / 2 - MARGIN - 32),
        T,
        team_colour(result.team),
        INK,
        align="right",
        pad=16,
    )
    title = _t(locale, "sheet.title", round=result.round_no)
    text(draw, (MARGIN + 8, 38), title, T + 4, max_width=W - bw - 60)
    text(
        draw,
        (MARGIN + 8, 82),
        item_name(locale, f"reason_{result.reason}"),
        T,
        TEXT_DIM,
        max_width=W - 2 * MARGIN - 16,
    )
    y = 104
    panel(draw, (MARGIN, y, W - MARGIN, y + body_h), edge=ACCENT)
    x = MARGIN + 24
    if result.piece is not None:
        paste_piece(
            img,
            result.piece,
            x,
            y + (body_h - bh) / 2,
            BIG_W,
            initial=PIECE_LETTERS[result.piece],
            value=_value(result, result.piece),
        )
        x += BIG_W + 28
    if result.piece is not None:
        headline = _t(
            locale,
            "sheet.finished",
            name=seat_name(names, result.winner),
            piece=piece_name(locale, result.piece),
        )
    else:
        headline = _t(locale, "sheet.teyaku", name=seat_name(names, result.winner))
    text(draw, (x, y + 38), headline, T + 2, TEXT, max_width=W - MARGIN - x - 20)
    ly = y + 90
    for label, value in lines:
        text(draw, (x + 8, ly), label, T, TEXT, max_width=520)
        text(draw, (x + 640, ly), value, T, ACCENT, anchor="rm")
        ly += LINE_H
    draw.line((x, ly - 14, x + 660, ly - 14), fill=PANEL_EDGE, width=2)
    text(draw, (x + 8, ly + 14), _t(locale, "sheet.points"), T, TEXT)
    text(draw, (x + 640, ly + 12), str(got), T, ACCENT, anchor="rm")
    y += body_h + 14
    if down_h:
        _face_down(img, draw, y, result, names, locale)
        y += down_h + 14
    if reveal_h:
        panel(draw, (MARGIN, y, W - MARGIN, y + reveal_h), fill=PANEL)
        text(
            draw,
            (MARGIN + 24, y + 26),
            _t(locale, "sheet.revealed", name=seat_name(names, result.winner)),
            T,
            TEXT,
        )
        for i, p in enumerate(result.revealed):
            paste_piece(
                img,
                p,
                MARGIN + 24 + i * (REVEAL_W + 8),
                y + 50,
                REVEAL_W,
                initial=PIECE_LETTERS[p],
                value=_value(result, p),
            )
        y += reveal_h + 14
    _team_rows(img, draw, y, result.points, scores, names, seats, result.team, locale)
    return to_png(img, goita_palette())


def _value(result: RoundResult, piece: Piece) -> int:
    """The piece's value as scored (the finish item when it is this piece), else the seed's."""
    if result.piece is piece:
        for item in result.items:
            if item.name == "finish":
                return item.points
    return SEED_VALUES[piece]


@localized
def render_match_summary(
    history: tuple[RoundResult, ...],
    *,
    names: tuple[str, ...],
    scores: tuple[int, ...],
    locale: str = "en",
    winners: tuple[int, ...] = (),
    ratings: Ratings | None = None,
) -> bytes:
    """One line per round (who finished, with what, the points per team), then the totals; the
    winning seats' team highlighted. With ``ratings`` (one per seat, rated matches only), a line
    per player under the totals: their new rating and its change (the columns are teams, a
    rating is a player's)."""
    seats = _seats(names, scores)
    teams = len(scores)
    row_h = piece_height(SUMMARY_W) + 12
    shown = history[-24:]
    rated_h = list_height(ratings, T)
    height = 110 + 52 + len(shown) * row_h + (40 if len(history) > len(shown) else 0) + 80 + 20
    height += rated_h + 36 if rated_h else 0
    img = Image.new("RGB", (W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN + 8, 40), _t(locale, "summary.title"), T + 4)
    played = len(history)
    rounds = L.counted(locale, "render.goita.summary.rounds", played, rounds=L.number(played, locale))
    text(draw, (MARGIN + 8, 82), rounds, T, TEXT_DIM)
    win_teams = {w if seats != 4 else w % 2 for w in winners}
    if winners:
        label = ", ".join(team_label(locale, seats, tm, names) for tm in sorted(win_teams))
        chip(
            draw,
            W - MARGIN,
            56,
            fit(_t(locale, "summary.winners", names=label), T, W - 2 * MARGIN - 420),
            T,
            ACCENT,
            INK,
            align="right",
            pad=16,
        )
    col_w = min(200, (W - 2 * MARGIN - 560) // max(1, teams))
    cols_x0 = W - MARGIN - 20 - teams * col_w
    y = 118
    panel(draw, (MARGIN, y, W - MARGIN, y + 52 + len(shown) * row_h + 8), edge=PANEL_EDGE)
    hy = y + 28
    text(draw, (MARGIN + 24, hy), _t(locale, "summary.round"), T, TEXT_DIM)
    text(draw, (MARGIN + 150, hy), _t(locale, "summary.finish"), T, TEXT_DIM)
    for team in range(teams):
        cx = cols_x0 + team * col_w + col_w / 2
        label = team_label(locale, seats, team, names, short=True)
        chip(draw, cx, hy, fit(label, T, col_w - T - 8), T, team_colour(team), INK, align="center")
    y += 52
    if len(history) > len(shown):
        text(
            draw,
            (MARGIN + 24, y + 16),
            _t(locale, "summary.earlier", count=len(history) - len(shown)),
            T,
            TEXT_DIM,
        )
        y += 40
    for r in shown:
        cy = y + row_h / 2
        text(draw, (MARGIN + 24, cy), str(r.round_no), T, TEXT)
        x = MARGIN + 150
        if r.piece is not None:
            paste_piece(img, r.piece, x, y + 6, SUMMARY_W)
            x += SUMMARY_W + 14
        desc = seat_name(names, r.winner)
        if any(m.name == "double" for m in r.multipliers):
            desc += f"  ·  {_t(locale, 'summary.double')}"
        if r.reason != "finish":
            desc += f"  {item_name(locale, f'reason_{r.reason}')}"
        text(draw, (x, cy), desc, T, TEXT, max_width=cols_x0 - x - 16)
        for team in range(teams):
            p = r.points[team] if team < len(r.points) else 0
            cx = cols_x0 + team * col_w + col_w / 2
            text(draw, (cx, cy), signed(p) if p else "·", T, ACCENT if p else TEXT_DIM, anchor="mm")
        y += row_h
    y += 22
    text(draw, (MARGIN + 24, y + 30), _t(locale, "summary.totals"), T, TEXT)
    for team, total in enumerate(scores):
        cx = cols_x0 + team * col_w + col_w / 2
        win = team in win_teams
        chip(
            draw,
            cx,
            y + 30,
            L.number(total, locale),
            T + 2,
            ACCENT if win else CREAM if total else PANEL_EDGE,
            INK if win or total else TEXT,
            align="center",
            pad=18,
        )
    if rated_h:
        top = y + 70
        panel(draw, (MARGIN, top, W - MARGIN, top + rated_h + 16), edge=PANEL_EDGE)
        draw_rating_list(draw, ratings, names, MARGIN + 24, W - MARGIN - 24, top + 8, T, locale)
    return to_png(img, goita_palette())


def warm() -> None:
    for p in Piece:
        piece_face(p, SUMMARY_W)
        for width in (BIG_W, REVEAL_W):
            piece_face(p, width, initial=PIECE_LETTERS[p], value=SEED_VALUES[p])
        piece_face(p, DOWN_W, initial=PIECE_LETTERS[p])

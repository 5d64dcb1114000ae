"""The Goita memory mode (solo or co-operative): the 4 × 8 grid, the captured pieces and the discard.

Rows are lettered A–D down the left edge and columns numbered 1–8 along the top, as players pick
a place "row then column" (``B5``). Face-down pieces are plain backs; the guards stand face up
with a cyan halo, the pieces turned this turn face up with a gold halo; empty places are faint
outlines. The captured pieces (the score, out of 76) and the discard are public.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.goita.memory import MAX_SCORE, VALUES, MemoryView
from engine.goita.types import Piece
from render.fonts import localized
from render.goita.palette import goita_palette
from render.goita.pieces import PIECE_LETTERS, _t, glow, paste_piece, piece_face, piece_height, slot_outline
from render.labels import seat_name
from render.palette import ACCENT, CHOICE, CREAM, INK, PANEL, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import chip, min_size, panel, text

W = 1200
MARGIN = 16
T = min_size(W)  # every text (32 px): readable when the grid is shown 550 px wide
CELL_W = 104
GAP_X = 14
GAP_Y = 18
SMALL_W = 48
ROWS = "ABCD"
GRID_W = 8 * CELL_W + 7 * GAP_X
GRID_X = (W - GRID_W) // 2 + 18
MEMORY_WIDTHS = (CELL_W, SMALL_W)


def cell_drawings(view: MemoryView) -> tuple[tuple[str, Piece | None], ...]:
    """What each of the 32 places draws: ``("empty", None)``, ``("back", None)``,
    ``("guard", piece)`` or ``("turned", piece)``. Only pieces the view shows are ever drawn."""
    out: list[tuple[str, Piece | None]] = []
    guards, turned = set(view.guards), set(view.turned)
    for pos in range(32):
        piece = view.cells[pos]
        if not view.present[pos]:
            out.append(("empty", None))
        elif piece is None:
            out.append(("back", None))
        elif pos in guards:
            out.append(("guard", piece))
        elif pos in turned:
            out.append(("turned", piece))
        else:
            out.append(("turned", piece))
    return tuple(out)


def _status(view: MemoryView, names: Sequence[str], locale: str) -> str:
    if view.phase == "over":
        return _t(locale, "memory.over", score=view.score, max=MAX_SCORE)
    who = seat_name(names, view.to_act) if view.seats > 1 else ""
    if view.phase == "discard":
        key = "memory.discard"
    else:
        key = "memory.flip_second" if view.turned else "memory.flip_first"
    line = _t(locale, key)
    return _t(locale, "memory.named", name=who, action=line) if who else line[:1].upper() + line[1:]


def _group_row(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    title: str,
    pieces: Sequence[Piece],
    locale: str,
    empty_key: str,
) -> None:
    """A panel with ``title`` and the pieces grouped by kind (one piece and ``×n``)."""
    ph = piece_height(SMALL_W)
    h = ph + 24
    panel(draw, (MARGIN, y, W - MARGIN, y + h), fill=PANEL)
    text(draw, (MARGIN + 20, y + h / 2), title, T, TEXT, max_width=290)
    x: float = MARGIN + 320
    counts = Counter(pieces)
    if not counts:
        text(draw, (x, y + h / 2), _t(locale, empty_key), T, TEXT_DIM)
        return
    for p in sorted(counts):
        paste_piece(img, p, x, y + 12, SMALL_W)
        x += SMALL_W + 6
        x += text(draw, (x, y + h / 2), f"×{counts[p]}", T, CREAM) + 16


@localized
def render_memory(view: MemoryView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The memory grid, the score out of 76, captured pieces, the discard, whose turn."""
    ph = piece_height(CELL_W)
    header_h = 70
    grid_top = header_h + 44
    grid_h = 4 * ph + 3 * GAP_Y
    small_h = piece_height(SMALL_W) + 24
    height = grid_top + grid_h + 24 + 40 + 2 * (small_h + 12) + 10
    img = Image.new("RGB", (W, height), TABLE_BG)
    draw = ImageDraw.Draw(img)
    x = MARGIN + 8 + text(draw, (MARGIN + 8, 38), _t(locale, "memory.title"), T + 4) + 30
    right = (
        W
        - MARGIN
        - chip(
            draw,
            W - MARGIN,
            38,
            _t(locale, "memory.score", score=view.score, max=MAX_SCORE),
            T,
            ACCENT,
            INK,
            align="right",
            pad=16,
        )
        - 20
    )
    for key, colour in (("memory.guard", CHOICE), ("memory.turned", ACCENT)):  # the legend of the halos
        draw.ellipse((x, 38 - 11, x + 22, 38 + 11), fill=colour)
        x += (
            30
            + text(draw, (x + 30, 38), _t(locale, key), T, TEXT_DIM, max_width=max(40, right - x - 30))
            + 20
        )
    for c in range(8):
        cx = GRID_X + c * (CELL_W + GAP_X) + CELL_W / 2
        text(draw, (cx, grid_top - 24), str(c + 1), T, TEXT_DIM, anchor="mm")
    drawn = cell_drawings(view)
    values = VALUES
    for r in range(4):
        top = grid_top + r * (ph + GAP_Y)
        text(draw, (GRID_X - 38, top + ph / 2), ROWS[r], T + 2, TEXT_DIM, anchor="mm")
        for c in range(8):
            pos = r * 8 + c
            x = GRID_X + c * (CELL_W + GAP_X)
            kind, piece = drawn[pos]
            if kind == "empty":
                o = slot_outline(CELL_W, PANEL_EDGE, 110)
                img.paste(o, (x, top), o)
            elif kind == "back":
                paste_piece(img, None, x, top, CELL_W)
            else:
                assert piece is not None
                paste_piece(
                    img,
                    piece,
                    x,
                    top,
                    CELL_W,
                    initial=PIECE_LETTERS[piece],
                    value=values[piece],
                    halo=CHOICE if kind == "guard" else ACCENT,
                )
    y = grid_top + grid_h + 30
    x = MARGIN + 8
    text(draw, (x, y), _status(view, names, locale), T, TEXT, max_width=W - MARGIN - x)
    y += 32
    _group_row(
        img,
        draw,
        y,
        _t(locale, "memory.captured", count=len(view.captured)),
        view.captured,
        locale,
        "memory.none",
    )
    y += small_h + 12
    _group_row(
        img,
        draw,
        y,
        _t(locale, "memory.discarded", count=len(view.discard)),
        view.discard,
        locale,
        "memory.none",
    )
    return to_png(img, goita_palette())


def warm() -> None:
    for p in Piece:
        piece_face(p, CELL_W, initial=PIECE_LETTERS[p], value=VALUES[p])
        piece_face(p, SMALL_W)
    for colour in (CHOICE, ACCENT):
        glow(CELL_W, colour)

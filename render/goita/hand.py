"""A Goita player's own hand: its pieces, large, highest first, each with its letter and its
name, and the attack piece on the right when there is one. A pure function from the seat's view
to PNG bytes, 1200 px wide."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.goita.types import Block, GoitaView, Piece
from render import labels as L
from render.canvas import new as new_canvas
from render.canvas import together
from render.fonts import localized
from render.goita.layout import CHIP_H, MARGIN, T, W
from render.goita.palette import goita_palette
from render.goita.pieces import PIECE_LETTERS, _t, paste_piece, piece_height, piece_name, values_of
from render.palette import ACCENT, CHOICE, INK, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import chip, panel, text, text_width

__all__ = ["HAND_MAX_W", "hand_chip_labels", "render_hand"]

HAND_MAX_W = 132


def _hand_variants(hand: Sequence[Piece]) -> list[bool]:
    """The second King of a hand is drawn 玉."""
    out, kings = [], 0
    for p in hand:
        out.append(p is Piece.K and kings == 1)
        kings += p is Piece.K
    return out


def _hand_row(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    hand: Sequence[Piece],
    top: int,
    pw: int,
    gap: int,
    ph: int,
    values: Sequence[int],
    blocks: set[Piece],
    labels: Sequence[str],
    stagger: bool,
) -> None:
    """The hand's pieces, each with its name chip below (on two rows, alternately, when the names
    are wider than the pieces); those that can block glow."""
    for i, (p, gyoku) in enumerate(zip(hand, _hand_variants(hand), strict=True)):
        px = MARGIN + 12 + i * (pw + gap)
        paste_piece(
            img,
            p,
            px,
            top,
            pw,
            variant=gyoku,
            initial=PIECE_LETTERS[p],
            value=values[p],
            halo=CHOICE if p in blocks else None,
        )
        fill, ink = (CHOICE, INK) if p in blocks else (PANEL_EDGE, TEXT)
        cy = top + ph + 6 + CHIP_H / 2 + (CHIP_H + 6) * (stagger and i % 2)
        chip(draw, px + pw / 2, cy, labels[i], T, fill, ink, align="center")


def hand_chip_labels(hand: Sequence[Piece], locale: str) -> list[str]:
    """The word under each piece of a hand (``King``, ``Roi``, ``왕``): the letter in its corner is
    the notation, the word says what the piece is to someone who does not play shogi."""
    return [_t(locale, f"chip.{p.name}") for p in hand]


@localized
def render_hand(view: GoitaView, *, locale: str = "en", owner: str | None = None) -> bytes:
    """The seat's pieces, large, highest first, each with its letter (what ``/move`` takes); the
    attack piece on the right when there is one. Pieces that can block the attack glow.
    ``owner``: the seat's player name, for an onlooker (a replay): "<owner>'s pieces (n)"."""
    hand = tuple(view.hand or ())
    values = values_of(view)
    side_w = 270 if view.attack is not None else 0
    avail = W - 2 * MARGIN - 24 - side_w
    gap = 12
    n = max(1, len(hand))
    pw = int(min(HAND_MAX_W, (avail - (n - 1) * gap) / n))
    ph = piece_height(pw)
    top = 12 + round(T * 1.6) + 10
    apw = 100
    labels = hand_chip_labels(hand, locale)
    stagger = any(text_width(label, T) + T + 6 > pw + gap for label in labels)
    chips_h = CHIP_H + (CHIP_H + 6) * stagger
    height = max(
        top + ph + chips_h + 24, 12 + round(T * 1.6) + piece_height(apw) + CHIP_H + 44 if side_w else 0
    )
    img = new_canvas((W, height), TABLE_BG, goita_palette())
    draw = ImageDraw.Draw(img)
    if owner is None:
        title = _t(locale, "hand.title", count=len(hand))
    else:
        title = L.t(locale, "render.replay_hands.goita_title", name=owner, count=len(hand))
    cy = 12 + T * 0.8
    tw = text(draw, (MARGIN + 8, cy), title, T + 2, TEXT)
    blocks = {a.piece for a in view.legal_actions if isinstance(a, Block)}
    if blocks:
        chip(draw, MARGIN + 8 + tw + 18, cy, _t(locale, "hand.can_block"), T, CHOICE, INK)
    if not hand:
        text(draw, (MARGIN + 8, top + ph / 2), _t(locale, "hand.empty"), T, TEXT_DIM)
    with together(img):  # a blocking piece's glow reaches its neighbours
        _hand_row(img, draw, hand, top, pw, gap, ph, values, blocks, labels, stagger)
    if view.attack is not None:
        x0 = W - MARGIN - side_w
        panel(draw, (x0, 10, W - MARGIN, height - 10), edge=ACCENT)
        text(
            draw,
            (x0 + side_w / 2, cy + 4),
            _t(locale, "hand.attacked"),
            T,
            ACCENT,
            anchor="mm",
            max_width=side_w - 20,
        )
        ay = 12 + round(T * 1.6) + 6
        paste_piece(
            img,
            view.attack,
            x0 + (side_w - apw) / 2,
            ay,
            apw,
            initial=PIECE_LETTERS[view.attack],
            value=values[view.attack],
        )
        text(
            draw,
            (x0 + side_w / 2, ay + piece_height(apw) + 6 + CHIP_H / 2),
            piece_name(locale, view.attack),
            T,
            TEXT,
            anchor="mm",
            max_width=side_w - 20,
        )
    return to_png(img, goita_palette())

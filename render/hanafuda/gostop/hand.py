"""Go-Stop hand image: the viewing seat's cards with notation chips and its other legal moves."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.gostop.cards import parse_card
from engine.hanafuda.gostop.types import GoStopView, Phase, Play
from render import labels as L
from render.hanafuda.gostop.common import code, is_joker, month_of, paste, sort_key
from render.hanafuda.table_palette import table_palette
from render.palette import ACCENT, CHOICE, CREAM, INK, KOI, PANEL, RGB, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import card_height, chip, text

MARGIN = 16
HAND_W = 112


def _t(locale: str, key: str, **params: object) -> str:
    return L.t(locale, f"render.gostop.{key}", **params)



def _hand_status(view: GoStopView, hand: Sequence[str], locale: str) -> tuple[str, RGB]:
    my_turn = view.seat is not None and view.to_act == view.seat and view.phase is not Phase.OVER
    if view.hand is None:
        return _t(locale, "hand.spectator"), TEXT_DIM
    if my_turn and view.phase is Phase.FLIP_CHOICE:
        return _t(locale, "hand.flip_choice", card=code(view.pending_flip or "")), CHOICE
    if my_turn and view.phase is Phase.DECIDE:
        return _t(locale, "hand.decide"), KOI
    if my_turn and view.phase is Phase.CLAIM:
        return _t(locale, "hand.claim", points=view.rules.joker_win_points), CHOICE
    if my_turn and view.phase is Phase.CUP:
        return _t(locale, "hand.cup"), CHOICE
    if not hand:
        return _t(locale, "hand.empty"), TEXT_DIM
    if my_turn:
        return _t(locale, "hand.your_turn"), ACCENT
    return _t(locale, "hand.waiting"), TEXT_DIM


def render_hand(view: GoStopView, *, locale: str = "en") -> bytes:
    """The viewing seat's hand in Korean month order, each card with its notation chip.

    On the seat's turn playable cards glow: gold when their month is on the field (they take),
    grey otherwise. Other legal moves (go, stop, shake3, bomb3, flip, claim…) are listed as chips.
    """
    hand = sorted(view.hand or (), key=sort_key)
    width, gap = HAND_W, 20
    height = card_height(width)
    n = max(1, len(hand))
    others = [code(str(a)) for a in view.legal_actions if not isinstance(a, Play)]
    w = max(760, MARGIN * 2 + 24 + n * width + (n - 1) * gap)
    h = 64 + height + 56 + (52 if others else 0)
    img = Image.new("RGB", (w, h), TABLE_BG)
    draw = ImageDraw.Draw(img)
    playable = {a.card for a in view.legal_actions if isinstance(a, Play)}
    months = {month_of(c) for c in view.field}
    title_w = text(draw, (MARGIN + 8, 32), _t(locale, "hand.title"), 28)
    status, colour = _hand_status(view, hand, locale)
    text(draw, (w - MARGIN - 8, 32), status, 22, colour, anchor="rm", max_width=w - title_w - 3 * MARGIN - 24)
    x0 = (w - (len(hand) * width + (len(hand) - 1) * gap)) / 2
    for i, c in enumerate(hand):
        x, y = x0 + i * (width + gap), 64
        halo = None
        if parse_card(c) in playable:
            halo = ACCENT if is_joker(c) or month_of(c) in months else TEXT_DIM
        paste(img, c, x, y, width, halo=halo)
        fill, ink = (ACCENT, INK) if halo == ACCENT else (KOI, CREAM) if is_joker(c) else (PANEL, TEXT)
        chip(draw, x + width / 2, y + height + 26, code(c), 24, fill, ink, pad=12, align="center")
    if others:
        cy = 64 + height + 56 + 22
        x = MARGIN + 8
        x += text(draw, (x, cy), _t(locale, "hand.moves"), 20, TEXT_DIM) + 12
        for a in others:
            x += chip(draw, x, cy, a, 22, CHOICE, INK, pad=12) + 8
    return to_png(img, table_palette())

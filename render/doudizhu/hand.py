"""A Dou Dizhu player's own hand: its cards sorted by rank then suit, its role, and the move it
has to beat (or the bid). A pure function from the seat's view to PNG bytes, 1200 px wide."""

from __future__ import annotations

from PIL import ImageDraw

from engine.doudizhu.cards import Card
from engine.doudizhu.types import DoudizhuView, Phase
from render import labels as L
from render.canvas import new as new_canvas
from render.canvas import together
from render.doudizhu.common import MARGIN, T, W, _counted, _t, badges, role_chip
from render.doudizhu.faces import card_size, paste_card
from render.doudizhu.palette import doudizhu_palette
from render.fonts import localized
from render.palette import ACCENT, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.widgets import chip, fan_step, text

__all__ = ["BEAT_W", "HAND_W", "render_hand"]

HAND_W = 112
BEAT_W = 84  # the move to beat: as large as the table's trick cards


def _to_beat_cards(view: DoudizhuView) -> tuple[Card, ...]:
    for p in reversed(view.trick):
        if p.move is not None:
            return p.cards
    return ()


def _who(view: DoudizhuView, seat: int | None, locale: str, onlooker: bool = False) -> str:
    """Who played the move to beat, seen from the hand's seat: its role and side (its role
    alone for an ``onlooker``: "on your left" would speak to the seat's player)."""
    if seat is None or view.seat is None:
        return ""
    role = badges(view)[seat]
    if onlooker and role:
        return _t(locale, role)
    seats = len(view.hand_counts)
    side = _t(locale, "hand.right" if seat == (view.seat + 1) % seats else "hand.left")
    return f"{_t(locale, role)}, {side}" if role else side


@localized
def render_hand(view: DoudizhuView, *, locale: str = "en", owner: str | None = None) -> bytes:
    """The seat's own hand sorted by rank then suit, its role, and what it has to beat.

    ``owner``: the seat's player name, for an onlooker (a replay): "<owner>'s hand" and the
    lines in the third person ("<owner> to bid", "<owner> leads").
    """
    hand = sorted(view.hand or ())
    n = len(hand)
    bh = card_size(BEAT_W)[1]
    hh = card_size(HAND_W)[1]
    row2 = 72  # the second line: what to beat (its cards on the right), or the bid
    top_h = row2 + bh + 12
    h = top_h + hh + 20
    img = new_canvas((W, h), TABLE_BG, doudizhu_palette())
    draw = ImageDraw.Draw(img)
    cy = 36
    x: float = MARGIN + 8
    x += text(draw, (x, cy), L.hand_title(locale, "render.doudizhu.hand.title", owner), T + 2) + 14
    if view.seat is not None:
        role = badges(view)[view.seat]
        if role is not None:
            x += role_chip(draw, x, cy, role, T, locale) + 10
        x += chip(draw, x, cy, _counted(locale, "hand.count", n), T, PANEL_EDGE, TEXT) + 10
    cy2 = row2 + bh / 2
    right = W - MARGIN - 8
    my_turn = view.seat is not None and view.to_act == view.seat and view.phase is not Phase.OVER
    if view.hand is None:
        text(draw, (right, cy), _t(locale, "hand.spectator"), T, TEXT_DIM, anchor="rm", max_width=right - x)
    elif view.phase is Phase.BID:
        if my_turn and owner is not None:
            line = L.t(locale, "render.replay_hands.doudizhu_bid", name=owner, bid=view.bid)
        else:
            line = _t(locale, "hand.your_bid" if my_turn else "hand.bidding", bid=view.bid)
        text(
            draw,
            (MARGIN + 8, cy2),
            line,
            T,
            ACCENT if my_turn else TEXT_DIM,
            max_width=W - 2 * MARGIN,
        )
    elif view.phase is Phase.PLAY:
        beat = _to_beat_cards(view) if view.to_beat is not None else ()
        if beat:
            step = fan_step(len(beat), BEAT_W, 560, BEAT_W + 6)
            span = BEAT_W + step * (len(beat) - 1)
            bx = right - span
            with together(img):
                for i, c in enumerate(beat):
                    paste_card(img, c, bx + i * step, row2, BEAT_W)
            label = _t(locale, "hand.to_beat", name=_who(view, view.to_beat_seat, locale, owner is not None))
            text(draw, (MARGIN + 8, cy2), label, T, ACCENT if my_turn else TEXT, max_width=bx - 32 - MARGIN)
        elif my_turn:
            if owner is None:
                lead = _t(locale, "hand.you_lead")
            else:
                lead = L.t(locale, "render.replay_hands.doudizhu_lead", name=owner)
            text(draw, (MARGIN + 8, cy2), lead, T, ACCENT)
    y = top_h
    if not hand:
        text(draw, (W / 2, y + hh / 2), _t(locale, "hand.empty"), T, TEXT_DIM, anchor="mm")
    else:
        step = fan_step(n, HAND_W, W - 2 * MARGIN - 16, HAND_W + 8)
        span = HAND_W + step * (n - 1)
        x0 = (W - span) / 2
        with together(img):
            for i, c in enumerate(hand):
                paste_card(img, c, x0 + i * step, y, HAND_W)
    return to_png(img, doudizhu_palette())

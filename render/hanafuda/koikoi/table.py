"""Koi-Koi images: the table after every turn and a player's hand.

Pure functions from engine views to PNG bytes. The table (:mod:`render.hanafuda.board` layout)
is 1200 px wide and readable when Discord shows it about 550 px wide: every text, code chip and
count is drawn at least :func:`render.widgets.min_size` of its width. The round sheet and the match
summary live in :mod:`render.hanafuda.koikoi.sheets`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.cards import CARDS as _ALL
from engine.hanafuda.cards import Card
from engine.hanafuda.koikoi.types import Capture, KoiKoiView, LastMove, Phase, Play
from render import labels as L
from render.canvas import new as new_canvas
from render.fonts import localized
from render.hanafuda import board as B
from render.hanafuda import hand_row as HR
from render.hanafuda.faces import card_back, card_face, glow
from render.hanafuda.faces import warm as warm_faces
from render.hanafuda.koikoi.sheets import SHEET_CARD_WIDTHS
from render.hanafuda.piles import captured_groups
from render.hanafuda.table_palette import table_palette
from render.palette import (
    ACCENT,
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
from render.widgets import paste_card, warm_faces_on

__all__ = ["render_hand", "render_table", "warm"]

W = B.W
MARGIN = B.MARGIN
FIELD_H = 290
H = 10 + B.HEADER_H + 2 * (B.GAP + B.BAND_H) + B.GAP + FIELD_H + 12
HAND_W = 112


def _last_cards(move: LastMove | None) -> frozenset[Card]:
    if move is None:
        return frozenset()
    cards = [*move.played_captured, *move.drawn_captured, move.played, move.drawn]
    return frozenset(c for c in cards if c is not None)


def _paste(img: Image.Image, card: Card | None, x: float, y: float, width: int, halo: RGB | None) -> None:
    paste_card(img, card, x, y, width, halo=halo)


# --- player bands --------------------------------------------------------------------------


def _plate(draw: ImageDraw.ImageDraw, view: KoiKoiView, seat: int, name: str, y: float, locale: str) -> None:
    """Name, match score, dealer and koi-koi chips on the left; yaku chips on the right."""
    left = [(L.points(locale, view.scores[seat]), CREAM, INK)]
    if view.dealer == seat:
        left.append((L.t(locale, "render.dealer"), PANEL_EDGE, TEXT))
    if view.koikoi_calls[seat]:
        left.append((L.counted(locale, "render.koikoi", view.koikoi_calls[seat]), KOI, TEXT))
    yaku = [(f"{L.yaku_name(locale, y.yaku)} {y.points}", ACCENT, INK) for y in view.yaku[seat]]
    B.plate(
        draw,
        y,
        name,
        acting=view.to_act == seat and view.phase is not Phase.OVER,
        left=left,
        right=yaku,
        empty=L.t(locale, "render.no_yaku"),
        locale=locale,
    )


def _captured(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: KoiKoiView,
    seat: int,
    y: float,
    hot: frozenset[Card],
    locale: str,
) -> None:
    """The captured groups, and the hand as a fan of backs with its count."""
    hand_x = W - MARGIN - B.HAND_BLOCK_W
    captured_groups(
        img,
        draw,
        view.captured[seat],
        MARGIN + 4,
        hand_x - 20,
        y,
        card_w=B.CAPTURED_W,
        locale=locale,
        hot=hot,
        size=B.T,
    )
    count = view.hand_counts[seat]
    B.hand_block(img, draw, hand_x, y, f"{L.t(locale, 'render.hand')} {count}", min(count, 8), _paste)


def _band(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: KoiKoiView,
    seat: int,
    name: str,
    y: float,
    *,
    upper: bool,
    hot: frozenset[Card],
    locale: str,
) -> None:
    if upper:
        _plate(draw, view, seat, name, y, locale)
        _captured(img, draw, view, seat, y + B.PLATE_H + 6, hot, locale)
    else:
        _captured(img, draw, view, seat, y, hot, locale)
        _plate(draw, view, seat, name, y + B.BAND_H - B.PLATE_H, locale)


# --- header and field ----------------------------------------------------------------------


def _status(view: KoiKoiView, names: Sequence[str], locale: str) -> tuple[str, RGB]:
    who = B.status_name(names, view.to_act)
    if view.phase is Phase.OVER:
        return L.t(locale, "render.status.over"), ACCENT
    if view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        return L.t(locale, "render.status.draw_choice", name=who, card=str(view.pending_draw)), CHOICE
    if view.phase is Phase.DECIDE:
        line = L.t(locale, "render.status.decide", name=who)
        if view.stop_score is not None and view.to_act is not None:
            pts = L.points(locale, view.stop_score.points[view.to_act])
            line += " · " + L.t(locale, "render.status.stop_score", points=pts)
        return line, ACCENT
    return L.t(locale, "render.status.play", name=who), ACCENT


def _field(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: KoiKoiView,
    y0: float,
    y1: float,
    hot: frozenset[Card],
    locale: str,
) -> None:
    """The field cards with their codes; the deck (and the drawn card waiting for a choice) at the right."""
    texts = B.FieldTexts(
        L.t(locale, "render.empty_field"), L.t(locale, "render.deck"), L.t(locale, "render.drawn")
    )
    B.field_with_deck(img, draw, y0, y1, view, hot, texts, _paste, choosing=view.phase is Phase.DRAW_CHOICE)


@localized
def render_table(view: KoiKoiView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The table as everyone sees it (PNG). The viewing seat (seat 0 for spectators) sits at the bottom."""
    img = new_canvas((W, H), TABLE_BG, table_palette())
    draw = ImageDraw.Draw(img)
    bottom = view.seat if view.seat is not None else 0
    top = (bottom + 1) % view.seats
    hot = _last_cards(view.last_move)
    month = f"{L.t(locale, 'render.month', month=view.month)} · {L.t(locale, f'render.plant.{view.month}')}"
    B.header(
        draw,
        L.t(locale, "render.round", round=view.round_no, total=view.rounds_total),
        month,
        *_status(view, names, locale),
    )
    y = 10 + B.HEADER_H + B.GAP
    _band(img, draw, view, top, names[top], y, upper=True, hot=hot, locale=locale)
    y += B.BAND_H + B.GAP
    _field(img, draw, view, y, y + FIELD_H, hot, locale)
    y += FIELD_H + B.GAP
    _band(img, draw, view, bottom, names[bottom], y, upper=False, hot=hot, locale=locale)
    return to_png(img, table_palette())


# --- hand ----------------------------------------------------------------------------------


def playable(view: KoiKoiView) -> frozenset[Card]:
    """Cards of the hand that a legal action plays (empty when it is not this seat's turn)."""
    return frozenset(a.card for a in view.legal_actions if isinstance(a, Play))


def _hand_status(view: KoiKoiView, hand: Sequence[Card], locale: str, owner: str | None) -> tuple[str, bool]:
    my_turn = view.seat is not None and view.to_act == view.seat and view.phase is not Phase.OVER
    if view.hand is None:
        return L.t(locale, "render.hand.spectator"), False
    if not hand:
        return L.t(locale, "render.hand.empty"), False
    if owner is not None:  # an onlooker's line: who does what, in the third person
        return _onlooker_status(view, owner, locale) if my_turn else "", my_turn
    if my_turn and view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        return L.t(locale, "render.hand.draw_choice", card=str(view.pending_draw)), True
    if my_turn and view.phase is Phase.DECIDE:
        return L.t(locale, "render.hand.decide"), True
    if my_turn:
        return L.t(locale, "render.hand.your_turn"), True
    return L.t(locale, "render.hand.waiting"), False


def _onlooker_status(view: KoiKoiView, owner: str, locale: str) -> str:
    if view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        return L.t(locale, "render.replay_hands.pick", name=owner, card=str(view.pending_draw))
    if view.phase is Phase.DECIDE:
        return L.t(locale, "render.replay_hands.koikoi_decide", name=owner)
    return L.t(locale, "render.replay_hands.to_play", name=owner)


def sub_choice(view: KoiKoiView, played: Card | None, locale: str) -> HR.Choice | None:
    """The capture the seat must pick, from its own view's legal actions: the drawn card's (the
    engine waits for it), or the ``played`` hand card's (a live hand's first click, when it
    matches two field cards). None when there is nothing to pick."""
    if view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        card, label = view.pending_draw, L.t(locale, "render.drawn")
        targets: list[Card | None] = [a.target for a in view.legal_actions if isinstance(a, Capture)]
    elif played is not None:
        card, label = played, L.t(locale, "render.played")
        targets = [a.target for a in view.legal_actions if isinstance(a, Play) and a.card == played]
    else:
        return None
    shown = [c for c in targets if c is not None]
    if len(shown) < 2:
        return None
    return HR.Choice(label, card, str(card), tuple((c, str(c)) for c in shown))


@localized
def render_hand(
    view: KoiKoiView, *, locale: str = "en", owner: str | None = None, played: Card | None = None
) -> bytes:
    """The viewing seat's hand, each card with its notation (players type it in commands).

    On the seat's turn the playable cards glow: gold when they match a field card (a capture),
    pale when they would only be laid on the field; cards that cannot be played are dimmed.
    ``owner``: the seat's player name, for an onlooker (a replay): "<owner>'s hand" and the
    status in the third person instead of "Your hand" / "Your turn". At a sub-choice (the drawn
    card, or the ``played`` card, matches two field cards) a row under the hand shows that card
    and the two it may take, raised and glowing (:func:`sub_choice`).
    """
    hand = sorted(view.hand or ())
    can_play = playable(view)
    field_months = {c.month for c in view.field}
    cards = []
    for c in hand:
        halo = (ACCENT if c.month in field_months else TEXT_DIM) if c in can_play else None
        fill, ink = (ACCENT, INK) if halo == ACCENT else (PANEL_EDGE, TEXT)
        cards.append(HR.HandCard(c, str(c), halo, bool(can_play) and c not in can_play, fill, ink))
    status, active = _hand_status(view, hand, locale, owner)
    title = L.hand_title(locale, "render.hand.title", owner)
    choice = sub_choice(view, played, locale)
    img = HR.hand_image(title, status, ACCENT if active else TEXT_DIM, cards, _paste_hand, choice=choice)
    return to_png(img, table_palette())


def _paste_hand(
    img: Image.Image, card: Card | None, x: float, y: float, width: int, halo: RGB | None, dim: bool
) -> None:
    paste_card(img, card, x, y, width, halo=halo, dim=dim)


def warm() -> None:
    """Draw every face size and glow these images use, and the palette.

    About two seconds and 20 MB, once per process; without it the first images of each size pay
    for drawing their faces (a few ms per card).
    """
    for width in {*B.FIELD_WIDTHS, B.CAPTURED_W, B.DECK_W, B.BACK_W, HR.HAND_W, *SHEET_CARD_WIDTHS}:
        card_back(width)
        for colour in (ACCENT, CHOICE):
            glow(width, colour)
    for width in SHEET_CARD_WIDTHS:
        warm_faces(width)
    # the faces as the table and the hand print them (marks too small there left out), last:
    # the faces kept are bounded and the first drawn are the first let go
    warm_faces_on((*B.FIELD_WIDTHS, B.DECK_W), B.W)
    warm_faces_on((HR.HAND_W,), HR.HAND_IMG_W)
    for c in (*_ALL,):
        card_face(c, B.CAPTURED_W, marks=False)
    glow(HR.HAND_W, TEXT_DIM)
    table_palette()

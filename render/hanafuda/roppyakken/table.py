"""Roppyakken images: the table after every turn (2 or 3 players) and a player's hand.

Pure functions from engine views to PNG bytes, in the Koi-Koi family (the
:mod:`render.hanafuda.board` layout): 1200 px wide, one more player band for three players, and
readable when Discord shows them about 550 px wide. The round sheet and the match summary live in
:mod:`render.hanafuda.roppyakken.sheets`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from engine.hanafuda.cards import CARDS, Card, Kind
from engine.hanafuda.roppyakken.types import Capture, LastMove, Phase, Play, RoppyakkenView, SeatScore
from render import labels as L
from render.canvas import new as new_canvas
from render.canvas import together
from render.fonts import localized
from render.hanafuda import board as B
from render.hanafuda import hand_row as HR
from render.hanafuda.faces import card_back, card_face, glow
from render.hanafuda.faces import warm as warm_faces
from render.hanafuda.piles import captured_groups
from render.hanafuda.roppyakken.common import group_headers, kind_of, yaku_name
from render.hanafuda.roppyakken.sheets import SHEET_CARD_WIDTHS
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
from render.widgets import card_height, chip, paste_card, warm_faces_on

__all__ = ["render_hand", "render_table", "warm"]

W = B.W
MARGIN = B.MARGIN
FIELD_H = {2: 290, 3: 250}
GAJI = Card.parse("11a")
LIGHTNING = Card.parse("11d")

Kinds = Callable[[Card], Kind]


def _height(seats: int) -> int:
    return 10 + B.HEADER_H + seats * (B.GAP + B.BAND_H) + B.GAP + FIELD_H.get(seats, 250) + 12


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


def _paste(kinds: Kinds) -> B.Paste:
    def paste(img: Image.Image, card: Card | None, x: float, y: float, width: int, halo: RGB | None) -> None:
        paste_card(img, card, x, y, width, halo=halo, category=kinds(card) if card is not None else None)

    return paste


# --- player bands --------------------------------------------------------------------------


def _plate(
    draw: ImageDraw.ImageDraw, view: RoppyakkenView, seat: int, name: str, y: float, locale: str
) -> None:
    """Name, match score against the target and dealer on the left; the round's running score at
    the right end, its yaku (gold) and teyaku (vermilion) before it."""
    score = L.t(locale, "render.roppyakken.score", score=view.scores[seat], target=view.rules.target)
    left = [(score, CREAM, INK)]
    if view.dealer == seat:
        left.append((L.t(locale, "render.roppyakken.dealer"), PANEL_EDGE, TEXT))
    run = _running(view, seat)
    fixed = []
    if view.phase is not Phase.OVER:
        fixed.append((L.t(locale, "render.roppyakken.running", points=run.total), PANEL_EDGE, TEXT))
    items = [(f"{yaku_name(locale, i.name)} {i.points}", KOI, CREAM) for i in run.teyaku]
    items += [(f"{yaku_name(locale, i.name)} {i.points}", ACCENT, INK) for i in run.yaku]
    B.plate(
        draw,
        y,
        name,
        acting=view.to_act == seat and view.phase is not Phase.OVER,
        left=left,
        right=items,
        fixed=fixed,
        empty=L.t(locale, "render.roppyakken.no_yaku"),
        locale=locale,
    )


def _captured(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: RoppyakkenView,
    seat: int,
    y: float,
    hot: frozenset[Card],
    kinds: Kinds,
    locale: str,
) -> None:
    """The captured groups with their card points, and the hand: backs, revealed teyaku face up."""
    hand_x = W - MARGIN - B.HAND_BLOCK_W
    cards = view.captured[seat]
    headers = group_headers(locale, cards, kinds)
    shorts = {k: h.split(" ", 1)[1] if " " in h else h for k, h in headers.items()}
    captured_groups(
        img,
        draw,
        cards,
        MARGIN + 4,
        hand_x - 20,
        y,
        card_w=B.CAPTURED_W,
        locale=locale,
        hot=hot,
        kind_of=kinds,
        headers=headers,
        shorts=shorts,
        size=B.T,
    )
    count = view.hand_counts[seat]
    shown = _shown_in_hand(view, seat)
    hidden = count - len(shown)
    paste = _paste(kinds)
    top = B.hand_block(
        img, draw, hand_x, y, L.t(locale, "render.roppyakken.hand", count=count), hidden, paste
    )
    if shown:
        face_x = hand_x + min(10.0, (B.HAND_BLOCK_W - B.BACK_W) / max(1, hidden)) * hidden
        step = min(24.0, (hand_x + B.HAND_BLOCK_W - B.BACK_W - face_x) / max(1, len(shown) - 1))
        with together(img):
            for i, c in enumerate(shown):
                paste_card(img, c, face_x + i * step, top + 8, B.BACK_W, marks=False)
        chip(
            draw,
            hand_x + B.HAND_BLOCK_W,
            top + 8 + card_height(B.BACK_W),
            L.t(locale, "render.roppyakken.shown"),
            B.T,
            KOI,
            CREAM,
            pad=8,
            align="right",
        )


def _band(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: RoppyakkenView,
    seat: int,
    name: str,
    y: float,
    *,
    upper: bool,
    hot: frozenset[Card],
    kinds: Kinds,
    locale: str,
) -> None:
    """A player's band starting at ``y``: plate above the pile (upper) or below it (the viewer)."""
    if upper:
        _plate(draw, view, seat, name, y, locale)
        _captured(img, draw, view, seat, y + B.PLATE_H + 6, hot, kinds, locale)
    else:
        _captured(img, draw, view, seat, y, hot, kinds, locale)
        _plate(draw, view, seat, name, y + B.BAND_H - B.PLATE_H, locale)


# --- header and field ----------------------------------------------------------------------


def _status(view: RoppyakkenView, names: Sequence[str], locale: str) -> tuple[str, RGB]:
    who = B.status_name(names, view.to_act)
    if view.phase is Phase.OVER:
        return L.t(locale, "render.roppyakken.status.over"), ACCENT
    if view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        return L.t(
            locale, "render.roppyakken.status.draw_choice", name=who, card=str(view.pending_draw)
        ), CHOICE
    return L.t(locale, "render.roppyakken.status.play", name=who), ACCENT


def _field(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: RoppyakkenView,
    y0: float,
    y1: float,
    hot: frozenset[Card],
    kinds: Kinds,
    locale: str,
) -> None:
    texts = B.FieldTexts(
        L.t(locale, "render.roppyakken.empty_field"),
        L.t(locale, "render.roppyakken.deck"),
        L.t(locale, "render.roppyakken.drawn"),
    )
    choosing = view.phase is Phase.DRAW_CHOICE
    max_w = B.field_max_w(view.seats)
    B.field_with_deck(img, draw, y0, y1, view, hot, texts, _paste(kinds), choosing=choosing, max_w=max_w)


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else ""


@localized
def render_table(view: RoppyakkenView, *, names: tuple[str, ...], locale: str = "en") -> bytes:
    """The table as everyone sees it (PNG), for 2 or 3 seats.

    The viewing seat (seat 0 for spectators) sits at the bottom; the others are stacked above the
    field in play order (the next seat to play after the viewer on top).
    """
    seats = view.seats
    img = new_canvas((W, _height(seats)), TABLE_BG, table_palette())
    draw = ImageDraw.Draw(img)
    bottom = view.seat if view.seat is not None else 0
    hot = _last_cards(view.last_move)
    kinds = kind_of(view.rules.sake_deer_lights)
    B.header(
        draw,
        L.t(locale, "render.roppyakken.round", round=view.round_no),
        L.t(locale, "render.roppyakken.target", target=view.rules.target),
        *_status(view, names, locale),
    )
    y = 10 + B.HEADER_H + B.GAP
    for k in range(1, seats):
        seat = (bottom + k) % seats
        _band(img, draw, view, seat, _name(names, seat), y, upper=True, hot=hot, kinds=kinds, locale=locale)
        y += B.BAND_H + B.GAP
    field_h = FIELD_H.get(seats, 250)
    _field(img, draw, view, y, y + field_h, hot, kinds, locale)
    _band(
        img,
        draw,
        view,
        bottom,
        _name(names, bottom),
        y + field_h + B.GAP,
        upper=False,
        hot=hot,
        kinds=kinds,
        locale=locale,
    )
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


def _hand_status(
    view: RoppyakkenView, hand: Sequence[Card], locale: str, owner: str | None
) -> tuple[str, bool]:
    my_turn = view.seat is not None and view.to_act == view.seat and view.phase is not Phase.OVER
    if view.hand is None:
        return L.t(locale, "render.roppyakken.hand.spectator"), False
    if my_turn and view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        if owner is not None:
            return L.t(locale, "render.replay_hands.pick", name=owner, card=str(view.pending_draw)), True
        return L.t(locale, "render.roppyakken.hand.draw_choice", card=str(view.pending_draw)), True
    if not hand:
        return L.t(locale, "render.roppyakken.hand.empty"), False
    if owner is not None:  # an onlooker's line: who plays, in the third person; nothing when waiting
        return (L.t(locale, "render.replay_hands.to_play", name=owner) if my_turn else ""), my_turn
    if my_turn:
        return L.t(locale, "render.roppyakken.hand.your_turn"), True
    return L.t(locale, "render.roppyakken.hand.waiting"), False


def sub_choice(view: RoppyakkenView, played: Card | None, locale: str) -> HR.Choice | None:
    """The capture the seat must pick, from its own view's legal actions: the drawn card's (the
    engine waits for it), or the ``played`` hand card's (a live hand's first click, when it has
    two captures or more). None when there is nothing to pick."""
    if view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        card, label = view.pending_draw, L.t(locale, "render.drawn")
        targets: list[Card | None] = [a.target for a in view.legal_actions if isinstance(a, Capture)]
    elif played is not None:
        card, label = played, L.t(locale, "render.played")
        targets = [a.target for a in view.legal_actions if isinstance(a, Play) and a.card == played]
    else:
        return None
    shown = [c for c in targets if c is not None]
    if not shown or len(targets) < 2:
        return None
    return HR.Choice(label, card, str(card), tuple((c, str(c)) for c in shown))


@localized
def render_hand(
    view: RoppyakkenView, *, locale: str = "en", owner: str | None = None, played: Card | None = None
) -> bytes:
    """The viewing seat's hand, each card with its notation (players type it in commands).

    On the seat's turn the cards that capture glow gold, the others pale (they would be laid on
    the field). Teyaku cards shown at the deal carry a vermilion chip. ``owner``: the seat's
    player name, for an onlooker (a replay): "<owner>'s hand", the status in the third person.
    At a sub-choice (the drawn card, or the ``played`` card, has several captures) a row under
    the hand shows that card and the field cards it may take, raised and glowing.
    """
    hand = sorted(view.hand or ())
    kinds = kind_of(view.rules.sake_deer_lights)
    playable = frozenset(a.card for a in view.legal_actions if isinstance(a, Play))
    capturing = captures(view, kinds)
    shown = {
        c for item in (_running(view, view.seat).teyaku if view.seat is not None else ()) for c in item.cards
    }
    cards = []
    for c in hand:
        halo = (ACCENT if c in capturing else TEXT_DIM) if c in playable else None
        fill, ink = (ACCENT, INK) if halo == ACCENT else (KOI, CREAM) if c in shown else (PANEL_EDGE, TEXT)
        cards.append(HR.HandCard(c, str(c), halo, False, fill, ink))
    status, active = _hand_status(view, hand, locale, owner)
    colour = CHOICE if view.phase is Phase.DRAW_CHOICE and active else ACCENT if active else TEXT_DIM

    def paste(
        img: Image.Image, card: Card, x: float, y: float, width: int, halo: RGB | None, dim: bool
    ) -> None:
        paste_card(img, card, x, y, width, halo=halo, dim=dim, category=kinds(card))

    title = L.hand_title(locale, "render.roppyakken.hand.title", owner)
    img = HR.hand_image(title, status, colour, cards, paste, choice=sub_choice(view, played, locale))
    return to_png(img, table_palette())


def warm() -> None:
    """Draw every face size, badge variant and glow these images use, and the palette.

    About two seconds, once per process; without it the first images pay for drawing faces.
    """
    odd = [Card.parse(c) for c in ("2a", "12b", "9a", "10a")]
    for width in {*B.FIELD_WIDTHS, B.DECK_W, HR.HAND_W, B.BACK_W, *SHEET_CARD_WIDTHS}:
        card_back(width)
        for colour in (ACCENT, CHOICE):
            glow(width, colour)
    for width in SHEET_CARD_WIDTHS:
        warm_faces(width)
        for c in odd:
            card_face(c, width, category=Kind.BRIGHT)
            card_face(c, width, category=Kind.ANIMAL)
    # the faces as the table and the hand print them (marks too small there left out), last:
    # the faces kept are bounded and the first drawn are the first let go
    for lights in (True, False):
        warm_faces_on((*B.FIELD_WIDTHS, B.DECK_W), B.W, kind_of(lights))
        warm_faces_on((HR.HAND_W,), HR.HAND_IMG_W, kind_of(lights))
    for c in CARDS:
        card_face(c, B.CAPTURED_W, marks=False)
        card_face(c, B.BACK_W, marks=False)
    glow(B.CAPTURED_W, ACCENT)
    glow(HR.HAND_W, TEXT_DIM)
    table_palette()

"""Go-Stop hand image: the viewing seat's cards with notation chips and its other legal moves."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.hanafuda.gostop.cards import card_str, parse_card
from engine.hanafuda.gostop.types import GoStopView, Phase, Play, Take
from render import labels as L
from render.fonts import localized
from render.hanafuda import hand_row as HR
from render.hanafuda.gostop.common import code, is_joker, month_of, paste, sort_key
from render.hanafuda.table_palette import table_palette
from render.palette import ACCENT, CHOICE, CREAM, INK, KOI, PANEL_EDGE, RGB, TEXT, TEXT_DIM
from render.png import to_png


def _t(locale: str, key: str, **params: object) -> str:
    return L.t(locale, f"render.gostop.{key}", **params)


def _hand_status(view: GoStopView, hand: Sequence[str], locale: str, owner: str | None) -> tuple[str, RGB]:
    my_turn = view.seat is not None and view.to_act == view.seat and view.phase is not Phase.OVER
    if view.hand is None:
        return _t(locale, "hand.spectator"), TEXT_DIM
    if owner is not None:
        return _onlooker_status(view, hand, locale, owner, my_turn)
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


def _onlooker_status(
    view: GoStopView, hand: Sequence[str], locale: str, owner: str, my_turn: bool
) -> tuple[str, RGB]:
    """The status for an onlooker (a replay): what ``owner`` decides, in the third person, in
    the colour the seat's own line has; nothing while the seat waits."""

    def o(key: str, **params: object) -> str:
        return L.t(locale, f"render.replay_hands.{key}", name=owner, **params)

    if my_turn and view.phase is Phase.FLIP_CHOICE:
        return o("pick", card=code(view.pending_flip or "")), CHOICE
    if my_turn and view.phase is Phase.DECIDE:
        return o("gostop_decide"), KOI
    if my_turn and view.phase is Phase.CLAIM:
        points = view.rules.joker_win_points
        return L.counted(locale, "render.replay_hands.gostop_claim", points, name=owner), CHOICE
    if my_turn and view.phase is Phase.CUP:
        return o("gostop_cup"), CHOICE
    if not hand:
        return _t(locale, "hand.empty"), TEXT_DIM
    return (o("to_play"), ACCENT) if my_turn else ("", TEXT_DIM)


def sub_choice(view: GoStopView, played: str | None, locale: str) -> HR.Choice | None:
    """The capture the seat must pick, from its own view's legal actions: the flipped card's
    (the engine waits for it), or the ``played`` hand card's (a live hand's first click, when it
    matches two field cards). None when there is nothing to pick."""
    if view.phase is Phase.FLIP_CHOICE and view.pending_flip is not None:
        card, label = view.pending_flip, _t(locale, "flipped")
        targets = [card_str(a.target) for a in view.legal_actions if isinstance(a, Take)]
    elif played is not None:
        card, label = played, _t(locale, "played")
        number = parse_card(played)
        targets = [
            card_str(a.target)
            for a in view.legal_actions
            if isinstance(a, Play) and a.card == number and a.target is not None
        ]
    else:
        return None
    if len(targets) < 2:
        return None
    return HR.Choice(label, card, code(card), tuple((c, code(c)) for c in targets))


@localized
def render_hand(
    view: GoStopView, *, locale: str = "en", owner: str | None = None, played: str | None = None
) -> bytes:
    """The viewing seat's hand in Korean month order, each card with its notation chip.

    On the seat's turn playable cards glow: gold when their month is on the field (they take),
    grey otherwise. Other legal moves (go, stop, shake3, bomb3, flip, claim…) are listed as chips.
    ``owner``: the seat's player name, for an onlooker (a replay): "<owner>'s hand", the status
    in the third person. At a sub-choice (the flipped card, or the ``played`` card, matches two
    field cards) a row under the hand shows that card and the two it may take, raised and glowing.
    """
    hand = sorted(view.hand or (), key=sort_key)
    others = [code(str(a)) for a in view.legal_actions if not isinstance(a, Play)]
    playable = {a.card for a in view.legal_actions if isinstance(a, Play)}
    months = {month_of(c) for c in view.field}
    cards = []
    for c in hand:
        halo = None
        if parse_card(c) in playable:
            halo = ACCENT if is_joker(c) or month_of(c) in months else TEXT_DIM
        fill, ink = (ACCENT, INK) if halo == ACCENT else (KOI, CREAM) if is_joker(c) else (PANEL_EDGE, TEXT)
        cards.append(HR.HandCard(c, code(c), halo, False, fill, ink))
    status, colour = _hand_status(view, hand, locale, owner)
    img = HR.hand_image(
        L.hand_title(locale, "render.gostop.hand.title", owner),
        status,
        colour,
        cards,
        _paste,
        moves_label=_t(locale, "hand.moves"),
        moves=others,
        choice=sub_choice(view, played, locale),
    )
    return to_png(img, table_palette())


def _paste(img: Image.Image, card: str, x: float, y: float, width: int, halo: RGB | None, dim: bool) -> None:
    paste(img, card, x, y, width, halo=halo, dim=dim)

"""Koi-Koi value objects: actions, events, scoring breakdowns and the per-seat view.

These are the only Koi-Koi objects that leave the engine. Cogs, renderers and CPU players
work from :class:`KoiKoiView`; they never see the state (the deck order, the other hand).

Action notation (``str(action)`` and :func:`parse_action` round-trip):

========================  ==================================================================
``3a``                    play 3a from the hand (no match, one match, or three matches)
``3a>3c``                 play 3a and capture 3c (when two field cards match)
``>3c``                   capture 3c with the card just drawn (when two field cards match)
``koikoi`` / ``shobu``    the decision after forming or improving a yaku
========================  ==================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from engine.core import IllegalAction
from engine.hanafuda.cards import Card

if TYPE_CHECKING:
    from engine.hanafuda.koikoi.rules import Rules


class Phase(Enum):
    PLAY = "play"  # the seat to act plays a card from its hand
    DRAW_CHOICE = "draw_choice"  # the drawn card matched two field cards: pick one
    DECIDE = "decide"  # a yaku was formed or improved: koi-koi or shobu
    OVER = "over"  # the match has ended


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand; ``target`` names the capture when two field cards match."""

    card: Card
    target: Card | None = None

    def __str__(self) -> str:
        return f"{self.card}>{self.target}" if self.target is not None else str(self.card)


@dataclass(frozen=True, slots=True)
class Capture:
    """Capture ``target`` with the card just drawn (it matched two field cards)."""

    target: Card

    def __str__(self) -> str:
        return f">{self.target}"


@dataclass(frozen=True, slots=True)
class KoiKoi:
    """Continue the round, risking the yaku for a higher score."""

    def __str__(self) -> str:
        return "koikoi"


@dataclass(frozen=True, slots=True)
class Shobu:
    """Stop the round and score the current yaku."""

    def __str__(self) -> str:
        return "shobu"


Action = Play | Capture | KoiKoi | Shobu


def parse_action(text: str) -> Action:
    """Inverse of ``str(action)``; raises :class:`IllegalAction` for anything else."""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned in ("koikoi", "koi-koi"):
        return KoiKoi()
    if cleaned in ("shobu", "shōbu", "stop"):
        return Shobu()
    if cleaned.startswith(">"):
        return Capture(Card.parse(cleaned[1:]))
    if ">" in cleaned:
        played, _, target = cleaned.partition(">")
        return Play(Card.parse(played), Card.parse(target))
    try:
        return Play(Card.parse(cleaned))
    except IllegalAction:
        raise IllegalAction(f"{text!r} is not a Koi-Koi move", key="bad_move", text=text) from None


# --- scoring -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class YakuScore:
    """One yaku held by a player: its id (``goko``, ``inoshikacho``…), points and cards."""

    yaku: str
    points: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Multiplier:
    """A factor applied to the base score, e.g. ``over_seven`` ×2 or ``opponent_koikoi`` ×2."""

    name: str
    factor: int


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended and what each seat scored, itemised for the score sheet.

    ``reason`` is one of ``shobu``, ``exhausted`` (hands ran out, last koi-koi caller scores),
    ``draw`` (exhausted with no koi-koi, or both players hold a lucky hand), ``lucky_hand``,
    or a variant's ending (``dealer_out``, ``all_lost``). ``winner`` is ``None`` on a draw.
    ``points`` is what each seat gains this round (oyaken can give the dealer points on a draw).
    """

    round_no: int
    reason: str
    winner: int | None
    yaku: tuple[YakuScore, ...]
    base: int
    multipliers: tuple[Multiplier, ...]
    points: tuple[int, ...]
    captured: tuple[tuple[Card, ...], ...]
    koikoi_calls: tuple[int, ...]
    dealer: int
    next_dealer: int | None


# --- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_no: int
    dealer: int
    month: int  # the tsukifuda month of this round


@dataclass(frozen=True, slots=True)
class Redealt:
    """The deal put four of a month (``teshi``) or four pairs (``kuttsuki``) on the field."""

    reason: str


@dataclass(frozen=True, slots=True)
class LuckyHand:
    """A player was dealt a lucky hand (``teshi`` or ``kuttsuki``), shown to everyone."""

    seat: int
    hand_yaku: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card`` from the hand and took ``captured`` (empty: it stays on the field)."""

    seat: int
    card: Card
    captured: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """``seat`` turned ``card`` from the pile; ``captured`` empty until a choice is made, or none."""

    seat: int
    card: Card
    captured: tuple[Card, ...]
    awaiting_choice: bool = False


@dataclass(frozen=True, slots=True)
class YakuMade:
    """``seat`` formed or improved yaku; ``new`` lists the ids that are new or worth more."""

    seat: int
    yaku: tuple[YakuScore, ...]
    new: tuple[str, ...]
    can_koikoi: bool


@dataclass(frozen=True, slots=True)
class KoiKoiCalled:
    seat: int
    count: int  # how many times this seat has called koi-koi this round


@dataclass(frozen=True, slots=True)
class ShobuCalled:
    seat: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    result: RoundResult
    scores: tuple[int, ...]  # match totals after this round


@dataclass(frozen=True, slots=True)
class MatchEnded:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    RoundStarted
    | Redealt
    | LuckyHand
    | CardPlayed
    | CardDrawn
    | YakuMade
    | KoiKoiCalled
    | ShobuCalled
    | RoundEnded
    | MatchEnded
)


# --- view ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LastMove:
    """The previous turn, for highlighting on the table image."""

    seat: int
    played: Card | None
    played_captured: tuple[Card, ...]
    drawn: Card | None
    drawn_captured: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class KoiKoiView:
    """What one seat (or a spectator, ``seat=None``) may know of a Koi-Koi match.

    Public: the field, both captured piles and their yaku, hand sizes, the pile count, scores.
    Private to ``seat``: its own ``hand`` and, on its turn, ``legal_actions``.
    ``stop_score`` previews what Shōbu would score now (only in the DECIDE phase).
    """

    seat: int | None
    seats: int
    rules: Rules
    phase: Phase
    to_act: int | None
    round_no: int
    rounds_total: int
    month: int
    dealer: int
    scores: tuple[int, ...]
    field: tuple[Card, ...]
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, ...]
    draw_pile: int
    captured: tuple[tuple[Card, ...], ...]
    yaku: tuple[tuple[YakuScore, ...], ...]
    koikoi_calls: tuple[int, ...]
    pending_draw: Card | None
    pending_targets: tuple[Card, ...]
    last_move: LastMove | None
    legal_actions: tuple[Action, ...]
    stop_score: RoundResult | None
    history: tuple[RoundResult, ...] = ()

"""Roppyakken value objects: actions, events, itemised scores and the per-seat view.

These are the only Roppyakken objects that leave the engine. Cogs, renderers and CPU players
work from :class:`RoppyakkenView`; they never see the state (the deck order, other hands).

Action notation (``str(action)`` and :func:`parse_action` round-trip), as in Koi-Koi:

========================  ==================================================================
``3a``                    play 3a from the hand (no choice to make: 0, 1 or 3 matches)
``3a>3c``                 play 3a and capture 3c (two matches, or the Gaji ``11a`` choosing;
                          a capture of several cards is named by its first card: ``11a>11b``
                          takes the three Novembers 11b 11c 11d)
``>3c``                   capture 3c with the card just drawn (it had a choice)
``11a>field``             ``gaji_capture="optional"`` (seed): lay the Gaji from the hand on
                          the field although it could capture
``>field``                the same for the Gaji just drawn
========================  ==================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from engine.core import IllegalAction
from engine.hanafuda.cards import Card

if TYPE_CHECKING:
    from engine.hanafuda.roppyakken.rules import Rules


class Phase(Enum):
    PLAY = "play"  # the seat to act plays a card from its hand
    DRAW_CHOICE = "draw_choice"  # the drawn card has two or more captures (or may be laid): pick one
    OVER = "over"  # the match has ended


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand; ``target`` names the capture when there is a choice."""

    card: Card
    target: Card | None = None

    def __str__(self) -> str:
        return f"{self.card}>{self.target}" if self.target is not None else str(self.card)


@dataclass(frozen=True, slots=True)
class Capture:
    """Capture ``target`` with the card just drawn (it had a choice of captures)."""

    target: Card

    def __str__(self) -> str:
        return f">{self.target}"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay the Gaji on the field without capturing (``gaji_capture="optional"``, the seed's):
    ``card`` is the Gaji played from the hand, or ``None`` for the Gaji just drawn."""

    card: Card | None = None

    def __str__(self) -> str:
        return f"{self.card}>field" if self.card is not None else ">field"


Action = Play | Capture | Lay


def parse_action(text: str) -> Action:
    """Inverse of ``str(action)``; raises :class:`IllegalAction` for anything else."""
    cleaned = text.strip().lower().replace(" ", "") if isinstance(text, str) else ""
    try:
        if cleaned.endswith(">field"):
            played = cleaned[: -len(">field")]
            return Lay(Card.parse(played) if played else None)
        if cleaned.startswith(">"):
            return Capture(Card.parse(cleaned[1:]))
        if ">" in cleaned:
            played, _, target = cleaned.partition(">")
            return Play(Card.parse(played), Card.parse(target))
        return Play(Card.parse(cleaned))
    except IllegalAction:
        raise IllegalAction(f"{text!r} is not a Roppyakken move", key="bad_move", text=str(text)) from None


# --- scoring -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Item:
    """One line of a score sheet: card points (``lights``, ``animals``, ``ribbons``), a dekiyaku
    (``shiko``, ``shima_1``…) or a teyaku (``tesan``…), with its points and cards."""

    name: str
    points: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SeatScore:
    """What one seat scored in a round: "(Somme des points des cartes) + (Somme des points des Yaku)"."""

    card_points: tuple[Item, ...]
    yaku: tuple[Item, ...]
    teyaku: tuple[Item, ...]
    total: int


@dataclass(frozen=True, slots=True)
class RoundResult:
    round_no: int
    dealer: int
    seats: tuple[SeatScore, ...]
    points: tuple[int, ...]
    captured: tuple[tuple[Card, ...], ...]
    next_dealer: int | None  # None when the match ends with this round


# --- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_no: int
    dealer: int


@dataclass(frozen=True, slots=True)
class Redealt:
    """Misdeal: ``four_on_field`` (seed) or ``four_in_hand`` (FudaWiki, ``hand_four="misdeal"``)."""

    reason: str


@dataclass(frozen=True, slots=True)
class TeyakuShown:
    """A seat revealed a teyaku at the deal; its cards are public from now on."""

    seat: int
    teyaku: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card`` from the hand and took ``captured`` (empty: it stays on the field)."""

    seat: int
    card: Card
    captured: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """``seat`` turned ``card``; ``awaiting_choice`` when it has several captures to pick from (or,
    with ``gaji_capture="optional"``, the seed's, it is the Gaji, which may also be laid)."""

    seat: int
    card: Card
    captured: tuple[Card, ...]
    awaiting_choice: bool = False


@dataclass(frozen=True, slots=True)
class RoundEnded:
    result: RoundResult
    scores: tuple[int, ...]  # match totals after this round


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """``reason``: ``lead`` (over the target, lead over the second), ``shiko`` / ``nanatan`` /
    ``score`` (FudaWiki's tie-break among seats over the target, option ``tie_break``)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


Event = RoundStarted | Redealt | TeyakuShown | CardPlayed | CardDrawn | RoundEnded | MatchEnded


# --- view ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LastMove:
    seat: int
    played: Card | None
    played_captured: tuple[Card, ...]
    drawn: Card | None
    drawn_captured: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RoppyakkenView:
    """What one seat (or a spectator, ``seat=None``) may know of a Roppyakken match.

    Public: the field, every captured pile with its card points and yaku, revealed teyaku, hand
    sizes, pile size, the drawn card awaiting a choice, scores and history. Private to ``seat``:
    its ``hand`` and, on its turn, ``legal_actions``.
    """

    seat: int | None
    seats: int
    rules: Rules
    phase: Phase
    to_act: int | None
    round_no: int
    dealer: int
    scores: tuple[int, ...]
    field: tuple[Card, ...]
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, ...]
    draw_pile: int
    captured: tuple[tuple[Card, ...], ...]
    running: tuple[SeatScore, ...]  # each seat's round score so far (cards, yaku, teyaku)
    pending_draw: Card | None
    pending_targets: tuple[Card, ...]
    last_move: LastMove | None
    legal_actions: tuple[Action, ...]
    history: tuple[RoundResult, ...] = ()

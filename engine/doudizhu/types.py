"""Dou Dizhu value objects: actions, events, the itemised hand result and the per-seat view.

Action notation (``str(action)`` and :func:`parse_action` round-trip): a combination as a rank
string (``33344``, ``BR``; see :mod:`engine.doudizhu.moves`), ``pass`` (no bid, or no play), and
``bid1`` ``bid2`` ``bid3`` during the bidding.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from engine.doudizhu.cards import Card
from engine.doudizhu.moves import Move, parse_move

if TYPE_CHECKING:
    from engine.doudizhu.rules import Rules


class Phase(Enum):
    BID = "bid"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``value`` (1–3), higher than any earlier bid of this deal."""

    value: int

    def __str__(self) -> str:
        return f"bid{self.value}"


@dataclass(frozen=True, slots=True)
class Pass:
    """No bid (bidding), or no play (following)."""

    def __str__(self) -> str:
        return "pass"


Action = Move | Bid | Pass
PASS = Pass()
BIDS = (Bid(1), Bid(2), Bid(3))


def is_pass(action: Action) -> bool:
    """A pass (no bid, or no play): a follower who cannot beat the trick has only this one
    (docs/rules/doudizhu.md, « Les joueurs suivants peuvent choisir de jouer ou de passer »)."""
    return type(action) is Pass


def parse_action(text: str) -> Action:
    """Inverse of ``str(action)``; raises :class:`IllegalAction` for anything else."""
    t = text.strip().lower().replace(" ", "")
    if t in ("pass", "p", "-"):
        return PASS
    if t.startswith("bid") and t[3:] in ("1", "2", "3"):
        return BIDS[int(t[3:]) - 1]
    return parse_move(text)


# --- scoring -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Multiplier:
    """A factor of the hand's score: ``bid`` ×1–3, ``bomb``/``rocket`` ×2, ``spring`` ×2…"""

    name: str
    factor: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended, itemised for the score sheet.

    ``base`` is the seed's ±2 / ∓1 per seat for the winning side, ``points`` = base × every
    factor. ``reason`` is ``"played"`` or ``"no_bid"`` (``max_redeals`` reached: no score).
    """

    hand_no: int
    reason: str
    landlord: int | None
    bid: int
    winner: int | None  # the seat that shed its last card
    landlord_won: bool
    base: tuple[int, ...]
    multipliers: tuple[Multiplier, ...]
    factor: int
    points: tuple[int, ...]
    bombs: int  # bombs and rockets played
    spring: str | None  # "spring", "anti_spring" or None
    left: tuple[tuple[Card, ...], ...]  # each seat's unplayed cards, shown at the end


# --- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A deal: ``face_up`` was turned before dealing; its receiver ``first_bidder`` bids first."""

    hand_no: int
    attempt: int  # 0, then 1, 2… after redeals
    face_up: Card
    first_bidder: int


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    bid: int  # 0 = pass


@dataclass(frozen=True, slots=True)
class Redealt:
    """Nobody bid: the cards are dealt again."""

    hand_no: int
    attempt: int


@dataclass(frozen=True, slots=True)
class LandlordChosen:
    seat: int
    bid: int
    kitty: tuple[Card, ...]  # shown to everyone, now in the landlord's hand


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    move: Move
    cards: tuple[Card, ...]
    left: int  # cards left in the seat's hand


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class TrickWon:
    """Two passes in a row: ``seat`` played last and leads the next trick."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    result: HandResult
    scores: tuple[int, ...]  # match totals after this hand


@dataclass(frozen=True, slots=True)
class MatchEnded:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = HandStarted | BidMade | Redealt | LandlordChosen | Played | Passed | TrickWon | HandEnded | MatchEnded


# --- view ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """One turn of a trick: ``move`` is ``None`` for a pass."""

    seat: int
    move: Move | None
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DoudizhuView:
    """What one seat (or a spectator, ``seat=None``) may know of a Dou Dizhu match.

    Public: card counts, the face-up card and who received it, bids, the landlord, the kitty
    once revealed, every trick played this hand, scores and history. Private to ``seat``: its
    own ``hand`` and, on its turn, ``legal_actions``. Never: other hands, the deck order, the seed.
    """

    seat: int | None
    rules: Rules
    phase: Phase
    to_act: int | None
    hand_no: int
    hands_total: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, ...]
    face_up: Card | None
    first_bidder: int | None
    bids: tuple[tuple[int, int], ...]  # (seat, bid), 0 = pass
    bid: int
    landlord: int | None
    kitty: tuple[Card, ...] | None
    trick: tuple[TrickPlay, ...]  # the trick in progress
    tricks: tuple[tuple[TrickPlay, ...], ...]  # finished tricks of this hand
    to_beat: Move | None  # the move to beat (None: the seat to act leads)
    to_beat_seat: int | None
    bombs: int
    factor: int  # the current multiplier (bid × bombs…) for display
    legal_actions: tuple[Action, ...]
    history: tuple[HandResult, ...]

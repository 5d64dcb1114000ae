"""The Koi-Koi match state (all rounds) and the precomputed tables the engine runs on.

``State`` is an immutable ``NamedTuple`` rather than a frozen dataclass: the engine builds one
per move and CPU players build thousands per decision. Measured on the project machine, a
20-field frozen slots dataclass costs ~2.2 µs to construct against ~0.2 µs for the tuple, about
a fifth of a whole turn (DESIGN.md allows "frozen dataclasses (slots) or tuples").

Card sets are 48-bit masks (bit ``n`` = card ``n``); the draw pile is the round's dealt order
and ``pile_pos`` the next card to turn. Nothing here is meant for players: it leaves the engine
only through :func:`engine.hanafuda.koikoi.view`.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.hanafuda.cards import CARDS, MONTH_MASKS, Card
from engine.hanafuda.koikoi.rules import Points, Rules
from engine.hanafuda.koikoi.types import Capture, Phase, Play, RoundResult

Items = tuple[tuple[str, int], ...]


class State(NamedTuple):
    """A whole Koi-Koi match: match totals and history, and the round being played."""

    rules: Rules
    seed: int
    round_no: int  # 1-based
    dealer: int
    scores: tuple[int, int]
    history: tuple[RoundResult, ...]
    phase: Phase
    to_act: int | None
    hands: tuple[int, int]  # masks
    field: int  # mask
    pile: tuple[Card, ...]  # the round's draw pile, in drawing order
    pile_pos: int  # index of the next card to draw
    captured: tuple[int, int]  # masks
    yaku: tuple[Items, Items]  # each seat's yaku at the end of its last turn
    koikoi: tuple[int, int]  # koi-koi calls this round, per seat
    last_koikoi: int | None  # seat of the last koi-koi caller this round
    pending: int  # the drawn card awaiting a choice of capture (DRAW_CHOICE), else -1
    last: tuple[int, int, int, int, int] | None  # seat, played, its capture mask, drawn, its mask
    sweep: tuple[int, int] | None  # lightning wild card: (seat, month) swept at the round's end
    table: Points  # yaku values derived from ``rules``

    @property
    def month(self) -> int:
        """The month of this round (tsukifuda): round 1 is January, round 13 would be January."""
        return (self.round_no - 1) % 12 + 1


LIGHTNING = 43  # 11d
NOVEMBER_MASK = MONTH_MASKS[11]
# Mask of the card's month, indexed by card.
MONTH_OF: tuple[int, ...] = tuple(MONTH_MASKS[c // 4 + 1] for c in range(48))


def bits(m: int) -> list[int]:
    """Card numbers of a mask, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


# Every action object is built once: legal_actions hands out these shared, immutable values.
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
PLAYS_AT: tuple[tuple[Play, ...], ...] = tuple(tuple(Play(c, t) for t in CARDS) for c in CARDS)
CAPTURES: tuple[Capture, ...] = tuple(Capture(c) for c in CARDS)


def _options(c: int, nibble: int) -> tuple[Play, ...]:
    """Plays of card ``c`` when its month's field cards are the 4-bit ``nibble``."""
    if nibble.bit_count() == 2:
        return tuple(PLAYS_AT[c][t] for t in bits(nibble << (c & ~3)))
    return (PLAYS[c],)


# OPTIONS[c][nibble]: the plays of card c given its month's cards on the field (lightning's
# wild captures aside), so legal_actions costs one lookup per card in hand.
OPTIONS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(_options(c, n) for n in range(16)) for c in range(48)
)

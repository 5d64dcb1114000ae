"""The Goita match state (all rounds) and the prebuilt action objects.

``State`` is an immutable ``NamedTuple`` (as Koi-Koi's: about ten times cheaper to build than
a frozen dataclass, and the engine builds one per move). Hands are tuples of 8 counts indexed
by :class:`~engine.goita.types.Piece`; a seat's laid pieces are a tuple of ints in laying
order, ``kind`` for a face-up piece and ``kind + 8`` for a face-down one. Nothing here is meant
for players: it leaves the engine only through :func:`engine.goita.view`.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.goita.rules import Rules
from engine.goita.types import PIECES, Attack, Block, Down, Keep, Pass, Phase, RoundResult

Counts = tuple[int, ...]

KING, LANCE, PAWN = 0, 6, 7
HIDDEN = 8  # added to a kind laid face down


class State(NamedTuple):
    """A whole Goita match: team totals and history, and the round being played."""

    rules: Rules
    seed: int
    seats: int
    round_no: int  # 1-based
    attempt: int  # deal attempt of this round (redeals)
    leader: int  # the first player of this round
    scores: tuple[int, ...]  # per team
    history: tuple[RoundResult, ...]
    phase: Phase
    to_act: int | None
    hands: tuple[Counts, ...]
    laid: tuple[tuple[int, ...], ...]
    aside: Counts  # pieces out of play this round (2 players: 8 set aside; 3 players: 2 removed)
    attacker: int  # seat whose attack piece is on the table (-1 before the first attack)
    attack: int  # kind of the attack piece (-1 none)
    passes: int  # consecutive passes since the attack
    asks: tuple[int, ...]  # redeal: seats with enough pawns still to decide, in turn order
    yes: tuple[int, ...]  # redeal: teams whose holder asked and partner agreed
    values: tuple[int, ...]  # piece values from ``rules``

    @property
    def teams(self) -> int:
        return 2 if self.seats == 4 else self.seats

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.seats == 4 else seat


def team_of(seats: int, seat: int) -> int:
    """Seat ``seat``'s team: partners face to face (0&2, 1&3) with 4 players, else alone."""
    return seat % 2 if seats == 4 else seat


DOWNS: tuple[Down, ...] = tuple(Down(p) for p in PIECES)
ATTACKS: tuple[Attack, ...] = tuple(Attack(p) for p in PIECES)
BLOCKS: tuple[Block, ...] = tuple(Block(p) for p in PIECES)
PASS = Pass()
KEEP = Keep()

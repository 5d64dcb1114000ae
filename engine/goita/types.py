"""Goita value objects: pieces, actions, events, round results and the per-seat view.

These are the only Goita objects that leave the engine: cogs, renderers and CPU players work
from :class:`GoitaView`, never from the state (the other hands, the face-down pieces).

Piece notation (one letter; :meth:`Piece.parse` and ``str`` round-trip, case-insensitive):

=====  ==========  =========  ============  ===========
``K``  King 王/玉   Roi        2 pieces      5 (×10: 50)
``R``  Rook 飛      Tour       2             4 (40)
``B``  Bishop 角    Fou        2             4 (40)
``G``  Gold 金      Gén. d'or  4             3 (30)
``S``  Silver 銀    Gén. d'arg 4             3 (30)
``N``  Knight 馬    Cavalier   4             2 (20)
``L``  Lance 香     Lancier    4             2 (20)
``P``  Pawn し      Pion       10            1 (10)
=====  ==========  =========  ============  ===========

A hand is written as its letters, highest first: ``KRGGSNPP``. A move may also name its piece by
the character on it or its English name (``block:金``, ``attack:gold``): :data:`ALIASES`.

Action notation (``str(action)`` and :func:`parse_action` round-trip):

===============  ==================================================================
``down:G``       lay G face down (the leader's first piece, or after all passed)
``attack:R``     lay R face up as the new attack piece
``block:G``      block the attack piece with the same piece (or a King: ``block:K``)
``pass``         do not block
``redeal``       ask for a redeal (5+ pawns), or, as the partner, agree to it
``keep``         play the deal as it is (decline to ask, or refuse the partner's request)
===============  ==================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import TYPE_CHECKING

from engine.core import IllegalAction

if TYPE_CHECKING:
    from engine.goita.rules import Rules


class Piece(IntEnum):
    """The eight Goita pieces, highest first (the int is the index into hand counts)."""

    K = 0  # King (ō / gyoku), wild blocker
    R = 1  # Rook (hisha)
    B = 2  # Bishop (kaku)
    G = 3  # Gold (kin)
    S = 4  # Silver (gin)
    N = 5  # Knight (bakko / uma)
    L = 6  # Lance (gon / kyosu)
    P = 7  # Pawn (shi)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Piece.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Piece:
        """``Piece.parse("g")``, ``Piece.parse("金")`` or ``Piece.parse("gold")`` → ``Piece.G``: the
        letter, the character on the piece (:data:`ALIASES`: 玉 for the second King, the simplified
        飞 银 马 and 步 too) or the English name; raises :class:`IllegalAction` otherwise."""
        cleaned = text.strip().upper()
        if len(cleaned) == 1 and cleaned in cls.__members__:
            return cls[cleaned]
        piece = ALIASES.get(text.strip().lower())
        if piece is not None:
            return piece
        raise IllegalAction(f"{text!r} is not a Goita piece (K R B G S N L P)", key="bad_piece", text=text)


PIECES: tuple[Piece, ...] = tuple(Piece)
NAMES: dict[Piece, str] = {
    Piece.K: "King",
    Piece.R: "Rook",
    Piece.B: "Bishop",
    Piece.G: "Gold",
    Piece.S: "Silver",
    Piece.N: "Knight",
    Piece.L: "Lance",
    Piece.P: "Pawn",
}
# The character written on each piece (the second King is often written 玉 instead of 王).
KANJI: dict[Piece, str] = {
    Piece.K: "王",
    Piece.R: "飛",
    Piece.B: "角",
    Piece.G: "金",
    Piece.S: "銀",
    Piece.N: "馬",
    Piece.L: "香",
    Piece.P: "し",
}
# What ``Piece.parse`` takes besides the letter: the characters on the pieces (and the second
# King's 玉, the simplified forms a zh-CN keyboard types, 步 for the pawn) and the English names.
ALIASES: dict[str, Piece] = {
    **{kanji: piece for piece, kanji in KANJI.items()},
    "玉": Piece.K,
    "飞": Piece.R,
    "银": Piece.S,
    "马": Piece.N,
    "步": Piece.P,
    **{name.lower(): piece for piece, name in NAMES.items()},
}
# How many of each piece the set holds (seed: « 2 Rois … 10 Pions »).
SET_COUNTS: tuple[int, ...] = (2, 2, 2, 4, 4, 4, 4, 10)


def parse_pieces(text: str) -> tuple[Piece, ...]:
    """``parse_pieces("KRG G")`` → ``(Piece.K, Piece.R, Piece.G, Piece.G)`` (spaces ignored)."""
    return tuple(Piece.parse(ch) for ch in text if not ch.isspace())


def format_pieces(pieces: tuple[Piece, ...] | list[Piece]) -> str:
    """Letters of ``pieces``, highest first: the inverse of :func:`parse_pieces` up to order."""
    return "".join(str(p) for p in sorted(pieces))


class Phase(Enum):
    ASK = "ask"  # a player with 5+ pawns may ask for a redeal
    CONSENT = "consent"  # the partner of the asker decides
    DOWN = "down"  # the attacker lays a piece face down
    ATTACK = "attack"  # the attacker (or the blocker) lays the attack piece face up
    RESPOND = "respond"  # the next player blocks or passes
    OVER = "over"  # the match has ended


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Down:
    """Lay ``piece`` face down (any piece; option ``no_king_face_down``: a King only when the
    hand holds nothing else)."""

    piece: Piece

    def __str__(self) -> str:
        return f"down:{self.piece}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Lay ``piece`` face up as the new attack piece."""

    piece: Piece

    def __str__(self) -> str:
        return f"attack:{self.piece}"


@dataclass(frozen=True, slots=True)
class Block:
    """Block the attack piece with ``piece`` (the same piece, or a King against R B G S N)."""

    piece: Piece

    def __str__(self) -> str:
        return f"block:{self.piece}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not block."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Redeal:
    """Ask for a redeal (the holder of 5+ pawns) or agree to it (the partner)."""

    def __str__(self) -> str:
        return "redeal"


@dataclass(frozen=True, slots=True)
class Keep:
    """Play the deal as it is."""

    def __str__(self) -> str:
        return "keep"


Action = Down | Attack | Block | Pass | Redeal | Keep


def is_pass(action: Action) -> bool:
    """Not blocking: a seat holding neither the attack piece nor a King that may block it has only
    this move (docs/rules/goita.md, « S'il ne peut pas jouer … il doit alors annoncer qu'il passe »)."""
    return type(action) is Pass


_WITH_PIECE: dict[str, type[Down | Attack | Block]] = {"down": Down, "attack": Attack, "block": Block}


def parse_action(text: str) -> Action:
    """Inverse of ``str(action)``; raises :class:`IllegalAction` for anything else."""
    cleaned = text.strip().lower().replace(" ", "").replace("：", ":")  # a CJK keyboard's colon too
    if cleaned == "pass":
        return Pass()
    if cleaned == "redeal":
        return Redeal()
    if cleaned == "keep":
        return Keep()
    verb, sep, piece = cleaned.partition(":")
    if sep and verb in _WITH_PIECE:
        return _WITH_PIECE[verb](Piece.parse(piece))
    raise IllegalAction(f"{text!r} is not a Goita move", key="bad_move", text=text)


# --- results -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a round's score sheet: ``("finish", 4)``, ``("double", 2)`` (a factor) …"""

    name: str
    points: int


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended and what each team scored, itemised for the score sheet.

    ``reason`` is ``finish`` (a player laid their last piece) or ``teyaku`` (6+ pawns dealt,
    association preset). ``items`` are the base lines (``finish`` = the last piece's value,
    ``teyaku_*``); ``multipliers`` the factors (``double``). ``points`` is per team.
    ``revealed`` shows the finishing face-down piece when it made the double, and the whole
    hand on a teyaku. ``face_down`` is every seat's face-down pieces in laying order, shown once
    the round is over (seed: face down « jusqu'à la fin de la manche »); before that no view
    holds another seat's face-down piece.
    """

    round_no: int
    reason: str
    winner: int
    team: int
    piece: Piece | None
    items: tuple[ScoreItem, ...]
    base: int
    multipliers: tuple[ScoreItem, ...]
    points: tuple[int, ...]
    revealed: tuple[Piece, ...]
    leader: int
    next_leader: int | None
    face_down: tuple[tuple[Piece, ...], ...] = ()


# --- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_no: int
    leader: int  # the first player
    dealer: int  # the player before the leader in turn order


@dataclass(frozen=True, slots=True)
class RedealChoice:
    """``seat`` asked (``role="ask"``) or answered (``role="consent"``) a redeal request."""

    seat: int
    role: str
    redeal: bool


@dataclass(frozen=True, slots=True)
class Redealt:
    """The pieces were dealt again (same leader)."""

    attempt: int


@dataclass(frozen=True, slots=True)
class PieceLaid:
    """``seat`` laid its ``slot``-th piece (1-based). ``piece`` is ``None`` when face down.

    ``role`` is ``down`` (face down), ``block`` or ``attack`` (face up).
    """

    seat: int
    slot: int
    role: str
    piece: Piece | None


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class AllPassed:
    """Nobody blocked ``attacker`` (``unblockable``: the attack was a King)."""

    attacker: int
    unblockable: bool


@dataclass(frozen=True, slots=True)
class RoundEnded:
    result: RoundResult
    scores: tuple[int, ...]  # team totals after this round


@dataclass(frozen=True, slots=True)
class MatchEnded:
    scores: tuple[int, ...]  # per team
    winners: tuple[int, ...]  # seats


Event = RoundStarted | RedealChoice | Redealt | PieceLaid | Passed | AllPassed | RoundEnded | MatchEnded


# --- view ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """One laid piece as a seat sees it: ``piece`` is ``None`` for another seat's face-down piece."""

    piece: Piece | None
    face_up: bool


@dataclass(frozen=True, slots=True)
class GoitaView:
    """What one seat (or a spectator, ``seat=None``) may know of a Goita match.

    Public: every face-up piece, how many pieces each seat holds, the attack, team scores.
    Private to ``seat``: its own ``hand``, its own face-down pieces, and on its turn
    ``legal_actions``. Never: other hands, the set-aside pieces, other face-down pieces of the
    round being played (a finished round's are in ``history``, ``RoundResult.face_down``).
    ``teams[s]`` is seat ``s``'s team (4 players: ``s % 2``; otherwise each seat alone).
    """

    seat: int | None
    seats: int
    rules: Rules
    phase: Phase
    to_act: int | None
    round_no: int
    leader: int
    dealer: int
    teams: tuple[int, ...]
    scores: tuple[int, ...]
    hand: tuple[Piece, ...] | None
    hand_counts: tuple[int, ...]
    tables: tuple[tuple[Slot, ...], ...]
    attacker: int | None
    attack: Piece | None
    passes: int
    set_aside: int
    redeal_asker: int | None
    legal_actions: tuple[Action, ...]
    history: tuple[RoundResult, ...] = field(default=())

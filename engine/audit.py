"""Provably fair deals and offline audits: the seed commitment and a checked replay of a move log.

The commitment to a match's deal is ``sha256(f"{seed}:{salt}")`` in lowercase hex: the seed as a
decimal integer (no sign, no leading zeros), a colon, then the salt as stored (32 lowercase hex
digits drawn from ``secrets``), the whole string encoded as UTF-8. The salt keeps the seed from
being found by trying every seed against the posted hash during the match.

Pure: no Discord, no store; ``cogs.fairness`` (``/verify``, ``/export``) and ``tsuki.replay``
(the offline tool) share it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import GameEngine, GameError, Outcome
from engine.registry import ENGINES

__all__ = ["ENGINES", "Mismatch", "Move", "Replayed", "commitment", "replay_log"]


def commitment(seed: int, salt: str) -> str:
    """SHA-256 hex of ``f"{seed}:{salt}"``: what the first post of a match shows."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Move:
    """One stored move: its number, the seat it was stored for, its text notation."""

    seq: int
    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class Mismatch:
    """Where a replay first disagrees with the log: move ``seq`` (``None``: the log's numbering or
    the deal itself) and why, in English (the cog words it for players)."""

    seq: int | None
    kind: str  # "numbering", "turn", "illegal", "unfinished"
    detail: str


@dataclass(frozen=True, slots=True)
class Replayed:
    state: Any
    outcome: Outcome | None
    mismatch: Mismatch | None


def replay_log(
    engine: GameEngine[Any, Any, Any, Any], seats: int, rules: Any, seed: int, moves: Sequence[Move]
) -> Replayed:
    """Replay ``moves`` from the deal, checking each is numbered in order, stored for the seat whose
    turn it was, and legal; stops at the first that is not. (Not ``GameEngine.replay``, which
    trusts the log and cannot say where it went wrong.)"""
    state, _ = engine.begin(seats, rules, seed)  # as the table flow deals it
    for expected, move in enumerate(moves):
        if move.seq != expected:
            return Replayed(state, None, Mismatch(move.seq, "numbering", f"expected move {expected}"))
        to_act = engine.to_act(state)
        if to_act != move.seat:
            detail = f"stored for seat {move.seat}, but seat {to_act} was to act"
            return Replayed(state, None, Mismatch(move.seq, "turn", detail))
        try:
            state, _ = engine.apply(state, engine.parse_action(move.action))
        except GameError as error:
            return Replayed(state, None, Mismatch(move.seq, "illegal", f"{move.action!r}: {error}"))
    return Replayed(state, engine.outcome(state), None)

"""Goita Shogi: the four-player (or 2/3-player) team shedding game of seed 002, as a pure engine.

``ENGINE`` bundles the functions for the shared table flow; ``docs/rules/goita.md`` lists every
rule with the seed sentence (or FudaWiki passage) it comes from and the option that changes it.
The seed's solo / co-op memory mode is a separate engine, ``engine.goita.memory.MEMORY``.
"""

from __future__ import annotations

from engine.core import GameEngine
from engine.goita.game import (
    apply,
    deal,
    first_leader,
    legal_actions,
    new_game,
    open_round,
    outcome,
    start,
    to_act,
)
from engine.goita.rules import PRESETS, Rules, rules_from, rules_from_record
from engine.goita.state import State, team_of
from engine.goita.types import (
    ALIASES,
    KANJI,
    NAMES,
    PIECES,
    SET_COUNTS,
    Action,
    AllPassed,
    Attack,
    Block,
    Down,
    Event,
    GoitaView,
    Keep,
    MatchEnded,
    Pass,
    Passed,
    Phase,
    Piece,
    PieceLaid,
    Redeal,
    RedealChoice,
    Redealt,
    RoundEnded,
    RoundResult,
    RoundStarted,
    ScoreItem,
    Slot,
    format_pieces,
    is_pass,
    parse_action,
    parse_pieces,
)
from engine.goita.view import view


def teams(seats: int) -> tuple[tuple[int, ...], ...] | None:
    """Partners face to face (seats 0&2 against 1&3) with four players; alone otherwise."""
    if seats != 4:
        return None
    return tuple(tuple(s for s in range(seats) if team_of(seats, s) == team) for team in range(2))


def _round_no(view: GoitaView) -> int:
    """The round ``view`` is in (``GameEngine.round_no``)."""
    return view.round_no


def _scores(view: GoitaView) -> tuple[int, ...]:
    """The running scores ``view`` shows (``GameEngine.scores``)."""
    return view.scores


def _phase(view: GoitaView) -> str:
    """The decision ``view`` waits for (``GameEngine.phase``)."""
    return view.phase.value


ENGINE: GameEngine[State, Action, GoitaView, Rules] = GameEngine(
    name="goita",
    min_seats=2,
    max_seats=4,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    outcome=outcome,
    to_act=to_act,
    parse_action=parse_action,
    rules_from=rules_from,
    start=start,
    rules_from_record=rules_from_record,
    teams=teams,
    round_no=_round_no,
    scores=_scores,
    phase=_phase,
    is_pass=is_pass,  # a seat that cannot block can only pass
)

__all__ = [
    "ALIASES",
    "ENGINE",
    "KANJI",
    "NAMES",
    "PIECES",
    "PRESETS",
    "SET_COUNTS",
    "Action",
    "AllPassed",
    "Attack",
    "Block",
    "Down",
    "Event",
    "GoitaView",
    "Keep",
    "MatchEnded",
    "Pass",
    "Passed",
    "Phase",
    "Piece",
    "PieceLaid",
    "Redeal",
    "RedealChoice",
    "Redealt",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "Rules",
    "ScoreItem",
    "Slot",
    "State",
    "apply",
    "deal",
    "first_leader",
    "format_pieces",
    "legal_actions",
    "new_game",
    "open_round",
    "outcome",
    "parse_action",
    "parse_pieces",
    "rules_from",
    "rules_from_record",
    "start",
    "team_of",
    "to_act",
    "view",
]

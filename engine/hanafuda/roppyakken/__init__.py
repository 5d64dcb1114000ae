"""Roppyakken (六百間): the 2–3 player hanafuda fishing game to 600 (seed 001), as a pure engine.

``ENGINE`` bundles the functions for the shared table flow; ``docs/rules/roppyakken.md`` lists
every rule with the seed sentence it comes from and the option that changes it.
"""

from __future__ import annotations

from engine.core import GameEngine
from engine.hanafuda.roppyakken.game import (
    apply,
    first_dealer,
    legal_actions,
    new_game,
    outcome,
    start,
    to_act,
)
from engine.hanafuda.roppyakken.rules import PRESETS, Rules, rules_from, rules_from_record
from engine.hanafuda.roppyakken.state import State
from engine.hanafuda.roppyakken.types import (
    Action,
    Capture,
    CardDrawn,
    CardPlayed,
    Event,
    Item,
    LastMove,
    Lay,
    MatchEnded,
    Phase,
    Play,
    Redealt,
    RoppyakkenView,
    RoundEnded,
    RoundResult,
    RoundStarted,
    SeatScore,
    TeyakuShown,
    parse_action,
)
from engine.hanafuda.roppyakken.view import view


def _round_no(view: RoppyakkenView) -> int:
    """The round ``view`` is in (``GameEngine.round_no``)."""
    return view.round_no


def _scores(view: RoppyakkenView) -> tuple[int, ...]:
    """The running scores ``view`` shows (``GameEngine.scores``)."""
    return view.scores


def _phase(view: RoppyakkenView) -> str:
    """The decision ``view`` waits for (``GameEngine.phase``)."""
    return view.phase.value


ENGINE: GameEngine[State, Action, RoppyakkenView, Rules] = GameEngine(
    name="roppyakken",
    min_seats=2,
    max_seats=3,
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
    round_no=_round_no,
    scores=_scores,
    phase=_phase,
)

__all__ = [
    "ENGINE",
    "PRESETS",
    "Action",
    "Capture",
    "CardDrawn",
    "CardPlayed",
    "Event",
    "Item",
    "LastMove",
    "Lay",
    "MatchEnded",
    "Phase",
    "Play",
    "Redealt",
    "RoppyakkenView",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "Rules",
    "SeatScore",
    "State",
    "TeyakuShown",
    "apply",
    "first_dealer",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "rules_from",
    "rules_from_record",
    "start",
    "to_act",
    "view",
]

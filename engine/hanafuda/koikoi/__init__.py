"""Koi-Koi: the two-player hanafuda fishing game (seed 004), as a pure engine.

``ENGINE`` bundles the functions for the shared table flow; ``docs/rules/koikoi.md`` lists
every rule with the seed sentence it comes from and the option that changes it.
"""

from __future__ import annotations

from engine.core import GameEngine
from engine.hanafuda.koikoi.game import apply, first_dealer, legal_actions, new_game, outcome, start, to_act
from engine.hanafuda.koikoi.presets import preset_table
from engine.hanafuda.koikoi.rules import PRESETS, Rules, points_table, rules_from
from engine.hanafuda.koikoi.state import State
from engine.hanafuda.koikoi.types import (
    Action,
    Capture,
    CardDrawn,
    CardPlayed,
    Event,
    KoiKoi,
    KoiKoiCalled,
    KoiKoiView,
    LastMove,
    LuckyHand,
    MatchEnded,
    Multiplier,
    Phase,
    Play,
    Redealt,
    RoundEnded,
    RoundResult,
    RoundStarted,
    Shobu,
    ShobuCalled,
    YakuMade,
    YakuScore,
    parse_action,
)
from engine.hanafuda.koikoi.view import play_takes, view


def _round_no(view: KoiKoiView) -> int:
    """The round ``view`` is in (``GameEngine.round_no``)."""
    return view.round_no


def _scores(view: KoiKoiView) -> tuple[int, ...]:
    """The running scores ``view`` shows (``GameEngine.scores``)."""
    return view.scores


def _phase(view: KoiKoiView) -> str:
    """The decision ``view`` waits for (``GameEngine.phase``)."""
    return view.phase.value


ENGINE: GameEngine[State, Action, KoiKoiView, Rules] = GameEngine(
    name="koikoi",
    min_seats=2,
    max_seats=2,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    outcome=outcome,
    to_act=to_act,
    parse_action=parse_action,
    rules_from=rules_from,
    start=start,
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
    "KoiKoi",
    "KoiKoiCalled",
    "KoiKoiView",
    "LastMove",
    "LuckyHand",
    "MatchEnded",
    "Multiplier",
    "Phase",
    "Play",
    "Redealt",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "Rules",
    "Shobu",
    "ShobuCalled",
    "State",
    "YakuMade",
    "YakuScore",
    "apply",
    "first_dealer",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "play_takes",
    "points_table",
    "preset_table",
    "rules_from",
    "start",
    "to_act",
    "view",
]

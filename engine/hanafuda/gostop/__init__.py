"""Go-Stop (Korean hwatu, seed 000) as a pure engine for 2 or 3 players.

``ENGINE`` bundles the functions for the shared table flow; ``docs/rules/gostop.md`` lists every
rule with the seed sentence it comes from, its option and its test.
"""

from __future__ import annotations

from engine.core import GameEngine
from engine.hanafuda.gostop.cards import J2, J2B, J3, card_str, cards_of, parse_card
from engine.hanafuda.gostop.game import apply, legal_actions, outcome, to_act
from engine.hanafuda.gostop.rounds import first_dealer, new_game, start
from engine.hanafuda.gostop.rules import PRESETS, Rules, rules_from
from engine.hanafuda.gostop.scoring import evaluate, settle
from engine.hanafuda.gostop.state import State
from engine.hanafuda.gostop.types import (
    Action,
    Bomb,
    Captured,
    CardFlipped,
    CardPlayed,
    Chongtong,
    Claim,
    CupAs,
    Event,
    Flip,
    Go,
    GoCalled,
    GoStopView,
    JokerStacked,
    JokerToDealer,
    MatchEnded,
    Multiplier,
    Payment,
    Phase,
    PiStolen,
    Play,
    Redealt,
    RoundEnded,
    RoundResult,
    RoundStarted,
    ScoreItem,
    Seolsa,
    Shake,
    Shaken,
    Stop,
    StopCalled,
    Take,
    Threshold,
    parse_action,
)
from engine.hanafuda.gostop.view import view


def _round_no(view: GoStopView) -> int:
    """The round ``view`` is in (``GameEngine.round_no``)."""
    return view.round_no


def _scores(view: GoStopView) -> tuple[int, ...]:
    """The running scores ``view`` shows (``GameEngine.scores``)."""
    return view.scores


def _phase(view: GoStopView) -> str:
    """The decision ``view`` waits for (``GameEngine.phase``)."""
    return view.phase.value


ENGINE: GameEngine[State, Action, GoStopView, Rules] = GameEngine(
    name="gostop",
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
    ranked_by="points",  # played for points won and lost
    round_no=_round_no,
    scores=_scores,
    phase=_phase,
)

__all__ = [
    "ENGINE",
    "J2",
    "J2B",
    "J3",
    "PRESETS",
    "Action",
    "Bomb",
    "Captured",
    "CardFlipped",
    "CardPlayed",
    "Chongtong",
    "Claim",
    "CupAs",
    "Event",
    "Flip",
    "Go",
    "GoCalled",
    "GoStopView",
    "JokerStacked",
    "JokerToDealer",
    "MatchEnded",
    "Multiplier",
    "Payment",
    "Phase",
    "PiStolen",
    "Play",
    "Redealt",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "Rules",
    "ScoreItem",
    "Seolsa",
    "Shake",
    "Shaken",
    "State",
    "Stop",
    "StopCalled",
    "Take",
    "Threshold",
    "apply",
    "card_str",
    "cards_of",
    "evaluate",
    "first_dealer",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "parse_card",
    "rules_from",
    "settle",
    "start",
    "to_act",
    "view",
]

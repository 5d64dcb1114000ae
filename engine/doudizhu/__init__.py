"""Dou Dizhu (斗地主): the three-player climbing game of seed 003, as a pure engine.

``ENGINE`` bundles the functions for the shared table flow; ``docs/rules/doudizhu.md`` lists
every rule with the seed sentence it comes from, the option that changes it and its test.
"""

from __future__ import annotations

from engine.core import GameEngine
from engine.doudizhu.cards import CARDS, RANKS, Card, cards
from engine.doudizhu.game import State, apply, deal, legal_actions, new_game, outcome, start, to_act, view
from engine.doudizhu.moves import KINDS, Move, answers, beats, classify, leads, parse_move
from engine.doudizhu.rules import PRESETS, Rules, rules_from
from engine.doudizhu.types import (
    PASS,
    Action,
    Bid,
    BidMade,
    DoudizhuView,
    Event,
    HandEnded,
    HandResult,
    HandStarted,
    LandlordChosen,
    MatchEnded,
    Multiplier,
    Pass,
    Passed,
    Phase,
    Played,
    Redealt,
    TrickPlay,
    TrickWon,
    is_pass,
    parse_action,
)


def _hand_no(view: DoudizhuView) -> int:
    """The hand ``view`` is in (``GameEngine.round_no``)."""
    return view.hand_no


def _scores(view: DoudizhuView) -> tuple[int, ...]:
    """The running scores ``view`` shows (``GameEngine.scores``)."""
    return view.scores


def _phase(view: DoudizhuView) -> str:
    """The decision ``view`` waits for (``GameEngine.phase``)."""
    return view.phase.value


ENGINE: GameEngine[State, Action, DoudizhuView, Rules] = GameEngine(
    name="doudizhu",
    min_seats=3,
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
    rating="landlord_deals",  # each deal: the landlord against the two peasants
    round_no=_hand_no,
    scores=_scores,
    phase=_phase,
    is_pass=is_pass,  # a follower who cannot beat the trick can only pass
)

__all__ = [
    "CARDS",
    "ENGINE",
    "KINDS",
    "PASS",
    "PRESETS",
    "RANKS",
    "Action",
    "Bid",
    "BidMade",
    "Card",
    "DoudizhuView",
    "Event",
    "HandEnded",
    "HandResult",
    "HandStarted",
    "LandlordChosen",
    "MatchEnded",
    "Move",
    "Multiplier",
    "Pass",
    "Passed",
    "Phase",
    "Played",
    "Redealt",
    "Rules",
    "State",
    "TrickPlay",
    "TrickWon",
    "answers",
    "apply",
    "beats",
    "cards",
    "classify",
    "deal",
    "leads",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "parse_move",
    "rules_from",
    "start",
    "to_act",
    "view",
]

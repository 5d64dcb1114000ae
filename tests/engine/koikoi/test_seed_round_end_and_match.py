"""The seed's rules (004, Koi-Koi) for rounds that end with empty hands and for the end of the
match, one test per rule, on stacked decks.

Each docstring quotes the French sentence of the seed that the test checks; the rules doc
(``docs/rules/koikoi.md``) points back here. Shared helpers: ``stacked.py``.
"""

from __future__ import annotations

import random
from typing import Unpack

import pytest

from engine.hanafuda.koikoi import (
    MatchEnded,
    Phase,
    Rules,
    Shobu,
    apply,
    legal_actions,
    new_game,
    outcome,
)
from engine.hanafuda.koikoi.state import State
from tests.engine.koikoi.stacked import Options, ended, make_state, play

# --- Manche nulle ------------------------------------------------------------------------------


def _last_turns(**kw: Unpack[Options]) -> State:
    """Dealer 0 and seat 1 hold one card each; nothing can be captured."""
    return make_state(hands=("5c", "6c"), field="1c 2c 3c 4c", pile="7c 8c", **kw)


def test_hands_exhausted_without_koikoi_is_a_draw_dealer_stays() -> None:
    """« Si les deux joueurs n'ont plus de cartes en main et qu'aucun des deux n'a appelé
    "koi-koi" lors de la manche, alors elle est considérée comme nulle, aucun des joueurs ne
    marque de point et on passe à la suivante. Le donneur restera le même qu'à cette manche. »"""
    s = _last_turns(dealer=1, to_act=1, captured=("1a 3a 8a", ""))
    s, _ = apply(s, play("6c"))
    s, events = apply(s, play("5c"))
    result = ended(events).result
    assert (result.reason, result.winner, result.points) == ("draw", None, (0, 0))
    assert s.dealer == 1 and s.round_no == 2


def test_hands_exhausted_the_last_koikoi_caller_scores() -> None:
    """« si les deux joueurs n'ont plus de carte mais qu'il y a eu des annonces "koi-koi" durant
    la manche, alors le dernier joueur ayant appelé "koi-koi" remporte ses points. »
    (RULINGS: with the over-7 doubling; the opponent-koi-koi factor needs a shōbu.)"""
    s = _last_turns(captured=("2a 4a 5a 6a 8b", "1a 3a 8a 12a"), koikoi=(1, 1), last_koikoi=1)
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("6c"))
    result = ended(events).result
    assert (result.reason, result.winner, result.base) == ("exhausted", 1, 8)
    assert [(x.name, x.factor) for x in result.multipliers] == [("over_seven", 2)]
    assert result.points == (0, 16) and s.dealer == 1


# --- Fin de la partie --------------------------------------------------------------------------


@pytest.mark.parametrize("rounds", [12, 6, 3])
def test_match_length_in_rounds(rounds: int) -> None:
    """« 12 manches de préférence, on peut baisser à 6 voire 3 manches pour des parties
    rapides »"""
    s = new_game(2, Rules(rounds=rounds), 7)
    while s.phase is not Phase.OVER:
        s, _ = apply(s, legal_actions(s)[0])
    assert len(s.history) == rounds
    assert [r.round_no for r in s.history] == list(range(1, rounds + 1))
    assert Rules().rounds == 12


@pytest.mark.parametrize(
    ("scores", "winners"), [((10, 4), (0,)), ((3, 9), (1,)), ((0, 5), (1,)), ((7, 2), (0,))]
)
def test_highest_total_after_the_last_round_wins(scores: tuple[int, int], winners: tuple[int, ...]) -> None:
    """« Si l'on joue avec un certain nombre de manches, le joueur avec le score le plus élevé à
    la fin de la dernière manche est déclaré vainqueur. »"""
    rules = Rules(rounds=3)
    s = _last_turns(round_no=3, scores=scores, rules=rules)
    assert outcome(s) is None
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("6c"))
    assert s.phase is Phase.OVER and s.to_act is None and legal_actions(s) == ()
    assert events[-1] == MatchEnded(scores, winners)
    result = outcome(s)
    assert result is not None and result.scores == scores and result.winners == winners
    assert s.history[-1].next_dealer is None


def test_equal_totals_both_win() -> None:
    """« le joueur avec le score le plus élevé à la fin de la dernière manche est déclaré
    vainqueur » — silent on ties: both seats are listed as winners."""
    s = _last_turns(round_no=12, scores=(6, 6))
    s, _ = apply(s, play("5c"))
    s, _ = apply(s, play("6c"))
    result = outcome(s)
    assert result is not None and result.winners == (0, 1)


def test_playing_to_a_target_score() -> None:
    """« le jeu se termine après un certain nombre de tours (12 ou 6 en général), ou une fois
    qu'un score cible a été atteint. … Si l'on joue à un total de points cible, le premier
    joueur à atteindre ce score est le gagnant. » (option ``target_score``)"""
    rules = Rules(target_score=10, rounds=120)
    s = make_state(
        hands=("8b 5c", "2c 6c"),
        field="8a 7c",
        pile="12c",
        captured=("1a 3a", ""),
        scores=(6, 9),
        rules=rules,
    )
    s, _ = apply(s, play("8b"))
    s, events = apply(s, Shobu())
    assert events[-1] == MatchEnded((11, 9), (0,))
    assert s.phase is Phase.OVER and s.history[-1].next_dealer is None
    # Random matches stop at the first round that brings a total to 10 or more.
    rng = random.Random(5)
    for seed in range(30):
        s = new_game(2, rules, seed)
        while s.phase is not Phase.OVER:
            s, _ = apply(s, rng.choice(legal_actions(s)))
        totals = [0, 0]
        for i, result in enumerate(s.history):
            totals = [totals[0] + result.points[0], totals[1] + result.points[1]]
            assert (max(totals) >= 10) == (i == len(s.history) - 1)

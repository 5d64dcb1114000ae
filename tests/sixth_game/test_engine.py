"""High Card's rules (``tests/sixth_game/engine.py``): each test names the rule sentence it checks."""

from __future__ import annotations

import random

import pytest

from engine.core import BadRules, IllegalAction
from tests.sixth_game.engine import (
    ENGINE,
    MatchEnded,
    Play,
    Rules,
    State,
    TrickWon,
    apply,
    legal_actions,
    new_game,
    outcome,
    to_act,
    view,
)


def stacked(first: tuple[int, ...], second: tuple[int, ...]) -> State:
    return State(Rules(hand=len(first)), (first, second), leader=0, trick=(), tricks=(0, 0))


def test_the_higher_card_wins_the_trick_and_its_winner_leads_the_next() -> None:
    """ "the higher card wins the trick and its winner leads the next"."""
    state, _ = apply(stacked((2, 9, 5), (7, 3, 4)), Play(2))
    state, events = apply(state, Play(7))
    assert TrickWon(1, (2, 7)) in events and state.tricks == (0, 1)
    assert to_act(state) == 1, "the trick's winner leads"


def test_the_leader_wins_with_the_higher_card_too() -> None:
    """ "the higher card wins the trick" (whoever played it)."""
    state, _ = apply(stacked((9,), (1,)), Play(9))
    state, events = apply(state, Play(1))
    assert TrickWon(0, (9, 1)) in events


def test_the_most_tricks_win_when_the_hands_are_empty() -> None:
    """ "When the hands are empty, the most tricks win the match"."""
    state = stacked((10, 9, 1), (2, 3, 4))
    events: tuple[object, ...] = ()
    for card in (10, 2, 9, 3, 1, 4):
        state, events = apply(state, Play(card))
    done = outcome(state)
    assert done is not None and done.winners == (0,)
    assert MatchEnded((2, 1), (0,)) in events and legal_actions(state) == ()


def test_a_card_not_in_hand_is_refused() -> None:
    with pytest.raises(IllegalAction):
        apply(stacked((2, 9, 5), (7, 3, 4)), Play(7))


def test_a_seat_sees_its_own_hand_only_and_the_public_view_none() -> None:
    state = new_game(2, Rules(), seed=4)
    mine, theirs, public = view(state, 0), view(state, 1), view(state, None)
    assert mine.hand == state.hands[0] and theirs.hand == state.hands[1]
    assert public.hand is None and public.legal_actions == () and public.seat is None
    assert theirs.legal_actions == (), "only the seat to act has moves"


def test_random_matches_replay_from_their_log_and_deal_distinct_cards() -> None:
    rng = random.Random(1)
    for seed in range(30):
        rules = ENGINE.rules_from(None, {"hand": rng.choice((1, 3, 5))})
        state = new_game(2, rules, seed)
        assert len(set(state.hands[0]) | set(state.hands[1])) == 2 * rules.hand
        log = []
        while to_act(state) is not None:
            action = rng.choice(legal_actions(state))
            log.append(str(action))
            state, _ = apply(state, action)
        assert ENGINE.replay(2, rules, seed, log) == state
        assert sum(state.tricks) == rules.hand


def test_unknown_options_and_even_hands_are_refused() -> None:
    with pytest.raises(BadRules):
        ENGINE.rules_from(None, {"hand": 4})
    with pytest.raises(BadRules):
        ENGINE.rules_from(None, {"jokers": 1})

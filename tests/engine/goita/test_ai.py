"""The CPU player: always legal, decides from a view only, clearly beats a random team."""

from __future__ import annotations

import inspect
import random

import pytest

from engine.ai.goita import heuristic as ai
from engine.ai.goita.heuristic import choose_action
from engine.core import NotYourTurn
from engine.goita import (
    PRESETS,
    Block,
    Pass,
    Phase,
    Piece,
    Rules,
    apply,
    legal_actions,
    new_game,
    outcome,
    view,
)
from tests.engine.goita.stacked import counts, play, table
from tests.typed import acting


@pytest.mark.parametrize(
    ("seats", "rules"), [(4, PRESETS["seed"]), (4, PRESETS["association"]), (3, Rules()), (2, Rules())]
)
def test_cpu_always_plays_a_legal_action(seats: int, rules: Rules) -> None:
    rng = random.Random(1)
    for seed in range(15):
        s = new_game(seats, rules, seed)
        while s.phase is not Phase.OVER:
            v = view(s, s.to_act)
            action = choose_action(v, rng)
            assert action in v.legal_actions
            s, _ = apply(s, action)


def test_cpu_sees_only_a_view() -> None:
    assert "State" not in inspect.getsource(ai)
    s = new_game(4, Rules(), 1)
    other = (acting(s.to_act) + 1) % 4
    with pytest.raises(NotYourTurn):
        choose_action(view(s, other))
    with pytest.raises(NotYourTurn):
        choose_action(view(s, None))


def test_cpu_blocks_opponents_not_partners_and_keeps_kings() -> None:
    # Seat 1 (opponent of seat 0) blocks a Silver with its Silver, not its King.
    s, _ = play(table(), "down:G attack:S")
    assert choose_action(view(s, 1)) == Block(Piece.S)
    # Seat 2 (partner of seat 0) lets its partner's attack through.
    s, _ = play(s, "pass")
    assert choose_action(view(s, 2)) == Pass()
    # A Pawn attack can't be met by a King; a low attack isn't worth a King early on.
    s, _ = play(table(("RBGSNLPP", "KBGGSLPP", "KRNSNLPP", "GSNLPPPP")), "down:G attack:N")
    assert Block(Piece.K) in legal_actions(s) and choose_action(view(s, 1)) == Pass()


def test_cpu_finishes_with_its_best_piece_or_a_pair() -> None:
    base = table()
    s = base._replace(hands=(counts("NP"), *base.hands[1:]))
    assert str(choose_action(view(s, 0))) == "down:P"  # finish with the Knight
    s, _ = play(s, "down:P")
    assert str(choose_action(view(s, 0))) == "attack:N"
    s = base._replace(hands=(counts("GG"), *base.hands[1:]))
    s, _ = play(s, "down:G")
    assert str(choose_action(view(s, 0))) == "attack:G"  # doubled


def test_cpu_team_beats_a_random_team() -> None:
    rng = random.Random(3)
    wins = 0
    matches = 60
    for seed in range(matches):
        s = new_game(4, Rules(), seed)
        while s.phase is not Phase.OVER:
            if acting(s.to_act) % 2 == 0:
                action = choose_action(view(s, s.to_act), rng)
            else:
                action = rng.choice(legal_actions(s))
            s, _ = apply(s, action)
        o = outcome(s)
        assert o is not None
        wins += 0 in o.winners
    assert wins >= 0.8 * matches

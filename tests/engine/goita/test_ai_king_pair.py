"""The CPU levels play the both-Kings attack when it is best (seed: « sauf si un Roi a déjà été
posé précédemment », and « le premier joueur pose devant lui une carte face cachée »: a King
laid face down counts, so a holder of both Kings may lay one face down and attack with the other).

The position: seat 0 (team A/C) is to lay a piece face down with ``K K P P`` left; both opponents
have two pieces left, among them Pawns. Attacking with a Pawn lets an opponent block it and
finish with their last piece. Laying a King face down, attacking with the other (nobody can
block a King), then ``down:P attack:P`` wins the round for sure, doubled.
"""

from __future__ import annotations

import random

import pytest

from engine.ai.goita.determinize import determinize
from engine.ai.levels import Level, chooser
from engine.ai.search import Budget
from engine.goita import PRESETS, Attack, Down, Phase, Piece, Rules, State, apply, legal_actions, view
from engine.goita.state import HIDDEN
from engine.hints.goita import hints
from tests.engine.goita.stacked import DEAL4, counts, play, table

LEVELS = (Level.BEGINNER, Level.NORMAL, Level.STRONG)
BUDGET = Budget(playouts=40)


def _row(text: str) -> tuple[int, ...]:
    """A table row from ``"n N l L"``: lower case = face down."""
    return tuple(int(Piece.parse(c)) + (HIDDEN if c.islower() else 0) for c in text.split())


def king_pair_position(rules: Rules) -> State:
    """Seat 0 to lay a piece face down (all passed on its Lance) with K K P P; seats 1 and 3
    (opponents) hold P P and P L; seat 2 (partner) G G S S."""
    s = table(DEAL4, rules=rules)
    return s._replace(
        phase=Phase.DOWN,
        to_act=0,
        hands=(counts("KKPP"), counts("PP"), counts("GGSS"), counts("PL")),
        laid=(_row("n N l L"), _row("r R b B p P"), _row("p L p P"), _row("g G s S n N")),
        attacker=0,
        attack=int(Piece.L),
        passes=0,
    )


def play_out(s: State, level: Level, seed: int) -> State:
    choose = chooser("goita", level, BUDGET)
    assert choose is not None
    rng = random.Random(seed)
    while s.phase is not Phase.OVER and s.round_no == 1:
        s, _ = apply(s, choose(view(s, s.to_act), rng))
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_lays_a_king_face_down_and_attacks_with_the_other(level: Level) -> None:
    choose = chooser("goita", level, BUDGET)
    assert choose is not None
    s = king_pair_position(PRESETS["seed"])
    for seed in range(3):
        assert choose(view(s, 0), random.Random(seed)) == Down(Piece.K)
    s, _ = apply(s, Down(Piece.K))
    assert Attack(Piece.K) in legal_actions(s)
    for seed in range(3):
        assert choose(view(s, 0), random.Random(seed)) == Attack(Piece.K)
    # The plan wins the round for team A/C: K unblockable, then down:P attack:P, doubled.
    s, _ = apply(s, Attack(Piece.K))
    s = play_out(s, level, 0)
    assert s.scores == (2, 0)


def test_the_old_reading_offers_no_such_plan() -> None:
    """Option ``king_face_down_counts`` off: a King face down unlocks nothing, so the CPU lays a
    Pawn face down as before (and loses the round)."""
    s = king_pair_position(Rules(king_face_down_counts=False))
    normal = chooser("goita", Level.NORMAL)
    assert normal is not None and normal(view(s, 0), random.Random(0)) != Down(Piece.K)


def test_the_hints_name_the_king_pair() -> None:
    s = king_pair_position(PRESETS["seed"])
    keys = [h.key for h in hints(view(s, 0))]
    assert "king_pair" in keys
    s, _ = apply(s, Down(Piece.K))
    lines = hints(view(s, 0))
    assert "king_attack_ready" in [h.key for h in lines]
    assert next(h for h in lines if h.key == "suggest").get("action") == Attack(Piece.K)
    assert "king_pair" not in [
        h.key for h in hints(view(king_pair_position(Rules(king_face_down_counts=False)), 0))
    ]


def test_the_cpu_infers_the_king_laid_face_down_behind_a_king_attack() -> None:
    """Seat 1 attacks with a King while no other King lies face up: under the seed's rule it laid
    the other one face down itself. The strong level's sampled states put it there, never in a
    hand that could then block with it."""
    hands = ("RBGSNLPP", "KKGSNLPP", "RBGSNLPP", "GSNLPPPP")
    s, _ = play(table(hands, leader=1), "down:K attack:K down:P attack:P")
    v = view(s, 2)
    rng = random.Random(0)
    for _ in range(30):
        sampled = determinize(v, rng)
        assert HIDDEN + int(Piece.K) in sampled.laid[1]
        assert all(h[int(Piece.K)] == 0 for h in sampled.hands)

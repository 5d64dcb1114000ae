"""Which moves are passes, and when a pass is all a seat can do (``GameEngine.forced_pass``):
what the table's auto-pass (issue 28) plays for a player, decided from the seat's own legal moves.

Goita and Dou Dizhu have passes; Koi-Koi, Go-Stop, Roppyakken and Goita's memory mode have none
(a single legal move there, e.g. Go-Stop's free flip with an empty hand, is not a pass).
"""

from __future__ import annotations

import random

import pytest

from engine.doudizhu import ENGINE as DOUDIZHU
from engine.doudizhu import PASS
from engine.doudizhu import legal_actions as doudizhu_legal
from engine.goita import ENGINE as GOITA
from engine.goita import Block, Pass, Piece
from engine.goita import legal_actions as goita_legal
from engine.goita import view as goita_view
from engine.registry import ENGINES
from tests.engine.doudizhu.stacked import mv, play_state
from tests.engine.goita.stacked import play, table


def test_goita_a_seat_that_cannot_block_can_only_pass() -> None:
    """« S'il ne peut pas jouer ou ne veut pas (par exemple, il n'est pas nécessaire de bloquer son
    coéquipier), il doit alors annoncer qu'il passe. » Seat 3 (GSNLPPPP) holds neither the
    attacking Bishop nor a King: a pass is all it can do, read from its own view; seat 1, holding
    a Bishop and a King, may block, so nothing is forced on it."""
    s, _ = play(table(), "down:G attack:B")
    assert s.to_act == 1 and goita_legal(s) == (Block(Piece.B), Block(Piece.K), Pass())
    assert GOITA.forced_pass(goita_legal(s)) is None
    s, _ = play(s, "pass pass")
    assert s.to_act == 3 and goita_legal(s) == (Pass(),)
    assert GOITA.forced_pass(goita_view(s, 3).legal_actions) == Pass()


def test_doudizhu_a_follower_who_cannot_beat_can_only_pass() -> None:
    """« Les joueurs suivants peuvent choisir de jouer ou de passer. » Against a pair, a follower
    with no pair above it and no bomb can only pass; the leader never passes."""
    s = play_state(("3s 3h 9s", "4s 6s Ts", "7s 7h Js"))
    assert DOUDIZHU.forced_pass(doudizhu_legal(s)) is None, "leading: no pass"
    s, _ = DOUDIZHU.apply(s, mv("33"))
    assert s.to_act == 1 and doudizhu_legal(s) == (PASS,)
    assert DOUDIZHU.forced_pass(doudizhu_legal(s)) == PASS
    s, _ = DOUDIZHU.apply(s, PASS)
    assert s.to_act == 2 and DOUDIZHU.forced_pass(doudizhu_legal(s)) is None, "77 beats 33"


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_forced_pass_is_a_pass_alone_in_random_playouts(game: str) -> None:
    """At every point of random matches, ``forced_pass`` gives the one legal move exactly when
    that move is a pass (and never in a game without passes)."""
    engine = ENGINES[game]
    rules = engine.rules_from(None, None)
    rng = random.Random(game)
    forced = 0
    for seed in range(3):
        seats = engine.min_seats if engine.min_seats > 1 else 2
        state, _ = engine.begin(min(max(seats, 3), engine.max_seats), rules, seed)
        for _ in range(400):
            if engine.outcome(state) is not None:
                break
            legal = engine.legal_actions(state)
            only_pass = len(legal) == 1 and engine.is_pass is not None and engine.is_pass(legal[0])
            assert (engine.forced_pass(legal) is not None) == only_pass
            forced += only_pass
            state, _ = engine.apply(state, rng.choice(legal))
    assert (forced > 0) == engine.has_passes, f"{game}: forced passes met {forced}"

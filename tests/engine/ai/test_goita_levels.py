"""Goita CPU levels (2, 3 and 4 players): the determinization reproduces the seat's view from
the view alone (other face-down pieces are sampled), the beginner never plays an absurd move,
strong runs."""

from __future__ import annotations

import random

import pytest

from engine.ai.goita.determinize import determinize, unseen
from engine.ai.goita.heuristic import choose_action
from engine.ai.goita.levels import absurd
from engine.ai.goita.search import policy
from engine.ai.levels import Level, chooser
from engine.ai.search import Budget
from engine.goita import (
    PRESETS,
    Block,
    Down,
    Pass,
    Phase,
    Piece,
    Rules,
    State,
    apply,
    legal_actions,
    new_game,
    view,
)
from engine.goita.state import HIDDEN, PAWN
from tests.engine.goita.stacked import counts, fill, play, table

CASES = [(4, PRESETS["seed"]), (4, PRESETS["association"]), (3, Rules()), (2, Rules())]


def _positions(seats: int, rules: Rules, seed: int) -> list[State]:
    """Every state of one round between normal CPUs."""
    s = new_game(seats, rules, seed)
    rng = random.Random(seed)
    out = []
    r0 = s.round_no
    while s.phase is not Phase.OVER and s.round_no == r0:
        out.append(s)
        s, _ = apply(s, choose_action(view(s, s.to_act), rng))
    return out


@pytest.mark.parametrize(("seats", "rules"), CASES)
def test_determinized_state_shows_the_same_view(seats: int, rules: Rules) -> None:
    """The key property: whatever hidden pieces are drawn, the seat sees exactly its view."""
    samples = 0
    for seed in range(6):
        for s in _positions(seats, rules, seed):
            for seat in range(seats):
                v = view(s, seat)
                d = determinize(v, random.Random(seed * 31 + seat))
                assert view(d, seat) == v
                assert sum(d.aside) == v.set_aside
                samples += 1
    assert samples > 100


def _hidden(s: State, seat: int) -> list[int]:
    """What ``seat`` has not seen in a real state: other hands, face-down pieces, aside."""
    out = list(s.aside)
    for i in range(s.seats):
        if i != seat:
            for k in range(8):
                out[k] += s.hands[i][k]
            for code in s.laid[i]:
                if code >= HIDDEN:
                    out[code - HIDDEN] += 1
    return out


def test_hidden_pieces_come_from_the_unseen_ones_and_vary() -> None:
    s = _positions(4, Rules(), 2)[9]
    seat = s.to_act
    assert seat is not None
    v = view(s, seat)
    assert unseen(v) == _hidden(s, seat)
    hands = set()
    for k in range(20):
        d = determinize(v, random.Random(k))
        assert _hidden(d, seat) == unseen(v)
        hands.add(d.hands[(seat + 1) % 4])
    assert len(hands) > 5


def test_no_sampled_deal_holds_six_pawns_with_teyaku() -> None:
    """Association rules: six pawns end the deal at once, so no seat was dealt them."""
    rules = PRESETS["association"]
    for s in _positions(4, rules, 3)[:10]:
        seat = s.to_act
        assert seat is not None
        v = view(s, seat)
        for k in range(20):
            d = determinize(v, random.Random(k))
            for i in range(4):
                pawns = d.hands[i][PAWN] + sum(1 for c in d.laid[i] if c % HIDDEN == PAWN)
                assert pawns < 6
            for i in range(4):
                if i != seat:
                    assert all(c != HIDDEN for c in d.laid[i])  # no King face down


def test_playouts_run_from_a_sample_to_the_round_end() -> None:
    rng = random.Random(4)
    for seats, rules in CASES:
        for s in _positions(seats, rules, 5)[::4]:
            d = determinize(view(s, s.to_act), rng)
            r0 = d.round_no
            while d.phase is not Phase.OVER and d.round_no == r0:
                d, _ = apply(d, rng.choice(legal_actions(d)))


@pytest.mark.parametrize(("seats", "rules"), CASES)
def test_beginner_plays_legal_moves_and_never_an_absurd_one(seats: int, rules: Rules) -> None:
    beginner = chooser("goita", Level.BEGINNER)
    assert beginner is not None
    rng = random.Random(seats)
    for seed in range(6):
        for s in _positions(seats, rules, seed):
            v = view(s, s.to_act)
            a = beginner(v, rng)
            assert a in v.legal_actions
            assert not absurd(v, a)


def test_absurd_moves() -> None:
    # Seat 2 is seat 0's partner: blocking its attack early is absurd, passing is not.
    s, _ = play(table(), "down:G attack:S pass")
    v = view(s, 2)
    assert Block(Piece.S) in v.legal_actions and absurd(v, Block(Piece.S)) and not absurd(v, Pass())
    # Two pieces left: hiding the higher one throws the finish away; passing a block that wins too.
    base = table()
    s = base._replace(hands=(counts("NP"), *base.hands[1:]))
    v = view(s, 0)
    assert absurd(v, Down(Piece.N)) and not absurd(v, Down(Piece.P))
    s, _ = play(table(), "down:G attack:S")
    s = s._replace(hands=(s.hands[0], counts("SP"), *s.hands[2:]))
    v = view(s, 1)
    assert absurd(v, Pass()) and not absurd(v, Block(Piece.S))
    beginner = chooser("goita", Level.BEGINNER)
    assert beginner is not None
    assert all(beginner(v, random.Random(k)) == Block(Piece.S) for k in range(20))


def test_strong_with_a_fixed_playout_count_is_legal_and_repeatable() -> None:
    strong = chooser("goita", Level.STRONG, Budget(playouts=16))
    assert strong is not None
    for seats, rules in CASES:
        for s in _positions(seats, rules, 6)[1:9:3]:
            v = view(s, s.to_act)
            a = strong(v, random.Random(1))
            assert a in v.legal_actions
            assert strong(v, random.Random(1)) == a


def test_normal_hides_a_pawn_first() -> None:
    """The search audit's finding: hide a Pawn (even from several) and keep the single Lance or
    Silver to attack with (the old CPU hid the Lance: ``tests/bench/test_legacy_cpus.py``)."""
    s = table(fill("RSSLPPPP"), rules=Rules(redeal_pawns=0))
    assert s.phase is Phase.DOWN and s.to_act == 0
    assert choose_action(view(s, 0), random.Random(0)) == Down(Piece.P)


@pytest.mark.parametrize(("seats", "rules"), CASES)
def test_playout_policy_plays_as_the_normal_cpu_on_the_view(seats: int, rules: Rules) -> None:
    """The playouts' policy reads the sampled state: the same moves (and random draws) as the
    normal CPU on the view."""
    for s in _positions(seats, rules, 9):
        r1, r2 = random.Random(1), random.Random(1)
        assert policy(s, r1) == choose_action(view(s, s.to_act), r2)
        assert r1.random() == r2.random()

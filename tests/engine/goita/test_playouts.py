"""Random playouts over many seeds: invariants, legality, replay and hidden information."""

from __future__ import annotations

import random

import pytest

from engine.core import GameOver
from engine.goita import (
    ENGINE,
    PRESETS,
    SET_COUNTS,
    Action,
    Attack,
    Block,
    Down,
    Keep,
    MatchEnded,
    Pass,
    Phase,
    Piece,
    PieceLaid,
    Redeal,
    RoundEnded,
    Rules,
    State,
    apply,
    legal_actions,
    new_game,
    outcome,
    view,
)
from engine.goita.state import HIDDEN

UNIVERSE: list[Action] = [
    *(Down(p) for p in Piece),
    *(Attack(p) for p in Piece),
    *(Block(p) for p in Piece),
    Pass(),
    Redeal(),
    Keep(),
]

CONFIGS: list[tuple[int, Rules]] = [
    (4, PRESETS["seed"]),
    (4, PRESETS["association"]),
    (4, Rules(double_finish=False, redeal_pawns=4, next_leader="winner")),
    (4, Rules(king_attack_with_both=True)),
    (4, Rules(no_king_face_down=True, next_leader="winner")),
    (4, Rules(king_face_down_counts=False)),
    (3, PRESETS["seed"]),
    (3, Rules(three_player_removal="random", redeal_pawns=4)),
    (2, PRESETS["seed"]),
    (2, PRESETS["association"]),
]
HAND = {2: 12, 3: 10, 4: 8}


def check_invariants(s: State) -> None:
    # Conservation: hands + laid + out of play = the set.
    total = list(s.aside)
    for h in s.hands:
        for k in range(8):
            total[k] += h[k]
    for row in s.laid:
        for code in row:
            total[code % HIDDEN] += 1
    assert tuple(total) == SET_COUNTS
    if s.phase is Phase.OVER:
        return
    size = HAND[s.seats]
    assert sum(s.aside) == {2: 8, 3: 2, 4: 0}[s.seats]
    for h, row in zip(s.hands, s.laid, strict=True):
        assert sum(h) + len(row) == size and sum(h) > 0
        # Odd slots are face down or blocks, even slots face-up attacks.
        assert all(code < HIDDEN for code in row[1::2])
    assert legal_actions(s)


def check_no_leak(s: State) -> None:
    for seat in [*range(s.seats), None]:
        v = view(s, seat)
        for other, row in enumerate(v.tables):
            for slot, code in zip(row, s.laid[other], strict=True):
                if code >= HIDDEN:
                    assert not slot.face_up
                    assert (slot.piece is None) == (other != seat)
                else:
                    assert slot.face_up and slot.piece == Piece(code)
        if seat is None:
            assert v.hand is None and v.legal_actions == ()
        else:
            assert v.hand is not None and len(v.hand) == sum(s.hands[seat])
            assert v.legal_actions == (legal_actions(s) if seat == s.to_act else ())
        assert v.hand_counts == tuple(sum(h) for h in s.hands)
        # Face-down pieces are shown only for rounds already over.
        assert all(r.round_no < s.round_no for r in v.history)
        fields = type(v).__dataclass_fields__
        assert "seed" not in fields and "hands" not in fields and "aside" not in fields


def playout(seats: int, rules: Rules, seed: int, *, check_all: bool = False) -> tuple[State, list[str]]:
    rng = random.Random(seed)
    s, _ = ENGINE.begin(seats, rules, seed)
    log: list[str] = []
    steps = 0
    while s.phase is not Phase.OVER:
        legal = legal_actions(s)
        if check_all:
            check_no_leak(s)
            for a in UNIVERSE:
                try:
                    apply(s, a)
                    ok = True
                except GameOver:
                    raise
                except Exception as err:
                    assert type(err).__name__ == "IllegalAction", err
                    ok = False
                assert ok == (a in legal), (a, legal, s.phase)
        check_invariants(s)
        action = rng.choice(legal)
        before = s
        s, events = apply(s, action)
        log.append(str(action))
        laid = [e for e in events if isinstance(e, PieceLaid)]
        for piece_laid in laid:
            assert (piece_laid.piece is None) == (piece_laid.role == "down")
        ended = sum(isinstance(e, RoundEnded) for e in events)  # a teyaku deal may end the next one too
        for e in events:
            if isinstance(e, RoundEnded):
                # Every face-down piece of the round is shown at its end (a teyaku deal has none).
                rows = before.laid if e.result.round_no == before.round_no else ((),) * s.seats
                down = tuple(tuple(Piece(c - HIDDEN) for c in row if c >= HIDDEN) for row in rows)
                assert e.result.face_down == down
        if ended:
            assert isinstance(events[-1], MatchEnded) or s.round_no == before.round_no + ended
        steps += 1
        assert steps < 20_000
    check_invariants(s)
    return s, log


@pytest.mark.parametrize(("seats", "rules"), CONFIGS, ids=lambda x: str(x) if isinstance(x, int) else None)
def test_random_playouts_terminate_and_replay(seats: int, rules: Rules) -> None:
    for seed in range(60):
        s, log = playout(seats, rules, seed)
        assert legal_actions(s) == () and s.to_act is None
        o = outcome(s)
        assert o is not None and max(s.scores) >= rules.target_score
        assert all(o.scores[w] == max(o.scores) for w in o.winners)
        assert sum(r.points[r.team] for r in s.history) == sum(s.scores)
        replayed = ENGINE.replay(seats, rules, seed, log)
        assert replayed == s
        with pytest.raises(GameOver):
            apply(s, Pass())


@pytest.mark.parametrize(("seats", "rules"), CONFIGS, ids=lambda x: str(x) if isinstance(x, int) else None)
def test_legal_actions_and_apply_agree_and_views_hide(seats: int, rules: Rules) -> None:
    for seed in range(3):
        playout(seats, rules, 1000 + seed, check_all=True)


def test_new_game_is_deterministic() -> None:
    for seats in (2, 3, 4):
        assert new_game(seats, Rules(), 9) == new_game(seats, Rules(), 9)
    assert new_game(4, Rules(), 9).hands != new_game(4, Rules(), 10).hands

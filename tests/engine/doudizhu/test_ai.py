"""The CPU player: always legal, decides from its view only, and clearly beats random players."""

from __future__ import annotations

import inspect
import random

import pytest

from engine.ai.doudizhu import heuristic as ai
from engine.ai.doudizhu.heuristic import BIDS_AT, choose_action, hand_strength
from engine.core import NotYourTurn
from engine.doudizhu import PASS, PRESETS, Bid, Phase, Rules, State, apply, legal_actions, new_game, view
from tests.engine.doudizhu.stacked import mv, play_state
from tests.typed import acting


@pytest.mark.parametrize("rules", [PRESETS["seed"], PRESETS["classic"]])
def test_cpu_always_plays_a_legal_action(rules: Rules) -> None:
    rng = random.Random(1)
    for seed in range(25):
        s = new_game(3, rules, seed)
        while s.phase is not Phase.OVER:
            v = view(s, s.to_act)
            a = choose_action(v, rng)
            assert a in v.legal_actions
            s, _ = apply(s, a)


def test_cpu_sees_only_a_view() -> None:
    """DESIGN.md: CPU players receive views, never the raw state."""
    assert "State" not in inspect.getsource(ai)
    s = new_game(3, Rules(), 1)
    with pytest.raises(NotYourTurn):
        choose_action(view(s, (acting(s.to_act) + 1) % 3), random.Random(0))


def test_cpu_bids_from_hand_strength() -> None:
    rng = random.Random(0)
    strong, weak = None, None
    for seed in range(200):
        s = new_game(3, Rules(), seed)
        a = choose_action(view(s, s.to_act), rng)
        if isinstance(a, Bid) and a.value == 3:
            strong = s
        if a == PASS:
            weak = s
    assert strong is not None and weak is not None

    def strength(s: State) -> float:
        ranks = [0] * 15
        for c in view(s, s.to_act).hand or ():
            ranks[c.rank] += 1
        return hand_strength(ranks)

    assert strength(strong) >= BIDS_AT[2] > BIDS_AT[0] > strength(weak)


def test_cpu_keeps_bombs_and_does_not_beat_its_partner() -> None:
    rng = random.Random(0)
    # Peasant 2 does not beat peasant 1's card.
    s = play_state(("3s 4s 5s 6s", "9s 9h", "Ts Js Qs"), to_act=2, last="9", last_seat=1, landlord=0)
    assert choose_action(view(s, 2), rng) == PASS
    # Against the landlord it answers cheaply, without breaking its bomb.
    s = play_state(("3s 4s 5s 6s 7s 8s", "9s 9h 9d 9c Ts", "3h"), to_act=1, last="8", last_seat=0, landlord=0)
    assert choose_action(view(s, 1), rng) == mv("T")
    # It leads low combinations first and keeps the bomb.
    s = play_state(("3s 3h 4s 9s 9h 9d 9c Ks", "5s", "6s"), landlord=0)
    assert choose_action(view(s, 0), rng) not in (mv("9999"), mv("K"))
    # It goes out when it can.
    s = play_state(("3s 3h 3d 4s", "5s", "6s"), landlord=0)
    assert choose_action(view(s, 0), rng) == mv("3334")


def test_cpu_beats_random_players_clearly() -> None:
    """One CPU seat against two random seats: over 300 hands the CPU's total is clearly
    positive and it wins most hands it takes part in as landlord or peasant."""
    rng = random.Random(7)
    total = 0
    wins = 0
    hands = 0
    for seed in range(300):
        s = new_game(3, Rules(hands=1), seed)
        cpu = seed % 3
        while s.phase is not Phase.OVER:
            a = choose_action(view(s, cpu), rng) if s.to_act == cpu else rng.choice(legal_actions(s))
            s, _ = apply(s, a)
        r = s.history[0]
        hands += 1
        total += r.points[cpu]
        wins += r.points[cpu] > 0
    assert wins / hands > 0.75, (wins, hands)
    assert total > 150, total

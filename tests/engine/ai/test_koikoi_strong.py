"""Koi-Koi's strong level: its fast playout policy, the informed determinization and the
koi-koi/stop search (engine/ai/koikoi/strong.py, infer.py, search.py)."""

from __future__ import annotations

import random

import pytest

from engine.ai.koikoi import infer as koikoi_infer
from engine.ai.koikoi import search as koikoi_search
from engine.ai.koikoi import strong as koikoi_strong
from engine.ai.search import Budget
from engine.hanafuda.koikoi import ENGINE, KoiKoi, Phase, Shobu, apply, new_game, rules_from, view


def _states(preset: str, seeds: range, rounds: int = 2) -> list:
    """Every state of matches between normal CPUs."""
    rules = rules_from(preset, {"rounds": rounds})
    out = []
    for seed in seeds:
        s = new_game(2, rules, seed)
        rng = random.Random(seed)
        while s.phase is not Phase.OVER:
            out.append(s)
            s, _ = apply(s, koikoi_search.view_policy(s, rng))
    return out


@pytest.mark.parametrize("preset", ["seed", "nintendo", "koikoi-japan"])
def test_fast_policy_plays_as_the_normal_cpu_on_the_view(preset: str) -> None:
    decided = 0
    for i, s in enumerate(_states(preset, range(40))):
        assert koikoi_search.policy(s, random.Random(i)) == koikoi_search.view_policy(s, random.Random(i))
        if s.phase is Phase.DECIDE:
            decided += 1
    assert decided


def test_the_true_hand_is_always_consistent_with_the_last_play() -> None:
    """The position before the opponent's play is rebuilt exactly: the real hidden hand (the
    normal CPU played the card) always passes, while many sampled hands do not."""
    checked = rejected = 0
    for s in _states("seed", range(30)):
        v = view(s, s.to_act)
        lp = koikoi_infer.last_play(v)
        if lp is None or len(v.legal_actions) < 2:
            continue
        checked += 1
        assert koikoi_infer.consistent(s, lp)
        sample = koikoi_search.determinize(v, random.Random(checked))
        rejected += not koikoi_infer.consistent(sample, lp)
        informed = koikoi_infer.determinize_informed(v, random.Random(checked))
        assert ENGINE.view(informed, v.seat) == v
    assert checked > 100 and rejected > checked // 5


def test_koikoi_decision_values_stop_exactly_and_is_deterministic() -> None:
    s = next(s for s in _states("seed", range(10)) if s.phase is Phase.DECIDE and s.hands[s.to_act])
    v = view(s, s.to_act)
    budget = Budget(playouts=40)
    action, stats = koikoi_strong.decide_stats(v, random.Random(3), budget)
    assert action in (KoiKoi(), Shobu())
    assert v.stop_score is not None and v.seat is not None and budget.playouts is not None
    assert stats["stop"] == v.stop_score.points[v.seat] - v.stop_score.points[1 - v.seat]
    expected = min(budget.playouts * koikoi_strong.DECIDE_FACTOR, koikoi_strong.DECIDE_CAP)
    assert stats["playouts"] == 2 * max(2, expected // 2)
    again, again_stats = koikoi_strong.decide_stats(v, random.Random(3), budget)
    timing = ("cpu_seconds", "wall_seconds")  # what the decision cost varies; nothing else does
    assert again == action
    assert {k: x for k, x in again_stats.items() if k not in timing} == {
        k: x for k, x in stats.items() if k not in timing
    }


def test_forced_moves_are_played_without_search() -> None:
    v = next(v for s in _states("seed", range(10)) if len((v := view(s, s.to_act)).legal_actions) == 1)
    assert koikoi_strong.choose(v, random.Random(0), Budget(playouts=10**9)) == v.legal_actions[0]

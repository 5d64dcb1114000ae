"""With a fixed seed and a playout budget, a strong CPU makes the same decisions, with the same
playouts, on a busy host as on an idle one (issue 27): here with both cores kept busy by two
spinning processes (``bench.busy``, stopped when the block ends, or after a minute at most), on
the real clocks, every game's strong level, and the busy decisions made in the reverse order (no
decision depends on what the process searched before: its memo tables' contents, its caches).

The budget has the bot's form (``engine.ai.cpu_calibration``: playouts, a floor, a wall cap)
with a cap no loaded machine reaches; that the cap cuts at the floor, and that neither the
speed of the host nor the cost of a playout changes the decisions, the fake clocks of
``test_search_budget.py`` prove without depending on the machine's timing.
"""

from __future__ import annotations

import random

from bench.busy import busy_cores
from engine.ai import levels
from engine.ai.levels import Level, game_ai, has_level
from engine.ai.search import Budget, clear_cache
from engine.audit import ENGINES

GAMES = [g for g in sorted(ENGINES) if has_level(g, Level.STRONG)]
BUDGET = Budget(playouts=24, floor=8, wall_cap=600.0)


def _views(game: str, count: int) -> list[object]:
    ai = game_ai(game)
    assert ai is not None and ai.search is not None
    engine = ENGINES[game]
    state, _ = engine.begin(engine.max_seats, engine.rules_from(None, None), 5)
    rng = random.Random(5)
    out: list[object] = []
    step = 0
    while engine.outcome(state) is None and len(out) < count:
        view = engine.view(state, engine.to_act(state))
        cands = ai.search.candidates(view) if ai.search.candidates is not None else view.legal_actions
        if len(cands) > 2 and step % 2 == 0:
            out.append(view)
        state, _ = engine.apply(state, ai.normal(view, rng))
        step += 1
    return out


def _decisions(jobs: list[tuple[str, int, object]]) -> dict[tuple[str, int], tuple[object, int]]:
    out = {}
    for game, i, view in jobs:
        clear_cache()  # searched again, not answered from the first run's cache
        decision = levels.decide(game, Level.STRONG, view, 100 + i, BUDGET)
        out[game, i] = (decision.action, decision.playouts)
    return out


def test_a_playout_budget_decides_the_same_busy_or_idle() -> None:
    jobs = [(game, i, view) for game in GAMES for i, view in enumerate(_views(game, 3))]
    idle = _decisions(jobs)
    with busy_cores(2, limit=60.0):
        busy = _decisions(jobs[::-1])
    assert busy == idle
    for game in GAMES:
        assert all(idle[game, i][1] > 0 for i in range(3)), f"{game}'s strong level searched"

"""With a fixed seed and a playout budget, a strong CPU makes the same decisions, with the same
playouts, on a busy host as on an idle one (issue 27): here with both cores kept busy by two
spinning processes (``bench.busy``, stopped when the block ends, or after a minute at most).

The bot's CPU-time budget makes the same playouts busy or idle too, which the fake clocks of
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
BUDGET = Budget(playouts=24)


def _views(game: str, count: int) -> list[object]:
    ai = game_ai(game)
    assert ai is not None
    engine = ENGINES[game]
    state, _ = engine.begin(engine.max_seats, engine.rules_from(None, None), 5)
    rng = random.Random(5)
    out: list[object] = []
    step = 0
    while engine.outcome(state) is None and len(out) < count:
        view = engine.view(state, engine.to_act(state))
        if len(view.legal_actions) > 2 and step % 2 == 0:
            out.append(view)
        state, _ = engine.apply(state, ai.normal(view, rng))
        step += 1
    return out


def _decisions(views: dict[str, list[object]]) -> list[tuple[object, int]]:
    out = []
    for game, game_views in views.items():
        for i, view in enumerate(game_views):
            clear_cache()  # searched again, not answered from the first run's cache
            decision = levels.decide(game, Level.STRONG, view, 100 + i, BUDGET)
            out.append((decision.action, decision.playouts))
    return out


def test_a_playout_budget_decides_the_same_busy_or_idle() -> None:
    views = {game: _views(game, 3) for game in GAMES}
    idle = _decisions(views)
    with busy_cores(2, limit=60.0):
        busy = _decisions(views)
    assert busy == idle
    assert sum(playouts > 0 for _, playouts in idle) >= len(GAMES), "the strong level searched"

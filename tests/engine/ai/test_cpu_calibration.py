"""The strong CPU's budget is a playout count calibrated once (``engine.ai.cpu_calibration``),
so a decision makes the same playouts on a busy host as on an idle one (issue 27), with the
floor and the wall cap kept."""

from __future__ import annotations

import pytest

from engine.ai.cpu_calibration import PLAYOUTS_PER_SECOND, think_budget
from engine.ai.levels import Level, has_level
from engine.ai.search import Budget
from engine.audit import ENGINES

STRONG = [g for g in sorted(ENGINES) if has_level(g, Level.STRONG)]


@pytest.mark.parametrize("game", STRONG)
def test_every_strong_cpu_has_a_calibrated_playout_budget(game: str) -> None:
    rate = PLAYOUTS_PER_SECOND[game]
    assert think_budget(game, 1.0, 100, 5.0) == Budget(playouts=rate, floor=100, wall_cap=5.0)
    assert think_budget(game, 0.5, 100, 2.5) == Budget(playouts=round(rate / 2), floor=100, wall_cap=2.5)


def test_the_playouts_are_never_below_the_floor() -> None:
    game = STRONG[0]
    tiny = think_budget(game, 1e-6, 100, 5.0)
    assert tiny.playouts == 100 and tiny.least_playouts == 100 and tiny.wall_cap == 5.0


def test_a_game_without_a_calibration_keeps_a_cpu_time_budget() -> None:
    assert think_budget("no-such-game", 1.0, 100, 5.0) == Budget(seconds=1.0, floor=100, wall_cap=5.0)

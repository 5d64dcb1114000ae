"""Every strong decision is logged with what it cost, and nothing about its table: the game, the
playouts, the CPU and wall seconds (issue 27: how strong a CPU played under load must be seen)."""

from __future__ import annotations

import logging
import re

import pytest

from cogs.koikoi.spec import SPEC
from cogs.table import cpu_pool
from engine.ai.levels import Level
from engine.hanafuda import koikoi as kk
from tsuki.settings import Settings


async def test_a_strong_decision_logs_its_playouts_and_its_time(caplog: pytest.LogCaptureFixture) -> None:
    settings = Settings(cpu_playouts=20, cpu_workers=0)
    state, _ = kk.ENGINE.begin(2, kk.rules_from(None, None), 1)
    view = kk.view(state, state.to_act)
    caplog.set_level(logging.INFO, logger=cpu_pool.__name__)
    action = await cpu_pool.choose(settings, "koikoi", SPEC, Level.STRONG, view, 7)
    assert action in view.legal_actions
    (line,) = [r.getMessage() for r in caplog.records if r.name == cpu_pool.__name__]
    found = re.fullmatch(r"strong koikoi decision: (\d+) playouts, [\d.]+ s CPU, [\d.]+ s wall", line)
    assert found and 10 <= int(found[1]) <= 40, line  # about the 20 asked (halving rounds them)
    caplog.clear()
    await cpu_pool.choose(settings, "koikoi", SPEC, Level.NORMAL, view, 7)
    assert not [r for r in caplog.records if r.name == cpu_pool.__name__], "no search, no line"

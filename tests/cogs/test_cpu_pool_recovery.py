"""A strong CPU's worker process killed from outside (the OOM killer): the decision it was to
make is made in a thread, and the next ones in a fresh pool, rather than every strong CPU failing
until a restart."""

from __future__ import annotations

import os
import signal

from cogs.koikoi.spec import SPEC
from cogs.table import cpu_pool
from engine.ai.levels import Level
from engine.hanafuda import koikoi as kk
from tsuki.settings import Settings


async def test_a_killed_worker_costs_one_decision_a_thread_then_a_fresh_pool():
    settings = Settings(cpu_playouts=20, cpu_workers=1)
    state, _ = kk.ENGINE.begin(2, kk.rules_from(None, None), 1)
    view = kk.view(state, state.to_act)
    try:
        first = await cpu_pool.choose(settings, "koikoi", SPEC, Level.STRONG, view, 7)
        shared = cpu_pool.spawn_pool(1)
        broken = shared.executor()
        (pid,) = shared.processes()
        os.kill(pid, signal.SIGKILL)
        assert await cpu_pool.choose(settings, "koikoi", SPEC, Level.STRONG, view, 7) == first
        assert shared._executor is None, "the broken pool dropped: the decision was made in a thread"
        assert await cpu_pool.choose(settings, "koikoi", SPEC, Level.STRONG, view, 7) == first
        (fresh,) = shared.processes()
        assert fresh != pid and shared.executor() is not broken, "the next decision in a fresh worker"
    finally:
        cpu_pool.shutdown()

"""A drawing process killed from outside (the OOM killer, a segfault in Pillow): the image it was
to draw is drawn in a thread, and the next ones in a fresh pool, rather than no table posting
again until a restart."""

from __future__ import annotations

import os
import signal

from cogs.table import render_pool
from tsuki.bot import game_specs


async def test_a_killed_worker_costs_one_image_a_thread_then_a_fresh_pool():
    specs = game_specs()
    spec = specs["koikoi"]
    engine = spec.engine
    state = engine.new_game(2, engine.rules_from(None, None), 1)
    args = (engine.view(state, None), ("a", "b"), "en")
    expected = spec.render_table(*args)
    render_pool.configure(1, game_specs)  # no warm-up: the test needs none
    try:
        pool = render_pool.pool()
        pid = await pool.run(os.getpid)  # the worker's
        broken = pool.executor()
        os.kill(pid, signal.SIGKILL)
        assert await render_pool.draw("koikoi", spec, "render_table", *args) == expected
        assert pool._executor is None, "the broken pool dropped: the image was drawn in a thread"
        assert await render_pool.draw("koikoi", spec, "render_table", *args) == expected
        (fresh,) = pool.processes()
        assert fresh != pid and pool.executor() is not broken, "the next image from a fresh worker"
    finally:
        render_pool.shutdown()
        render_pool.configure(0, dict)

"""A drawing process killed from outside (the OOM killer, a segfault in Pillow): the image it was
to draw is drawn in a thread, and the next ones in a fresh pool, rather than no table posting
again until a restart."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cogs.table import render_pool
from tsuki.bot import game_specs


@contextmanager
def _drawn_in_threads() -> Iterator[list[str]]:
    """The names of the functions the pool ran in a thread of this process meanwhile."""
    names: list[str] = []
    real = asyncio.to_thread

    async def spy(function, *args):
        names.append(args[1] if function is render_pool._draw else function.__name__)
        return await real(function, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(asyncio, "to_thread", spy)
        yield names


async def test_a_worker_that_raises_raises_in_the_bot():
    render_pool.configure(1, game_specs)
    try:
        with pytest.raises(ValueError, match="invalid literal"):
            await render_pool.pool().run(int, "not a number")
        assert await render_pool.pool().run(int, "12") == 12, "the worker lives on"
    finally:
        render_pool.shutdown()
        render_pool.configure(0, dict)


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
        assert pid != os.getpid()
        os.kill(pid, signal.SIGKILL)
        with _drawn_in_threads() as threads:
            assert await render_pool.draw("koikoi", spec, "render_table", *args) == expected
        assert threads == ["render_table"], "the dead worker's image was drawn in a thread"
        assert await render_pool.draw("koikoi", spec, "render_table", *args) == expected
        (fresh,) = pool.processes()
        assert fresh != pid and await pool.run(os.getpid) == fresh, "the next image from a fresh worker"
    finally:
        render_pool.shutdown()
        render_pool.configure(0, dict)


async def test_jobs_sent_at_once_to_a_fresh_pool_start_only_its_workers():
    render_pool.configure(2, game_specs)
    try:
        pids = await asyncio.gather(*(render_pool.pool().run(os.getpid) for _ in range(8)))
        assert len(render_pool.pool().processes()) == 2, "two workers, not one per waiting job"
        assert set(pids) <= set(render_pool.pool().processes())
    finally:
        render_pool.shutdown()
        render_pool.configure(0, dict)

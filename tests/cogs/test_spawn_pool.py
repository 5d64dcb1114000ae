"""The shared worker pool (``cogs.table.spawn_pool``): start-up starts every worker, and a worker
killed from outside costs one job a thread, not the pool for good."""

from __future__ import annotations

import os
import signal

from cogs.table.spawn_pool import SpawnPool


async def test_start_brings_every_worker_up():
    pool = SpawnPool(2)
    try:
        pids = await pool.start()
        assert len(set(pids)) == 2, "each start-up job held its own worker"
        assert set(pool.processes()) == set(pids)
    finally:
        pool.shutdown()


async def test_a_killed_worker_costs_one_job_a_thread_then_a_fresh_pool():
    pool = SpawnPool(1)
    try:
        (pid,) = await pool.start()
        broken = pool.executor()
        os.kill(pid, signal.SIGKILL)  # the OOM killer
        assert await pool.run(os.getpid) == os.getpid(), "this job ran in the bot's process"
        assert await pool.run(os.getpid) not in (pid, os.getpid()), "the next one in a fresh worker"
        assert pool.executor() is not broken
    finally:
        pool.shutdown()


def _fail() -> None:
    raise RuntimeError("a worker that cannot start")


async def test_a_worker_failing_to_start_does_not_stop_the_bot():
    pool = SpawnPool(1, _fail)
    try:
        assert await pool.start() == []  # logged; the bot starts anyway
        assert await pool.run(os.getpid) == os.getpid(), "its jobs in a thread meanwhile"
    finally:
        pool.shutdown()

"""A pool of ``spawn``ed worker processes that survives a worker's death.

The strong CPUs' pool (:mod:`cogs.table.cpu_pool`): a ``ProcessPoolExecutor`` made on first use,
``spawn``ed (no event-loop or thread state forked), with an initializer, shut down with the bot.
(The render pool, whose jobs are many and small, talks to its workers from the event loop
itself: :mod:`cogs.table.pipe_pool`. A strong CPU's decision is one job of a second or more,
for which the executor's two threads cost nothing that matters.)

A worker killed from outside (the OOM killer, a segfault in Pillow) breaks a
``ProcessPoolExecutor`` for good: every later submit raises ``BrokenProcessPool``, so no table
would post again until a restart. :meth:`SpawnPool.run` logs it, drops the broken executor (the
next job makes a fresh one) and runs this job in a thread instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.synchronize import Barrier
from threading import BrokenBarrierError
from typing import Any

from render import heap

log = logging.getLogger(__name__)

START_TIMEOUT = 120.0  # seconds a worker waits at start-up for the others to be up (then goes on)

_barrier: Barrier | None = None  # in a worker: where the start-up jobs meet


def _init(barrier: Barrier, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    """A worker's start: where start-up's jobs meet, two malloc arenas (as the bot's process),
    then the pool's own start."""
    global _barrier
    _barrier = barrier
    heap.limit_arenas()
    if initializer is not None:
        initializer(*initargs)


def _meet() -> int:
    """Start-up's job: wait for the other workers' start-up jobs, so each holds its own worker
    until every worker has run its initializer. The worker's pid."""
    if _barrier is not None:
        with contextlib.suppress(BrokenBarrierError):  # a worker not up in time: go on without it
            _barrier.wait(START_TIMEOUT)
    return os.getpid()


class SpawnPool:
    """``workers`` spawned processes, each started by ``initializer(*initargs)`` (module-level
    functions and picklable arguments: a worker imports them by name)."""

    def __init__(
        self, workers: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()
    ) -> None:
        self.workers = max(0, workers)
        self.initializer, self.initargs = initializer, initargs
        self._executor: ProcessPoolExecutor | None = None

    def executor(self) -> ProcessPoolExecutor:
        """The executor, made now if there is none (first use, or the last one broke)."""
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            barrier = context.Barrier(max(1, self.workers))
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=_init,
                initargs=(barrier, self.initializer, self.initargs),
            )
        return self._executor

    def processes(self) -> dict[int, Any]:
        """The worker processes up now, by pid (none before first use)."""
        return dict(getattr(self._executor, "_processes", None) or {})

    async def start(self) -> list[int]:
        """Start every worker now, each running its initializer, rather than one per job later
        under traffic (a spawn executor starts a process per submit at most). The workers' pids;
        none if a worker died starting (logged: the bot starts anyway, a fresh pool on first use)."""
        loop = asyncio.get_running_loop()
        executor = self.executor()
        jobs = [loop.run_in_executor(executor, _meet) for _ in range(self.workers)]
        try:
            return list(await asyncio.gather(*jobs))
        except BrokenProcessPool:
            self._drop(executor)
            return []

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a worker; in a thread if the pool broke (a fresh pool next time)."""
        executor = self.executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, function, *args)
        except BrokenProcessPool:
            self._drop(executor)
        return await asyncio.to_thread(function, *args)

    def _drop(self, executor: ProcessPoolExecutor) -> None:
        """Forget a broken executor (once, whichever job saw it break first)."""
        log.exception("a worker died or could not start: a fresh pool next time, this job in a thread")
        if self._executor is executor:
            self._executor = None
            executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop the worker processes (the bot's close; tests)."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

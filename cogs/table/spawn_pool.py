"""A pool of ``spawn``ed worker processes that survives a worker's death.

The render pool (:mod:`cogs.table.render_pool`) and the strong CPUs' pool
(:mod:`cogs.table.cpu_pool`) are the same thing: a ``ProcessPoolExecutor`` made on first use,
``spawn``ed (no event-loop or thread state forked), with an initializer, shut down with the bot.

A worker killed from outside (the OOM killer, a segfault in Pillow) breaks a
``ProcessPoolExecutor`` for good: every later submit raises ``BrokenProcessPool``, so no table
would post again until a restart. :meth:`SpawnPool.run` logs it, drops the broken executor (the
next job makes a fresh one) and runs this job in a thread instead.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)


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
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=self.initializer,
                initargs=self.initargs,
            )
        return self._executor

    def processes(self) -> dict[int, Any]:
        """The worker processes up now, by pid (none before first use)."""
        return dict(getattr(self._executor, "_processes", None) or {})

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a worker; in a thread if the pool broke (a fresh pool next time)."""
        executor = self.executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, function, *args)
        except BrokenProcessPool:
            log.exception("a worker process died: a fresh pool next time, this job in a thread")
            if self._executor is executor:
                self._executor = None
                executor.shutdown(wait=False, cancel_futures=True)
        return await asyncio.to_thread(function, *args)

    def shutdown(self) -> None:
        """Stop the worker processes (the bot's close; tests)."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

"""A lock whose waiters are all woken at once, so that short holders pass it on in one loop turn.

``asyncio.Lock`` hands itself over one waiter at a time: a release wakes the next waiter, whose
task runs in the loop's *next* iteration, takes the lock, and only its release wakes the one
after. Under load an iteration runs hundreds of callbacks: ``bench/load.py --think 0.5,2`` at 300
tables, 310 SQLite transactions a second, ~3 ms per iteration. The hand-overs alone took the whole
second: a move waited 407 ms (p50) for the store's lock that each transaction held for 0.03 ms.

Here a release wakes every waiter, in their order of arrival; they run one after another in the
next iteration. A holder that does not suspend (SQLite's statements run inline) releases before
the next woken task runs, which then takes it, and so on: a queue of transactions drains in one
iteration. A woken task that finds the lock held (its holder is waiting for the disk) waits
again, keeping its place. The lock is as exclusive as ``asyncio.Lock``; waiting again costs a
woken task a future, no more.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools


class TurnLock:
    """An ``asyncio.Lock`` in use (``async with``, :meth:`locked`), woken all at once (see the
    module's doc). First come, first served among those waiting; a task that arrives while woken
    tasks have yet to run waits behind them."""

    def __init__(self) -> None:
        self._held = False
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []  # (arrival, future): a heap
        self._woken = 0  # tasks woken by a release that have not run yet
        self._arrivals = itertools.count()

    def locked(self) -> bool:
        return self._held

    async def acquire(self) -> None:
        if not self._held and not self._woken and all(turn.cancelled() for _, turn in self._waiters):
            self._held = True
            return
        arrival = next(self._arrivals)
        loop = asyncio.get_running_loop()
        while True:
            turn: asyncio.Future[None] = loop.create_future()
            heapq.heappush(self._waiters, (arrival, turn))
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():  # woken, then cancelled before it ran
                    self._woken -= 1
                    if not self._woken and not self._held:  # nobody else woken to take it
                        self._wake_all()
                raise
            self._woken -= 1
            if not self._held:
                self._held = True
                return
            # Held by a task woken before this one: its release wakes this one again.

    def release(self) -> None:
        if not self._held:
            raise RuntimeError("TurnLock released while not held")
        self._held = False
        if not self._woken:  # (woken tasks still to run will take it in turn)
            self._wake_all()

    def _wake_all(self) -> None:
        while self._waiters:
            _, turn = heapq.heappop(self._waiters)
            if not turn.done():  # (a waiter cancelled meanwhile is skipped)
                turn.set_result(None)
                self._woken += 1

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()

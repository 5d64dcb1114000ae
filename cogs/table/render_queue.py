"""The order in which waiting images are drawn: those a player waits for first, none starved.

The render pool (:mod:`cogs.table.render_pool`) draws a few images at a time (one thread, or one
per worker process); under load the others wait. First come, first served, the board that
narrates a player's click waits behind every live hand and CPU-only board queued before it. Here
each waiting image gets a place in line at its arrival time, minus :data:`HEAD_START` when a
person is waiting for it (:func:`awaited`): the board narrating a human's move, the hand that
answers a click. An image nobody waits for is passed by those for at most ``HEAD_START``
seconds, so it is always drawn (nothing is starved by a stream of clicks).

Whether a person waits is a context variable set around the drawing call (:func:`awaited`), so
the messages that draw need no extra argument.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import heapq
import itertools
from collections.abc import Iterator

HEAD_START = 1.0  # seconds an awaited image goes ahead of the others

_awaited: contextvars.ContextVar[bool] = contextvars.ContextVar("render_awaited", default=False)


@contextlib.contextmanager
def awaited(yes: bool = True) -> Iterator[None]:
    """Images drawn inside this block are waited for by a person (``yes``): they go first."""
    token = _awaited.set(yes)
    try:
        yield
    finally:
        _awaited.reset(token)


def for_nobody() -> None:
    """Images drawn from now on in the current task are waited for by nobody in particular (a
    background task started by a click inherits the click's context: this undoes it)."""
    _awaited.set(False)


def is_awaited() -> bool:
    return _awaited.get()


class RenderQueue:
    """At most ``slots`` images drawn at once; the others wait in line (see the module's doc)."""

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.busy = 0
        self._line: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def waiting(self) -> int:
        return sum(1 for *_, f in self._line if not f.done())

    def slot(self) -> contextlib.AbstractAsyncContextManager[None]:
        """Hold one of the slots while drawing (waiting in line for it first if all are busy)."""
        return _Slot(self)

    async def _acquire(self) -> None:
        if self.busy < self.slots and not self._line:
            self.busy += 1
            return
        loop = asyncio.get_running_loop()
        place = loop.time() - (HEAD_START if is_awaited() else 0.0)
        turn: asyncio.Future[None] = loop.create_future()
        heapq.heappush(self._line, (place, next(self._order), turn))
        try:
            await turn  # the slot is handed over by _release (busy stays counted)
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # handed over just as it was cancelled
                self._release()
            raise

    def _release(self) -> None:
        while self._line:
            _, _, turn = heapq.heappop(self._line)
            if not turn.done():  # (a waiter cancelled meanwhile is skipped)
                turn.set_result(None)
                return
        self.busy -= 1


class _Slot:
    """:meth:`RenderQueue.slot`'s block (a class, not a generator: a task dropped while it waits
    in line, at shutdown, leaves no suspended generator for a closed loop to finalise)."""

    def __init__(self, queue: RenderQueue) -> None:
        self.queue = queue

    async def __aenter__(self) -> None:
        await self.queue._acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.queue._release()

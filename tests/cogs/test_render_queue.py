"""The render queue: an image a person waits for is drawn before those queued for nobody, yet
none of those is passed for longer than ``HEAD_START``; images without workers are drawn one at
a time in one render thread of their own, never on the event loop's thread."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from cogs.table import render_pool, render_queue
from cogs.table.render_queue import RenderQueue
from tests.typed import unchecked


async def _draw_in_line(queue: RenderQueue, name: str, order: list[str], gate: asyncio.Event) -> None:
    async with queue.slot():
        order.append(name)
        await gate.wait()


async def _queued(queue: RenderQueue, count: int) -> None:
    while queue.waiting() < count:
        await asyncio.sleep(0)


async def test_an_awaited_image_goes_before_those_queued_for_nobody() -> None:
    queue, gate = RenderQueue(1), asyncio.Event()
    order: list[str] = []
    gate.set()
    held = asyncio.Event()
    first = asyncio.create_task(_draw_in_line(queue, "drawing", order, held))
    await asyncio.sleep(0)
    later = [asyncio.create_task(_draw_in_line(queue, f"cpu board {i}", order, gate)) for i in range(3)]
    await _queued(queue, 3)
    with render_queue.awaited():
        clicked = asyncio.create_task(_draw_in_line(queue, "the click's board", order, gate))
    await _queued(queue, 4)
    held.set()
    await asyncio.gather(first, clicked, *later)
    assert order == ["drawing", "the click's board", "cpu board 0", "cpu board 1", "cpu board 2"]


async def test_an_image_for_nobody_is_not_passed_by_clicks_that_came_after_its_head_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [100.0]
    loop = asyncio.get_running_loop()
    monkeypatch.setattr(loop, "time", lambda: now[0])
    queue, gate = RenderQueue(1), asyncio.Event()
    order: list[str] = []
    gate.set()
    held = asyncio.Event()
    first = asyncio.create_task(_draw_in_line(queue, "drawing", order, held))
    await asyncio.sleep(0)
    old = asyncio.create_task(_draw_in_line(queue, "queued long ago", order, gate))
    await _queued(queue, 1)
    now[0] += render_queue.HEAD_START + 0.5
    with render_queue.awaited():
        click = asyncio.create_task(_draw_in_line(queue, "a later click's", order, gate))
    await _queued(queue, 2)
    held.set()
    await asyncio.gather(first, old, click)
    assert order == ["drawing", "queued long ago", "a later click's"]


async def test_a_waiter_cancelled_in_line_gives_its_turn_to_the_next() -> None:
    queue, gate = RenderQueue(1), asyncio.Event()
    order: list[str] = []
    held = asyncio.Event()
    first = asyncio.create_task(_draw_in_line(queue, "drawing", order, held))
    await asyncio.sleep(0)
    gone = asyncio.create_task(_draw_in_line(queue, "cancelled", order, gate))
    kept = asyncio.create_task(_draw_in_line(queue, "kept", order, gate))
    await _queued(queue, 2)
    gone.cancel()
    held.set()
    gate.set()
    await asyncio.gather(first, kept)
    assert order == ["drawing", "kept"]
    assert queue.busy == 0 and queue.waiting() == 0, "every slot given back"


class Spec:
    """A stand-in spec whose drawing records its thread and how many draw at once."""

    def __init__(self) -> None:
        self.threads: set[int] = set()
        self.running = self.most = 0
        self.lock = threading.Lock()

    def render_table(self, view: Any, names: Any, locale: str) -> bytes:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        self.threads.add(threading.get_ident())
        threading.Event().wait(0.01)  # (a drawing's duration; no assertion on time)
        with self.lock:
            self.running -= 1
        return b"png:" + str(view).encode()


async def test_images_without_workers_are_drawn_one_at_a_time_in_one_render_thread() -> None:
    render_pool.configure(0, dict)
    spec = Spec()
    try:
        images = await asyncio.gather(
            *(render_pool.draw("koikoi", unchecked(spec), "render_table", i, (), "en") for i in range(8))
        )
    finally:
        render_pool.shutdown()
    assert images == [b"png:%d" % i for i in range(8)]
    assert len(spec.threads) == 1 and threading.get_ident() not in spec.threads, "one thread, not the loop's"
    assert spec.most == 1, "never two drawings at once fighting for the GIL"


async def test_what_a_turn_draws_is_chosen_once_the_turn_comes_and_drawn_without_queueing_again() -> None:
    """A board waiting in line takes the moves stored while it waited (one image for all), and
    its images are drawn in its turn: not queued a second time behind later arrivals."""
    render_pool.configure(0, dict)
    spec, stored = Spec(), [1]
    gate = asyncio.Event()
    order: list[str] = []
    try:
        busy = asyncio.create_task(_draw_in_line(render_pool._queue, "other", order, gate))
        busy_too = asyncio.create_task(_draw_in_line(render_pool._queue, "other 2", order, gate))
        await asyncio.sleep(0)

        async def board() -> bytes:
            async with render_pool.turn():
                shown = list(stored)  # what is stored once the turn came
                async with render_pool.turn():  # (a nested turn is the same turn)
                    return bytes(
                        await render_pool.draw("koikoi", unchecked(spec), "render_table", shown, (), "en")
                    )

        drawn = asyncio.create_task(board())
        await _queued(render_pool._queue, 1)
        later = asyncio.create_task(_draw_in_line(render_pool._queue, "a later one", order, gate))
        await _queued(render_pool._queue, 2)
        stored.append(2)  # a move stored while the board waited in line
        gate.set()
        image = await drawn
        await asyncio.gather(busy, busy_too, later)
    finally:
        render_pool.shutdown()
    assert image == b"png:[1, 2]", "the board shows the move stored while it waited"
    assert order == ["other", "other 2", "a later one"]
    assert render_pool._queue.busy == 0 and render_pool._queue.waiting() == 0, "every slot given back"

"""Where table images are drawn: in a thread, or in ``RENDER_WORKERS`` processes (unset: threads
below 4 cores, else half the cores, at most 4: ``tsuki.settings.default_render_workers``).

A table image is 20-50 ms of CPU, mostly Python (the drawing code) holding the GIL. In a thread
(``asyncio.to_thread``) the event loop competes with every image being drawn for the GIL: under
load the loop runs late, and so do interaction answers (``bench/load.py`` at 1,000 tables; see
docs/benchmarks.md, "One process under load"). ``RENDER_WORKERS=n`` draws the table images, hands and event
images (score sheets) in a pool of ``n`` processes instead (``spawn``ed, each warming its own
image caches once, ~120 MB each), so the loop only pickles a view and receives PNG bytes.

The job is the game's spec method by name, with the same plain arguments as in a thread (a view,
names, a locale, events), so a worker sees no more than the image shows. A table whose spec is
not the registry's (``tsuki.bot.game_specs``, handed over by :func:`configure`) is drawn in a
thread, and so is an image whose worker died (a fresh worker draws the next one:
:class:`cogs.table.pipe_pool.PipePool`, whose sockets the event loop reads itself).

Without workers, images are drawn in **one** thread of their own, not in asyncio's default
executor (up to 6 threads on 2 cores). Several render threads only take turns at the GIL, and
every time the event loop gives the GIL up (a socket, SQLite, ``os.urandom`` for a
``discord.ui.View``'s id) it waits for it behind each of them: ``bench/load.py --think 0.5,2`` at
300 tables on SQLite (a loaded machine, same conditions), the loop's samples in
``View.__init__`` alone went from 51 % of its busy time to 15 %, the bot's CPU per move from
15.1-17.4 ms to 10.8 ms, the table images per human move from 2.95-3.65 to 2.21 (stores no longer
queue behind renders, so moves made during a render share its next board), and moves/s from
20.7-39.7 to 62.6. Zlib's encoding (a third of an image) releases the GIL, so the one thread
still draws beside the loop. Either way the images wait their turn in a
:class:`~cogs.table.render_queue.RenderQueue`: those a person waits for go first.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from cogs.table.pipe_pool import PipePool
from cogs.table.render_queue import RenderQueue
from render import heap

if TYPE_CHECKING:
    from cogs.table.spec import GameSpec

Registry = Callable[[], Mapping[str, Any]]  # tsuki.bot.game_specs
Warm = Callable[[tuple[str, ...]], None]  # tsuki.bot.warm_images

_pool = PipePool(0)
# Images drawn in threads between two trims of the C heap: each image frees its buffers, which
# glibc keeps unless trimmed. A trim takes ~1 ms; bench/load.py at 100 tables: RSS per table 455
# KiB untrimmed, 369 KiB trimmed every 50 images.
TRIM_EVERY = 50
_drawn_in_threads = itertools.count(1)
_specs: Mapping[str, Any] = {}  # the games' specs (in a worker: its own copies)
# Images handed to the workers at once, per worker. An image's round trip (the view pickled, sent,
# drawn, the PNG sent back and its future resolved on the loop) is several times its drawing, so
# with one image ahead per worker they sat idle half the time while images queued for a second:
# bench/load.py --think 0.5,2, 300 tables, RENDER_WORKERS=2, idle 2-core machine: 3 at once 136
# moves/s (workers 0.85 cores), 5 at once 150, 12 at once 168 (0.99). Those a person waits for
# still go first (their head start in the queue is a second, longer than any round trip).
SLOTS_PER_WORKER = 6
_queue = RenderQueue(2)
_holding: contextvars.ContextVar[bool] = contextvars.ContextVar("render_turn_held", default=False)
_thread: ThreadPoolExecutor | None = None  # the render thread (no workers), made on first use


def configure(workers: int, registry: Registry, warm: Warm | None = None) -> None:
    """How many processes draw (0: threads), the function listing the games' specs, and the
    warm-up each worker runs first (the bot's own, ``tsuki.bot.warm_images``): module-level
    functions, a worker imports them by name. Called at start-up."""
    global _pool, _specs, _queue
    _pool.shutdown()
    _pool = PipePool(workers, _start, (registry, warm))
    _queue = RenderQueue(SLOTS_PER_WORKER * workers if workers > 0 else 2)
    _specs = registry()


def workers() -> int:
    return _pool.workers


def pool() -> PipePool:
    return _pool


def _start(registry: Registry, warm: Warm | None) -> None:
    """A worker's start: the games, and their image caches drawn ahead like the bot's."""
    global _specs
    _specs = registry()
    if warm is not None:
        warm(tuple(_specs))


def _draw(game: str, method: str, args: tuple[Any, ...]) -> Any:
    return getattr(_specs[game], method)(*args)


async def start() -> None:
    """Start every drawing process and its warm-up now (start-up), not under traffic."""
    if _pool.workers:
        await _pool.start()


async def draw(game: str, spec: GameSpec, method: str, *args: Any) -> Any:
    """``spec.<method>(*args)`` (``render_table``, ``render_hand``, ``render_live_hand``,
    ``event_images``) off the loop, once its turn comes in the queue
    (:func:`cogs.table.render_queue.awaited` around the call: a person waits for it); at once
    inside :func:`turn`, whose turn it is."""
    if _holding.get():
        return await _draw_now(game, spec, method, args)
    async with _queue.slot():
        return await _draw_now(game, spec, method, args)


def turn() -> contextlib.AbstractAsyncContextManager[None]:
    """Wait for a drawing turn, then draw every image inside this block in it, one after another.

    For a caller that chooses *what* to draw once its turn comes: a board waiting in line
    behind others would show the moves stored when it asked, and the moves made while it
    waited would need a board of their own; taking them once the turn comes draws one board
    for both. Keep no I/O inside but the drawing (the turn is a slot other tables wait for)."""
    return _Turn()


class _Turn:
    """:func:`turn`'s block (a class, not a generator: a task dropped while it waits for its
    turn, at shutdown, leaves no suspended generator for a closed loop to finalise)."""

    def __init__(self) -> None:
        self.slot: contextlib.AbstractAsyncContextManager[None] | None = None
        self.held: contextvars.Token[bool] | None = None

    async def __aenter__(self) -> None:
        if _holding.get():  # already inside a turn: its images are drawn in it
            return
        slot = _queue.slot()
        await slot.__aenter__()
        self.slot, self.held = slot, _holding.set(True)

    async def __aexit__(self, *exc: object) -> None:
        if self.held is not None:
            _holding.reset(self.held)
        if self.slot is not None:
            await self.slot.__aexit__(None, None, None)


async def _draw_now(game: str, spec: GameSpec, method: str, args: tuple[Any, ...]) -> Any:
    if _pool.workers > 0 and _specs.get(game) is spec:  # a worker draws it with the same spec
        return await _pool.run(_draw, game, method, args)
    return await in_thread(_draw_and_trim, getattr(spec, method), args)


async def in_thread(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` in the render thread."""
    global _thread
    if _thread is None:
        _thread = ThreadPoolExecutor(1, thread_name_prefix="render")
    return await asyncio.get_running_loop().run_in_executor(_thread, function, *args)


def _draw_and_trim(method: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """``method(*args)`` in a render thread, and every ``TRIM_EVERY`` images a heap trim."""
    image = method(*args)
    if next(_drawn_in_threads) % TRIM_EVERY == 0:
        heap.trim()
    return image


def shutdown() -> None:
    """Stop the worker processes and the render thread (the bot's close; tests)."""
    global _thread
    _pool.shutdown()
    thread, _thread = _thread, None
    if thread is not None:
        thread.shutdown(wait=False, cancel_futures=True)

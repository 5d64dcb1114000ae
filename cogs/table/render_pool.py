"""Where table images are drawn: in a thread (the default), or in ``RENDER_WORKERS`` processes.

A table image is 20-50 ms of CPU, mostly Python (the drawing code) holding the GIL. In a thread
(``asyncio.to_thread``) the event loop competes with every image being drawn for the GIL: under
load the loop runs late, and so do interaction answers (``bench/load.py`` at 1,000 tables; see
the README, "Run it at scale"). ``RENDER_WORKERS=n`` draws the table images, hands and event
images (score sheets) in a pool of ``n`` processes instead (``spawn``ed, each warming its own
image caches once, ~120 MB each), so the loop only pickles a view and receives PNG bytes.

The job is the game's spec method by name, with the same plain arguments as in a thread (a view,
names, a locale, events), so a worker sees no more than the image shows. A table whose spec is
not the registry's (``tsuki.bot.game_specs``, handed over by :func:`configure`) is drawn in a
thread.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from render import heap

if TYPE_CHECKING:
    from cogs.table.spec import GameSpec

_workers = 0
_registry: Callable[[], Mapping[str, Any]] | None = None  # tsuki.bot.game_specs
_pool: ProcessPoolExecutor | None = None
_specs: Mapping[str, Any] = {}  # the games' specs (in a worker: its own copies)


def configure(workers: int, registry: Callable[[], Mapping[str, Any]]) -> None:
    """How many processes draw (0: threads), and the function listing the games' specs (a
    module-level function: a worker imports it by name). Called at start-up."""
    global _workers, _registry, _specs
    _workers, _registry, _specs = max(0, workers), registry, registry()


def workers() -> int:
    return _workers


def _start(registry: Callable[[], Mapping[str, Any]]) -> None:
    """A worker's start: the games, and their image caches drawn ahead like the bot's."""
    global _specs
    _specs = registry()
    for spec in _specs.values():
        spec.warm()
    heap.trim()


def _draw(game: str, method: str, args: tuple[Any, ...]) -> Any:
    return getattr(_specs[game], method)(*args)


def pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        context = multiprocessing.get_context("spawn")
        _pool = ProcessPoolExecutor(
            max_workers=_workers, mp_context=context, initializer=_start, initargs=(_registry,)
        )
    return _pool


async def draw(game: str, spec: GameSpec, method: str, *args: Any) -> Any:
    """``spec.<method>(*args)`` (``render_table``, ``render_hand``, ``event_images``) off the loop."""
    if _workers > 0 and _specs.get(game) is spec:  # a worker draws it with the same spec
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool(), _draw, game, method, args)
    return await asyncio.to_thread(getattr(spec, method), *args)


def shutdown() -> None:
    """Stop the worker processes (the bot's close; tests)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None

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
thread, and so is an image whose worker died (the pool is made afresh for the next one:
:class:`cogs.table.spawn_pool.SpawnPool`).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from cogs.table.spawn_pool import SpawnPool
from render import heap

if TYPE_CHECKING:
    from cogs.table.spec import GameSpec

Registry = Callable[[], Mapping[str, Any]]  # tsuki.bot.game_specs
Warm = Callable[[tuple[str, ...]], None]  # tsuki.bot.warm_images

_pool = SpawnPool(0)
# Images drawn in threads between two trims of the C heap: each image frees its buffers, which
# glibc keeps unless trimmed. A trim takes ~1 ms; bench/load.py at 100 tables: RSS per table 455
# KiB untrimmed, 369 KiB trimmed every 50 images.
TRIM_EVERY = 50
_drawn_in_threads = itertools.count(1)
_specs: Mapping[str, Any] = {}  # the games' specs (in a worker: its own copies)


def configure(workers: int, registry: Registry, warm: Warm | None = None) -> None:
    """How many processes draw (0: threads), the function listing the games' specs, and the
    warm-up each worker runs first (the bot's own, ``tsuki.bot.warm_images``): module-level
    functions, a worker imports them by name. Called at start-up."""
    global _pool, _specs
    _pool.shutdown()
    _pool = SpawnPool(workers, _start, (registry, warm))
    _specs = registry()


def workers() -> int:
    return _pool.workers


def pool() -> SpawnPool:
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
    ``event_images``) off the loop."""
    if _pool.workers > 0 and _specs.get(game) is spec:  # a worker draws it with the same spec
        return await _pool.run(_draw, game, method, args)
    return await asyncio.to_thread(_draw_and_trim, getattr(spec, method), args)


def _draw_and_trim(method: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """``method(*args)`` in a render thread, and every ``TRIM_EVERY`` images a heap trim."""
    image = method(*args)
    if next(_drawn_in_threads) % TRIM_EVERY == 0:
        heap.trim()
    return image


def shutdown() -> None:
    """Stop the worker processes (the bot's close; tests)."""
    _pool.shutdown()

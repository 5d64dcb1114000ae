"""Where CPU seats think: beginner and normal in a thread, strong in a process pool shared by
every table.

A strong decision makes the playouts ``CPU_THINK_TIME`` seconds of CPU buy on the reference
machine (``engine.ai.cpu_calibration``), at least ``CPU_MIN_PLAYOUTS`` and then at most
``CPU_THINK_CAP`` seconds on the clock (or exactly ``CPU_PLAYOUTS`` playouts, for tests): the
same playouts, and the same move for the same seed, on a busy host as on an idle one. Pure
Python: run on the event loop it would stall every interaction, and in threads the GIL would
serialise them with the loop anyway. So strong jobs go to one
``ProcessPoolExecutor`` (up to ``CPU_WORKERS`` processes, each started when a decision finds the
others busy, ``spawn``ed so no event-loop or thread state is forked), which all tables share: a
hundred tables with strong CPUs queue there while the bot answers clicks. The job is
:func:`engine.ai.levels.decide` with plain, picklable arguments (the game, the level, the seat's
*view* and a seed), so a worker never sees more than the seat may see; it returns the action and
what it cost, logged here (game, playouts, CPU and wall seconds: nothing about the table).
``CPU_WORKERS=0`` runs strong in a thread instead, and so does a decision whose worker died (a
fresh pool next time: :class:`cogs.table.spawn_pool.SpawnPool`).

A game that registers no levels (``engine.ai.<game>.levels``) plays its spec's ``cpu_choose``
at every level.
"""

from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from cogs.table.spawn_pool import SpawnPool
from engine.ai import levels
from engine.ai.cpu_calibration import think_budget
from engine.ai.levels import Level
from engine.ai.search import Budget

if TYPE_CHECKING:
    from cogs.table.spec import GameSpec
    from tsuki.settings import Settings

log = logging.getLogger(__name__)

_POOLS: dict[int, SpawnPool] = {}


def budget(settings: Settings, game: str) -> Budget:
    """``game``'s strong budget per decision: a fixed playout count when set, else the playouts
    of the think time (``engine.ai.cpu_calibration``) with their floor and wall cap."""
    if settings.cpu_playouts > 0:
        return Budget(playouts=settings.cpu_playouts)
    return think_budget(game, settings.cpu_think_time, settings.cpu_min_playouts, settings.cpu_think_cap)


def spawn_pool(workers: int) -> SpawnPool:
    """The pool of ``workers`` processes, one per process whatever the number of tables."""
    shared = _POOLS.get(workers)
    if shared is None:
        shared = _POOLS[workers] = SpawnPool(workers)
    return shared


def pool(workers: int) -> ProcessPoolExecutor:
    """The pool's executor (made now if need be)."""
    return spawn_pool(workers).executor()


def shutdown() -> None:
    """Stop the worker processes (the bot's close; tests)."""
    while _POOLS:
        _, shared = _POOLS.popitem()
        shared.shutdown()


async def choose(settings: Settings, game: str, spec: GameSpec, level: Level, view: Any, seed: int) -> Any:
    """The CPU's action for ``view`` at ``level``, decided off the event loop."""
    if levels.game_ai(game) is None:
        return await asyncio.to_thread(spec.cpu_choose, view, random.Random(seed))
    if level is Level.STRONG and levels.has_level(game, level) and settings.cpu_workers > 0:
        shared = spawn_pool(settings.cpu_workers)  # a dead worker: this decision in a thread
        decision = await shared.run(levels.decide, game, level, view, seed, budget(settings, game))
    else:
        decision = await asyncio.to_thread(levels.decide, game, level, view, seed, budget(settings, game))
    if decision.playouts:
        log.info(
            "strong %s decision: %d playouts, %.3f s CPU, %.3f s wall",
            game,
            decision.playouts,
            decision.cpu_seconds,
            decision.wall_seconds,
        )
    return decision.action

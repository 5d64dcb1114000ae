"""Keep the C heap small: give its free memory back, and cap glibc's malloc arenas.

Pillow's image buffers are C allocations. Start-up's warm-up draws ~1,300 card faces of which the
bounded caches keep ~500: the rest is freed, but glibc keeps freed blocks in its heap, so the
process stayed ~16 MB bigger than what it uses. ``malloc_trim`` returns them.

glibc also gives each thread that allocates its own arena (up to 8 per core), each keeping its
own freed blocks: every render thread (``asyncio.to_thread``) grows one. ``bench/load.py`` at 100
tables (SQLite, two cores): 726 KiB of RSS per table with glibc's arenas, 455 KiB with two (RSS
at the end 227 MB, 196 MB). :func:`limit_arenas`
caps them, as ``MALLOC_ARENA_MAX=2`` would, from inside the process; a ``MALLOC_ARENA_MAX`` set
in the environment wins (``MALLOC_ARENA_MAX=16`` is glibc's own default on two cores: 8 a core).

Both are no-ops where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable

M_ARENA_MAX = -8  # glibc's mallopt parameter (malloc.h)
ARENAS = 2


def _libc_function(name: str) -> Callable[..., int] | None:
    try:
        function: Callable[..., int] = getattr(ctypes.CDLL(None), name)  # the interpreter's C library
        return function
    except (OSError, AttributeError):
        return None


def trim() -> None:
    """Return the C heap's free pages to the system (glibc ``malloc_trim(0)``)."""
    malloc_trim = _libc_function("malloc_trim")
    if malloc_trim is not None:
        malloc_trim(0)


def limit_arenas(arenas: int = ARENAS) -> bool:
    """At most ``arenas`` malloc arenas from now on (glibc ``mallopt(M_ARENA_MAX, n)``): call it
    before the threads that allocate exist. False where it was not set: glibc absent, or
    ``MALLOC_ARENA_MAX`` already chosen in the environment."""
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    mallopt = _libc_function("mallopt")
    if mallopt is None:
        return False
    return bool(mallopt(M_ARENA_MAX, arenas))

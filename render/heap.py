"""Give the memory the C heap holds free back to the system.

Pillow's image buffers are C allocations. Start-up's warm-up draws ~1,300 card faces of which the
bounded caches keep ~500: the rest is freed, but glibc keeps freed blocks in its heap, so the
process stayed ~16 MB bigger than what it uses. ``malloc_trim`` returns them. A no-op where the C
library is not glibc.
"""

from __future__ import annotations

import ctypes


def trim() -> None:
    """Return the C heap's free pages to the system (glibc ``malloc_trim(0)``)."""
    try:
        malloc_trim = ctypes.CDLL(None).malloc_trim  # the C library the interpreter runs on
    except (OSError, AttributeError):
        return
    malloc_trim(0)

"""The last table images drawn, kept by what they depend on, so an unchanged table is not drawn twice.

A table image is a function of its game, the public view, the seats' names and the locale only
(:meth:`cogs.table.spec.GameSpec.render_table`). A board narrates every batch of moves with a
fresh table image; a move that changes nothing public (a seat's private choice, a step whose
outcome waits for the next one) and a results post that follows its last board redraw the same
picture: under ``bench/load.py`` 3-18 % of the table images repeated one drawn shortly before,
each ~20 ms of CPU. Views are frozen dataclasses, so equal views hash and compare equal.

Bounded in bytes (:data:`BUDGET`), oldest use out first; a view that cannot be hashed (a list
inside) is simply drawn.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable

BUDGET = 12 * 2**20  # bytes of PNG kept (a table image is ~60-200 KiB: 60-200 images)


class ImageCache:
    """PNG bytes by key, least recently used out first once ``budget`` bytes are held."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.size = 0
        self.hits = self.misses = 0
        self._images: OrderedDict[Hashable, bytes] = OrderedDict()

    def __len__(self) -> int:
        return len(self._images)

    def get(self, key: Hashable) -> bytes | None:
        png = self._images.get(key)
        if png is not None:
            self._images.move_to_end(key)
        return png

    def put(self, key: Hashable, png: bytes) -> None:
        if len(png) > self.budget:
            return
        old = self._images.pop(key, None)
        if old is not None:
            self.size -= len(old)
        self._images[key] = png
        self.size += len(png)
        while self.size > self.budget:
            _, dropped = self._images.popitem(last=False)
            self.size -= len(dropped)

    async def drawn(self, key: Hashable, draw: Callable[[], Awaitable[bytes]]) -> bytes:
        """The image under ``key``, drawn by ``draw()`` if it is not kept (then kept)."""
        try:
            png = self.get(key)
        except TypeError:  # unhashable: drawn every time
            return await draw()
        if png is not None:
            self.hits += 1
            return png
        self.misses += 1
        png = await draw()
        self.put(key, png)
        return png

    def clear(self) -> None:
        self._images.clear()
        self.size = 0


tables = ImageCache()  # the boards' and results posts' table images (cogs.table.messages)

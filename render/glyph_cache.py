"""Text drawn once: the rasterised masks and the widths of the labels every image repeats.

A table image draws ~100 texts, nearly all of them the same from one image to the next (the
seat names, "Field", the month chips, the counts), and FreeType rasterised and measured each one
again every time: 22–25 % of a table's CPU. :class:`CachedFont` is the project's font object
(:func:`render.fonts.font` hands it out); it keeps, bounded and by recency, the masks
``getmask2`` returns (what ``ImageDraw.text`` pastes) and the widths ``getlength`` returns. Same
arguments, same mask: the images are byte-identical.

Bounds: :data:`MASK_BYTES` of mask pixels (one byte each: ~1,500 labels of a table's sizes; fonts
up to :data:`LARGEST_KEPT` px) and
:data:`LENGTHS_KEPT` widths (~150 bytes each). Colour (RGBA) masks are not kept: ``ImageDraw``
writes into them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PIL import ImageFont

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

V = TypeVar("V")

MASK_BYTES = 4 * 1024 * 1024
MASKS_KEPT = 4000
# Only the sizes of the layouts' texts are kept: card faces print their marks once, at several
# pixels per unit (100 px and more), and are themselves kept drawn.
LARGEST_KEPT = 64
LENGTHS_KEPT = 8192


class Recent(Generic[V]):
    """A dict that forgets its least recently used entries past ``count`` entries or ``weight``
    (the sum of the weights given with each entry). Safe from several render threads."""

    def __init__(self, count: int, weight: int | None = None) -> None:
        self.count, self.weight = count, weight
        self._items: OrderedDict[object, tuple[V, int]] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()

    def get(self, key: object) -> V | None:
        # Without the lock: each OrderedDict call is atomic under the GIL, and an entry another
        # thread dropped between the two calls is simply not moved (~200 look-ups a table).
        item = self._items.get(key)
        if item is None:
            return None
        try:
            self._items.move_to_end(key)
        except KeyError:  # dropped by another thread meanwhile: nothing to move
            return item[0]
        return item[0]

    def put(self, key: object, value: V, weight: int = 0) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._weight -= old[1]
            self._items[key] = (value, weight)
            self._weight += weight
            while len(self._items) > self.count or (self.weight is not None and self._weight > self.weight):
                _, (_, dropped) = self._items.popitem(last=False)
                self._weight -= dropped

    def __len__(self) -> int:
        return len(self._items)

    def total_weight(self) -> int:
        return self._weight


_masks: Recent[tuple[ImagingCore, tuple[int, int]]] = Recent(MASKS_KEPT, MASK_BYTES)
_lengths: Recent[float] = Recent(LENGTHS_KEPT)


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font whose text masks and widths are kept (see the module's docstring).

    ``key`` names the font (its size and regional face): two objects with the same key draw the
    same glyphs, so a font reopened after :mod:`render.fonts` let it go finds its texts again."""

    key: tuple[object, ...] = ()

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        key = (self.key, text, mode, direction, None if features is None else tuple(features), language)
        found = _lengths.get(key)
        if found is None:
            found = super().getlength(text, mode, direction, features, language)
            _lengths.put(key, found)
        return found

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[ImagingCore, tuple[int, int]]:
        if mode == "RGBA" or args or self.size > LARGEST_KEPT:
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
        key = (
            self.key,
            text,
            mode,
            direction,
            None if features is None else tuple(features),
            language,
            stroke_width,
            anchor,
            start,
            tuple(sorted(kwargs.items())),
        )
        found = _masks.get(key)
        if found is None:
            found = super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, **kwargs
            )
            width, height = found[0].size
            _masks.put(key, found, width * height)
        return found


def kept() -> tuple[int, int, int]:
    """How many masks are kept, their bytes, and how many widths (for tests and benches)."""
    return len(_masks), _masks.total_weight(), len(_lengths)


Observer = Callable[[str, Any, Any], None]
_observers: list[Observer] = []  # the tests' watchers (none in the bot)


@contextmanager
def observing(report: Observer) -> Iterator[None]:
    """While the block runs, every text placed through :func:`render.canvas.draw_text` or a kept chip tile, in
    any thread (renders run in worker threads), is reported as ``report(text, font, fill)``: for
    the tests, which used to watch ``ImageDraw.text`` and would miss these."""
    _observers.append(report)
    try:
        yield
    finally:
        _observers.remove(report)


def observed(text: str, font: object, fill: object) -> None:
    """Report a text placed without drawing it (a kept tile) to :func:`observing`."""
    for report in _observers:
        report(text, font, fill)

"""Watch every text an image draws: ``ImageDraw.text`` calls, and the texts the renderers place
from kept masks and tiles (:func:`render.glyph_cache.observing`), as ``(text, font, fill)``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PIL import ImageDraw

from render import glyph_cache


@contextmanager
def texts_drawn() -> Iterator[list[tuple[str, Any, Any]]]:
    calls: list[tuple[str, Any, Any]] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append((str(text), kwargs.get("font"), kwargs.get("fill")))
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        with glyph_cache.observing(calls):
            yield calls
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]

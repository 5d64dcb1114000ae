"""Watch every text an image draws: ``ImageDraw.text`` calls, and the texts the renderers place
from kept masks and tiles (:func:`render.glyph_cache.observing`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

from PIL import ImageDraw

from render import glyph_cache

Report = Callable[[str, Any, Any], None]


@contextmanager
def texts_drawn(report: Report | None = None) -> Iterator[list[tuple[str, Any, Any]]]:
    """Within the block, every text drawn is passed to ``report(text, font, fill)``; without one,
    appended to the list yielded as ``(text, font, fill)``."""
    calls: list[tuple[str, Any, Any]] = []
    keep: Report = report or (lambda text, font, fill: calls.append((text, font, fill)))
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        keep(str(text), kwargs.get("font"), kwargs.get("fill"))
        return original(self, xy, text, *args, **kwargs)

    with patch.object(ImageDraw.ImageDraw, "text", spy), glyph_cache.observing(keep):
        yield calls

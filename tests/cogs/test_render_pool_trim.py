"""Images drawn in threads give the C heap's freed buffers back every ``TRIM_EVERY`` images."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from cogs.table import render_pool
from render import heap
from tests.typed import unchecked


class Spec:
    def render_table(self, view: Any, names: Any, locale: str) -> bytes:
        return b"png:" + locale.encode()


async def test_the_heap_is_trimmed_once_every_trim_every_images_drawn_in_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    trims: list[int] = []
    monkeypatch.setattr(render_pool, "_drawn_in_threads", itertools.count(1))
    monkeypatch.setattr(heap, "trim", lambda: trims.append(1))
    spec = unchecked(Spec())  # a stand-in: the one method drawn
    images = [
        await render_pool.draw("koikoi", spec, "render_table", None, (), "fr")
        for _ in range(2 * render_pool.TRIM_EVERY + 1)
    ]
    assert images == [b"png:fr"] * (2 * render_pool.TRIM_EVERY + 1), "the images are the spec's own"
    assert len(trims) == 2

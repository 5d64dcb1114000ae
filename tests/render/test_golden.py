"""Golden images: the showcase table and hand, compared at reduced size with a tolerance.

The goldens are small downscales (so they stay small in git and ignore sub-pixel noise from a
different FreeType build). After an intended visual change, regenerate them with
``TSUKI_UPDATE_GOLDEN=1 python -m pytest tests/render/test_golden.py`` and look at them.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from render.hanafuda.koikoi import render_hand, render_round_sheet, render_table
from tests.render.factory import NAMES, sample_result, showcase_view

GOLDEN = Path(__file__).parent / "golden"
WIDTH = 400

CASES: dict[str, Callable[[], bytes]] = {
    "koikoi_table": lambda: render_table(showcase_view(), names=NAMES),
    "koikoi_hand": lambda: render_hand(showcase_view(seat=1)),
    "koikoi_round_sheet_fr": lambda: render_round_sheet(
        sample_result(), names=NAMES, scores=(40, 9), locale="fr"
    ),
}


def _small(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.resize((WIDTH, round(img.height * WIDTH / img.width)), Image.Resampling.BILINEAR)


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_golden(name: str) -> None:
    actual = _small(CASES[name]())
    path = GOLDEN / f"{name}.png"
    if os.environ.get("TSUKI_UPDATE_GOLDEN"):
        actual.quantize(256, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)
    expected = Image.open(path).convert("RGB")
    assert actual.size == expected.size
    diff = ImageChops.difference(actual, expected)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    marked = diff.convert("L").point(lambda px: 255 if px > 48 else 0)
    changed = marked.histogram()[255] / (WIDTH * actual.height)
    assert mean < 3.0 and changed < 0.005, f"{name}: mean diff {mean:.2f}, {changed:.2%} of pixels changed"

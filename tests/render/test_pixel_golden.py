"""Pixel goldens: every image kind of every game draws exactly the recorded pixels.

Each case (``tests/render/golden_cases.py``) is decoded and hashed (SHA-256 of its RGBA pixels,
with its size), so a faster pipeline (another zlib level, cached text, cached layers) must draw
the very same picture, whatever its bytes. The hashes were recorded from the renderers before
that work; a commit that changes a picture on purpose re-records only its cases and says why.

Record again: ``TSUKI_UPDATE_GOLDEN=1 python -m pytest tests/render/test_pixel_golden.py -k NAME``
(only the cases selected are rewritten). FreeType, libwebp and Pillow's resampling draw slightly
differently from one build to another: with other library versions than those recorded the test
is skipped, saying which.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from pathlib import Path
from typing import TypedDict

import PIL
import pytest
from PIL import Image, ImageSequence, features

from tests.render.golden_cases import animation, golden_images

GOLDEN = Path(__file__).parent / "golden" / "pixels.json"
CASES = golden_images()
ANIMATION = "replay/koikoi_animation"


def libraries() -> dict[str, str]:
    return {
        "pillow": PIL.__version__,
        "freetype2": str(features.version("freetype2")),
        "webp": str(features.version("webp")),
        "zlib": str(features.version("zlib")),
    }


def pixel_hash(data: bytes) -> str:
    """``WxH[xframes]:sha256`` of the decoded RGBA pixels (every frame of an animation)."""
    image = Image.open(io.BytesIO(data))
    digest = hashlib.sha256()
    frames = 0
    for frame in ImageSequence.Iterator(image):
        digest.update(frame.convert("RGBA").tobytes())
        frames += 1
    size = f"{image.width}x{image.height}" + (f"x{frames}" if frames > 1 else "")
    return f"{size}:{digest.hexdigest()}"


class Goldens(TypedDict):
    """The recorded file: the drawing libraries' versions and each image's pixel hash."""

    libraries: dict[str, str]
    images: dict[str, str]


def _recorded() -> Goldens:
    return json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {"libraries": libraries(), "images": {}}


def _check(name: str, data: bytes) -> None:
    recorded = _recorded()
    actual = pixel_hash(data)
    if os.environ.get("TSUKI_UPDATE_GOLDEN"):
        images = dict(recorded["images"])
        images[name] = actual
        recorded = {"libraries": libraries(), "images": dict(sorted(images.items()))}
        GOLDEN.write_text(json.dumps(recorded, indent=1) + "\n")
        return
    if recorded["libraries"] != libraries():
        pytest.skip(f"goldens recorded with {recorded['libraries']}, running {libraries()}")
    expected = recorded["images"].get(name)
    assert expected is not None, f"{name}: no golden recorded (TSUKI_UPDATE_GOLDEN=1 records it)"
    assert actual == expected, f"{name}: pixels differ from the golden"


@pytest.mark.parametrize("name", sorted(CASES))
def test_image_draws_the_recorded_pixels(name: str) -> None:
    _check(name, CASES[name]())


def test_replay_animation_frames_draw_the_recorded_pixels() -> None:
    _check(ANIMATION, animation())


def test_every_recorded_golden_still_has_a_case() -> None:
    """A renamed or dropped case must drop its golden too (no stale hash nobody checks)."""
    if os.environ.get("TSUKI_UPDATE_GOLDEN"):
        pytest.skip("recording")
    recorded = set(_recorded()["images"])
    assert recorded == {*CASES, ANIMATION}

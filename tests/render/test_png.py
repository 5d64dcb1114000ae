"""render.png's writer: an indexed canvas is written as an 8-bit indexed PNG that decodes to the
same indices and palette (the pixel goldens check every image kind; these check the writer's edges)."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image

from render import png


def _indexed(width: int, height: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    image = Image.new("P", (width, height))
    image.putpalette([rng.randrange(256) for _ in range(768)])
    image.putdata([rng.randrange(256) for _ in range(width * height)])
    return image


def _decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_an_indexed_image_decodes_to_its_indices_and_palette() -> None:
    image = _indexed(37, 11, seed=1)
    back = _decoded(png.to_png(image))
    assert (back.mode, back.size) == ("P", image.size)
    assert back.tobytes() == image.tobytes()
    assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_a_short_palette_is_padded_so_every_index_stays_valid() -> None:
    image = Image.new("P", (4, 3), 2)
    image.putpalette([10, 20, 30, 40, 50, 60, 70, 80, 90])
    back = _decoded(png.to_png(image))
    assert back.convert("RGB").getpixel((1, 1)) == (70, 80, 90)


def test_a_picture_past_the_large_size_is_written_again_smaller() -> None:
    noisy = _indexed(600, 400, seed=2)  # random bytes: ~235 KiB whatever the level
    fast = png._encode(noisy, png.COMPRESS_LEVEL)
    assert len(fast) > png.LARGE_PNG
    out = png.to_png(noisy)
    assert out == png._encode(noisy, png.SMALL_LEVEL)
    assert _decoded(out).tobytes() == noisy.tobytes()


def test_a_palette_with_transparency_keeps_it() -> None:
    image = Image.new("P", (5, 5), 1)
    image.putpalette([0, 0, 0, 255, 255, 255] * 128)
    image.info["transparency"] = 1
    back = _decoded(png.to_png(image))
    assert back.info.get("transparency") == 1


def test_the_fast_level_decodes_to_its_rows_with_isal_or_zlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast level goes through ISA-L when it is installed, through zlib when it is not: the
    same rows either way, and the bytes of a PNG decode to the same indices."""
    image = _indexed(50, 20, seed=3)
    rows = bytes(range(256)) * 40 + b"\0" * 5000
    assert png.fast_compress is not None  # a project dependency: the bot runs with it
    assert zlib.decompress(png.deflate(rows, png.COMPRESS_LEVEL)) == rows
    with_isal = png.to_png(image)
    monkeypatch.setattr(png, "fast_compress", None)
    assert png.deflate(rows, png.COMPRESS_LEVEL) == zlib.compress(rows, png.COMPRESS_LEVEL)
    without = png.to_png(image)
    assert _decoded(with_isal).tobytes() == _decoded(without).tobytes() == image.tobytes()

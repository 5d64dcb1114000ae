"""render.png's writer: an indexed canvas is written as an 8-bit indexed PNG that decodes to the
same indices and palette (the pixel goldens check every image kind; these check the writer's edges)."""

from __future__ import annotations

import io
import random
import zlib

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


def _flat_with_marks(width: int, height: int, marks: int, seed: int) -> Image.Image:
    """A flat canvas with a few small marks: most row bands equal, some not."""
    rng = random.Random(seed)
    image = Image.new("P", (width, height), 3)
    image.putpalette([rng.randrange(256) for _ in range(768)])
    for _ in range(marks):
        x, y = rng.randrange(width - 8), rng.randrange(height - 8)
        image.paste(rng.randrange(256), (x, y, x + 8, y + 8))
    return image


def test_the_bands_deflated_apart_inflate_to_the_rows_whatever_the_height() -> None:
    """Rows are deflated band by band and bands met before are reused: the stream still inflates
    (with its Adler-32 checked) to the very rows, for heights that do and do not end a band."""
    for height in (1, png.BAND_ROWS - 1, png.BAND_ROWS, 3 * png.BAND_ROWS + 5):
        raw = _flat_with_marks(50, height + 8, 3, seed=height).tobytes()
        for _ in range(2):  # the second time every band is a kept one
            assert zlib.decompress(png._deflate(raw, 50, png.COMPRESS_LEVEL)) == raw


def test_an_image_is_written_the_same_whatever_was_written_before() -> None:
    """Deterministic: the bytes of an image do not depend on which bands other images left kept."""
    first, second = _flat_with_marks(300, 200, 6, seed=3), _flat_with_marks(300, 200, 6, seed=4)
    alone = png.to_png(first)
    png.to_png(second)
    assert png.to_png(first) == alone
    assert _decoded(alone).tobytes() == first.tobytes()
    assert png.kept_bands()[0] > 0


def test_the_bands_kept_stay_within_their_bounds() -> None:
    """Noise never repeats: every band is new and ~24 KB deflated, past the byte bound in all."""
    for seed in range(png.BAND_BYTES // (1000 * 600) + 4):
        png.to_png(_indexed(1000, 600, seed=100 + seed))
    count, weight = png.kept_bands()
    assert 0 < count <= png.BANDS_KEPT and weight <= png.BAND_BYTES

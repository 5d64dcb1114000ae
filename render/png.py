"""Every image leaves render/ through :func:`to_png`: 256-colour PNG, small and quick to send."""

from __future__ import annotations

import importlib
import io
import struct
import zlib
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]
# zlib level 2: ~2.3x cheaper to encode than level 6 (a table's largest single cost), the same
# pixels, ~25 % more bytes (a table 40-90 KiB; Discord takes 8 MiB). Level 1 costs ~3 % less
# time and makes ~5 % more bytes; level 3 costs ~15 % more time for ~5 % fewer bytes. The rare
# picture that comes out larger than LARGE_PNG (a crowded late table) is encoded again at
# level 6 (~25 % smaller): no image grows past it because of the fast level.
COMPRESS_LEVEL = 2
LARGE_PNG = 100 * 1024
SMALL_LEVEL = 6
# The fast level is deflated by ISA-L (Intel's igzip) when it is installed: on 40 Roppyakken
# tables (1.18 MB of rows each) its level 1 took 0.70 ms CPU median for 78 KiB, zlib's level 2
# 3.41 ms for 77 KiB (zlib-ng's level 2: 1.64 ms, 74 KiB; libdeflate's: 2.77 ms, 70 KiB). The
# same zlib stream format, so the same PNG pixels; only the compressed bytes differ.
ISAL_LEVEL = 1


def _isal_compress() -> Callable[[bytes, int], bytes] | None:
    """ISA-L's ``compress`` (the ``isal`` package, a project dependency); None in a checkout
    installed without it, which deflates with zlib (the same pixels, ~2.7 ms more a table)."""
    try:
        module = importlib.import_module("isal.isal_zlib")
    except ImportError:
        return None
    compress: Callable[[bytes, int], bytes] = module.compress
    return compress


fast_compress = _isal_compress()


def to_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Quantise ``image`` to 256 colours and encode it as PNG (deterministic: same image, same bytes).

    With ``palette`` (a "P" image, see :mod:`render.hanafuda.table_palette`) pixels are mapped to that fixed
    palette, which is about five times faster than computing an adaptive one; without it an
    adaptive palette (fast octree) is used. No dithering: our pictures are flat colour. A "P"
    image (a :mod:`render.canvas` canvas, drawn in its palette's colours) is encoded as it is.
    """
    if image.mode == "P":  # drawn in its palette already (render.canvas)
        paletted = image
    elif palette is not None:
        paletted = _rgb(image).quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        paletted = _rgb(image).quantize(
            colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    png = _encode(paletted, COMPRESS_LEVEL)
    if len(png) > LARGE_PNG:
        png = _encode(paletted, SMALL_LEVEL)
    return png


_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _encode(paletted: Image.Image, level: int) -> bytes:
    """``paletted`` as PNG at zlib ``level``: an 8-bit indexed PNG written here, or Pillow's writer
    for anything else (a palette with transparency, another mode).

    Pillow's writer feeds zlib row by row through Python-level buffers: ~0.3-0.5 ms of a table's
    ~4 ms encode (1200×980). Here the rows, each behind its PNG filter byte (0: none, what
    Pillow picks for palette images too), are laid out by one paste into an image one column
    wider whose first column is 0, and deflated in one call. Same pixels, same palette."""
    if paletted.mode != "P" or "transparency" in paletted.info or paletted.palette is None:
        out = io.BytesIO()
        paletted.save(out, format="PNG", compress_level=level)
        return out.getvalue()
    width, height = paletted.size
    rows = Image.new("L", (width + 1, height), 0)
    rows.im.paste(paletted.im, (1, 0, width + 1, height))
    colours = paletted.getpalette() or []
    colours += [0] * (768 - len(colours))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit indexed, no interlace
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(colours[:768])),
            _chunk(b"IDAT", deflate(rows.tobytes(), level)),
            _chunk(b"IEND", b""),
        )
    )


def deflate(data: bytes, level: int) -> bytes:
    """``data`` as a zlib stream: at :data:`COMPRESS_LEVEL` through ISA-L (:data:`ISAL_LEVEL`) when
    it is installed, else through zlib at ``level``."""
    if level == COMPRESS_LEVEL and fast_compress is not None:
        return fast_compress(data, ISAL_LEVEL)
    return zlib.compress(data, level)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _rgb(image: Image.Image) -> Image.Image:
    return image.convert("RGB") if image.mode != "RGB" else image


def paint_ink_ramps(image: Image.Image, y: int, inks: Sequence[RGB], grounds: Sequence[RGB]) -> None:
    """Paint, from row ``y`` down, the blends of every ink over every ground: the colours text
    anti-aliasing makes, so that a palette sampled from ``image`` keeps small text smooth."""
    draw = ImageDraw.Draw(image)
    for i, (ink, ground) in enumerate((a, b) for a in inks for b in grounds):
        x0, y0 = (i % 64) * 40, y + (i // 64) * 8
        for step in range(8):
            t = step / 7
            colour = tuple(round(g + (f - g) * t) for f, g in zip(ink, ground, strict=True))
            draw.rectangle((x0 + step * 5, y0, x0 + step * 5 + 4, y0 + 7), fill=colour)


def fixed_palette(exact: Sequence[RGB], sample: Image.Image) -> Image.Image:
    """A 1×1 "P" image for ``to_png(..., palette)``: the ``exact`` colours first (flat areas must
    not shift), then an octree palette of ``sample`` (what the images are made of) for the rest."""
    free = 256 - len(exact)
    adaptive = sample.quantize(free, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    octree = adaptive.getpalette()
    assert octree is not None  # a quantized image always has a palette
    colours = [v for rgb in exact for v in rgb] + octree[: 3 * free]
    colours += [0] * (768 - len(colours))
    out = Image.new("P", (1, 1))
    out.putpalette(colours)
    return out

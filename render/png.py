"""Every image leaves render/ through :func:`to_png`: 256-colour PNG, small and quick to send."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.glyph_cache import Recent

RGB = tuple[int, int, int]
# zlib level 2: ~2.3x cheaper to encode than level 6 (a table's largest single cost), the same
# pixels, ~25 % more bytes (a table 40-90 KiB; Discord takes 8 MiB). Level 1 costs ~3 % less
# time and makes ~5 % more bytes; level 3 costs ~15 % more time for ~5 % fewer bytes. The rare
# picture that comes out larger than LARGE_PNG (a crowded late table) is encoded again at
# level 6 (~25 % smaller): no image grows past it because of the fast level.
COMPRESS_LEVEL = 2
LARGE_PNG = 100 * 1024
SMALL_LEVEL = 6
# The rows are deflated in bands of BAND_ROWS rows, each on its own (a deflate stream may be cut
# anywhere into pieces compressed apart and laid end to end): a band already met (the felt, a
# header, a plate that did not change) is not compressed again. Its deflated bytes are found by
# its content: a 64-bit keyed hash (SipHash: the process's own key) and its length; ~1 KiB a
# band, kept by recency.
BAND_ROWS = 24
BANDS_KEPT = 8192
BAND_BYTES = 8 * 1024 * 1024
_bands: Recent[tuple[bytes, int]] = Recent(BANDS_KEPT, BAND_BYTES)
_ZLIB_HEADER = zlib.compress(b"", COMPRESS_LEVEL)[:2]
_LAST_BLOCK = b"\x03\x00"  # an empty final block (fixed Huffman codes: its end at once)


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
    wider whose first column is 0, and deflated by :func:`_deflate`. Same pixels, same palette."""
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
            _chunk(b"IDAT", _deflate(rows.tobytes(), width + 1, level)),
            _chunk(b"IEND", b""),
        )
    )


def _deflate(raw: bytes, row_bytes: int, level: int) -> bytes:
    """``zlib.compress(raw, level)``'s equal (another stream, the same bytes once inflated): at
    ``COMPRESS_LEVEL``, band by band (see ``BAND_ROWS``), each band met before taken as kept."""
    if level != COMPRESS_LEVEL:
        return zlib.compress(raw, level)
    step = row_bytes * BAND_ROWS
    parts = [_ZLIB_HEADER]
    adler = 1
    for start in range(0, len(raw), step):
        band = raw[start : start + step]
        key = (hash(band), len(band))
        found = _bands.get(key)
        if found is None:
            packer = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
            found = (packer.compress(band) + packer.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(band))
            _bands.put(key, found, len(found[0]) + 64)
        parts.append(found[0])
        adler = _adler32_combine(adler, found[1], len(band))
    parts += (_LAST_BLOCK, adler.to_bytes(4, "big"))
    return b"".join(parts)


_ADLER_BASE = 65521


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings laid end to end, from each one's (zlib's
    ``adler32_combine``, which Python's zlib does not offer)."""
    rem = second_length % _ADLER_BASE
    low = first & 0xFFFF
    high = (rem * low) % _ADLER_BASE
    low = (low + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    high = (high + (first >> 16) + (second >> 16) + _ADLER_BASE - rem) % _ADLER_BASE
    return low | (high << 16)


def kept_bands() -> tuple[int, int]:
    """How many deflated bands are kept and their bytes (for tests and benches)."""
    return len(_bands), _bands.total_weight()


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

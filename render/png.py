"""Every image leaves render/ through :func:`to_png`: 256-colour PNG, small and quick to send."""

from __future__ import annotations

import io

from PIL import Image


def to_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Quantise ``image`` to 256 colours and encode it as PNG (deterministic: same image, same bytes).

    With ``palette`` (a "P" image, see :mod:`render.table_palette`) pixels are mapped to that fixed
    palette, which is about five times faster than computing an adaptive one; without it an
    adaptive palette (fast octree) is used. No dithering: our pictures are flat colour.
    """
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    if palette is not None:
        paletted = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        paletted = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", compress_level=6)
    return out.getvalue()

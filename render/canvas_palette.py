"""The paletted canvas itself: a fixed palette as the RGB pipeline maps colours onto it
(:class:`Palette`), and a canvas drawn straight in its colours (:func:`new`). What is pasted
and written on it: :mod:`render.canvas_pieces`, :mod:`render.canvas_text`; the whole design:
:mod:`render.canvas`."""

from __future__ import annotations

import threading

from PIL import Image

RGB = tuple[int, int, int]


class Palette:
    """A fixed palette (a 1×1 "P" image from :func:`render.png.fixed_palette`), as the RGB
    pipeline uses it: Pillow maps a colour to the palette through a cache of 6-bit cells, so an
    interface colour is not always drawn with its own entry but with a neighbour one step away.
    ``index`` is that mapping for every palette colour (what ``quantize`` gives); ``truth`` the
    true colour each of those indices stands for, the interface colours (the palette's first
    entries) first: what lies under a piece is blended as the RGB canvas held it."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        flat = image.getpalette() or []
        flat += [0] * (768 - len(flat))
        self.flat = flat
        self.colours: list[RGB] = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, 768, 3)]
        strip = Image.new("RGB", (256, 1))
        strip.putdata(self.colours)
        mapped = list(self.quantize(strip).tobytes())
        self.index: dict[RGB, int] = {}
        truth: dict[int, RGB] = {}
        for colour, index in zip(self.colours, mapped, strict=True):
            self.index.setdefault(colour, index)
            truth.setdefault(index, colour)
        self.truth = [truth.get(i, colour) for i, colour in enumerate(self.colours)]
        self.truth_flat = [v for colour in self.truth for v in colour]

    def quantize(self, image: Image.Image) -> Image.Image:
        """``image`` (RGB) mapped onto this palette, pixel by pixel (no dithering)."""
        return image.quantize(palette=self.image, dither=Image.Dither.NONE)


_palettes: dict[int, Palette] = {}
_palettes_lock = threading.Lock()


def palette(image: Image.Image) -> Palette:
    """The :class:`Palette` of a fixed palette image (kept: each game has one or two)."""
    found = _palettes.get(id(image))
    if found is None or found.image is not image:
        with _palettes_lock:
            found = _palettes[id(image)] = Palette(image)
    return found


PALETTE_KEY = "tsuki.palette"
PIECES_KEY = "tsuki.pieces"


def new(size: tuple[int, int], colour: RGB, fixed: Image.Image | None) -> Image.Image:
    """A canvas filled with ``colour``: paletted on ``fixed`` (a fixed palette image), RGB without."""
    if fixed is None:
        return Image.new("RGB", size, colour)
    pal = palette(fixed)
    canvas = Image.new("P", size, pal.index[colour])
    canvas.putpalette(pal.flat)
    canvas.load()
    assert canvas.palette is not None
    # ImageDraw's shapes: each colour drawn with the index quantising gives it
    canvas.palette.colors = {colour: index for colour, index in pal.index.items()}
    canvas.info[PALETTE_KEY] = pal
    canvas.info[PIECES_KEY] = []
    return canvas


def palette_of(canvas: Image.Image) -> Palette | None:
    """The palette a canvas of :func:`new` is drawn in (None: an RGB canvas)."""
    found = canvas.info.get(PALETTE_KEY)
    return found if isinstance(found, Palette) else None

"""Ground layers: what an image holds whatever the position (its background, its panels, its
fixed labels), drawn once per look and copied for every image.

A Dou Dizhu table's ground (the felt, the three plates, the title) cost ~0.25 ms to draw, a copy
~0.03 ms. A layer is a paletted canvas of :func:`render.canvas.new` with what was drawn on it,
the pieces it remembers included (a later piece blended over one of its labels sees the label's
true colours), so drawing the rest on the copy gives the very pixels of drawing it all. Its
labels are reported again to the tests' watchers (:func:`render.widgets.note`,
:func:`render.glyph_cache.observed`) each time it is copied, as if drawn.

Layers are kept by recency (~0.9 MB each: a 1200×740 table), shared by the render threads;
each process keeps its own.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import canvas as C
from render.fonts import font
from render.glyph_cache import Recent, observed
from render.palette import RGB
from render.widgets import fit, note, panel, text

LAYERS_KEPT = 12
LAYER_BYTES = 12 * 1024 * 1024
_layers: Recent[Image.Image] = Recent(LAYERS_KEPT, LAYER_BYTES)


@dataclass(frozen=True, slots=True)
class Panel:
    """A rounded panel, as :func:`render.widgets.panel` draws it."""

    box: tuple[float, float, float, float]
    fill: RGB
    edge: RGB | None
    radius: int = 14
    width: int = 2


@dataclass(frozen=True, slots=True)
class Bar:
    """A plain rounded rectangle (a team's colour stripe)."""

    box: tuple[float, float, float, float]
    radius: float
    fill: RGB


@dataclass(frozen=True, slots=True)
class Label:
    """A text, as :func:`render.widgets.text` draws it (shortened to ``max_width``)."""

    xy: tuple[float, float]
    text: str
    size: int
    fill: RGB
    anchor: str = "lm"
    max_width: float | None = None


Shape = Panel | Bar | Label


def ground(
    size: tuple[int, int],
    colour: RGB,
    fixed: Image.Image,
    shapes: Sequence[Shape],
    locale: Hashable,
) -> Image.Image:
    """A new canvas (``size``, filled with ``colour`` in the ``fixed`` palette) with ``shapes``
    drawn on it in order: a copy of the one kept for the same arguments, else drawn and kept.
    ``locale``: the face the labels are drawn in (the render call's)."""
    key = (size, colour, id(fixed), tuple(shapes), locale)
    layer = _layers.get(key)
    if layer is None:
        layer = C.new(size, colour, fixed)
        draw = ImageDraw.Draw(layer)
        for shape in shapes:
            if isinstance(shape, Panel):
                panel(draw, shape.box, shape.fill, shape.edge, shape.radius, shape.width)
            elif isinstance(shape, Bar):
                draw.rounded_rectangle(shape.box, shape.radius, fill=shape.fill)
            else:
                text(draw, shape.xy, shape.text, shape.size, shape.fill, shape.anchor, shape.max_width)
        _layers.put(key, layer, size[0] * size[1])
    else:
        for shape in shapes:
            if isinstance(shape, Label):
                shown = (
                    shape.text if shape.max_width is None else fit(shape.text, shape.size, shape.max_width)
                )
                note(shown, shape.size)
                observed(shown, font(shape.size), shape.fill)
    return copy(layer)


def copy(canvas: Image.Image) -> Image.Image:
    """A canvas of :func:`render.canvas.new` copied, to draw on without touching the original."""
    out = canvas.copy()
    if C.PIECES_KEY in canvas.info:
        out.info[C.PIECES_KEY] = list(canvas.info[C.PIECES_KEY])
    if canvas.palette is not None and out.palette is not None:
        # Pillow's copy maps each colour to its first entry again: ImageDraw's shapes must keep
        # drawing each colour with the index quantising gives it (see render.canvas.new)
        out.palette.colors = dict(canvas.palette.colors)
    return out


def kept() -> tuple[int, int]:
    """How many layers are kept and their pixels (for tests and benches)."""
    return len(_layers), _layers.total_weight()

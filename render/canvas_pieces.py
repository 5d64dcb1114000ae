"""Pieces pasted on a paletted canvas (see :mod:`render.canvas`): a card with its glow and shade,
a chip, composited once in RGB over the flat colour under them, quantised, kept and pasted by
copying bytes; overlapping pieces composited together (:class:`together`); what falls on a mixed
ground blended over the true colours under it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

from PIL import Image, ImageChops

from render.canvas_palette import PALETTE_KEY, PIECES_KEY, RGB, Palette, palette_of
from render.glyph_cache import Recent

# Composites kept: a card with its glow over the felt is 10-30 KB (one byte a pixel); a table
# and its hand use ~60 pieces, the same ones image after image. Texts over their ground are
# smaller (1-5 KB).
PIECES_KEPT = 4096
PIECE_BYTES = 12 * 1024 * 1024
_pieces: Recent[Image.Image] = Recent(PIECES_KEPT, PIECE_BYTES)
_solids: Recent[tuple[Image.Image, Image.Image]] = Recent(PIECES_KEPT // 4, PIECE_BYTES // 4)


class _Placed(NamedTuple):  # a tuple: made ~100 times a table, ~4x cheaper than a frozen dataclass
    """A piece pasted on a paletted canvas: its place, its indices (and mask), and how to draw it
    again in RGB (what a later piece blended over it must see: its true colours)."""

    box: tuple[int, int, int, int]
    indices: Image.Image
    mask: Image.Image | None
    rgb: Callable[[], Image.Image]


class Deferred:
    """An image drawn only if a composite needs its pixels: its ``size`` is known beforehand.

    A card face over the felt is a kept piece nearly every time, found by its key; the face
    itself (RGBA, ~4x the piece's bytes, kept in a bounded cache of its own) is then not needed,
    and drawing it again after that cache let it go cost a few ms (:func:`paste_deferred`)."""

    __slots__ = ("_draw", "_image", "height", "size", "width")

    def __init__(self, size: tuple[int, int], draw: Callable[[], Image.Image]) -> None:
        self.size = size
        self.width, self.height = size
        self._draw = draw
        self._image: Image.Image | None = None

    def image(self) -> Image.Image:
        if self._image is None:
            self._image = self._draw()
            assert self._image.size == self.size, (self._image.size, self.size)
        return self._image


class Layer(NamedTuple):  # a tuple, as _Placed: ~150 a table
    """An image (RGBA, or RGB: opaque; or :class:`Deferred`) to paste at ``(x, y)``; ``key``
    names its pixels (two layers with the same key are the same picture)."""

    key: Hashable
    image: Image.Image | Deferred
    x: int
    y: int


class _Group:
    def __init__(self, canvas: Image.Image) -> None:
        self.canvas = canvas
        self.layers: list[Layer] = []
        self.depth = 0


_local = threading.local()


def _group_for(canvas: Image.Image) -> _Group | None:
    group: _Group | None = getattr(_local, "group", None)
    return group if group is not None and group.canvas is canvas else None


class together:  # lower case: used like a function, ``with together(canvas):``
    """Pieces pasted on a paletted ``canvas`` inside the block are composited together in RGB
    when it ends (overlapping cards blend over each other's true colours), then pasted as one.
    Nested blocks join the outer one; on an RGB canvas it changes nothing. (A class, not a
    generator: entered for every card, ~100 times a table.)"""

    __slots__ = ("canvas", "group", "outer")

    def __init__(self, canvas: Image.Image) -> None:
        self.canvas = canvas
        self.group: _Group | None = None
        self.outer: _Group | None = None

    def __enter__(self) -> None:
        if PALETTE_KEY not in self.canvas.info:
            return
        outer: _Group | None = getattr(_local, "group", None)
        group = outer if outer is not None and outer.canvas is self.canvas else None
        if group is None:
            group = _local.group = _Group(self.canvas)
        group.depth += 1
        self.group, self.outer = group, outer

    def __exit__(self, *exc: object) -> None:
        group = self.group
        if group is None:
            return
        group.depth -= 1
        if group.depth == 0:
            _local.group = self.outer
            if exc[0] is None:
                for cluster in _clusters(group.layers):
                    _composite(self.canvas, cluster)


def flush(canvas: Image.Image) -> None:
    """Composite now what a :func:`together` block on ``canvas`` holds (before drawing straight on
    the canvas inside the block: what was pasted before must lie under it)."""
    group = _group_for(canvas)
    if group is not None:
        layers, group.layers = group.layers, []
        for cluster in _clusters(layers):
            _composite(canvas, cluster)


def _box(layer: Layer) -> tuple[int, int, int, int]:
    return layer.x, layer.y, layer.x + layer.image.width, layer.y + layer.image.height


def _clusters(layers: Sequence[Layer]) -> list[list[Layer]]:
    """``layers`` split into groups that do not touch each other (each keeps the paste order):
    cards side by side stay separate pieces (kept and found again one by one), a fan is one."""
    if len(layers) == 1:  # a card and nothing else (the most common block)
        return [list(layers)]
    clusters: list[tuple[list[int], list[Layer]]] = []
    for layer in layers:
        box = list(_box(layer))
        members = [layer]
        merged = True
        while merged:  # a merged box may reach a cluster it did not touch before
            merged = False
            for k, (cbox, cluster) in enumerate(clusters):
                if cbox[0] < box[2] and box[0] < cbox[2] and cbox[1] < box[3] and box[1] < cbox[3]:
                    box = [
                        min(box[0], cbox[0]),
                        min(box[1], cbox[1]),
                        max(box[2], cbox[2]),
                        max(box[3], cbox[3]),
                    ]
                    members = cluster + members
                    del clusters[k]
                    merged = True
                    break
        clusters.append((box, members))
    # members merged from several clusters must keep the order they were pasted in
    order = {id(layer): i for i, layer in enumerate(layers)}
    return [sorted(cluster, key=lambda layer: order[id(layer)]) for _, cluster in clusters]


def paste(canvas: Image.Image, key: Hashable, image: Image.Image, x: int, y: int) -> None:
    """``canvas.paste(image, (x, y), image)`` (``image`` RGBA) on either kind of canvas."""
    pal = palette_of(canvas)
    if pal is None:
        canvas.paste(image, (x, y), image if image.mode == "RGBA" else None)
        return
    layer = Layer(key, image, x, y)
    group = _group_for(canvas)
    if group is not None:
        group.layers.append(layer)
    else:
        _composite(canvas, [layer])


def paste_deferred(
    canvas: Image.Image,
    key: Hashable,
    size: tuple[int, int],
    draw: Callable[[], Image.Image],
    x: int,
    y: int,
) -> None:
    """:func:`paste` of the image ``draw()`` returns (``size`` pixels), called only when its
    pixels are needed: at once on an RGB canvas; on a paletted one only when the composite it
    belongs to is not kept already (or a later piece is blended over it)."""
    if palette_of(canvas) is None:
        paste(canvas, key, draw(), x, y)
        return
    layer = Layer(key, Deferred(size, draw), x, y)
    group = _group_for(canvas)
    if group is not None:
        group.layers.append(layer)
    else:
        _composite(canvas, [layer])


def paste_solid(canvas: Image.Image, key: Hashable, image: Image.Image, x: int, y: int) -> None:
    """Paste an RGBA ``image`` whose alpha is only 0 or 255 (a chip): on a paletted canvas its
    quantised pixels and mask are kept, whatever lies under it."""
    pal = palette_of(canvas)
    if pal is None:
        canvas.paste(image, (x, y), image)
        return
    if _group_for(canvas) is not None:
        paste(canvas, key, image, x, y)
        return
    full = (key, id(pal))
    found = _solids.get(full)
    if found is None:
        rgb = _over(image, (0, 0, 0))
        mask = image.getchannel("A").convert("1", dither=Image.Dither.NONE)
        found = (pal.quantize(rgb), mask)
        _solids.put(full, found, image.width * image.height * 2)
    tile, mask = found
    box = (x, y, x + image.width, y + image.height)
    if _inside(canvas, box):
        _place(canvas, tile, box, lambda: _over(image, (0, 0, 0)), mask)
    else:
        _composite(canvas, [Layer(key, image, x, y)])


def _place(
    canvas: Image.Image,
    indices: Image.Image,
    box: tuple[int, int, int, int],
    rgb: Callable[[], Image.Image],
    mask: Image.Image | None = None,
) -> None:
    """Paste quantised ``indices`` at ``box`` and remember how to draw them in RGB."""
    if mask is None:
        canvas.im.paste(indices.im, box)
    else:
        canvas.im.paste(indices.im, box, mask.im)
    placed: list[_Placed] = canvas.info[PIECES_KEY]
    placed.append(_Placed(box, indices, mask, rgb))


_SAME = [255] + [0] * 255


def _true_rgb(canvas: Image.Image, pal: Palette, box: tuple[int, int, int, int]) -> Image.Image:
    """The RGB colours ``box`` of a paletted canvas holds: the true colour of each flat index,
    and where a piece still shows, the piece drawn again in RGB (a text's anti-aliasing, a card)."""
    crop = canvas.crop(box)
    crop.putpalette(pal.truth_flat)
    out = crop.convert("RGB")
    for piece in canvas.info.get(PIECES_KEY, ()):
        px0, py0, px1, py1 = piece.box
        x0, y0, x1, y1 = max(px0, box[0]), max(py0, box[1]), min(px1, box[2]), min(py1, box[3])
        if x0 >= x1 or y0 >= y1:
            continue
        inner = (x0 - px0, y0 - py0, x1 - px0, y1 - py0)
        size = (x1 - x0, y1 - y0)
        now = Image.frombytes("L", size, canvas.crop((x0, y0, x1, y1)).tobytes())
        then = Image.frombytes("L", size, piece.indices.crop(inner).tobytes())
        shows = ImageChops.difference(now, then).point(_SAME)
        if piece.mask is not None:
            shows = ImageChops.multiply(shows, piece.mask.crop(inner).convert("L"))
        out.paste(piece.rgb().crop(inner), (x0 - box[0], y0 - box[1]), shows)
    return out


def _inside(canvas: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[2] <= canvas.width and box[3] <= canvas.height


def _ground(canvas: Image.Image, box: tuple[int, int, int, int]) -> int | None:
    """The palette index that fills ``box`` on ``canvas``, None when the box holds several."""
    if not _inside(canvas, box):
        return None
    low, high = canvas.im.crop(box).getextrema()
    return int(low) if low == high else None


def _composite(canvas: Image.Image, layers: Sequence[Layer]) -> None:
    """Paste ``layers`` (in order) on the paletted ``canvas`` as one quantised piece."""
    pal = palette_of(canvas)
    assert pal is not None
    first = layers[0]
    x0, y0 = first.x, first.y
    x1, y1 = x0 + first.image.width, y0 + first.image.height
    for layer in layers[1:]:
        w, h = layer.image.size
        x0, y0 = min(x0, layer.x), min(y0, layer.y)
        x1, y1 = max(x1, layer.x + w), max(y1, layer.y + h)
    box = (x0, y0, x1, y1)
    ground = _ground(canvas, box)
    if ground is not None:
        colour = pal.truth[ground]

        def drawn() -> Image.Image:
            rgb = Image.new("RGB", (x1 - x0, y1 - y0), colour)
            _paste_all(rgb, layers, x0, y0)
            return rgb

        key = (id(pal), ground, tuple((layer.key, layer.x - x0, layer.y - y0) for layer in layers))
        piece = _pieces.get(key)
        if piece is None:
            piece = pal.quantize(drawn())
            _pieces.put(key, piece, (x1 - x0) * (y1 - y0))
        _place(canvas, piece, box, drawn)
        return
    # A mixed ground (or the canvas's edge): blended over the true colours under the pieces.
    clipped = (max(0, x0), max(0, y0), min(canvas.width, x1), min(canvas.height, y1))
    if clipped[0] >= clipped[2] or clipped[1] >= clipped[3]:
        return
    rgb = _true_rgb(canvas, pal, clipped)
    _paste_all(rgb, layers, clipped[0], clipped[1])
    _place(canvas, pal.quantize(rgb), clipped, rgb.copy)


def _paste_all(rgb: Image.Image, layers: Sequence[Layer], x0: int, y0: int) -> None:
    for layer in layers:
        image = layer.image
        if isinstance(image, Deferred):
            image = image.image()
        rgb.paste(image, (layer.x - x0, layer.y - y0), image if image.mode == "RGBA" else None)


def _over(image: Image.Image, colour: RGB) -> Image.Image:
    """An RGBA ``image`` over a ground of ``colour``, in RGB."""
    rgb = Image.new("RGB", image.size, colour)
    rgb.paste(image, (0, 0), image)
    return rgb


def kept() -> tuple[int, int]:
    """How many composites are kept and their bytes (for tests and benches)."""
    return len(_pieces) + len(_solids), _pieces.total_weight() + _solids.total_weight()

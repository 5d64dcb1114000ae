"""Canvases drawn straight in a fixed palette's colours ("P" images): no quantising at the end.

A table used to be drawn in RGB, then mapped pixel by pixel onto its fixed palette (~1.5 ms),
and every card was blended over the canvas (an RGBA paste: ~2.5 ns a pixel, a field card
~50 µs). On a paletted canvas the pieces are kept already quantised: a card, its glow and its
shade composited once over the flat colour under them (the felt, a panel), a text over its
ground, a chip with its label, each pasted by copying bytes.

The pixels are those of the RGB pipeline: a composite is made in RGB over the colour that lies
under it (the same arithmetic as pasting on the RGB canvas), then quantised (the same mapping
as quantising the whole canvas). That holds whenever what lies under a piece's soft pixels is
one of the palette's own colours: the interface's flat colours are (``FIXED`` in each palette),
and pieces drawn together (a fan of overlapping cards, a hand row) are composited together in
RGB with :func:`together`. What falls on a mixed ground is blended in RGB over the palette
colours of that ground (a crop) and quantised again: exact over flat colours, within one
palette step over a quantised picture.

Everything here also works on an RGB canvas (the sheets and cards keep one): :func:`paste`
pastes, :func:`draw_text` blends. Kept pieces are bounded (:class:`render.glyph_cache.Recent`)
and shared by the render threads; each process keeps its own.

The canvas itself and its palette are :mod:`render.canvas_palette`, the pieces pasted on it
:mod:`render.canvas_pieces`, its text :mod:`render.canvas_text`; this module gathers their names.
"""

from __future__ import annotations

from render.canvas_palette import PALETTE_KEY, PIECES_KEY, RGB, Palette, new, palette, palette_of
from render.canvas_pieces import (
    PIECE_BYTES,
    PIECES_KEPT,
    Deferred,
    Layer,
    flush,
    kept,
    paste,
    paste_deferred,
    paste_solid,
    together,
)
from render.canvas_pieces import _box as _box
from render.canvas_pieces import _clusters as _clusters
from render.canvas_pieces import _composite as _composite
from render.canvas_pieces import _ground as _ground
from render.canvas_pieces import _inside as _inside
from render.canvas_pieces import _over as _over
from render.canvas_pieces import _paste_all as _paste_all
from render.canvas_pieces import _pieces as _pieces
from render.canvas_pieces import _place as _place
from render.canvas_pieces import _Placed as _Placed
from render.canvas_pieces import _solids as _solids
from render.canvas_pieces import _true_rgb as _true_rgb
from render.canvas_text import _blend_mask as _blend_mask
from render.canvas_text import draw_text

__all__ = [
    "PALETTE_KEY",
    "PIECES_KEPT",
    "PIECES_KEY",
    "PIECE_BYTES",
    "RGB",
    "Deferred",
    "Layer",
    "Palette",
    "draw_text",
    "flush",
    "kept",
    "new",
    "palette",
    "palette_of",
    "paste",
    "paste_deferred",
    "paste_solid",
    "together",
]

"""What the Dou Dizhu images share: their width and text size, their texts and the role badges."""

from __future__ import annotations

import math
from typing import Literal

from PIL import Image, ImageDraw

from engine.doudizhu import Move
from engine.doudizhu.cards import RANKS
from engine.doudizhu.types import DoudizhuView
from render import canvas as C
from render import labels as L
from render.canvas import draw_text
from render.doudizhu.faces import LANDLORD, PEASANT
from render.doudizhu.pips import crown
from render.fonts import font
from render.glyph_cache import Recent, observed
from render.palette import CREAM, INK
from render.widgets import min_size, note, text_width

W = 1200  # the table and the hand
MARGIN = 16
T = min_size(W)  # every text (32 px): readable when the image is shown 550 px wide


def _t(locale: str, key: str, **params: object) -> str:
    return L.t(locale, f"render.doudizhu.{key}", **params)


def _counted(locale: str, key: str, count: int) -> str:
    """Plural-aware ``render.doudizhu.<key>.one`` / ``.other`` (``1 card``, ``2 cards``)."""
    return L.counted(locale, f"render.doudizhu.{key}", count)


def rank_text(rank: int) -> str:
    """``10`` for T, the rank letter otherwise (jokers ``B`` ``R``)."""
    return "10" if RANKS[rank] == "T" else RANKS[rank]


def move_phrase(move: Move, locale: str) -> str:
    """A combination in words, as a player says it: ``a straight 10–A``, ``a pair of 7s``,
    ``three Qs with a pair``, ``the rocket`` (``render.doudizhu.phrase.<kind>``).

    Chains name their lowest and highest rank, the others their core's rank; kickers are named
    by kind only (which single rides along never matters to what beats it).
    """
    if move.kind == "single" and move.key >= 13:
        joker = "black_joker" if move.key == 13 else "red_joker"
        return _t(locale, f"phrase.{joker}")
    low, high = rank_text(move.key), rank_text(move.key + move.length - 1)
    return _t(locale, f"phrase.{move.kind}", rank=low, low=low, high=high)


def role_chip(
    draw: ImageDraw.ImageDraw, x: float, cy: float, role: str, size: int, locale: str, align: str = "left"
) -> float:
    """The landlord's gold badge with a crown, or the peasants' green one; returns its width."""
    label = _t(locale, role)
    pad = size // 2
    icon = size * 1.3 + 8 if role == "landlord" else 0
    w = text_width(label, size) + 2 * pad + icon
    h = round(size * 1.45)
    x0 = {"left": x, "center": x - w / 2, "right": x - w}[align]
    fill, ink = (LANDLORD, INK) if role == "landlord" else (PEASANT, CREAM)
    f = font(size)
    note(label, size)

    def shapes(on: ImageDraw.ImageDraw, dx: float, dy: float) -> None:
        on.rounded_rectangle((x0 - dx, cy - h / 2 - dy, x0 + w - dx, cy + h / 2 - dy), h / 2, fill=fill)

    def icon_on(on: ImageDraw.ImageDraw) -> None:
        # always on the image itself: Pillow's polygons are not drawn alike a few pixels apart
        if icon:
            crown(on, x0 + pad, cy, size * 0.95, INK)

    canvas = getattr(draw, "_image", None)
    if canvas is None or canvas.mode not in ("RGB", "P"):
        shapes(draw, 0, 0)
        icon_on(draw)
        draw_text(draw, (x0 + pad + icon, cy), label, f, ink, "lm")
        return w
    # The badge and its label kept drawn on a tile, as render.widgets.chip keeps its chips (the
    # same pixels): its origin an even number of pixels from the canvas's, the badge drawn
    # without anti-aliasing and its label blended over the badge's fill; the crown (~10 px left
    # of the label) drawn over it.
    ix, iy = math.floor(x0) - 1, math.floor(cy - h / 2) - 1
    ix, iy = ix - ix % 2, iy - iy % 2
    key = ("role chip", role, label, f.key, w, h, x0 - ix, cy - iy, pad, icon)
    tile = _badges.get(key)
    if tile:
        observed(label, f, ink)
    if tile is None:
        tile = Image.new("RGBA", (math.ceil(x0 + w - ix) + 3, math.ceil(cy + h / 2 - iy) + 3), (0, 0, 0, 0))
        on = ImageDraw.Draw(tile)
        shapes(on, ix, iy)
        shape = tile.getchannel("A").tobytes()
        draw_text(on, (x0 + pad + icon - ix, cy - iy), label, f, ink, "lm")
        if tile.getchannel("A").tobytes() != shape:  # the label reaches past the badge
            tile = False
        _badges.put(key, tile, tile.width * tile.height * 4 if tile else 0)
    if tile:
        C.paste_solid(canvas, key, tile, ix, iy)
        C.flush(canvas)
        icon_on(draw)
    else:
        C.flush(canvas)
        shapes(draw, 0, 0)
        icon_on(draw)
        draw_text(draw, (x0 + pad + icon, cy), label, f, ink, "lm")
    return w


# The role badges kept drawn (see role_chip): two roles in a few sizes and languages.
BADGES_KEPT = 64
_badges: Recent[Image.Image | Literal[False]] = Recent(BADGES_KEPT, 2 * 1024 * 1024)


def badges(view: DoudizhuView) -> tuple[str | None, ...]:
    """Each seat's role badge: ``"landlord"``, ``"peasant"``, or ``None`` before the landlord is chosen."""
    seats = len(view.hand_counts)
    if view.landlord is None:
        return (None,) * seats
    return tuple("landlord" if s == view.landlord else "peasant" for s in range(seats))

"""Replay images: a table with every hand shown, and one animated image of a round.

A replay is drawn only once a match is over, so it may show what the live table hides. The game
renderers draw a table from the public view and a hand from one seat's view; a replay frame puts
them together (the public table, then each seat's hand under its player's name) instead of
teaching every renderer an "all hands" mode. Each hand is drawn for an onlooker ("Aiko's hand",
"Aiko to play") at the table's full width, one per row: shown about 550 px wide, the frame's
hands read exactly as large as a live hand does (two per row at half width made their texts
~5 px). A chip above each names the player again, gold for the seat to act. An animation is
never scaled below :data:`INLINE_W` wide for the same reason. Pure: PNG bytes in, PNG or WebP
bytes out.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.palette import ACCENT, INK
from render.png import to_png
from render.widgets import INLINE_W, chip, min_size

BACKGROUND = (27, 37, 61)  # the tables' own navy, so strips and table read as one picture
LABEL_FILL = (58, 74, 110)
LABEL_INK = (240, 240, 240)
GAP = 12
LABEL_H = 56  # the name chip's row, tall enough for label_size() at the widest tables (1200 px)


def label_size(width: int) -> int:
    """The name chip's font size: readable inline, with a margin for an animation's scaling."""
    return min_size(width) + 2


class TooLarge(Exception):
    """No animation of these frames fits the upload limit, even small and short."""


def _open(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _palette_of(data: bytes) -> Image.Image | None:
    """The fixed palette a game's table PNG was mapped onto (a 1×1 "P" image), or None when the
    picture has no palette. A composed frame is mapped onto it too: the table keeps its exact
    pixels, and the hands, scaled down, take their nearest colours in the game's own palette,
    several times cheaper than an adaptive palette for the whole frame."""
    image = Image.open(io.BytesIO(data))
    colours = image.getpalette() if image.mode == "P" else None
    if not colours:
        return None
    out = Image.new("P", (1, 1))
    out.putpalette(colours + [0] * (768 - len(colours)))
    return out


def strip_scale(table_width: int, hand_width: int) -> float:
    """How much a hand image is scaled in a frame: to the table's full width."""
    return table_width / hand_width


def compose(table: bytes, hands: Sequence[tuple[str, bytes]], *, active: int | None = None) -> bytes:
    """The table image, then each ``(name, hand image)`` under a label with the name, one per
    row at the table's width. ``active``: the index in ``hands`` of the seat to act, whose label
    is gold."""
    top = _open(table)
    if not hands:
        return table
    width = top.width
    strips = []
    for name, data in hands:
        strip = _open(data)
        scale = strip_scale(width, strip.width)
        strips.append((name, strip.resize((width, round(strip.height * scale)), Image.Resampling.LANCZOS)))
    out = Image.new("RGB", (width, top.height + sum(LABEL_H + s.height + GAP for _, s in strips)), BACKGROUND)
    out.paste(top, (0, 0))
    draw = ImageDraw.Draw(out)
    y = top.height + GAP
    for i, (name, strip) in enumerate(strips):
        fill, ink = (ACCENT, INK) if i == active else (LABEL_FILL, LABEL_INK)
        chip(draw, 16, y + LABEL_H / 2, name, label_size(width), fill, ink)
        out.paste(strip, (0, y + LABEL_H))
        y += LABEL_H + strip.height + GAP
    return to_png(out, _palette_of(table))


# Ways to make an animation smaller, tried in order: (scale, WebP quality, keep every n-th frame).
# The scale never takes a frame below INLINE_W wide (:func:`animation_scale`): smaller, its texts
# would be shown smaller than the live images' (checked at that width); it drops frames instead.
LADDER: tuple[tuple[float, int, int], ...] = (
    (0.6, 70, 1),
    (0.5, 55, 1),
    (0.4, 45, 1),
    (0.4, 40, 2),
    (0.3, 35, 2),
    (0.25, 30, 3),
    (0.2, 25, 4),
    (0.2, 20, 6),
)


def animation_scale(scale: float, width: int) -> float:
    """The scale a ladder step gives frames ``width`` px wide: never below ``INLINE_W`` px."""
    return min(1.0, max(scale, INLINE_W / width))


def animate(frames: Sequence[bytes], limit: int, *, frame_ms: int = 1200) -> bytes:
    """One animated WebP of ``frames`` (PNG bytes, same width), at most ``limit`` bytes.

    It starts at 60 % scale and goes down :data:`LADDER` (smaller, lossier, then every second
    frame...) until the file fits; the last frame is always kept, held three times as long.
    """
    if not frames:
        raise ValueError("no frames to animate")
    images = [_open(f) for f in frames]
    for scale, quality, stride in LADDER:
        data = _encode(images, scale, quality, stride, frame_ms)
        if len(data) <= limit:
            return data
    raise TooLarge(f"{len(frames)} frames do not fit in {limit} bytes")


def _encode(images: Sequence[Image.Image], scale: float, quality: int, stride: int, frame_ms: int) -> bytes:
    picked = list(images[::stride])
    if picked[-1] is not images[-1]:
        picked.append(images[-1])
    width = max(1, round(images[0].width * animation_scale(scale, images[0].width)))
    height = max(round(im.height * width / im.width) for im in picked)
    resized = []
    for im in picked:  # frames can differ in height (a sheet added): pad to the tallest
        h = round(im.height * width / im.width)
        canvas = Image.new("RGB", (width, height), BACKGROUND)
        canvas.paste(im.resize((width, h), Image.Resampling.LANCZOS), (0, 0))
        resized.append(canvas)
    durations = [frame_ms * stride] * (len(resized) - 1) + [frame_ms * 3]
    out = io.BytesIO()
    resized[0].save(
        out,
        format="WEBP",
        save_all=True,
        append_images=resized[1:],
        duration=durations,
        loop=0,
        quality=quality,
        method=4,
    )
    return out.getvalue()

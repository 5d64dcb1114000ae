"""The French suits' pips, the joker's star and the landlord's crown, drawn as shapes (not font
glyphs) on any ``ImageDraw``: the Dou Dizhu faces draw them supersampled, the badges and sheets
at their own size."""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.palette import RGB


def _lobes(draw: ImageDraw.ImageDraw, cx: float, ly: float, r: float, tip: float, fill: RGB) -> None:
    """Two round lobes of radius ``r`` on the line ``ly``, narrowing to a point at ``tip``: a heart
    (tip below) or, upside down, the body of a spade (tip above)."""
    for dx in (-r * 0.92, r * 0.92):
        draw.ellipse((cx + dx - r, ly - r, cx + dx + r, ly + r), fill=fill)
    a = math.radians(38)
    px = r * 0.92 + r * math.cos(a)
    py = ly + math.copysign(r * math.sin(a), tip - ly)
    outline = [
        (cx - px, py),
        (cx - r * 0.92 - r, ly),
        (cx, ly),
        (cx + r * 0.92 + r, ly),
        (cx + px, py),
        (cx, tip),
    ]
    draw.polygon(outline, fill=fill)


def pip(draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float, fill: RGB) -> None:
    """A suit symbol ``size`` px tall centred on ``(cx, cy)``: ``s`` ``h`` ``d`` or ``c``."""
    top, bottom = cy - size / 2, cy + size / 2
    if suit == "d":
        hw = size * 0.38
        draw.polygon([(cx, top), (cx + hw, cy), (cx, bottom), (cx - hw, cy)], fill=fill)
    elif suit == "h":
        r = size * 0.25
        _lobes(draw, cx, top + r, r, bottom, fill)
    elif suit == "s":
        r = size * 0.23
        ly = top + size * 0.78 - r
        _lobes(draw, cx, ly, r, top, fill)
        draw.polygon([(cx, ly - r * 0.2), (cx + size * 0.2, bottom), (cx - size * 0.2, bottom)], fill=fill)
    else:  # clubs
        r = size * 0.21
        for x, y in ((cx, top + r), (cx - r * 1.12, top + r * 2.55), (cx + r * 1.12, top + r * 2.55)):
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
        draw.rectangle((cx - r * 0.6, top + r * 1.4, cx + r * 0.6, top + r * 2.7), fill=fill)
        draw.polygon([(cx, top + r * 2.0), (cx + size * 0.2, bottom), (cx - size * 0.2, bottom)], fill=fill)


def star(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    fill: RGB,
    outline: RGB | None = None,
    width: int = 0,
) -> None:
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(pts, fill=fill, outline=outline, width=width)


def crown(draw: ImageDraw.ImageDraw, x: float, cy: float, h: float, fill: RGB) -> float:
    """A small three-pointed crown ``h`` px tall, its left edge at ``x``; returns its width."""
    w = h * 1.3
    top, bottom = cy - h / 2, cy + h / 2
    band = bottom - h * 0.28
    draw.polygon(
        [
            (x, top + h * 0.18),
            (x + w * 0.28, band - h * 0.22),
            (x + w / 2, top),
            (x + w * 0.72, band - h * 0.22),
            (x + w, top + h * 0.18),
            (x + w, bottom),
            (x, bottom),
        ],
        fill=fill,
    )
    for px in (x, x + w / 2, x + w):
        d = h * 0.13
        draw.ellipse(
            (
                px - d,
                top + (h * 0.18 if px != x + w / 2 else 0) - d,
                px + d,
                top + (h * 0.18 if px != x + w / 2 else 0) + d,
            ),
            fill=fill,
        )
    return w

"""Drawing in card units: a card is 100 × 160 units whatever its size in pixels.

The faces are drawn on a large canvas (several pixels per unit) and scaled down, which gives
anti-aliased shapes from Pillow's plain primitives. ``Pen(mirror=True)`` flips the x axis so one
composition can give two distinct chaff cards.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise

from PIL import Image, ImageDraw

from render.fonts import font
from render.palette import RGB

Point = tuple[float, float]
W_UNITS, H_UNITS = 100, 160


def bezier(*ctrl: Point, n: int = 24) -> list[Point]:
    """Points along a Bézier curve of any degree (de Casteljau)."""
    out = []
    for i in range(n + 1):
        t = i / n
        pts = list(ctrl)
        while len(pts) > 1:
            pts = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for a, b in pairwise(pts)]
        out.append(pts[0])
    return out


def rotate(points: Iterable[Point], center: Point, degrees: float) -> list[Point]:
    """``points`` turned by ``degrees`` (clockwise on screen) around ``center``."""
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = center
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points]


def oval(cx: float, cy: float, rx: float, ry: float, angle: float = 0, n: int = 32) -> list[Point]:
    """Polygon of an ellipse, optionally turned by ``angle`` degrees."""
    steps = (2 * math.pi * i / n for i in range(n))
    pts = [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in steps]
    return rotate(pts, (cx, cy), angle) if angle else pts


def leaf(x: float, y: float, length: float, width: float, angle: float) -> list[Point]:
    """A pointed leaf starting at ``(x, y)`` and growing ``length`` units towards ``angle``."""
    half = width / 2
    upper = bezier((0, 0), (length * 0.3, -half * 1.3), (length * 0.75, -half), (length, 0), n=10)
    lower = bezier((length, 0), (length * 0.75, half), (length * 0.3, half * 1.3), (0, 0), n=10)
    pts = [(x + px, y + py) for px, py in upper + lower[1:]]
    return rotate(pts, (x, y), angle)


def star(cx: float, cy: float, r_out: float, r_in: float, points: int, angle: float = -90) -> list[Point]:
    """A star polygon (maple leaves, chrysanthemum petals, sparkles)."""
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(angle + 180 * i / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


class Pen:
    """Primitives in card units on ``image`` at ``scale`` pixels per unit."""

    def __init__(self, image: Image.Image, scale: float, *, mirror: bool = False) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.s = scale
        self.mirror = mirror

    def _p(self, pt: Point) -> tuple[float, float]:
        x, y = pt
        return ((W_UNITS - x if self.mirror else x) * self.s, y * self.s)

    def _w(self, width: float) -> int:
        return max(1, round(width * self.s))

    def poly(
        self, pts: Sequence[Point], fill: RGB | None = None, outline: RGB | None = None, width: float = 0.8
    ) -> None:
        self.draw.polygon([self._p(p) for p in pts], fill=fill)
        if outline is not None:
            self.line([*pts, pts[0]], outline, width)

    def oval(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0.8,
        angle: float = 0,
    ) -> None:
        if angle:
            self.poly(oval(cx, cy, rx, ry, angle), fill, outline, width)
            return
        (x0, y0), (x1, y1) = self._p((cx - rx, cy - ry)), self._p((cx + rx, cy + ry))
        box = (min(x0, x1), y0, max(x0, x1), y1)
        w = self._w(width) if outline is not None else 0
        self.draw.ellipse(box, fill=fill, outline=outline, width=w)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0.8,
    ) -> None:
        self.oval(cx, cy, r, r, fill, outline, width)

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: RGB) -> None:
        self.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], fill)

    def line(self, pts: Sequence[Point], fill: RGB, width: float = 1.0) -> None:
        self.draw.line([self._p(p) for p in pts], fill=fill, width=self._w(width), joint="curve")

    def curve(self, *ctrl: Point, fill: RGB, width: float = 1.0) -> None:
        """A Bézier stroke with round ends."""
        pts = bezier(*ctrl)
        self.line(pts, fill, width)
        r = width / 2
        if width * self.s >= 3:
            for end in (pts[0], pts[-1]):
                self.circle(end[0], end[1], r * 0.95, fill)

    def taper(self, *ctrl: Point, fill: RGB, start: float, end: float) -> None:
        """A Bézier stroke whose width goes from ``start`` to ``end`` units (branches, grass)."""
        pts = bezier(*ctrl, n=20)
        left, right = [], []
        for i, (x, y) in enumerate(pts):
            j = min(i + 1, len(pts) - 1)
            k = max(i - 1, 0)
            dx, dy = pts[j][0] - pts[k][0], pts[j][1] - pts[k][1]
            norm = math.hypot(dx, dy) or 1
            w = (start + (end - start) * i / (len(pts) - 1)) / 2
            left.append((x - dy / norm * w, y + dx / norm * w))
            right.append((x + dy / norm * w, y - dx / norm * w))
        self.poly(left + right[::-1], fill)

    def text(self, x: float, y: float, text: str, size: float, fill: RGB, anchor: str = "mm") -> None:
        """Text centred on ``(x, y)`` (characters are never mirrored)."""
        self.draw.text(self._p((x, y)), text, font=font(round(size * self.s)), fill=fill, anchor=anchor)

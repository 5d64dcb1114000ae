"""Reusable pieces of card art in card units: flowers, leaves, grass, ribbons, haze, rain.

Each function paints one motif with a :class:`~render.pen.Pen`; the month compositions in
:mod:`render.hanafuda.months` place them.
"""

from __future__ import annotations

import math

from engine.hanafuda.cards import RibbonKind
from render.palette import (
    BLOSSOM,
    BLUE,
    DARK_GREEN,
    DEEP_RED,
    GREEN,
    INK,
    LAVENDER,
    LEAF,
    PAPER,
    PINK,
    PURPLE,
    RED,
    RGB,
    YELLOW,
)
from render.pen import Pen, bezier, leaf, oval, rotate, star

# Poetry written on the red ribbons: あかよろし (pine, plum), みよしの (cherry).
POEMS = {1: "あかよろし", 2: "あかよろし", 3: "みよしの"}


def haze(pen: Pen, y: float, x0: float, x1: float, h: float, fill: RGB) -> None:
    """A horizontal cloud band (suyari-gasumi) with rounded ends."""
    pen.oval(x0 + h / 2, y, h / 2, h / 2, fill)
    pen.oval(x1 - h / 2, y, h / 2, h / 2, fill)
    pen.rect(x0 + h / 2, y - h / 2, x1 - h / 2, y + h / 2, fill)


def blossom(
    pen: Pen,
    cx: float,
    cy: float,
    r: float,
    petal: RGB,
    centre: RGB = YELLOW,
    outline: RGB | None = None,
    turn: float = 0,
) -> None:
    """A five-petal flower (plum, cherry)."""
    for i in range(5):
        a = math.radians(turn - 90 + 72 * i)
        pen.circle(cx + math.cos(a) * r * 0.5, cy + math.sin(a) * r * 0.5, r * 0.52, petal, outline, 0.5)
    pen.circle(cx, cy, r * 0.28, centre)


def pine_tuft(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A fan of pine needles: a green half-disc with dark needles radiating from its base."""
    top = [
        (cx + r * math.cos(math.radians(a)), cy - r * 0.8 * math.sin(math.radians(a)))
        for a in range(0, 181, 12)
    ]
    pen.poly([*top, (cx, cy + r * 0.15)], GREEN, DARK_GREEN, 0.9)
    for x, y in top[1:-1:1]:
        pen.line([(cx, cy + r * 0.1), (x * 0.92 + cx * 0.08, y * 0.92 + cy * 0.08)], DARK_GREEN, 0.6)


def ribbon(
    pen: Pen, kind: RibbonKind, month: int, x: float, y: float, length: float = 78, angle: float = 8
) -> None:
    """A tanzaku ribbon hanging from ``(x, y)``, turned ``angle`` degrees; poems are written on it."""
    colour = BLUE if kind is RibbonKind.BLUE else RED
    w = 15
    body = [(x - w / 2, y), (x + w / 2, y), (x + w / 2 + 1, y + length), (x - w / 2 - 1, y + length)]
    pen.poly(rotate(body, (x, y), angle), colour, INK, 1.0)
    knot = [(x - w / 2, y), (x + w / 2, y), (x + w / 2, y + 5), (x - w / 2, y + 5)]
    pen.poly(rotate(knot, (x, y), angle), DEEP_RED if colour == RED else INK)
    string = rotate([(x, y + 1), (x, y - 10)], (x, y), angle)
    pen.line(string, INK, 1.0)
    poem = POEMS.get(month) if kind is RibbonKind.POETRY else None
    if poem:
        step = (length - 14) / len(poem)
        for i, ch in enumerate(poem):
            ((cx, cy),) = rotate([(x, y + 12 + step * (i + 0.5))], (x, y), angle)
            pen.text(cx, cy, ch, min(11.0, step * 0.95), INK)
    else:  # plain and blue ribbons: a thin inner line, like the printed edge
        inner = [(x - w / 2 + 2.5, y + 8), (x - w / 2 + 2.5, y + length - 4)]
        pen.line(rotate(inner, (x, y), angle), PAPER if colour == RED else (150, 180, 230), 0.7)


def branch(pen: Pen, *ctrl: tuple[float, float], start: float = 5, end: float = 1.5, fill: RGB = INK) -> None:
    pen.taper(*ctrl, fill=fill, start=start, end=end)


def wisteria(pen: Pen, x: float, y: float, length: float, sway: float = 0) -> None:
    """A hanging raceme of small purple flowers, widest at the top."""
    n = 9
    for i in range(n):
        t = i / (n - 1)
        cx = x + sway * t * t
        cy = y + length * t
        r = 5.5 * (1 - 0.6 * t)
        colour = PURPLE if i % 2 else LAVENDER
        pen.oval(cx - r * 0.55, cy, r * 0.6, r * 0.55, colour)
        pen.oval(cx + r * 0.55, cy + 1.5, r * 0.6, r * 0.55, LAVENDER if i % 2 else PURPLE)


def iris_flower(pen: Pen, cx: float, cy: float, r: float) -> None:
    """An iris bloom: three drooping purple falls, two standards and a yellow mark."""
    pen.line([(cx, cy + r * 0.3), (cx, cy + r * 2.2)], GREEN, 1.3)
    for a in (-40, 40):
        pen.poly(leaf(cx, cy, r * 1.3, r * 0.7, -90 + a), PURPLE, INK, 0.5)
    for a in (-150, -30, 90):
        pen.poly(leaf(cx, cy, r * 1.2, r * 0.9, a + 180 if a == 90 else -a), PURPLE, INK, 0.5)
    pen.circle(cx, cy + r * 0.15, r * 0.22, YELLOW)


def sword_leaves(pen: Pen, x0: float, x1: float, base: float, top: float, count: int = 6) -> None:
    """Tall blade-like leaves rising from ``base`` (iris)."""
    for i in range(count):
        x = x0 + (x1 - x0) * i / max(1, count - 1)
        lean = (i % 3 - 1) * 7
        pen.taper(
            (x, base),
            (x + lean * 0.4, (base + top) / 2),
            (x + lean, top + (i % 2) * 12),
            fill=GREEN if i % 2 else DARK_GREEN,
            start=5,
            end=0.6,
        )


def peony(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A round, layered peony bloom."""
    for i in range(8):
        a = math.radians(22.5 + 45 * i)
        pen.circle(cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.5, r * 0.5, RED, DEEP_RED, 0.5)
    pen.circle(cx, cy, r * 0.62, (228, 70, 80), DEEP_RED, 0.6)
    for i in range(5):
        a = math.radians(72 * i)
        pen.circle(cx + math.cos(a) * r * 0.25, cy + math.sin(a) * r * 0.25, r * 0.22, PINK)
    pen.circle(cx, cy, r * 0.15, YELLOW)


def jagged_leaf(pen: Pen, x: float, y: float, size: float, angle: float, fill: RGB = DARK_GREEN) -> None:
    """A three-lobed serrated leaf (peony, paulownia buds)."""
    for a in (-35, 0, 35):
        pen.poly(leaf(x, y, size * (1 if a == 0 else 0.8), size * 0.45, angle + a), fill, INK, 0.5)


def clover_sprig(pen: Pen, *ctrl: tuple[float, float], leaf_colour: RGB = RED, count: int = 9) -> None:
    """An arching bush-clover stem with pairs of small oval leaves."""
    pts = bezier(*ctrl, n=count * 2)
    pen.line(pts, INK, 1.0)
    for i in range(2, len(pts) - 1, 2):
        (x, y), (nx, ny) = pts[i], pts[i + 1]
        a = math.degrees(math.atan2(ny - y, nx - x))
        for side in (-55, 55):
            pen.poly(leaf(x, y, 6.5, 3.6, a + side), leaf_colour, INK, 0.4)
    pen.circle(*pts[-1], 2.2, (200, 60, 140))


def grass_hill(pen: Pen, top: float, peak: float = 50) -> None:
    """The susuki hill: a black mound whose summit is at ``(peak, top)``, with pale grass blades."""

    def height(x: float) -> float:
        return top + 30 * ((x - peak) / 60) ** 2

    hill = [(-5, 165), *[(-5 + 110 * i / 20, height(-5 + 110 * i / 20)) for i in range(21)], (105, 165)]
    pen.poly(hill, INK)
    for i in range(11):
        x = 4 + i * 9.2
        base = height(x) + 4
        pen.curve((x, 162), (x + 2, base + 20), (x + 6 + (i % 3) * 2, base - 4), fill=PAPER, width=0.9)
        pen.curve((x + 3, 162), (x + 1, base + 26), (x - 4, base + 2), fill=PAPER, width=0.7)


def maple_leaf(pen: Pen, cx: float, cy: float, r: float, turn: float = 0, fill: RGB = RED) -> None:
    pen.line([(cx, cy), *rotate([(cx, cy + r * 1.3)], (cx, cy), turn)], INK, 0.7)
    pen.poly(star(cx, cy, r, r * 0.45, 7, -90 + turn), fill, DEEP_RED, 0.5)


def chrysanthemum(
    pen: Pen, cx: float, cy: float, r: float, petal: RGB = YELLOW, edge: RGB = (200, 120, 20)
) -> None:
    pen.poly(star(cx, cy, r, r * 0.72, 16), petal, edge, 0.6)
    pen.poly(star(cx, cy, r * 0.65, r * 0.45, 12, -75), (250, 220, 110), edge, 0.5)
    pen.circle(cx, cy, r * 0.22, edge)


def willow_strands(pen: Pen, x: float, y: float, count: int, spread: float, length: float) -> None:
    """Long drooping willow strands with little leaves hanging from ``(x, y)``."""
    for i in range(count):
        sx = x + spread * (i - (count - 1) / 2)
        end = (sx + 6 - i * 2, y + length - (i % 2) * 18)
        pts = bezier((sx, y), (sx + 3, y + length * 0.4), end, n=12)
        pen.line(pts, DARK_GREEN, 1.0)
        for j, (px, py) in enumerate(pts[2::2]):
            pen.poly(leaf(px, py, 6, 2.6, 100 + (j % 2) * 40 - 20), LEAF, DARK_GREEN, 0.3)


def paulownia(pen: Pen, cx: float, base: float, scale: float = 1.0, bloom: RGB = LAVENDER) -> None:
    """The paulownia crest: three leaves below three flower stalks (5-7-5 buds)."""
    s = scale
    for a, size in ((160, 32), (20, 32), (90, 28)):
        pen.poly(leaf(cx, base, size * s, 24 * s, a), GREEN, INK, 0.8)
        tip = rotate([(cx + size * s * 0.85, base)], (cx, base), a)[0]
        pen.line([(cx, base), tip], DARK_GREEN, 0.6)
    for dx, buds, top in ((-16, 5, 48), (0, 7, 60), (16, 5, 48)):
        x = cx + dx * s
        pen.line([(x, base - 12 * s), (x, base - top * s)], INK, 0.8)
        for k in range(buds):
            y = base - (16 + (top - 18) * k / max(1, buds - 1)) * s
            for side in (-1, 1):
                pen.poly(oval(x + side * 3.2 * s, y, 2.8 * s, 2.0 * s, side * 25), bloom, PURPLE, 0.4)


def rain(pen: Pen, colour: RGB = (200, 210, 230), step: float = 9) -> None:
    """Slanted rain lines over the whole card."""
    x = -60.0
    while x < 110:
        pen.line([(x, 0), (x + 40, 160)], colour, 0.45)
        x += step


def cherry_cloud(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A cloud of cherry blossoms."""
    for i, (dx, dy) in enumerate(((0, 0), (-0.9, 0.3), (0.9, 0.35), (-0.45, -0.7), (0.5, -0.65), (0, 0.85))):
        blossom(pen, cx + dx * r, cy + dy * r, r * 0.62, BLOSSOM, RED, PINK, turn=i * 23)

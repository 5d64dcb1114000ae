"""The special subjects of the hanafuda deck, each painted in card units (see :mod:`render.pen`).

One function per subject name of :attr:`engine.hanafuda.cards.Card.subject`; the month
composition decides where it goes (``x``, ``y`` are the subject's anchor, ``s`` its scale).
"""

from __future__ import annotations

import math

from render.palette import (
    BLUE,
    BROWN,
    CREAM,
    DARK_GREEN,
    DEEP_RED,
    GOLD,
    GREEN,
    INK,
    OLIVE,
    ORANGE,
    PAPER,
    RED,
    SLATE,
    TAN,
    YELLOW,
)
from render.pen import Pen, leaf, oval, rotate, star


def crane(pen: Pen, x: float, y: float) -> None:
    """A standing red-crowned crane, head raised; ``(x, y)`` is the middle of its body."""
    pen.line([(x - 3, y + 8), (x - 6, y + 40)], INK, 1.3)
    pen.line([(x + 5, y + 8), (x + 8, y + 40)], INK, 1.3)
    pen.poly([(x - 12, y - 8), (x - 30, y + 6), (x - 26, y + 12), (x - 8, y + 8)], INK)
    pen.oval(x, y, 19, 11, PAPER, INK, 1.0, angle=-18)
    pen.poly(leaf(x - 10, y - 2, 24, 9, -12), CREAM, INK, 0.7)
    pen.taper((x + 14, y - 6), (x + 22, y - 22), (x + 16, y - 38), fill=INK, start=6, end=3.5)
    pen.circle(x + 17, y - 41, 4.6, PAPER, INK, 0.6)
    pen.circle(x + 17, y - 44.5, 2.3, RED)
    pen.poly([(x + 20, y - 42.5), (x + 33, y - 38.5), (x + 20, y - 39.5)], (90, 84, 70))
    pen.circle(x + 18.5, y - 41.5, 0.8, INK)


def warbler(pen: Pen, x: float, y: float) -> None:
    """A small olive bush warbler perched facing left."""
    pen.poly([(x + 8, y + 2), (x + 24, y + 10), (x + 22, y + 14), (x + 6, y + 6)], (92, 104, 36), INK, 0.5)
    pen.oval(x, y, 12, 8, OLIVE, INK, 0.7, angle=-12)
    pen.poly(leaf(x - 2, y - 2, 16, 7, 8), (100, 112, 36), INK, 0.5)
    pen.circle(x - 11, y - 7, 6, OLIVE, INK, 0.7)
    pen.poly([(x - 16, y - 8), (x - 22, y - 6), (x - 16, y - 5)], INK)
    pen.circle(x - 12.5, y - 8, 1.6, PAPER)
    pen.circle(x - 12.5, y - 8, 0.9, INK)
    pen.line([(x - 2, y + 7), (x - 3, y + 12)], INK, 0.8)
    pen.line([(x + 3, y + 7), (x + 3, y + 12)], INK, 0.8)


def cuckoo(pen: Pen, x: float, y: float) -> None:
    """A cuckoo in flight, wings up, with a red crescent moon behind it (up and to the right)."""
    pen.circle(x + 22, y - 30, 13, RED)
    pen.circle(x + 28, y - 34, 11.5, CREAM)
    pen.poly(leaf(x + 2, y - 2, 26, 9, -115), SLATE, INK, 0.6)
    pen.poly([(x + 10, y + 3), (x + 30, y + 12), (x + 28, y + 16), (x + 8, y + 8)], INK)
    pen.oval(x, y, 14, 5.5, SLATE, INK, 0.6, angle=25)
    pen.poly(leaf(x - 3, y + 1, 10, 4, 25), PAPER)
    pen.poly(leaf(x + 4, y - 1, 28, 10, -70), INK, INK, 0.5)
    pen.circle(x - 12, y - 6, 4.5, SLATE, INK, 0.6)
    pen.poly([(x - 16, y - 7), (x - 22, y - 6), (x - 16, y - 4.5)], YELLOW)
    pen.circle(x - 13, y - 7, 1.2, YELLOW)


def butterfly(pen: Pen, x: float, y: float, s: float, wing: tuple[int, int, int], turn: float = 0) -> None:
    """One butterfly, wings open; two of them make the June animal card."""
    for side in (-1, 1):
        up = rotate(oval(x + side * 7 * s, y - 5 * s, 8 * s, 6 * s, side * 30), (x, y), turn)
        low = rotate(oval(x + side * 5 * s, y + 6 * s, 5 * s, 4.5 * s, side * -30), (x, y), turn)
        pen.poly(up, wing, INK, 0.7)
        pen.poly(low, wing, INK, 0.7)
        dot = rotate([(x + side * 8 * s, y - 5 * s)], (x, y), turn)[0]
        pen.circle(dot[0], dot[1], 2.2 * s, YELLOW, INK, 0.4)
    body = rotate([(x, y - 8 * s), (x, y + 9 * s)], (x, y), turn)
    pen.line(body, INK, 2.0 * s)
    for side in (-1, 1):
        pen.line(rotate([(x, y - 8 * s), (x + side * 5 * s, y - 15 * s)], (x, y), turn), INK, 0.6)


def boar(pen: Pen, x: float, y: float) -> None:
    """A wild boar charging left; ``(x, y)`` is the middle of its body."""
    dark = (78, 52, 34)
    for dx, lift in ((-16, 0), (-8, 3), (10, 0), (18, 3)):
        pen.taper(
            (x + dx, y + 6), (x + dx - 2, y + 14), (x + dx - 4 + lift, y + 22), fill=INK, start=5, end=3
        )
    pen.oval(x, y, 26, 14, dark, INK, 0.9)
    pen.poly([(x - 20, y - 10), (x - 38, y - 2), (x - 40, y + 6), (x - 20, y + 10)], dark, INK, 0.9)
    pen.poly([(x - 22, y - 10), (x - 16, y - 19), (x - 14, y - 8)], dark, INK, 0.7)
    pen.oval(x - 40, y + 2, 2.5, 4.5, (140, 100, 80), INK, 0.5)
    pen.poly([(x - 33, y + 5), (x - 36, y - 1), (x - 31, y + 3)], PAPER)
    pen.circle(x - 28, y - 3, 1.3, YELLOW)
    pen.poly(star(x + 2, y - 13, 5, 2, 9, -90), INK)
    pen.line([(x - 14, y - 13), (x + 20, y - 11)], INK, 2.0)
    pen.line([(x + 24, y - 6), (x + 31, y - 12)], INK, 1.0)


def goose(pen: Pen, x: float, y: float, s: float = 1.0) -> None:
    """A wild goose flying left, neck stretched out, both wings raised."""
    pen.poly(leaf(x + 2 * s, y - 1 * s, 20 * s, 7 * s, -62), INK)
    pen.poly([(x + 12 * s, y), (x + 19 * s, y - 2 * s), (x + 18 * s, y + 3 * s)], INK)
    pen.oval(x + 4 * s, y, 10 * s, 3.6 * s, INK, angle=-8)
    pen.taper(
        (x - 4 * s, y), (x - 10 * s, y - 1 * s), (x - 15 * s, y - 3 * s), fill=INK, start=3.4 * s, end=2.2 * s
    )
    pen.circle(x - 16 * s, y - 3.5 * s, 2.4 * s, INK)
    pen.poly([(x - 18 * s, y - 4.5 * s), (x - 22 * s, y - 3 * s), (x - 18 * s, y - 2.5 * s)], ORANGE)
    pen.poly(leaf(x, y - 1 * s, 24 * s, 8 * s, -112), (60, 54, 50), INK, 0.5)


def deer(pen: Pen, x: float, y: float) -> None:
    """A spotted deer standing, looking back over its shoulder."""
    for dx in (-14, -8, 10, 15):
        pen.line([(x + dx, y + 5), (x + dx + (1 if dx > 0 else -1), y + 30)], (110, 66, 34), 2.2)
    pen.oval(x, y, 20, 10, TAN, INK, 0.8)
    pen.poly(leaf(x + 18, y - 6, 8, 5, -40), PAPER, INK, 0.5)
    pen.taper((x - 14, y - 2), (x - 18, y - 14), (x - 14, y - 24), fill=TAN, start=9, end=6)
    pen.oval(x - 10, y - 27, 7.5, 4.8, TAN, INK, 0.7, angle=15)
    pen.poly([(x - 14, y - 31), (x - 20, y - 36), (x - 13, y - 27)], TAN, INK, 0.5)
    pen.circle(x - 7, y - 28, 1.1, INK)
    pen.circle(x - 3, y - 26, 1.0, INK)
    for side in (-3, 3):
        bx = x - 12 + side
        pen.curve((bx, y - 31), (bx + side, y - 40), (bx + side * 2, y - 47), fill=BROWN, width=1.2)
        pen.line([(bx + side * 0.8, y - 38), (bx + side * 3, y - 40)], BROWN, 1.0)
        pen.line([(bx + side * 1.5, y - 43), (bx - side, y - 48)], BROWN, 1.0)
    for sx, sy in ((-6, -3), (2, -5), (9, -2), (-1, 2), (7, 3), (-10, 3)):
        pen.circle(x + sx, y + sy, 1.4, PAPER)


def swallow(pen: Pen, x: float, y: float) -> None:
    """A swallow diving to the left with swept wings and a forked tail."""
    pen.poly(leaf(x + 8, y, 26, 3.5, 20), INK)
    pen.poly(leaf(x + 8, y, 24, 3.5, 40), INK)
    pen.poly(leaf(x + 2, y - 2, 32, 9, -60), INK)
    pen.poly(leaf(x + 2, y + 1, 26, 7, 150), (40, 44, 70))
    pen.oval(x, y, 11, 5, INK, angle=20)
    pen.poly(leaf(x - 2, y + 2, 9, 3.5, 25), PAPER)
    pen.circle(x - 9, y - 3, 4, INK)
    pen.circle(x - 10, y, 2.2, RED)
    pen.poly([(x - 12.5, y - 4), (x - 16, y - 3), (x - 12.5, y - 2)], INK)


def phoenix(pen: Pen, x: float, y: float, s: float = 1.0) -> None:
    """The hō-ō: a red and gold bird with a green crest, spread wings and long tail plumes."""

    def p(dx: float, dy: float) -> tuple[float, float]:
        return (x + dx * s, y + dy * s)

    for i, colour in enumerate((GREEN, YELLOW, RED, BLUE, GREEN)):
        tip = p(30 + i * 3, 44 + i * 6)
        pen.taper(p(4, 6), p(30, 14 + i * 7), tip, fill=colour, start=8 * s, end=2.5 * s)
        pen.circle(tip[0], tip[1], 3.4 * s, colour, INK, 0.4)
        pen.circle(tip[0], tip[1], 1.3 * s, INK)
    for i, colour in enumerate((GREEN, YELLOW, ORANGE)):
        pen.poly(leaf(*p(-2, -2), (38 - i * 7) * s, (16 - i * 3) * s, -135 + i * 8), colour, INK, 0.6)
        pen.poly(leaf(*p(2, -2), (36 - i * 7) * s, (15 - i * 3) * s, -48 - i * 8), colour, INK, 0.6)
    pen.poly(oval(*p(0, 4), 14 * s, 9 * s, -20), RED, INK, 0.8)
    pen.taper(p(-8, 0), p(-15, -12), p(-12, -22), fill=RED, start=8 * s, end=5.5 * s)
    pen.circle(*p(-12, -25), 5.5 * s, RED, INK, 0.6)
    pen.poly([p(-17, -25), p(-25, -22), p(-17, -21)], YELLOW, INK, 0.3)
    pen.circle(*p(-13, -26), 1.3 * s, YELLOW)
    for i in range(3):
        pen.curve(p(-11, -30), p(-9 + i * 4, -37), p(-2 + i * 5, -40 + i * 2), fill=GREEN, width=1.6 * s)


def rain_man(pen: Pen, x: float, y: float) -> None:
    """Ono no Michikaze walking under a yellow umbrella, a frog leaping at his feet."""

    def rim(a: float, rx: float, ry: float) -> tuple[float, float]:
        return (x - 2 + rx * math.cos(math.radians(a)), y - 10 - ry * math.sin(math.radians(a)))

    pen.poly([(x - 34, y - 10), *(rim(a, 30, 22) for a in range(180, -1, -15))], YELLOW, INK, 1.0)
    for a in range(165, 0, -30):
        pen.line([(x - 2, y - 30), rim(a, 28, 20)], (180, 130, 20), 0.6)
    pen.line([(x - 2, y - 28), (x - 2, y + 12)], INK, 1.4)
    # body: a red robe with a white under-robe
    pen.poly([(x - 12, y - 2), (x + 6, y - 2), (x + 16, y + 40), (x - 18, y + 40)], RED, INK, 0.9)
    pen.poly([(x - 3, y - 2), (x + 4, y - 2), (x + 2, y + 40), (x - 6, y + 40)], PAPER, INK, 0.5)
    pen.poly([(x - 12, y + 2), (x - 24, y + 18), (x - 18, y + 22), (x - 8, y + 10)], RED, INK, 0.7)
    pen.line([(x - 18, y + 40), (x - 16, y + 46)], INK, 2.2)
    pen.line([(x + 12, y + 40), (x + 14, y + 46)], INK, 2.2)
    pen.circle(x - 3, y - 8, 5.5, (240, 204, 168), INK, 0.6)
    pen.poly([(x - 8, y - 12), (x - 6, y - 22), (x + 1, y - 20), (x + 2, y - 12)], INK)
    # frog, leaping up towards the willow
    fx, fy = x - 26, y + 40
    pen.oval(fx, fy, 6, 4, GREEN, INK, 0.6, angle=-40)
    pen.line([(fx + 3, fy + 3), (fx + 9, fy + 4), (fx + 8, fy + 9)], DARK_GREEN, 1.1)
    pen.line([(fx - 3, fy - 2), (fx - 7, fy - 8)], DARK_GREEN, 1.0)
    pen.circle(fx - 2, fy - 3, 1.0, YELLOW)


def curtain(pen: Pen, top: float, bottom: float) -> None:
    """The cherry-viewing curtain (maku): scalloped, red with white crests, on a black rope."""
    pen.rect(3, top + 4, 97, bottom, RED)
    for i in range(6):
        x = 3 + i * 18.8
        pen.rect(x + 8, top + 4, x + 10.5, bottom, DEEP_RED)
    for cx in (22, 50, 78):
        cy = (top + bottom) / 2 + 4
        pen.circle(cx, cy, 9, PAPER, INK, 0.6)
        for i in range(5):
            a = math.radians(-90 + 72 * i)
            pen.circle(cx + math.cos(a) * 4, cy + math.sin(a) * 4, 3.2, RED)
        pen.circle(cx, cy, 1.6, YELLOW)
    for i in range(6):
        x = 3 + i * 18.8
        pen.poly([(x, top), (x + 18.8, top), (x + 9.4, top + 9)], PAPER, INK, 0.6)
    pen.line([(0, top), (100, top)], INK, 2.4)
    for i in range(7):
        x = 3 + i * 18.8
        pen.circle(x, top + 1, 2.6, GOLD, INK, 0.5)
    pen.rect(3, bottom - 5, 97, bottom, INK)


def bridge(pen: Pen, y: float) -> None:
    """The eight-plank bridge (yatsuhashi): zigzag planks on posts across the iris marsh."""
    planks = (((-6, y + 34), (52, y + 6)), ((44, y + 2), (106, y + 30)))
    for (x0, y0), (x1, y1) in planks:
        for post in (0.15, 0.5, 0.85):
            px, py = x0 + (x1 - x0) * post, y0 + (y1 - y0) * post
            pen.rect(px - 2, py, px + 2, py + 20, INK)
        pen.poly([(x0, y0 - 6), (x1, y1 - 6), (x1, y1 + 6), (x0, y0 + 6)], TAN, INK, 1.2)
        for k in range(1, 5):
            t = k / 5
            px, py = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            pen.line([(px, py - 6), (px, py + 6)], BROWN, 0.9)


def sake_cup(pen: Pen, x: float, y: float) -> None:
    """A red lacquer sake cup with 盃 in gold on its side; ``(x, y)`` is its rim's centre."""
    bowl = [
        (x + 28 * math.cos(math.radians(a)), y + 22 * math.sin(math.radians(a))) for a in range(0, 181, 10)
    ]
    pen.poly([(x - 10, y + 18), (x + 10, y + 18), (x + 13, y + 28), (x - 13, y + 28)], DEEP_RED, INK, 0.8)
    pen.poly(bowl, RED, INK, 1.0)
    pen.oval(x, y, 28, 7, DEEP_RED, INK, 1.0)
    pen.oval(x, y + 1, 22, 4.5, (176, 36, 34))
    pen.oval(x - 10, y + 10, 5, 2, (236, 110, 100), angle=-20)
    pen.text(x + 2, y + 12, "盃", 13, YELLOW)


def full_moon(pen: Pen, x: float, y: float, r: float) -> None:
    pen.circle(x, y, r, (252, 244, 214), (200, 170, 120), 0.8)


def red_sun(pen: Pen, x: float, y: float, r: float) -> None:
    pen.circle(x, y, r, RED, DEEP_RED, 0.8)


def thunder_drum(pen: Pen, x: float, y: float) -> None:
    """The thunder god's drum with a tomoe, and a yellow bolt striking down-left from it."""
    for turn in (-55, 55, 180):
        pen.poly(rotate(leaf(x, y, 30, 10, -90), (x, y), turn), RED, DEEP_RED, 0.5)
    bolt = [
        (x - 6, y + 12),
        (x - 20, y + 44),
        (x - 10, y + 42),
        (x - 28, y + 84),
        (x - 2, y + 36),
        (x - 12, y + 38),
        (x + 2, y + 14),
    ]
    pen.poly(bolt, YELLOW, ORANGE, 0.8)
    pen.circle(x, y, 17, RED, GOLD, 1.6)
    for i in range(3):
        a = math.radians(90 + 120 * i)
        cx, cy = x + math.cos(a) * 6, y + math.sin(a) * 6
        pen.circle(cx, cy, 4.2, INK)
        pen.poly(leaf(cx, cy, 9, 5, math.degrees(a) + 110), INK)

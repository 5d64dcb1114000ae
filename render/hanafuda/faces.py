"""Hanafuda card faces and backs drawn by our own code, cached per card, width and style.

A face is an RGBA image, ``width`` × ``round(width * 1.6)``, with rounded corners: the picture
(:mod:`render.hanafuda.months`), the deck's border, a month tab in the top-left corner (visible
even when cards overlap in a fan) and a category badge in the top-right corner.

Styles are data, not copies: :data:`STYLES` maps a name to a :class:`FaceStyle` (border colour,
month numbering, badge labels). A game that classifies a card differently passes ``category``
(Roppyakken's warbler is a bright there: ``card_face(c, 80, category=Kind.BRIGHT)``).
Returned images are shared by the cache: paste them, never draw on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFilter

from engine.hanafuda.cards import CARDS, Card, Kind
from render.fonts import drawing_face, font
from render.hanafuda.months import background, mirrored, paint
from render.palette import (
    CAT_ANIMAL,
    CAT_BRIGHT,
    CAT_RIBBON,
    DEEP_RED,
    GOLD,
    INK,
    PAPER,
    RED,
    RGB,
    WHITE,
)
from render.pen import H_UNITS, W_UNITS, Pen

ASPECT = H_UNITS / W_UNITS
SUPERSAMPLE = 3  # faces are painted 3× larger, then box-averaged down (anti-aliasing, few colours)
RADIUS = 7  # corner radius, in card units
BORDER = 3.2
TAB_SIZE = 26  # month number, in card units
BADGE_SIZE = 19  # category badge glyph, in card units


@dataclass(frozen=True, slots=True)
class FaceStyle:
    """How one deck looks. ``badges`` maps a category to its label and colours (no entry: no badge)."""

    border: RGB
    back: RGB
    korean_months: bool = False
    badges: Mapping[Kind, tuple[str, RGB, RGB]] = field(default_factory=dict)


_JAPANESE_BADGES = {
    Kind.BRIGHT: ("光", CAT_BRIGHT, INK),
    Kind.ANIMAL: ("種", CAT_ANIMAL, WHITE),
    Kind.RIBBON: ("短", CAT_RIBBON, WHITE),
}

STYLES: dict[str, FaceStyle] = {
    "hanafuda": FaceStyle(border=INK, back=(46, 30, 30), badges=_JAPANESE_BADGES),
    "hwatu": FaceStyle(
        border=RED,
        back=DEEP_RED,
        korean_months=True,
        badges={
            Kind.BRIGHT: ("光", CAT_BRIGHT, INK),
            Kind.ANIMAL: ("열", CAT_ANIMAL, WHITE),
            Kind.RIBBON: ("띠", CAT_RIBBON, WHITE),
        },
    ),
}


def card_size(width: int) -> tuple[int, int]:
    """Pixel size of a card ``width`` pixels wide."""
    return width, round(width * ASPECT)


def _canvas(width: int) -> tuple[Image.Image, float]:
    scale = max(2.0, SUPERSAMPLE * width / W_UNITS)
    return Image.new("RGBA", (round(W_UNITS * scale), round(H_UNITS * scale)), (0, 0, 0, 0)), scale


def _rounded_mask(size: tuple[int, int], inset: float, radius: float, scale: float) -> Image.Image:
    mask = Image.new("L", size, 0)
    i = inset * scale
    ImageDraw.Draw(mask).rounded_rectangle((i, i, size[0] - 1 - i, size[1] - 1 - i), radius * scale, fill=255)
    return mask


def _finish(big: Image.Image, width: int, scale: float) -> Image.Image:
    """Cut the rounded outline and scale down to the target size."""
    big.putalpha(_rounded_mask(big.size, 0, RADIUS, scale))
    return big.resize(card_size(width), Image.Resampling.BOX)


def _month_tab(draw: ImageDraw.ImageDraw, number: int, style: FaceStyle, scale: float) -> None:
    text = str(number)
    f = font(round(TAB_SIZE * scale))
    tw = draw.textlength(text, font=f) / scale
    w, h = max(30.0, tw + 10), 31.0
    draw.rounded_rectangle((-10 * scale, -10 * scale, w * scale, h * scale), 9 * scale, fill=style.border)
    draw.text((w / 2 * scale, h / 2 * scale - 1.5 * scale), text, font=f, fill=PAPER, anchor="mm")


def _category_badge(draw: ImageDraw.ImageDraw, badge: tuple[str, RGB, RGB], scale: float) -> None:
    label, fill, ink = badge
    cx, cy, r = 82 * scale, 18 * scale, 15 * scale
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=PAPER, width=round(2 * scale))
    draw.text((cx, cy - 1 * scale), label, font=font(round(BADGE_SIZE * scale)), fill=ink, anchor="mm")


def card_face(
    card: Card,
    width: int,
    *,
    style: str = "hanafuda",
    category: Kind | None = None,
    marks: bool = True,
    badge: bool = True,
) -> Image.Image:
    """The face of ``card``, ``width`` pixels wide (RGBA, rounded corners; shared, do not modify).

    ``marks=False`` leaves out the month tab and the category badge: the plain picture, for cards
    too small for their marks to be read (captured piles), where overlapping tabs only made
    misleading digit strings. ``badge=False`` keeps the month tab but leaves out the badge (a
    face whose badge glyph would be too small to read where it is shown).
    """
    return _face(card, width, style, category or card.kind, marks, badge, drawing_face() if marks else "")


def face_marks(
    card: Card, width: int, *, style: str = "hanafuda", category: Kind | None = None
) -> tuple[tuple[str, int], ...]:
    """The texts printed on a face ``width`` px wide and their font sizes in pixels of the image.

    They carry information (the month, the category), so they are drawn only where they can be
    read: the pasting helpers leave out a mark too small for its image (``render.widgets.legible``)
    and report the others to the legibility check.
    """
    deck = STYLES[style]
    month = str(card.korean_month if deck.korean_months else card.month)
    badge = deck.badges.get(category or card.kind)
    scale = width / W_UNITS
    out = [(month, round(TAB_SIZE * scale))]
    if badge:
        out.append((badge[0], round(BADGE_SIZE * scale)))
    return tuple(out)


# The faces kept, by recency. A table image and its hand need a few dozen faces; all three
# hanafuda games at the widths their tables and hands use, ~400 (12 MB). Every size every
# renderer can ask for is ~1,300 (45 MB); the rare ones (crowded fields, score sheets) are
# redrawn when needed, a few ms each. ``bench/idle_memory.py`` measures both sides.
FACES_KEPT = 512


@lru_cache(maxsize=FACES_KEPT)
def _face(
    card: Card, width: int, style: str, category: Kind, marks: bool, badge: bool, region: str
) -> Image.Image:
    """:func:`card_face`; ``region``, the face ``font(size)`` draws the marks with here, is only
    a key: the badges' 短 has other forms in a zh-TW image than in an English one."""
    deck = STYLES[style]
    big, scale = _canvas(width)
    draw = ImageDraw.Draw(big)
    draw.rectangle((0, 0, *big.size), fill=deck.border)
    art = Image.new("RGB", big.size, background(card))
    paint(Pen(art, scale, mirror=mirrored(card)), card)
    big.paste(art, (0, 0), _rounded_mask(big.size, BORDER, RADIUS - BORDER / 2, scale))
    if marks:
        _month_tab(draw, card.korean_month if deck.korean_months else card.month, deck, scale)
        shown = deck.badges.get(category) if badge else None
        if shown:
            _category_badge(draw, shown, scale)
    return _finish(big, width, scale)


def card_back(width: int, *, style: str = "hanafuda") -> Image.Image:
    """The back of a card: the deck's colour with a gold crescent moon (tsuki) crest."""
    return _back(width, style)


@cache
def _back(width: int, style: str) -> Image.Image:
    deck = STYLES[style]
    big, scale = _canvas(width)
    draw = ImageDraw.Draw(big)
    draw.rectangle((0, 0, *big.size), fill=deck.border)
    s = scale
    inner = (BORDER * s, BORDER * s, (W_UNITS - BORDER) * s, (H_UNITS - BORDER) * s)
    draw.rounded_rectangle(inner, 5 * s, fill=deck.back)
    draw.rounded_rectangle((10 * s, 10 * s, 90 * s, 150 * s), 4 * s, outline=GOLD, width=round(1.4 * s))
    draw.ellipse((28 * s, 58 * s, 72 * s, 102 * s), fill=GOLD)
    draw.ellipse((38 * s, 52 * s, 78 * s, 92 * s), fill=deck.back)
    return _finish(big, width, scale)


@cache
def glow(width: int, colour: RGB) -> Image.Image:
    """A soft halo with a crisp ring, to paste under a card ``width`` px wide.

    Paste it at ``glow_margin(width)`` pixels up and left of the card. Used for the last move,
    playable cards and choices.
    """
    w, h = card_size(width)
    m = glow_margin(width)
    ring = max(2, width // 22)
    img = Image.new("RGBA", (w + 2 * m, h + 2 * m), (*colour, 0))
    draw = ImageDraw.Draw(img)
    r = RADIUS * w / W_UNITS
    draw.rounded_rectangle((m - ring, m - ring, m + w + ring, m + h + ring), r + ring, fill=(*colour, 210))
    img = img.filter(ImageFilter.GaussianBlur(m / 2.2))
    ImageDraw.Draw(img).rounded_rectangle(
        (m - ring, m - ring, m + w - 1 + ring, m + h - 1 + ring), r + ring, fill=(*colour, 255)
    )
    return img


def glow_margin(width: int) -> int:
    return max(4, width // 9)


@cache
def shade(width: int, alpha: int = 130) -> Image.Image:
    """A dark translucent card-shaped overlay (cards that cannot be played)."""
    w, h = card_size(width)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    radius = RADIUS * w / W_UNITS
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=(20, 22, 30, alpha))
    return img


def warm(width: int, style: str = "hanafuda") -> None:
    """Draw and cache all 48 faces and the back at ``width`` (avoids a slow first image)."""
    for c in CARDS:
        card_face(c, width, style=style)
    card_back(width, style=style)

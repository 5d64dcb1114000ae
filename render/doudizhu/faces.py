"""French-suited playing cards for Dou Dizhu, drawn by our own code, cached per card and width.

A face is an RGBA image ``width`` × ``round(width * 1.4)`` with rounded corners: a white card,
a large rank index (``3`` … ``10`` ``J`` ``Q`` ``K`` ``A`` ``2``, 0.4 of the card's width, so it
reads when Discord shows a table 550 px wide) with its suit pip in the top-left corner, where it
stays visible when cards overlap in a fan; a large pip, or a framed letter for the court cards,
low on the right. Pips are drawn as shapes, not font glyphs.
The two jokers differ at a glance: ``JOKER`` written down the corner, a star and ``小王`` in
black and grey for the black joker, ``大王`` and a gold-rimmed red star for the red joker.
Returned images are shared by the cache: paste them, never draw on them. The pips are drawn by
:mod:`render.doudizhu.pips`, the palette the images are drawn in is :mod:`render.doudizhu.palette`.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFilter

from engine.doudizhu.cards import BLACK_JOKER, CARDS, RED_JOKER, Card
from render import canvas as C
from render import palette as P
from render.doudizhu.pips import pip, star
from render.fonts import drawing_face, font
from render.widgets import legible, note

SUPERSAMPLE = 3
ASPECT = 1.4
CARD_WHITE: P.RGB = (252, 252, 248)
CARD_EDGE: P.RGB = (150, 150, 160)
SUIT_RED: P.RGB = (208, 30, 42)
SUIT_BLACK: P.RGB = (22, 22, 28)
JOKER_GREY: P.RGB = (96, 100, 112)
BACK_RED: P.RGB = (150, 28, 40)
LANDLORD: P.RGB = (236, 176, 50)  # gold: the landlord's badge
PEASANT: P.RGB = (70, 150, 100)  # green: the peasants' badge
RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * ASPECT)


def radius(width: int) -> float:
    return width * 0.08


def suit_colour(card: Card) -> P.RGB:
    if card >= 52:
        return SUIT_RED if card == RED_JOKER else SUIT_BLACK
    return SUIT_RED if card.suit in ("h", "d") else SUIT_BLACK


# --- faces ---------------------------------------------------------------------------------


def _blank(
    w: int, h: int, ground: P.RGB = CARD_WHITE, edge: P.RGB = CARD_EDGE
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    s = SUPERSAMPLE
    img = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (0, 0, w * s - 1, h * s - 1),
        radius(w) * s,
        fill=ground,
        outline=edge,
        width=max(2, round(w * s * 0.012)),
    )
    return img, draw


COURT = (8, 9, 10)  # ranks J, Q, K
INDEX_W = 0.46  # the corner index tile, as a fraction of the card's width
JOKER_INDEX = 0.34  # a joker's 大 / 小 over 王, stacked in the corner, as a fraction of the width
INDEX_SIZE = 0.4  # the rank's font size, as a fraction of the card's width ("10" is condensed to fit)


def index_size(card: Card, width: int) -> float:
    """Font size in pixels of the rank in the corner of a card ``width`` px wide."""
    if card >= 52:
        return width * JOKER_INDEX
    s = SUPERSAMPLE
    size = round(width * INDEX_SIZE * s)
    room = round(width * INDEX_W * s) * 0.98
    length = font(size).getlength(RANK_LABELS[card.rank])
    return (round(size * room / length) if length > room else size) / s


def face_texts(card: Card, width: int) -> list[tuple[str, int, bool]]:
    """What a face shows in writing: ``(text, font px, decorative)``. The rank in the corner is
    what players read (it stays visible where cards overlap in a fan); a joker's corner reads
    大王 (big) or 小王 (small), stacked, as large as a rank."""
    card = CARDS[int(card)]
    if card >= 52:
        return [(_joker_name(card), round(index_size(card, width)), False)]
    out = [(RANK_LABELS[card.rank], int(index_size(card, width)), False)]
    if card.rank in COURT:
        out.append((RANK_LABELS[card.rank], court_size(width), False))
    return out


def court_size(width: int) -> int:
    """Font size in pixels of the J / Q / K letter on a court card's panel."""
    return round(width * SUPERSAMPLE * 0.27) // SUPERSAMPLE


def _joker_name(card: Card) -> str:
    return "大王" if card == RED_JOKER else "小王"


def _index(card: Card, w: int) -> Image.Image:
    """The corner index (rank over pip, or 大王 / 小王 stacked) on a transparent tile."""
    s = SUPERSAMPLE
    colour = suit_colour(card)
    tall = 0.86 if card >= 52 else 0.7
    tile = Image.new("RGBA", (round(w * INDEX_W * s), round(w * tall * s)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    cx = tile.width / 2
    if card >= 52:
        size = round(index_size(card, w) * s)
        ink = SUIT_BLACK if card == BLACK_JOKER else SUIT_RED
        for i, ch in enumerate(_joker_name(card)):
            draw.text((cx, size * 0.62 + i * size * 1.08), ch, font=font(size), fill=ink, anchor="mm")
        return tile
    label = RANK_LABELS[card.rank]
    f = font(round(index_size(card, w) * s))
    draw.text((cx, w * 0.23 * s), label, font=f, fill=colour, anchor="mm")
    pip(draw, card.suit or "s", cx, w * 0.56 * s, w * 0.22 * s, colour)
    return tile


def card_face(card: Card, width: int, court_letter: bool = True) -> Image.Image:
    """The face of ``card`` at ``width`` px (RGBA, shared: do not draw on it), its texts in the
    render's regional face.

    ``court_letter=False``: a court card's panel without its J / Q / K (too small to be read on
    the image it goes on; the corner index says it)."""
    return _card_face(card, width, court_letter, drawing_face())


@lru_cache(maxsize=1024)
def _card_face(card: Card, width: int, court_letter: bool, region: str) -> Image.Image:
    """:func:`card_face`, kept by face too (``region``: the face ``font(size)`` draws with here)."""
    card = CARDS[int(card)]
    w, h = card_size(width)
    s = SUPERSAMPLE
    img, draw = _blank(w, h)
    colour = suit_colour(card)
    idx = _index(card, w)
    m = round(w * 0.02 * s)
    img.alpha_composite(idx, (m, m))
    if card >= 52:  # like every other card: its index top left, one large figure low right
        red = card == RED_JOKER
        star(
            draw,
            w * 0.64 * s,
            h * 0.68 * s,
            w * 0.3 * s,
            SUIT_RED if red else JOKER_GREY,
            outline=P.GOLD if red else SUIT_BLACK,
            width=max(2, round(w * 0.025 * s)),
        )
    elif card.rank in COURT:  # J Q K: a framed court panel, low right of the large index
        fx0, fy0, fx1, fy1 = w * 0.46 * s, h * 0.42 * s, w * 0.92 * s, h * 0.94 * s
        ground = (252, 236, 236) if colour == SUIT_RED else (232, 236, 246)
        draw.rounded_rectangle(
            (fx0, fy0, fx1, fy1), w * 0.04 * s, fill=ground, outline=P.GOLD, width=max(2, round(w * 0.03 * s))
        )
        px = (fx0 + fx1) / 2
        if court_letter:
            letter = font(court_size(w) * s)
            draw.text(
                (px, fy0 + (fy1 - fy0) * 0.36), RANK_LABELS[card.rank], font=letter, fill=colour, anchor="mm"
            )
            pip(draw, card.suit or "s", px, fy0 + (fy1 - fy0) * 0.74, w * 0.14 * s, colour)
        else:
            pip(draw, card.suit or "s", px, (fy0 + fy1) / 2, w * 0.2 * s, colour)
    else:  # one large pip, low right of the index
        size = w * (0.5 if card.rank == 11 else 0.42) * s
        pip(draw, card.suit or "s", w * 0.66 * s, h * 0.68 * s, size, colour)
    return img.resize((w, h), Image.Resampling.BOX)


@cache
def card_back(width: int) -> Image.Image:
    """The back: a white rim, a deep red field with a gold lattice and a gold medallion."""
    w, h = card_size(width)
    s = SUPERSAMPLE
    img, draw = _blank(w, h, CARD_WHITE)
    b = w * 0.07 * s
    draw.rounded_rectangle((b, b, w * s - b, h * s - b), radius(w) * s * 0.6, fill=BACK_RED)
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((b, b, w * s - b, h * s - b), radius(w) * s * 0.6, fill=255)
    lattice = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(lattice)
    step = w * 0.16 * s
    lw = max(1, round(w * 0.012 * s))
    k: float = -h * s
    while k < w * s + h * s:
        ld.line((k, 0, k + h * s, h * s), fill=(196, 70, 70), width=lw)
        ld.line((k + h * s, 0, k, h * s), fill=(196, 70, 70), width=lw)
        k += step
    img.paste(lattice, (0, 0), Image.composite(lattice, Image.new("RGBA", img.size, (0, 0, 0, 0)), mask))
    cx, cy = w * s / 2, h * s / 2
    r = w * 0.2 * s
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=BACK_RED, outline=P.GOLD, width=max(2, round(w * 0.03 * s))
    )
    star(draw, cx, cy, r * 0.7, P.GOLD)
    return img.resize((w, h), Image.Resampling.BOX)


@cache
def glow(width: int, colour: P.RGB) -> Image.Image:
    """A soft halo to paste :func:`glow_margin` px up and left of a card ``width`` px wide."""
    w, h = card_size(width)
    m = glow_margin(width)
    ring = max(2, width // 24)
    img = Image.new("RGBA", (w + 2 * m, h + 2 * m), (*colour, 0))
    draw = ImageDraw.Draw(img)
    r = radius(w)
    draw.rounded_rectangle((m - ring, m - ring, m + w + ring, m + h + ring), r + ring, fill=(*colour, 210))
    img = img.filter(ImageFilter.GaussianBlur(m / 2.2))
    ImageDraw.Draw(img).rounded_rectangle(
        (m - ring, m - ring, m + w - 1 + ring, m + h - 1 + ring), r + ring, fill=(*colour, 255)
    )
    return img


def glow_margin(width: int) -> int:
    return max(4, width // 9)


@cache
def shade(width: int, alpha: int = 120) -> Image.Image:
    """A dark translucent card-shaped overlay (the previous trick, shown dimmed)."""
    w, h = card_size(width)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius(w), fill=(20, 24, 40, alpha))
    return img


def paste_card(
    canvas: Image.Image,
    card: Card | None,
    x: float,
    y: float,
    width: int,
    *,
    halo: P.RGB | None = None,
    dim: bool = False,
) -> None:
    """Paste a face (``None``: a back), optionally over a glow or under a shade."""
    x, y = round(x), round(y)
    court_letter = True
    if card is not None:
        court_letter, shown = _shown_texts(card, width, canvas.width, drawing_face())
        for label, size, decorative in shown:
            note(label, size, decorative=decorative)
    img = card_back(width) if card is None else card_face(card, width, court_letter)
    if halo is None and not dim:  # one piece: what a together block of it would paste
        C.paste(canvas, ("doudizhu face", card, width, court_letter, drawing_face()), img, x, y)
        return
    with C.together(canvas):
        if halo is not None:
            m = glow_margin(width)
            C.paste(canvas, ("doudizhu glow", width, halo), glow(width, halo), x - m, y - m)
        C.paste(canvas, ("doudizhu face", card, width, court_letter, drawing_face()), img, x, y)
        if dim:
            C.paste(canvas, ("doudizhu shade", width), shade(width), x, y)


def paste_backs(canvas: Image.Image, count: int, x: float, y: float, width: int, step: float) -> None:
    """``count`` backs overlapping left to right from ``(x, y)``, ``step`` px apart: what
    :func:`paste_card` pastes for each, without its per-card work (a hand's backs: ~40 a table)."""
    back, y = card_back(width), round(y)
    key = ("doudizhu face", None, width, True, drawing_face())  # paste_card's key for a back
    with C.together(canvas):
        for i in range(count):
            C.paste(canvas, key, back, round(x + i * step), y)


@lru_cache(maxsize=1024)
def _shown_texts(
    card: Card, width: int, image_width: int, region: str
) -> tuple[bool, tuple[tuple[str, int, bool], ...]]:
    """Whether a court card's letter is drawn (legible on an image ``image_width`` px wide), and
    the texts the face then shows (:func:`face_texts`); ``region``: the render's face, which the
    sizes are measured in."""
    texts = face_texts(card, width)
    court_letter = all(legible(label, size, image_width) for label, size, _ in texts[1:])
    return court_letter, tuple(texts if court_letter else texts[:1])


def warm_faces(widths: tuple[int, ...] | set[int]) -> None:
    for width in widths:
        for c in CARDS:
            card_face(c, width)
        card_back(width)

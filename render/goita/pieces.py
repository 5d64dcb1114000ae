"""Goita pieces drawn by our own code: shogi-style pentagons of light wood with the kanji in ink.

A face is an RGBA image ``width`` × ``piece_height(width)``: the pointed top, a darker wooden
edge, the kanji big in the middle (王 or 玉, 飛, 角, 金, 銀, 馬, 香, し), the piece's initial in
the bottom-left corner (its notation letter, K R B G S N L P, in every language)
and its point value in a disc in the bottom-right corner. A back is plain darker wood with a
small round crest; a seat's own face-down piece is a back with the kanji in a cream disc, so it
still reads as face down. Everything is cached per piece, width and labels.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from engine.goita.types import KANJI, Piece
from render import canvas as C
from render import labels as L
from render.fonts import drawing_face, font
from render.palette import RGB
from render.widgets import legible, note

GYOKU = "玉"  # the second King
SEED_VALUES: tuple[int, ...] = (5, 4, 4, 3, 3, 2, 2, 1)

WOOD: RGB = (236, 202, 146)
WOOD_LIGHT: RGB = (246, 222, 176)
WOOD_EDGE: RGB = (150, 98, 48)
WOOD_GRAIN: RGB = (224, 186, 128)
BACK: RGB = (176, 122, 70)
BACK_GRAIN: RGB = (160, 108, 60)
BACK_EDGE: RGB = (104, 64, 30)
INK: RGB = (32, 22, 16)
KING_INK: RGB = (150, 26, 30)
BADGE: RGB = (120, 40, 30)
BADGE_INK: RGB = (252, 240, 214)
DISC: RGB = (250, 238, 210)

# The pentagon as fractions of (width, height): apex, shoulders, bottom corners.
SHAPE: tuple[tuple[float, float], ...] = ((0.5, 0.0), (0.9, 0.2), (0.985, 1.0), (0.015, 1.0), (0.1, 0.2))
SS = 3  # supersampling factor
OWN_GLYPH = 0.52  # the kanji on a seat's own face-down piece, as a fraction of its width


def piece_height(width: int) -> int:
    return round(width * 1.14)


def piece_size(width: int) -> tuple[int, int]:
    return width, piece_height(width)


def _poly(w: float, h: float, inset: float = 0.0) -> list[tuple[float, float]]:
    """The pentagon scaled to ``w`` × ``h`` and shrunk by ``inset`` pixels towards its centre."""
    cx, cy = w / 2, h * 0.6
    pts = []
    for fx, fy in SHAPE:
        x, y = fx * (w - 1), fy * (h - 1)
        if inset:
            dx, dy = cx - x, cy - y
            d = (dx * dx + dy * dy) ** 0.5 or 1
            x, y = x + dx / d * inset * 1.25, y + dy / d * inset * 1.25
        pts.append((x, y))
    return pts


def _blank(width: int, fill: RGB, grain: RGB, edge: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    w, h = width * SS, piece_height(width) * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.polygon(_poly(w, h), fill=edge)
    e = max(2 * SS, round(width * 0.045 * SS))
    draw.polygon(_poly(w, h, e), fill=fill)
    # A few soft grain lines, clipped to the wood by drawing on a mask.
    grain_layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    g = ImageDraw.Draw(grain_layer)
    for i, fy in enumerate((0.3, 0.47, 0.63, 0.8, 0.92)):
        y = fy * h
        g.line(
            [(0, y + (i % 2) * SS * 2), (w * 0.5, y - SS * 2), (w, y + SS * 3)],
            fill=(*grain, 255),
            width=max(1, round(width * 0.012 * SS)),
        )
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon(_poly(w, h, e * 1.6), fill=255)
    img.paste(grain_layer, (0, 0), Image.composite(grain_layer, Image.new("RGBA", (w, h)), mask))
    return img, draw


def _finish(img: Image.Image, width: int) -> Image.Image:
    return img.resize(piece_size(width), Image.Resampling.BOX)


def piece_face(
    piece: Piece, width: int, *, variant: bool = False, initial: str = "", value: int | None = None
) -> Image.Image:
    """The face of ``piece`` (``variant``: a King drawn 玉), with ``initial`` and ``value`` corners,
    its kanji in the render's regional face (shared image: do not draw on it).

    Corner labels are left out below 56 px (the kanji alone stays readable).
    """
    return _piece_face(piece, width, variant, initial, value, drawing_face())


@lru_cache(maxsize=512)
def _piece_face(
    piece: Piece, width: int, variant: bool, initial: str, value: int | None, region: str
) -> Image.Image:
    """:func:`piece_face`, kept by face too (``region``: the face ``font(size)`` draws with here)."""
    img, draw = _blank(width, WOOD, WOOD_GRAIN, WOOD_EDGE)
    w, h = width * SS, piece_height(width) * SS
    glyph = GYOKU if piece is Piece.K and variant else KANJI[piece]
    ink = KING_INK if piece is Piece.K else INK
    corners = width >= 56 and (initial or value is not None)
    size = round(width * (0.56 if corners else 0.64) * SS)
    draw.text((w / 2, h * (0.5 if corners else 0.57)), glyph, font=font(size), fill=ink, anchor="mm")
    if corners:
        small = round(width * 0.2 * SS)
        by = h * 0.845
        if initial:
            draw.text(
                (w * 0.2 if len(initial) < 2 else w * 0.24, by),
                initial,
                font=font(small),
                fill=INK,
                anchor="mm",
            )
        if value is not None:
            label = str(value)
            r = max(small * 0.62, font(small).getlength(label) / 2 + SS * 3)
            cx = w * 0.77 if len(label) < 3 else w * 0.72
            draw.ellipse((cx - r, by - r, cx + r, by + r), fill=BADGE)
            draw.text(
                (cx, by),
                label,
                font=font(round(small * (0.9 if len(label) < 3 else 0.72))),
                fill=BADGE_INK,
                anchor="mm",
            )
    return _finish(img, width)


def face_texts(
    piece: Piece,
    width: int,
    *,
    face_up: bool = True,
    variant: bool = False,
    initial: str = "",
    value: int | None = None,
) -> list[tuple[str, int, bool]]:
    """What a piece ``width`` px wide shows in writing: ``(text, font px, decorative)``.

    The kanji names the piece; the corner letter and value repeat it. All carry information: the
    decorative flag is always False, and :func:`paste_piece` leaves the corners out where they
    would be too small to read (the hand names every piece under it in a readable chip, sheets
    spell the points out).
    """
    glyph = GYOKU if piece is Piece.K and variant else KANJI[piece]
    if not face_up:
        return [(glyph, round(width * OWN_GLYPH), False)]
    corners = width >= 56 and (initial or value is not None)
    out = [(glyph, round(width * (0.56 if corners else 0.64)), False)]
    if corners:
        out += [
            (initial, round(width * 0.2), False),
            (str(value) if value is not None else "", round(width * 0.2), False),
        ]
    return out


def piece_back(width: int, known: Piece | None = None, *, variant: bool = False) -> Image.Image:
    """A face-down piece. ``known``: the owner's own face-down piece, its kanji in a small disc
    (in the render's regional face)."""
    return _piece_back(width, known, variant, drawing_face() if known is not None else "")


@lru_cache(maxsize=256)
def _piece_back(width: int, known: Piece | None, variant: bool, region: str) -> Image.Image:
    """:func:`piece_back`, kept by face too when it shows a kanji (``region``)."""
    img, draw = _blank(width, BACK, BACK_GRAIN, BACK_EDGE)
    w, h = width * SS, piece_height(width) * SS
    cx, cy = w / 2, h * 0.58
    if known is None:
        r = w * 0.17
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r), outline=BACK_EDGE, width=max(SS, round(width * 0.03 * SS))
        )
        r2 = r * 0.45
        draw.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=BACK_EDGE)
    else:
        r = w * 0.36
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r),
            fill=DISC,
            outline=BACK_EDGE,
            width=max(SS, round(width * 0.025 * SS)),
        )
        glyph = GYOKU if known is Piece.K and variant else KANJI[known]
        draw.text(
            (cx, cy),
            glyph,
            font=font(round(width * OWN_GLYPH * SS)),
            fill=KING_INK if known is Piece.K else INK,
            anchor="mm",
        )
    return _finish(img, width)


@lru_cache(maxsize=64)
def slot_outline(width: int, colour: RGB, alpha: int = 140) -> Image.Image:
    """An empty place: the pentagon's outline."""
    w, h = width * SS, piece_height(width) * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    e = max(2 * SS, round(width * 0.035 * SS))
    ImageDraw.Draw(img).polygon(_poly(w, h, e), outline=(*colour, alpha), width=e)
    return _finish(img, width)


def glow_margin(width: int) -> int:
    return max(5, width // 8)


@lru_cache(maxsize=64)
def glow(width: int, colour: RGB) -> Image.Image:
    """A soft halo with a crisp rim, pasted ``glow_margin(width)`` up and left of a piece."""
    m = glow_margin(width)
    w, h = piece_size(width)
    img = Image.new("RGBA", (w + 2 * m, h + 2 * m), (*colour, 0))
    ring = max(3, width // 18)
    big = [(x + m, y + m) for x, y in _poly(w, h, -ring)]
    ImageDraw.Draw(img).polygon(big, fill=(*colour, 220))
    img = img.filter(ImageFilter.GaussianBlur(m / 2.2))
    ImageDraw.Draw(img).polygon(big, fill=(*colour, 255))
    return img


@lru_cache(maxsize=32)
def shade(width: int, alpha: int = 120) -> Image.Image:
    w, h = piece_size(width)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).polygon(_poly(w, h), fill=(20, 22, 30, alpha))
    return img


def paste_piece(
    canvas: Image.Image,
    piece: Piece | None,
    x: float,
    y: float,
    width: int,
    *,
    face_up: bool = True,
    variant: bool = False,
    initial: str = "",
    value: int | None = None,
    halo: RGB | None = None,
    dim: bool = False,
) -> None:
    """Paste a piece: a face, a back (``piece`` None), or an own face-down piece (``face_up`` False)."""
    x, y = round(x), round(y)
    if piece is not None:
        initial, value, texts = _shown_texts(
            piece, width, face_up, variant, initial, value, canvas.width, drawing_face()
        )
        for label, size, decorative in texts:
            note(label, size, decorative=decorative)
    if piece is None:
        key: tuple[object, ...] = ("goita back", width)
        img = piece_back(width)
    elif not face_up:
        key = ("goita own back", piece, width, variant, drawing_face())
        img = piece_back(width, piece, variant=variant)
    else:
        key = ("goita face", piece, width, variant, initial, value, drawing_face())
        img = piece_face(piece, width, variant=variant, initial=initial, value=value)
    if halo is None and not dim:  # one piece: what a together block of it would paste
        C.paste(canvas, key, img, x, y)
        return
    with C.together(canvas):
        if halo is not None:
            m = glow_margin(width)
            C.paste(canvas, ("goita glow", width, halo), glow(width, halo), x - m, y - m)
        C.paste(canvas, key, img, x, y)
        if dim:
            C.paste(canvas, ("goita shade", width), shade(width), x, y)


@lru_cache(maxsize=1024)
def _shown_texts(
    piece: Piece,
    width: int,
    face_up: bool,
    variant: bool,
    initial: str,
    value: int | None,
    image_width: int,
    region: str,
) -> tuple[str, int | None, tuple[tuple[str, int, bool], ...]]:
    """The corners a piece keeps on an image ``image_width`` px wide (none when too small to
    read there: the kanji alone) and the texts it then shows (:func:`face_texts`); ``region``:
    the render's face, which legibility is measured in."""
    texts = face_texts(piece, width, face_up=face_up, variant=variant, initial=initial, value=value)
    if not all(legible(label, size, image_width) for label, size, _ in texts[1:] if label):
        initial, value = "", None
        texts = face_texts(piece, width, face_up=face_up, variant=variant)
    return initial, value, tuple(texts)


# --- labels and colours shared by every Goita image ------------------------------------------

TEAM_COLOURS: tuple[RGB, ...] = ((96, 178, 240), (240, 118, 88), (120, 204, 120), (200, 156, 240))


def _t(locale: str, key: str, **params: object) -> str:
    return L.t(locale, f"render.goita.{key}", **params)


# The seed's cards carry a letter in a corner (« Initiale du nom de la carte », the French
# initials R T F GO GA C L P). Ours carry the letter players type and read in moves, the same in
# every language: K King, R Rook, B Bishop, G Gold, S Silver, N Knight, L Lance, P Pawn. French
# initials would make "R" the King on the piece and the Rook in ``attack:R`` (docs/notation.md).
PIECE_LETTERS: dict[Piece, str] = {piece: str(piece) for piece in Piece}


def piece_name(locale: str, piece: Piece) -> str:
    """``金 Gold``, ``金 Général d'or``: the character on the piece, then its name in ``locale``
    (the character alone where the name is that character, as in Japanese). Every text naming a
    piece to a player uses it: buttons, suggestions, narration, hands, sheets (docs/glossary.md)."""
    word = L.t(locale, f"goita.piece.{piece.name}")
    kanji = KANJI[piece]
    return kanji if word == kanji else f"{kanji} {word}"


def hand_words(locale: str, pieces: Sequence[Piece]) -> str:
    """``王 King · 金 Gold ×2 · し Pawn ×3``: a hand in words, highest first, repeats counted."""
    counts = Counter(pieces)
    return " · ".join(
        piece_name(locale, p) + (f" ×{counts[p]}" if counts[p] > 1 else "") for p in sorted(counts)
    )


def values_of(view: object) -> tuple[int, ...]:
    """Piece values from the view's rules (the seed's 5/4/4/3/3/2/2/1 when it has none)."""
    rules = getattr(view, "rules", None)
    values = getattr(rules, "values", None)
    return tuple(values) if values else SEED_VALUES


def team_colour(team: int) -> RGB:
    return TEAM_COLOURS[team % len(TEAM_COLOURS)]


def team_label(locale: str, seats: int, team: int, names: Sequence[str], *, short: bool = False) -> str:
    """``Team A`` (4 players; with the partners' names unless ``short``) or the seat's name."""
    if seats != 4:
        return names[team] if 0 <= team < len(names) else f"#{team + 1}"
    letter = "AB"[team % 2]
    if short:
        return _t(locale, "team", team=letter)
    partners = [names[s] for s in (team, team + 2) if s < len(names)]
    if len(partners) == 2:
        return _t(locale, "team_names", team=letter, a=partners[0], b=partners[1])
    return _t(locale, "team", team=letter)

"""Go-Stop drawing helpers shared by the table, the hand and the sheets.

Go-Stop cards are notation strings (``"3a"``, jokers ``"J2"``, ``"J3"``, ``"J2b"``). Faces use the
hwatu style (red border, Korean month numbers); bonus cards (jokers) are drawn here: a hwatu card
showing its pi value (``+2 피``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, partial

from PIL import Image, ImageDraw

from engine.hanafuda.cards import CARDS, Card, Kind
from engine.hanafuda.gostop.cards import ANIMALS, BONUS_NAMES, BONUS_PI, DOUBLE_PI, GWANG, RIBBONS, SAKE_CUP
from engine.hanafuda.gostop.notation import to_player
from engine.hanafuda.gostop.types import ScoreItem
from render import canvas as C
from render import labels as L
from render.fonts import drawing_face, font
from render.hanafuda.faces import (
    RADIUS,
    card_back,
    card_face,
    card_size,
    face_marks,
    glow,
    glow_margin,
    shade,
)
from render.palette import CAT_ANIMAL, CAT_BRIGHT, CAT_CHAFF, CAT_RIBBON, DEEP_RED, GOLD, PAPER, RED, RGB
from render.widgets import legible, note

STYLE = "hwatu"
JOKER_PI = {name: BONUS_PI[c] for c, name in BONUS_NAMES.items()}
CUP = str(CARDS[SAKE_CUP])  # the sake cup, "9a"
GROUPS: tuple[tuple[str, RGB], ...] = (
    ("gwang", CAT_BRIGHT),
    ("yeolkkeut", CAT_ANIMAL),
    ("tti", CAT_RIBBON),
    ("pi", CAT_CHAFF),
)
_KIND = {**{c: "gwang" for c in GWANG}, **{c: "yeolkkeut" for c in ANIMALS}, **{c: "tti" for c in RIBBONS}}
_BADGE = {"gwang": Kind.BRIGHT, "yeolkkeut": Kind.ANIMAL, "tti": Kind.RIBBON, "pi": Kind.CHAFF}
# Korean names used when the cog's ``gostop.score.<name>`` key is missing.
SCORE_FALLBACK = {
    "gwang": "광",
    "yeolkkeut": "열끗",
    "godori": "고도리",
    "tti": "띠",
    "hongdan": "홍단",
    "cheongdan": "청단",
    "chodan": "초단",
    "pi": "피",
}


def is_joker(card: str) -> bool:
    return card in JOKER_PI


@cache
def parse(card: str) -> Card:
    return Card.parse(card)


def group_of(card: str, cup_as_pi: bool = False) -> str:
    """``gwang``, ``yeolkkeut``, ``tti`` or ``pi`` (jokers and double pi are pi)."""
    if is_joker(card):
        return "pi"
    if card == CUP and cup_as_pi:
        return "pi"
    return _KIND.get(int(parse(card)), "pi")


def pi_value(card: str, cup_as_pi: bool = False) -> int:
    if is_joker(card):
        return JOKER_PI[card]
    if card == CUP:
        return 2 if cup_as_pi else 0
    c = int(parse(card))
    if c in DOUBLE_PI:
        return 2
    return 1 if group_of(card) == "pi" else 0


def sort_key(card: str) -> tuple[int, int]:
    """Korean month order (jokers last)."""
    if is_joker(card):
        return 13, list(JOKER_PI).index(card)
    c = parse(card)
    return c.korean_month, int(c)


def code(card: str) -> str:
    """The notation chip under a card, as players type it: the Korean month number of its face
    (``11a`` under the phoenix, whose engine notation is ``12a``)."""
    return to_player(card)


def month_of(card: str) -> int | None:
    """Japanese month number (the engine's ``stacks``/``pot`` months) or None for a joker."""
    return None if is_joker(card) else parse(card).month


def korean_month(month: int) -> int:
    """Japanese month number → Korean numbering (11 ↔ 12)."""
    return {11: 12, 12: 11}.get(month, month)


def joker_texts(card: str, width: int) -> tuple[tuple[str, int], ...]:
    """The texts printed on a bonus card ``width`` px wide and their font sizes: ``+N``, ``피``,
    ``BONUS``."""
    w = card_size(width)[0]
    return ((f"+{JOKER_PI[card]}", round(w * 0.46)), ("피", round(w * 0.36)), ("BONUS", round(w * 0.12)))


def joker_face(card: str, width: int, image_width: int = 0) -> Image.Image:
    """A hwatu bonus card: red border, paper ground, a gold ``+N`` and ``피`` (shared image), in
    the render's regional face.

    ``image_width``: the width of the image it is pasted on; a text too small to be read there is
    left out (0: every text)."""
    return _joker_face(card, width, image_width, drawing_face())


@cache
def _joker_face(card: str, width: int, image_width: int, region: str) -> Image.Image:
    """:func:`joker_face`, kept by face too (``region``: the face ``font(size)`` draws with here)."""
    w, h = card_size(width)
    s = 3
    big = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    r = RADIUS * w / 100 * s
    draw.rounded_rectangle((0, 0, w * s - 1, h * s - 1), r, fill=RED)
    b = max(2, round(w * 0.032 * s))
    draw.rounded_rectangle((b, b, w * s - 1 - b, h * s - 1 - b), max(1, r - b), fill=PAPER)
    inset = round(w * 0.1 * s)
    draw.rounded_rectangle(
        (inset, inset, w * s - inset, h * s - inset),
        r * 0.6,
        outline=GOLD,
        width=max(2, round(w * 0.025 * s)),
    )
    for (label, size), y, ink in zip(
        joker_texts(card, width), (0.38, 0.68, 0.87), (DEEP_RED, RED, DEEP_RED), strict=True
    ):
        if not image_width or legible(label, size, image_width):
            draw.text((w * s / 2, h * s * y), label, font=font(size * s), fill=ink, anchor="mm")
    return big.resize((w, h), Image.Resampling.BOX)


def face(card: str | None, width: int, marks: bool = True, image_width: int = 0) -> Image.Image:
    """A hwatu face (``None``: a back); ``marks=False``: without month tab and badge (piles).

    ``image_width``: the width of the image it goes on; marks too small to be read there are left
    out (0: all of them)."""
    if card is None:
        return card_back(width, style=STYLE)
    if is_joker(card):
        return joker_face(card, width, image_width)
    c = parse(card)
    category = _BADGE[group_of(card)]
    badge = marks
    if marks and image_width:
        tab, *rest = face_marks(c, width, style=STYLE, category=category)
        marks = legible(*tab, image_width)
        badge = marks and all(legible(*b, image_width) for b in rest)
    return card_face(c, width, style=STYLE, category=category if marks else None, marks=marks, badge=badge)


def paste(
    canvas: Image.Image,
    card: str | None,
    x: float,
    y: float,
    width: int,
    *,
    halo: RGB | None = None,
    dim: bool = False,
    marks: bool = True,
) -> None:
    """Paste a hwatu face (``None``: a back), optionally over a glow or under a shade.

    What is printed on a face (month tab, badge, a bonus card's ``+2 피``) is drawn where it can be
    read on ``canvas`` and reported to the legibility check; a mark too small is left out (the
    card's code chip or its pile's count says the same in readable text).
    """
    x, y = round(x), round(y)
    if card is not None and is_joker(card):
        texts: tuple[tuple[str, int], ...] = joker_texts(card, width)
    elif card is not None and marks:
        texts = face_marks(parse(card), width, style=STYLE, category=_BADGE[group_of(card)])
    else:
        texts = ()
    shown = [(label, size) for label, size in texts if legible(label, size, canvas.width)]
    if texts and not is_joker(card or "") and texts[0] not in shown:
        shown = []  # no badge without its month tab
    for label, size in shown:
        note(label, size)
    with C.together(canvas):
        if halo is not None:
            m = glow_margin(width)
            C.paste(canvas, ("glow", width, halo), glow(width, halo), x - m, y - m)
        # the face's marks depend on the canvas (those too small are left out): keyed by them
        draw = partial(face, card, width, marks, canvas.width)  # drawn only if not kept composited
        key = ("hwatu", card, width, marks, tuple(shown), drawing_face() if shown else "")
        C.paste_deferred(canvas, key, card_size(width), draw, x, y)
        if dim:
            C.paste(canvas, ("shade", width), shade(width), x, y)


def fan(
    canvas: Image.Image,
    cards: Sequence[str],
    x: float,
    y: float,
    width: int,
    step: float,
    *,
    hot: frozenset[str] = frozenset(),
    halo: RGB | None = None,
    lift: int = 0,
    marks: bool = True,
) -> None:
    with C.together(canvas):
        for i, c in enumerate(cards):
            up = c in hot
            paste(
                canvas,
                c,
                x + i * step,
                y - (lift if up else 0),
                width,
                halo=halo if up else None,
                marks=marks,
            )


def score_name(locale: str, name: str) -> str:
    fallback = SCORE_FALLBACK.get(name, name.replace("_", " ").capitalize())
    return L.label(locale, f"gostop.score.{name}", fallback)


def multiplier_name(locale: str, name: str) -> str:
    return L.label(locale, f"render.gostop.mult.{name}", name.replace("_", " ").capitalize())


def reason_name(locale: str, reason: str) -> str:
    return L.label(locale, f"render.gostop.reason.{reason}", reason.replace("_", " ").capitalize())


def item_total(items: Sequence[ScoreItem]) -> int:
    return sum(i.points for i in items)


def warm_faces(widths: Iterable[int], image_width: int = 0) -> None:
    """Draw every face and joker at ``widths`` as :func:`paste` draws them on an image
    ``image_width`` px wide (0: with all their marks), smallest width first: the faces kept are
    bounded, the first drawn are the first let go."""
    for width in sorted(widths):
        for c in CARDS:
            face(str(c), width, image_width=image_width)
        for j in JOKER_PI:
            face(j, width, image_width=image_width)
        card_back(width, style=STYLE)

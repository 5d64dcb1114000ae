"""What the Dou Dizhu images share: their width and text size, their texts and the role badges."""

from __future__ import annotations

from PIL import ImageDraw

from engine.doudizhu import Move
from engine.doudizhu.cards import RANKS
from engine.doudizhu.types import DoudizhuView
from render import labels as L
from render.canvas import draw_text
from render.doudizhu.faces import LANDLORD, PEASANT
from render.doudizhu.pips import crown
from render.fonts import font
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
    draw.rounded_rectangle((x0, cy - h / 2, x0 + w, cy + h / 2), h / 2, fill=fill)
    if icon:
        crown(draw, x0 + pad, cy, size * 0.95, INK)
    note(label, size)
    draw_text(draw, (x0 + pad + icon, cy), label, font(size), ink, "lm")
    return w


def badges(view: DoudizhuView) -> tuple[str | None, ...]:
    """Each seat's role badge: ``"landlord"``, ``"peasant"``, or ``None`` before the landlord is chosen."""
    seats = len(view.hand_counts)
    if view.landlord is None:
        return (None,) * seats
    return tuple("landlord" if s == view.landlord else "peasant" for s in range(seats))

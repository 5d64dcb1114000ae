"""What the Dou Dizhu table and score sheets share: their texts and the role badges."""

from __future__ import annotations

from PIL import ImageDraw

from render import labels as L
from render.doudizhu.faces import LANDLORD, PEASANT, crown
from render.fonts import font
from render.palette import CREAM, INK
from render.widgets import text_width


def _t(locale: str, key: str, **params: object) -> str:
    return L.t(locale, f"render.doudizhu.{key}", **params)


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
    draw.text((x0 + pad + icon, cy), label, font=font(size), fill=ink, anchor="lm")
    return w

"""High Card's part of its rules card (``render.rules_card``): what a trick and a match are worth."""

from __future__ import annotations

from functools import cache

from PIL import Image

from i18n import t
from render import palette as shared
from render.png import fixed_palette
from tests.sixth_game.draw import CARD, FELT, INK, TEXT, card_face
from tests.sixth_game.engine import DECK


def rows(loc: str) -> list[tuple[str, str]]:
    return [(t(loc, "highcard.row.trick"), "1"), (t(loc, "highcard.row.match"), "2/3")]


def samples() -> tuple[tuple[Image.Image, str], ...]:
    return tuple((card_face(value), "") for value in DECK)


@cache
def palette() -> Image.Image:
    faces = [face for face, _ in samples()]
    sample = Image.new("RGB", (sum(f.width for f in faces), faces[0].height), FELT)
    for i, face in enumerate(faces):
        sample.paste(face, (i * face.width, 0))
    # The card's own colours, then those render.rules_card draws its page in (ground, panels, texts).
    page = (shared.TABLE_BG, shared.PANEL, shared.PANEL_EDGE, shared.TEXT, shared.TEXT_DIM, shared.ACCENT)
    return fixed_palette((FELT, CARD, INK, TEXT, *page), sample)

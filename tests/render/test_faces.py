"""Card faces: 48 distinct pictures, sizes, caching, styles and category overrides."""

from __future__ import annotations

import hashlib

import pytest
from PIL import Image

from engine.hanafuda.cards import CARDS, Kind, by_subject, card
from render.hanafuda.faces import STYLES, card_back, card_face, card_size, glow, glow_margin


def _digest(img) -> str:
    return hashlib.sha256(img.tobytes()).hexdigest()


@pytest.mark.parametrize("width", [40, 68, 112])
def test_all_48_faces_are_distinct(width: int) -> None:
    digests = {_digest(card_face(c, width)) for c in CARDS}
    assert len(digests) == 48
    assert _digest(card_back(width)) not in digests


def rgba(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    """The colour at ``xy`` of a face (an RGBA image)."""
    colour = image.getpixel(xy)
    assert isinstance(colour, tuple), colour
    return colour


def test_face_size_mode_and_rounded_corners() -> None:
    face = card_face(card("8a"), 90)
    assert face.mode == "RGBA"
    assert face.size == card_size(90) == (90, 144)
    assert rgba(face, (0, 0))[3] < 10  # transparent corner
    assert rgba(face, (45, 72))[3] == 255


def test_faces_are_cached_and_keyword_spelling_does_not_matter() -> None:
    c = card("3a")
    assert card_face(c, 70) is card_face(c, 70, style="hanafuda")
    assert card_face(c, 70) is card_face(c, 70, category=Kind.BRIGHT)


def test_category_override_changes_only_the_badge() -> None:
    warbler = by_subject("warbler")
    as_bright = card_face(warbler, 80, category=Kind.BRIGHT)
    normal = card_face(warbler, 80)
    assert _digest(as_bright) != _digest(normal)
    # the picture below the badges is the same
    box = (0, 60, 80, 128)
    assert as_bright.crop(box).tobytes() == normal.crop(box).tobytes()


def test_hwatu_style_has_red_border_and_korean_months() -> None:
    assert set(STYLES) >= {"hanafuda", "hwatu"}
    paulownia = card("12c")
    hanafuda, hwatu = card_face(paulownia, 80), card_face(paulownia, 80, style="hwatu")
    r, g, _, _ = rgba(hwatu, (40, 1))
    assert r > 150 and g < 80  # red edge
    # the month tab differs: 12 in Japanese order, 11 in Korean order
    assert hanafuda.crop((0, 0, 30, 26)).tobytes() != hwatu.crop((0, 0, 30, 26)).tobytes()


def test_glow_is_larger_than_the_card() -> None:
    g = glow(68, (255, 200, 0))
    w, h = card_size(68)
    assert g.size == (w + 2 * glow_margin(68), h + 2 * glow_margin(68))

"""The image caches are bounded (issue 15: idle memory) and an evicted font or face comes back
identical, so a smaller cache costs time only, never a different image."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.hanafuda.cards import CARDS
from render import fonts, heap
from render.hanafuda import faces


def _drawn(font: object) -> bytes:
    image = Image.new("L", (200, 40))
    ImageDraw.Draw(image).text((2, 2), "光猪鹿蝶 Koi", font=font, fill=255)
    return image.tobytes()


def test_fonts_kept_are_bounded_and_a_reopened_font_draws_the_same():
    first = fonts.font(23, "ja")
    before = _drawn(first)
    assert any(before)
    for size in range(40, 40 + 2 * fonts.FONTS_KEPT):  # more sizes than are kept
        fonts.font(size, "ko")
    assert fonts.loaded() == fonts.FONTS_KEPT
    again = fonts.font(23, "ja")
    assert again is not first  # it was closed, and opened again
    assert _drawn(again) == before


def test_faces_kept_are_bounded_and_a_redrawn_face_is_the_same():
    card = CARDS[0]
    before = faces.card_face(card, 77).tobytes()
    for width in range(30, 30 + faces.FACES_KEPT // len(CARDS) + 2):
        faces.warm(width)  # more faces than are kept
    assert faces._face.cache_info().currsize == faces.FACES_KEPT
    assert faces.card_face(card, 77).tobytes() == before


def test_heap_trim_is_harmless():
    heap.trim()
    heap.trim()

"""The image caches are bounded (issue 15: idle memory) and an evicted font or face comes back
identical, so a smaller cache costs time only, never a different image."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from engine.hanafuda.cards import CARDS
from render import fonts, glyph_cache, heap
from render.glyph_cache import CachedFont
from render.hanafuda import faces


def _drawn(font: CachedFont) -> bytes:
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


def _plain(size: int) -> ImageFont.FreeTypeFont:
    """The project's font as a plain FreeType font: no kept masks or widths."""
    plain = ImageFont.truetype(fonts.FONT_PATH, size, index=0, layout_engine=ImageFont.Layout.BASIC)
    plain.set_variation_by_axes([fonts.BOLD])
    return plain


def _uncached(size: int, text: str, xy: tuple[float, float]) -> bytes:
    """``text`` drawn by a plain FreeType font, no kept masks or widths."""
    image = Image.new("RGB", (240, 60), (27, 38, 62))
    ImageDraw.Draw(image).text(xy, text, font=_plain(size), fill=(246, 238, 220), anchor="lm")
    return image.tobytes()


def test_kept_text_masks_draw_what_freetype_draws_and_stay_bounded():
    """A label drawn again from the kept mask (at whole and half pixels, in another colour's
    image too) is byte-identical to FreeType's own drawing; the masks kept never pass their bounds."""
    for xy in ((4, 30), (4.5, 30.5), (4, 30)):
        image = Image.new("RGB", (240, 60), (27, 38, 62))
        ImageDraw.Draw(image).text(
            xy, "Koi-Koi 光 12", font=fonts.font(23, "en"), fill=(246, 238, 220), anchor="lm"
        )
        assert image.tobytes() == _uncached(23, "Koi-Koi 光 12", xy)
    label = "Koi-Koi 光 12"
    kept_width = fonts.font(23, "en").getlength(label)  # measured, then found again
    assert fonts.font(23, "en").getlength(label) == kept_width == _plain(23).getlength(label)
    big = fonts.font(60, "ja")
    for n in range(glyph_cache.MASKS_KEPT // 10):  # masks of ~15 KB each: past the byte bound
        big.getmask2(f"猪鹿蝶 {n}", "L", anchor="la")
    masks, pixels, _ = glyph_cache.kept()
    assert masks <= glyph_cache.MASKS_KEPT and pixels <= glyph_cache.MASK_BYTES
    for n in range(glyph_cache.LENGTHS_KEPT + 100):
        big.getlength(str(n))
    assert glyph_cache.kept()[2] == glyph_cache.LENGTHS_KEPT

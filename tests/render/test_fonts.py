"""The bundled font really draws kanji, kana and hangul (not the .notdef box)."""

from __future__ import annotations

import pytest

from render.fonts import font

MISSING = "\U000f0000"  # a private-use code point no font of ours has: drawn as .notdef


def _glyph(ch: str) -> bytes:
    mask = font(40).getmask(ch)
    return bytes(mask) + bytes(str(mask.size), "ascii")


@pytest.mark.parametrize("ch", list("猪鹿蝶고도리光こいこい盃Aé"))
def test_cjk_glyphs_render(ch: str) -> None:
    mask = font(40).getmask(ch)
    assert mask.getbbox() is not None, f"{ch!r} drew nothing"
    assert _glyph(ch) != _glyph(MISSING), f"{ch!r} is drawn as the .notdef box"


def test_glyphs_differ_from_each_other() -> None:
    glyphs = {_glyph(ch) for ch in "猪鹿蝶고도리"}
    assert len(glyphs) == 6

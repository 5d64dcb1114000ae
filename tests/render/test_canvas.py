"""render.canvas: a paletted canvas draws the pixels the RGB canvas then quantised draws, and its
kept pieces stay bounded."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from engine.hanafuda.cards import CARDS
from render import canvas as C
from render import canvas_pieces
from render.fonts import font
from render.glyph_cache import Recent
from render.hanafuda.faces import card_face, glow
from render.hanafuda.table_palette import table_palette
from render.palette import ACCENT, PANEL, TABLE_BG, TEXT


def _draw(img: Image.Image) -> None:
    """Text, a panel, a glowing card over the text's edge, and a fan of overlapping cards."""
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((10, 10, 200, 60), 8, fill=PANEL)
    C.draw_text(draw, (20.5, 35.25), "Koi-Koi 12", font(24), TEXT, "lm")
    C.paste(img, ("glow", 56, ACCENT), glow(56, ACCENT), 40, 40)
    C.paste(img, ("face", CARDS[0], 56), card_face(CARDS[0], 56), 47, 47)
    with C.together(img):
        for i, card in enumerate(CARDS[5:12]):
            C.paste(img, ("face", card, 56), card_face(card, 56), 120 + 17 * i, 70)


def test_paletted_canvas_draws_the_quantised_rgb_pixels() -> None:
    fixed = table_palette()
    rgb = C.new((320, 180), TABLE_BG, None)
    _draw(rgb)
    expected = rgb.quantize(palette=fixed, dither=Image.Dither.NONE).convert("RGB")
    for _ in range(2):  # drawn, then from the kept pieces
        paletted = C.new((320, 180), TABLE_BG, fixed)
        _draw(paletted)
        assert paletted.mode == "P"
        assert paletted.convert("RGB").tobytes() == expected.tobytes()


def test_kept_pieces_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(canvas_pieces, "_pieces", Recent(16, 40_000))
    fixed = table_palette()
    for i, card in enumerate(CARDS):
        img = C.new((120, 160), TABLE_BG, fixed)
        C.paste(img, ("face", card, 56), card_face(card, 56), 10 + i % 7, 10)
    pieces, size = len(canvas_pieces._pieces), canvas_pieces._pieces.total_weight()
    assert 0 < pieces <= 16 and size <= 40_000

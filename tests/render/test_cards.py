"""The rating cards: PNG within 80 KiB, every text readable when shown 550 px wide, and a look at
the edge cases (an empty board, a profile with no rated match)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from render.cards import render_leaderboard, render_profile
from render.widgets import INLINE_W, MIN_INK, recording, text_ink
from tests.render.card_samples import board, profile

MAX_BYTES = 80 * 1024


def _checked(png: bytes, drawn: list) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and len(png) <= MAX_BYTES
    scale = min(1.0, INLINE_W / image.width)
    small = [d for d in drawn if not d.decorative and text_ink(d.text, d.size) * scale < MIN_INK]
    assert not small, f"texts under {MIN_INK} px tall at {INLINE_W} px: {small[:5]}"
    return image


@pytest.mark.parametrize("seed", range(6))
def test_the_leaderboard_card_is_small_and_readable_at_550_px(seed: int) -> None:
    with recording() as drawn:
        png = render_leaderboard(board(seed))
    image = _checked(png, drawn)
    assert image.width >= INLINE_W and image.height < 1.2 * image.width
    names = {d.text for d in drawn}
    assert "998?" in names, "the provisional mark"


@pytest.mark.parametrize("seed", range(6))
def test_the_profile_card_is_small_and_readable_at_550_px(seed: int) -> None:
    with recording() as drawn:
        png = render_profile(profile(seed))
    _checked(png, drawn)


def test_empty_cards_say_so() -> None:
    empty = replace(board(0), rows=(), own_row_apart=False)
    with recording() as drawn:
        _checked(render_leaderboard(empty), drawn)
    assert empty.empty in {d.text for d in drawn}
    blank = replace(profile(0), series=(), opponents=())
    with recording() as drawn:
        _checked(render_profile(blank), drawn)
    assert {"No rated match yet", "Nobody yet"} <= {d.text for d in drawn}

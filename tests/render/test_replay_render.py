"""Replay images: a table with every hand under it, and an animation within a byte limit."""

from __future__ import annotations

import io

import pytest
from PIL import Image, WebPImagePlugin

from render.palette import ACCENT
from render.replay import GAP, LABEL_H, TooLarge, animate, compose


def png(width: int, height: int, colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, format="PNG")
    return out.getvalue()


def test_hands_go_one_per_row_under_the_table_at_its_full_width() -> None:
    """Shown 550 px wide, a frame's hands read as large as the live hands (legibility, issue 28:
    replay hands were ~5 px at half width)."""
    table = png(1200, 800, (30, 40, 60))
    hands = [(f"P{i}", png(960, 276, (200, 50 * i, 40))) for i in range(3)]
    out = Image.open(io.BytesIO(compose(table, hands))).convert("RGB")
    strip_h = 276 * 1200 // 960
    assert out.width == 1200
    assert out.height == 800 + 3 * (GAP + LABEL_H + strip_h)
    for i in range(3):
        top = 800 + GAP + LABEL_H + i * (GAP + LABEL_H + strip_h)
        for x in (5, 600, 1190):  # each strip spans the whole width
            pixel = out.getpixel((x, top + strip_h // 2))
            assert isinstance(pixel, tuple)
            assert abs(pixel[0] - 200) < 12 and abs(pixel[1] - 50 * i) < 12
    assert compose(table, []) == table, "a game without hands keeps its table"


def test_the_label_of_the_seat_to_act_is_gold() -> None:
    table = png(1200, 800, (30, 40, 60))
    hands = [(f"P{i}", png(960, 276, (200, 50 * i, 40))) for i in range(2)]

    def gold_in_labels(picture: bytes) -> list[bool]:
        """Whether each hand's label has gold in it (the PNG's palette: near gold)."""
        out = Image.open(io.BytesIO(picture)).convert("RGB")
        found = []
        for top in (800 + GAP, 800 + 2 * GAP + LABEL_H + 276 * 1200 // 960):
            colours = out.crop((0, top, 600, top + LABEL_H)).getcolors(1 << 16) or []
            found.append(
                any(
                    isinstance(c, tuple) and sum(abs(a - b) for a, b in zip(c, ACCENT, strict=True)) < 30
                    for _, c in colours
                )
            )
        return found

    assert gold_in_labels(compose(table, hands, active=1)) == [False, True]
    assert gold_in_labels(compose(table, hands)) == [False, False], "nobody to act: the match is over"


def test_an_animation_fits_the_limit_or_says_it_cannot() -> None:
    frames = [png(1200, 900, (i * 20 % 256, 90, 200 - i * 10)) for i in range(12)]
    data = animate(frames, 60_000)
    picture = Image.open(io.BytesIO(data))
    assert isinstance(picture, WebPImagePlugin.WebPImageFile)
    assert len(data) <= 60_000 and picture.format == "WEBP" and picture.is_animated
    assert 2 <= picture.n_frames <= 12
    assert picture.width >= 550, "never smaller than it is shown inline: its texts would shrink"
    noisy = []
    for seed in range(8):
        im = Image.effect_noise((1200, 900), 120 + seed).convert("RGB")
        out = io.BytesIO()
        im.save(out, format="PNG")
        noisy.append(out.getvalue())
    with pytest.raises(TooLarge):
        animate(noisy, 2_000)

"""Kept chip tiles draw exactly what drawing the chip does, wherever it lands (sub-pixel
positions, odd and even pixels: Pillow rounds halves to even), and stay bounded."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageChops, ImageDraw

from render import glyph_cache, widgets
from tests.typed import unchecked


def _chip(x: float, cy: float, label: str, *, kept: bool) -> Image.Image:
    image = Image.new("RGB", (320, 100), (27, 38, 62))
    draw = ImageDraw.Draw(image)
    if not kept:
        unchecked(draw)._image = None  # no canvas to paste on: drawn in place
    widgets.chip(draw, x, cy, label, 32, (240, 192, 48), (30, 26, 24), align="center")
    return image


def test_a_kept_chip_is_pixel_identical_to_a_drawn_one_at_every_sub_pixel_position():
    for label in ("12a", "+3", "Koi-Koi ×2", "光 5", "고도리"):
        for base in (100, 101):
            for eighths in range(8):
                x, cy = base + eighths / 8, 50 + (7 - eighths) / 8
                kept, drawn = _chip(x, cy, label, kept=True), _chip(x, cy, label, kept=False)
                assert ImageChops.difference(kept, drawn).getbbox() is None, (label, x, cy)


def test_chip_tiles_kept_stay_within_their_bounds():
    for n in range(widgets.CHIPS_KEPT + 50):
        _chip(100.5, 50, str(n), kept=True)
    assert len(widgets._chips) <= widgets.CHIPS_KEPT
    assert widgets._chips.total_weight() <= widgets.CHIP_BYTES


def test_chips_drawn_from_several_render_threads_at_once_are_the_ones_drawn_alone(monkeypatch):
    """Renders run in several threads: with a small shared cache, so that the threads keep
    evicting each other's tiles and masks, every chip is still the one drawn alone, and the
    caches end within their bounds."""
    monkeypatch.setattr(widgets, "_chips", glyph_cache.Recent(8, 64 * 1024))
    monkeypatch.setattr(glyph_cache, "_masks", glyph_cache.Recent(8, 4 * 1024))
    jobs = [(100 + n % 3 + (n % 8) / 8, 50.5, f"{n % 24}点") for n in range(240)]
    alone = [_chip(x, cy, label, kept=False).tobytes() for x, cy, label in jobs]
    with ThreadPoolExecutor(max_workers=6) as pool:
        together = list(pool.map(lambda job: _chip(*job, kept=True).tobytes(), jobs))
    assert together == alone
    for cache in (widgets._chips, glyph_cache._masks):
        assert len(cache) <= cache.count and cache.total_weight() <= (cache.weight or 0)

"""The sizes the Goita table and hand share: 1200 px wide, legible when Discord shows them about
550 px wide."""

from __future__ import annotations

from render.widgets import min_size

W = 1200
MARGIN = 16
T = min_size(W)  # every text (32 px): readable when the image is shown 550 px wide
CHIP_H = round(T * 1.45)

"""Goita Shogi images: what the table flow draws, gathered from this package's modules.

Each module has one job (the table, the hand, the score sheets…); a game's spec takes this
package as its ``draw`` module.
"""

from render.goita.hand import render_hand
from render.goita.memory import render_memory
from render.goita.sheets import render_match_summary, render_round_sheet
from render.goita.table import render_table, slot_drawings, warm

__all__ = [
    "render_hand",
    "render_match_summary",
    "render_memory",
    "render_round_sheet",
    "render_table",
    "slot_drawings",
    "warm",
]

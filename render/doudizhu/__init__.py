"""Dou Dizhu images: what the table flow draws, gathered from this package's modules.

Each module has one job (the table, the hand, the score sheets…); a game's spec takes this
package as its ``draw`` module.
"""

from render.doudizhu.common import badges
from render.doudizhu.hand import render_hand
from render.doudizhu.sheets import render_match_summary, render_round_sheet
from render.doudizhu.table import render_table, warm

__all__ = ["badges", "render_hand", "render_match_summary", "render_round_sheet", "render_table", "warm"]

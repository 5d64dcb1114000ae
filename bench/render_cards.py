"""Render time and PNG size of the rating cards (``/leaderboard``'s, ``/stats``'s and ``/history``'s).

Run: ``python bench/render_cards.py [count]`` (default 200). The cards hold worst-case content
(tests/render/card_samples.py): a full top 10 and the reader's row apart, long and CJK names,
four-digit numbers; a profile with a 51-point sparkline and three opponents; a history of ten
matches up to four seats, CPU seats among them.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import measure
from render.cards import render_leaderboard, render_profile
from render.cards.history import render_history
from tests.render.card_samples import board, history, profile


def main(count: int = 200) -> None:
    render_leaderboard(board(0))  # fonts loaded once, as in the bot
    measure("leaderboard card", [partial(render_leaderboard, board(i)) for i in range(count)], width=18)
    measure("profile card", [partial(render_profile, profile(i)) for i in range(count)], width=18)
    measure("history card", [partial(render_history, history(i)) for i in range(count)], width=18)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)

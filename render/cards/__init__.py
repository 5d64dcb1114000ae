"""Rating cards (issue 16): the leaderboard, the player profile and the match history, in the tables' style.

Pure like the rest of ``render``: the cog passes every text already in the reader's language and
every name already resolved (``render`` never sees who may be named where), and gets PNG bytes.
"""

from render.cards.history import HistoryCard, render_history
from render.cards.leaderboard import BoardCard, BoardRow, render_leaderboard
from render.cards.profile import ProfileCard, Stat, render_profile

__all__ = [
    "BoardCard",
    "BoardRow",
    "HistoryCard",
    "ProfileCard",
    "Stat",
    "render_history",
    "render_leaderboard",
    "render_profile",
]

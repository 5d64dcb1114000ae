"""Rating cards (issue 16): the leaderboard and the player profile, in the tables' style.

Pure like the rest of ``render``: the cog passes every text already in the reader's language and
every name already resolved (``render`` never sees who may be named where), and gets PNG bytes.
"""

from render.cards.leaderboard import BoardCard, BoardRow, render_leaderboard
from render.cards.profile import ProfileCard, Stat, render_profile

__all__ = ["BoardCard", "BoardRow", "ProfileCard", "Stat", "render_leaderboard", "render_profile"]

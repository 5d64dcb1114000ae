"""The rating part of a match's results post: each player's new rating and its change (+12 / −9).

Read from the stored changes (``store.ratings.rating_changes_for``), so the post says the same
whenever it is made (also when it is posted late, after a restart). A match that moved no rating
(against the CPU, the memory mode) has no rating text.
"""

from __future__ import annotations

from cogs.ratings.common import signed
from i18n import t
from store.db import Database
from store.rating_rules import display_rating
from store.ratings import rating_changes_for


async def rating_changes_text(db: Database, game_id: int, locale: str) -> dict[int, str]:
    """``{user_id: "rating 1012 (+12)"}`` for each human whose rating the match moved."""
    return {
        c.user_id: t(locale, "ratings.summary.change", rating=display_rating(c.after), change=signed(c.delta))
        for c in await rating_changes_for(db, game_id)
    }

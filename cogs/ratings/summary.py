"""The rating part of a match's results post: each player's new rating and its change (+12 / −9),
in words (:func:`rating_changes_text`) and for the match summary image (:func:`seat_ratings`).

Read from the stored changes (``store.ratings.rating_changes_for``), so the post says the same
whenever it is made (also when it is posted late, after a restart). A match that moved no rating
(against the CPU, the memory mode) has no rating text and no rating lines on its image.
"""

from __future__ import annotations

from collections.abc import Sequence

from i18n import number, t
from render.labels import signed
from render.rating_change import RatingShown
from store.db import Database
from store.rating_rules import display_rating
from store.ratings import rating_changes_for


async def rating_changes_text(db: Database, game_id: int, locale: str) -> dict[int, str]:
    """``{user_id: "rating 1012 (+12)"}`` for each human whose rating the match moved."""
    return {
        c.user_id: t(
            locale,
            "ratings.summary.change",
            rating=number(locale, display_rating(c.after)),
            change=signed(c.delta, locale, zero="±0"),
        )
        for c in await rating_changes_for(db, game_id)
    }


async def seat_ratings(
    db: Database, game_id: int, user_ids: Sequence[int | None]
) -> tuple[RatingShown | None, ...] | None:
    """What the match summary image draws per seat (``user_ids`` in seat order, ``None`` for a
    CPU): the new shown rating and its change, ``None`` for a seat the match did not rate, and
    ``None`` altogether when it moved no rating."""
    changes = {c.user_id: c for c in await rating_changes_for(db, game_id)}
    if not changes:
        return None
    return tuple(
        RatingShown(display_rating(changes[uid].after), changes[uid].delta) if uid in changes else None
        for uid in user_ids
    )

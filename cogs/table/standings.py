"""What a finished match changed for each player on the server's leaderboard of its game.

``standing_lines(db, game_id, locale)`` gives one short line per human seat, "alice: 3rd → 2nd on
this server's Koi-Koi leaderboard", for the match summary. Ranks come from the stored results
(``store.stats.standings``): the board without this game against the board with it, counting
only the games finished before it, so the lines are the same whenever they are asked for (also
after a restart, or when the summary is posted late). CPU seats have no line.
"""

from __future__ import annotations

from cogs.ratings.summary import rating_changes_text
from i18n import ordinal as i18n_ordinal
from i18n import t
from store.db import Database
from store.stats import Standing, standings


def ordinal(n: int, locale: str) -> str:
    """``1st``, ``22nd``, ``13th``; ``1er``, ``2e``: the CLDR ordinal category of ``n`` in the
    language (Babel, via :func:`i18n.ordinal`) picks the ``standings.ordinal.<category>`` text."""
    return i18n_ordinal(locale, "standings.ordinal", n)


def standing_line(standing: Standing, game: str, locale: str) -> str:
    """One player's line: a first ranked match, a move up or down, or the same place."""
    board = t(locale, f"game.{game}")
    after = ordinal(standing.after, locale)
    if standing.before is None:
        return t(locale, "standings.first", name=standing.name, after=after, game=board)
    before = ordinal(standing.before, locale)
    if standing.after < standing.before:
        key = "standings.up"
    elif standing.after > standing.before:
        key = "standings.down"
    else:
        key = "standings.same"
    return t(locale, key, name=standing.name, before=before, after=after, game=board)


async def standing_lines(db: Database, game_id: int, locale: str) -> list[str]:
    """One line per human seat of finished game ``game_id``, in seat order: where the player
    stood on the server's board of that game before it and where they stand with it. Empty when
    the game has no recorded results (cancelled, or not finished). A rated match adds each
    player's new rating and its change."""
    game, rows = await standings(db, game_id)
    ratings = await rating_changes_text(db, game_id, locale)  # "rating 1,012 (+12)", rated matches only
    return [
        f"{line} · {ratings[row.user_id]}" if row.user_id in ratings else line
        for row, line in ((row, standing_line(row, game, locale)) for row in rows)
    ]

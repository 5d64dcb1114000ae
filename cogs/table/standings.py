"""What a finished match changed for each player on the server's leaderboard of its game.

``standing_lines(db, game_id, locale)`` gives one short line per human seat, "alice: 3rd → 2nd on
this server's Koi-Koi leaderboard", for the match summary. Ranks come from the stored results
(``store.stats.standings``): the board without this game against the board with it, counting
only the games finished before it, so the lines are the same whenever they are asked for (also
after a restart, or when the summary is posted late). CPU seats have no line.
"""

from __future__ import annotations

from collections.abc import Callable

from i18n import normalize, t
from store.db import Database
from store.stats import Standing, standings


def _english(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if n % 10 == 2 and n % 100 != 12:
        return "two"
    if n % 10 == 3 and n % 100 != 13:
        return "few"
    return "other"


# The ordinal plural category of each language (CLDR): which ``standings.ordinal.<category>``
# text writes the rank (1st 2nd 3rd 4th; 1er 2e).
ORDINAL_CATEGORY: dict[str, Callable[[int], str]] = {
    "en": _english,
    "fr": lambda n: "one" if n == 1 else "other",
}


def ordinal(n: int, locale: str) -> str:
    """``1st``, ``22nd``, ``13th``; ``1er``, ``2e``."""
    category = ORDINAL_CATEGORY.get(normalize(locale), lambda _: "other")(n)
    return t(locale, f"standings.ordinal.{category}", n=n)


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
    the game has no recorded results (cancelled, or not finished)."""
    game, rows = await standings(db, game_id)
    return [standing_line(row, game, locale) for row in rows]

"""Seasons per server (issue 16): windows an admin opens, and the season ratings folded in them.

Seasons are off until a server's admin starts one; starting the next one ends the current one,
and ending it without a next one turns seasons off again. The ladder rating (``store.ratings``)
never resets: a season has its own rating per (server, season, user, game), folded from that
server's matches whose ``finished_at`` lies in the window, by the same rules and in the same
order as the ladder (``store.ratings._fold`` calls :func:`fold_season` for every match it folds).
The windows are what an admin decided, so a recompute keeps them and rebuilds the ratings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from store.backends.base import Connection
from store.db import Database, utc_now
from store.rating_rules import Rating, SeatOutcome, rate_match

SELECT_SEASONS = "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number"
SELECT_CURRENT = "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL"
LAST_NUMBER = "SELECT max(number) AS n FROM seasons WHERE guild_id = ?"
END_CURRENT = "UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND ended_at IS NULL"
INSERT_SEASON = """
INSERT INTO seasons (guild_id, number, started_at, ended_at, started_by) VALUES (?, ?, ?, NULL, ?)
"""
SEASON_AT = """
SELECT number FROM seasons
WHERE guild_id = ? AND started_at <= ? AND (ended_at IS NULL OR ? < ended_at)
ORDER BY number DESC LIMIT 1
"""
SELECT_SEASON_RATING = """
SELECT * FROM season_ratings WHERE guild_id = ? AND season = ? AND user_id = ? AND game = ?
"""
UPSERT_SEASON_RATING = """
INSERT INTO season_ratings (guild_id, season, user_id, game, mu, sigma, matches, wins)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, season, user_id, game)
DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches, wins = excluded.wins
"""
INSERT_SEASON_CHANGE = """
INSERT INTO season_changes
    (guild_id, season, game_id, user_id, game, mu_before, sigma_before, mu_after, sigma_after, at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
CLEAR_SEASON_RATINGS = ("DELETE FROM season_changes", "DELETE FROM season_ratings")


@dataclass(frozen=True, slots=True)
class Season:
    """A season's window (``ended_at`` None: the current season)."""

    guild_id: int
    number: int
    started_at: str
    ended_at: str | None

    @property
    def current(self) -> bool:
        return self.ended_at is None


def _season(row: Any) -> Season:
    return Season(row["guild_id"], row["number"], row["started_at"], row["ended_at"])


async def seasons(db: Database, guild_id: int) -> list[Season]:
    """Every season of the server, the first first (empty: seasons were never used)."""
    async with db.read() as conn, conn.execute(SELECT_SEASONS, (guild_id,)) as cursor:
        return [_season(r) for r in await cursor.fetchall()]


async def current_season(db: Database, guild_id: int) -> Season | None:
    async with db.read() as conn, conn.execute(SELECT_CURRENT, (guild_id,)) as cursor:
        row = await cursor.fetchone()
    return _season(row) if row is not None else None


async def start_season(db: Database, guild_id: int, by: int, *, at: str | None = None) -> Season:
    """End the current season (if any) and start the next one now (or ``at``)."""
    at = at or utc_now()
    async with db.transaction() as conn:
        await conn.execute(END_CURRENT, (at, guild_id))
        async with conn.execute(LAST_NUMBER, (guild_id,)) as cursor:
            row = await cursor.fetchone()
        number = (row["n"] or 0) + 1
        await conn.execute(INSERT_SEASON, (guild_id, number, at, by))
    return Season(guild_id, number, at, None)


async def end_season(db: Database, guild_id: int, *, at: str | None = None) -> Season | None:
    """End the current season without starting another (seasons off); the season ended, if any."""
    current = await current_season(db, guild_id)
    if current is None:
        return None
    at = at or utc_now()
    async with db.transaction() as conn:
        await conn.execute(END_CURRENT, (at, guild_id))
    return Season(guild_id, current.number, current.started_at, at)


async def _season_at(conn: Connection, guild_id: int, at: str) -> int | None:
    async with conn.execute(SEASON_AT, (guild_id, at, at)) as cursor:
        row = await cursor.fetchone()
    return row["number"] if row is not None else None


async def _season_rating(conn: Connection, key: tuple[int, int, int, str]) -> tuple[Rating, int, int]:
    async with conn.execute(SELECT_SEASON_RATING, key) as cursor:
        row = await cursor.fetchone()
    if row is None:
        return Rating(), 0, 0
    return Rating(row["mu"], row["sigma"]), row["matches"], row["wins"]


async def fold_season(
    conn: Connection,
    guild_id: int,
    game_id: int,
    game: str,
    finished_at: str,
    seats: Sequence[SeatOutcome],
    *,
    cpu_rated: bool,
) -> None:
    """Fold one match into its server's season, if it finished inside one and is a ladder match."""
    season = await _season_at(conn, guild_id, finished_at)
    if season is None:
        return
    humans = sorted({s.user_id for s in seats if s.user_id is not None})
    stored = {user: await _season_rating(conn, (guild_id, season, user, game)) for user in humans}
    outcome = rate_match(game, seats, {u: r for u, (r, _, _) in stored.items()}, cpu_rated=cpu_rated)
    if outcome.kind != "ladder":
        return
    for user, won in outcome.won.items():
        before, matches, wins = stored[user]
        after = outcome.after[user]
        await conn.execute(
            UPSERT_SEASON_RATING,
            (guild_id, season, user, game, after.mu, after.sigma, matches + 1, wins + won),
        )
        change = (before.mu, before.sigma, after.mu, after.sigma, finished_at)
        await conn.execute(INSERT_SEASON_CHANGE, (guild_id, season, game_id, user, game, *change))

"""Leaderboards and per-user statistics, computed from results; CPU seats never count."""

from __future__ import annotations

from dataclasses import dataclass

from store.db import Database

_LEADERBOARD = """
SELECT seats.user_id, count(*) AS games, sum(results.won) AS wins, sum(results.points) AS points
FROM results
JOIN games ON games.id = results.game_id
JOIN seats ON seats.game_id = results.game_id AND seats.seat = results.seat
WHERE games.guild_id = ? AND games.game = ? AND seats.user_id IS NOT NULL
GROUP BY seats.user_id
"""
_TIES = "games ASC, seats.user_id ASC\nLIMIT ?\n"
LEADERBOARD = _LEADERBOARD + "ORDER BY wins DESC, points DESC, " + _TIES
# Go-Stop is played for points won and lost: its board ranks by points first.
LEADERBOARD_BY_POINTS = _LEADERBOARD + "ORDER BY points DESC, wins DESC, " + _TIES
USER_STATS = """
SELECT games.game, count(*) AS played, sum(results.won) AS won, sum(results.points) AS points,
       max(results.best_round) AS best_round
FROM results
JOIN games ON games.id = results.game_id
JOIN seats ON seats.game_id = results.game_id AND seats.seat = results.seat
WHERE seats.user_id = ? AND (? IS NULL OR games.guild_id = ?)
GROUP BY games.game
ORDER BY games.game
"""


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    user_id: int
    games: int
    wins: int
    points: int


@dataclass(frozen=True, slots=True)
class GameStats:
    game: str
    played: int
    won: int
    points: int
    best_round: int


async def leaderboard(
    db: Database, guild_id: int, game: str, limit: int = 10, *, by_points: bool = False
) -> list[LeaderboardRow]:
    """The guild's best players of ``game``: most wins, then most points (with ``by_points``:
    most points, then most wins); then fewer games played, then user id, so ties always list in
    the same order."""
    sql = LEADERBOARD_BY_POINTS if by_points else LEADERBOARD
    async with db.read() as conn, conn.execute(sql, (guild_id, game, limit)) as cursor:
        rows = await cursor.fetchall()
    return [LeaderboardRow(r["user_id"], r["games"], r["wins"], r["points"]) for r in rows]


async def user_stats(db: Database, user_id: int, guild_id: int | None = None) -> dict[str, GameStats]:
    """A user's record per game (keyed by game name), in one guild or, with None, everywhere."""
    async with db.read() as conn, conn.execute(USER_STATS, (user_id, guild_id, guild_id)) as cursor:
        rows = await cursor.fetchall()
    return {
        r["game"]: GameStats(r["game"], r["played"], r["won"], r["points"], r["best_round"]) for r in rows
    }

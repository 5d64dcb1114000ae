"""Leaderboards and per-user statistics, computed from results; CPU seats never count."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field

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
# The per-game counters a spec writes in ``SeatResult.extra`` (Dou Dizhu: hands as landlord…).
EXTRAS = """
SELECT seats.user_id, games.game, results.extra_json
FROM results
JOIN games ON games.id = results.game_id
JOIN seats ON seats.game_id = results.game_id AND seats.seat = results.seat
WHERE seats.user_id IS NOT NULL AND results.extra_json != '{}'
  AND (? IS NULL OR seats.user_id = ?) AND (? IS NULL OR games.guild_id = ?) AND (? IS NULL OR games.game = ?)
"""


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    user_id: int
    games: int
    wins: int
    points: int
    totals: dict[str, int] = field(default_factory=dict)  # summed numeric ``extra`` counters


@dataclass(frozen=True, slots=True)
class GameStats:
    game: str
    played: int
    won: int
    points: int
    best_round: int
    totals: dict[str, int] = field(default_factory=dict)  # summed numeric ``extra`` counters


async def _extra_totals(
    db: Database, *, user_id: int | None = None, guild_id: int | None = None, game: str | None = None
) -> dict[tuple[int, str], dict[str, int]]:
    """Numeric ``extra`` counters summed per (user, game); text values (labels) are skipped."""
    params = (user_id, user_id, guild_id, guild_id, game, game)
    async with db.read() as conn, conn.execute(EXTRAS, params) as cursor:
        rows = await cursor.fetchall()
    totals: dict[tuple[int, str], dict[str, int]] = defaultdict(dict)
    for r in rows:
        counters = totals[(r["user_id"], r["game"])]
        for key, value in json.loads(r["extra_json"]).items():
            if isinstance(value, int) and not isinstance(value, bool):
                counters[key] = counters.get(key, 0) + value
    return totals


async def leaderboard(
    db: Database, guild_id: int, game: str, limit: int = 10, *, by_points: bool = False
) -> list[LeaderboardRow]:
    """The guild's best players of ``game``: most wins, then most points (with ``by_points``:
    most points, then most wins); then fewer games played, then user id, so ties always list in
    the same order."""
    sql = LEADERBOARD_BY_POINTS if by_points else LEADERBOARD
    async with db.read() as conn, conn.execute(sql, (guild_id, game, limit)) as cursor:
        rows = await cursor.fetchall()
    extras = await _extra_totals(db, guild_id=guild_id, game=game)
    return [
        LeaderboardRow(r["user_id"], r["games"], r["wins"], r["points"], extras.get((r["user_id"], game), {}))
        for r in rows
    ]


async def user_stats(db: Database, user_id: int, guild_id: int | None = None) -> dict[str, GameStats]:
    """A user's record per game (keyed by game name), in one guild or, with None, everywhere."""
    async with db.read() as conn, conn.execute(USER_STATS, (user_id, guild_id, guild_id)) as cursor:
        rows = await cursor.fetchall()
    extras = await _extra_totals(db, user_id=user_id, guild_id=guild_id)
    return {
        r["game"]: GameStats(
            r["game"],
            r["played"],
            r["won"],
            r["points"],
            r["best_round"],
            extras.get((user_id, r["game"]), {}),
        )
        for r in rows
    }

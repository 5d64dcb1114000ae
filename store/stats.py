"""Per-user statistics and win/points boards, computed from results; CPU seats never count.

``/leaderboard`` ranks by rating (``store.rating_boards``); :func:`standings`, the match summary's
"3rd → 2nd", ranks the same way, from the stored rating changes. The win/points board
(:func:`leaderboard`: most wins first, or most points for Go-Stop and Dou Dizhu) remains for
the records it sums (Dou Dizhu's hands as landlord and as peasant).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from engine.registry import engine_of
from store.db import Database
from store.rating_rules import Rating, ladder_key

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
# A game played for points won and lost (its engine says ``ranked_by="points"``) ranks by points first.
LEADERBOARD_BY_POINTS = _LEADERBOARD + "ORDER BY points DESC, wins DESC, " + _TIES
# The rating changes of a game's board on a server as it stood once ``game_id`` had been rated:
# those of the people who played that game there (up to it), from the games folded before it
# and it, in folding order ((at, game_id), as store.ratings folds them).
BOARD_CHANGES = """
SELECT rating_changes.user_id, rating_changes.game_id, rating_changes.mu_after, rating_changes.sigma_after
FROM rating_changes
JOIN games AS this ON this.id = ?
WHERE rating_changes.game = this.game
  AND (rating_changes.at < this.finished_at
       OR (rating_changes.at = this.finished_at AND rating_changes.game_id <= ?))
  AND rating_changes.user_id IN (
    SELECT seats.user_id FROM seats JOIN games ON games.id = seats.game_id
    WHERE games.guild_id = this.guild_id AND games.game = this.game AND seats.user_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id)
      AND (games.finished_at < this.finished_at OR (games.finished_at = this.finished_at AND games.id <= ?))
  )
ORDER BY rating_changes.at, rating_changes.game_id
"""
GAME_SEATS = """
SELECT games.game, seats.seat, seats.user_id, seats.display_name
FROM games
JOIN results ON results.game_id = games.id
JOIN seats ON seats.game_id = games.id AND seats.seat = results.seat
WHERE games.id = ?
ORDER BY seats.seat
"""
# The games with results on a server, the most recently finished first.
GAMES_PLAYED = """
SELECT games.game, max(games.finished_at) AS last
FROM games
WHERE games.guild_id = ? AND EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id)
GROUP BY games.game
ORDER BY last DESC, games.game
"""
# The game of the latest table opened in a channel or one of its threads.
LAST_GAME_HERE = """
SELECT game FROM games WHERE guild_id = ? AND (channel_id = ? OR thread_id = ?) ORDER BY id DESC LIMIT 1
"""
USER_STATS = """
SELECT games.game, count(*) AS played, sum(results.won) AS won, sum(results.points) AS points,
       max(results.best_round) AS best_round
FROM results
JOIN games ON games.id = results.game_id
JOIN seats ON seats.game_id = results.game_id AND seats.seat = results.seat
WHERE seats.user_id = ? AND (CAST(? AS BIGINT) IS NULL OR games.guild_id = ?)
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
  AND (CAST(? AS BIGINT) IS NULL OR seats.user_id = ?) AND (CAST(? AS BIGINT) IS NULL OR games.guild_id = ?)
  AND (CAST(? AS TEXT) IS NULL OR games.game = ?)
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


def ranks_by_points(game: str) -> bool:
    """Whether ``game``'s board ranks by points first (games played for points won and lost)."""
    engine = engine_of(game)
    return engine is not None and engine.ranked_by == "points"


def rank_key(by_points: bool, user_id: int, games: int, wins: int, points: int) -> tuple[int, ...]:
    """The board's order as a sort key (the same as ``LEADERBOARD``'s ``ORDER BY``)."""
    first = (-points, -wins) if by_points else (-wins, -points)
    return (*first, games, user_id)


async def leaderboard(
    db: Database, guild_id: int, game: str, limit: int = 10, *, by_points: bool | None = None
) -> list[LeaderboardRow]:
    """The guild's best players of ``game``: most wins, then most points (with ``by_points``:
    most points, then most wins; by default, as :func:`ranks_by_points` says for ``game``); then
    fewer games played, then user id, so ties always list in the same order."""
    if by_points is None:
        by_points = ranks_by_points(game)
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


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a human seat of a finished game stands on that game's rating board on its server:
    its rank before the game (``None``: it was not on the board yet) and after it."""

    seat: int
    user_id: int
    name: str
    before: int | None
    after: int


def _board(rows: list[Any], *, without: int | None) -> dict[int, int]:
    """Ranks on a rating board from rating changes in folding order (each player's last one
    counts; ``without``: a game whose changes are left out), in ``/leaderboard``'s order."""
    last: dict[int, tuple[Rating, int]] = {}
    for r in rows:
        if r["game_id"] == without:
            continue
        _, matches = last.get(r["user_id"], (Rating(), 0))
        last[r["user_id"]] = (Rating(r["mu_after"], r["sigma_after"]), matches + 1)
    order = sorted(last, key=lambda user: ladder_key(*last[user], user))
    return {user: i + 1 for i, user in enumerate(order)}


async def standings(db: Database, game_id: int) -> tuple[str, list[Standing]]:
    """``(game, standings)`` of the human seats of finished game ``game_id``: each one's rank on
    the server's rating board of that game (``/leaderboard``: the people who played it on this
    server, by their rating) just before this game and just after it, from the rating changes of
    the games folded up to it, so the answer is the same whenever it is asked. A player with no
    rating after it (only ever played against the CPU) has no standing. Empty when the game has
    no recorded results."""
    async with db.read() as conn:
        async with conn.execute(GAME_SEATS, (game_id,)) as cursor:
            seats = await cursor.fetchall()
        if not seats:
            return "", []
        async with conn.execute(BOARD_CHANGES, (game_id,) * 3) as cursor:
            changes = list(await cursor.fetchall())
    game = seats[0]["game"]
    after, before = _board(changes, without=None), _board(changes, without=game_id)
    return game, [
        Standing(s["seat"], s["user_id"], s["display_name"], before.get(s["user_id"]), after[s["user_id"]])
        for s in seats
        if s["user_id"] is not None and s["user_id"] in after
    ]


async def games_played(db: Database, guild_id: int) -> list[str]:
    """The games with a finished match on the server, the most recently finished first."""
    async with db.read() as conn, conn.execute(GAMES_PLAYED, (guild_id,)) as cursor:
        return [r["game"] for r in await cursor.fetchall()]


async def last_game_here(db: Database, guild_id: int, channel_id: int) -> str | None:
    """The game of the latest table opened in this channel (or thread), if any."""
    params = (guild_id, channel_id, channel_id)
    async with db.read() as conn, conn.execute(LAST_GAME_HERE, params) as cursor:
        row = await cursor.fetchone()
    return row["game"] if row is not None else None

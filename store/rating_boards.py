"""What the leaderboard, profile and history cards read (issue 16): boards, trends, histories.

Ratings are global per (user, game); everything that names other people is read from ONE server
(``guild_id``): its matches, the names its players played under there. Only the global board
reaches across servers, and only for players who opted in (the cog filters with
``store.user_settings.public_users``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import aiosqlite

from store.db import Database, from_json
from store.rating_rules import Rating, display_rating, ladder_key
from store.ratings import GAME_RATINGS, PlayerRating, _player

SERVER_PLAYERS = """
SELECT DISTINCT seats.user_id
FROM seats JOIN games ON games.id = seats.game_id
WHERE games.guild_id = ? AND games.game = ? AND seats.user_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id)
"""
SEASON_RATINGS = "SELECT * FROM season_ratings WHERE guild_id = ? AND season = ? AND game = ?"
CHANGES_SINCE = """
SELECT user_id, mu_before, sigma_before FROM rating_changes
WHERE game = ? AND at > ? ORDER BY at, game_id
"""
SEASON_CHANGES_SINCE = """
SELECT user_id, mu_before, sigma_before FROM season_changes
WHERE guild_id = ? AND season = ? AND game = ? AND at > ? ORDER BY at, game_id
"""
LAST_CHANGES = """
SELECT mu_before, sigma_before, mu_after, sigma_after FROM rating_changes
WHERE user_id = ? AND game = ? ORDER BY at DESC, game_id DESC LIMIT ?
"""
HISTORY = """
SELECT games.id, games.game, games.finished_at, results.seat, results.points, results.won, results.extra_json
FROM results
JOIN seats ON seats.game_id = results.game_id AND seats.seat = results.seat
JOIN games ON games.id = results.game_id
WHERE seats.user_id = ? AND games.guild_id = ? AND (CAST(? AS TEXT) IS NULL OR games.game = ?)
ORDER BY games.finished_at DESC, games.id DESC
LIMIT ?
"""
MATCH_TABLE = """
SELECT seats.seat, seats.user_id, seats.display_name, results.points, results.won
FROM seats JOIN results ON results.game_id = seats.game_id AND results.seat = seats.seat
WHERE seats.game_id = ? ORDER BY seats.seat
"""
CHANGE_OF = "SELECT * FROM rating_changes WHERE game_id = ? AND user_id = ?"
OPPONENTS = """
SELECT other.user_id, count(*) AS games, sum(mine.won) AS wins
FROM seats AS me
JOIN games ON games.id = me.game_id
JOIN results AS mine ON mine.game_id = me.game_id AND mine.seat = me.seat
JOIN seats AS other ON other.game_id = me.game_id AND other.seat <> me.seat
WHERE me.user_id = ? AND games.guild_id = ? AND games.game = ?
  AND other.user_id IS NOT NULL AND other.user_id <> me.user_id
GROUP BY other.user_id
ORDER BY games DESC, other.user_id
LIMIT ?
"""
NAME_HERE = """
SELECT seats.display_name FROM seats JOIN games ON games.id = seats.game_id
WHERE seats.user_id = ? AND (CAST(? AS BIGINT) IS NULL OR games.guild_id = ?)
ORDER BY games.id DESC LIMIT 1
"""
MEMORY_BEST = """
SELECT seats.user_id, max(results.points) AS best, count(*) AS games, sum(results.won) AS wins
FROM results
JOIN seats ON seats.game_id = results.game_id AND seats.seat = results.seat
JOIN games ON games.id = results.game_id
WHERE games.game = ? AND seats.user_id IS NOT NULL
  AND (CAST(? AS BIGINT) IS NULL OR games.guild_id = ?)
GROUP BY seats.user_id
ORDER BY best DESC, games ASC, seats.user_id
"""


@dataclass(frozen=True, slots=True)
class Opponent:
    user_id: int
    games: int
    wins: int  # the player's wins in those games


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a match in a history (``user_id`` None: a CPU)."""

    user_id: int | None
    name: str
    points: int
    won: bool


@dataclass(frozen=True, slots=True)
class Match:
    """One of a player's matches: the player's own seat and the others, and the rating change
    (``delta`` None: the match moved no rating)."""

    game_id: int
    game: str
    finished_at: str
    me: Seat
    others: tuple[Seat, ...]
    forfeit: bool
    delta: int | None


@dataclass(frozen=True, slots=True)
class BestScore:
    user_id: int
    best: int
    games: int
    wins: int


def ranked(players: Sequence[PlayerRating]) -> list[PlayerRating]:
    """In ladder order: a provisional player is never above an established one."""
    return sorted(players, key=lambda p: ladder_key(p.rating, p.matches, p.user_id))


async def _rows(db: Database, sql: str, params: tuple[object, ...]) -> list[aiosqlite.Row]:
    async with db.read() as conn, conn.execute(sql, params) as cursor:
        return list(await cursor.fetchall())


async def server_players(db: Database, guild_id: int, game: str) -> set[int]:
    """The people with a finished match of ``game`` on this server: its board ranks them."""
    return {r["user_id"] for r in await _rows(db, SERVER_PLAYERS, (guild_id, game))}


async def ladder(db: Database, game: str, user_ids: Collection[int] | None = None) -> list[PlayerRating]:
    """Every rated player of ``game`` (among ``user_ids`` when given), in ladder order."""
    rows = [_player(r) for r in await _rows(db, GAME_RATINGS, (game,))]
    if user_ids is not None:
        wanted = set(user_ids)
        rows = [p for p in rows if p.user_id in wanted]
    return ranked(rows)


async def season_ladder(db: Database, guild_id: int, season: int, game: str) -> list[PlayerRating]:
    """A season's board on its server, in ladder order (matches: the season's)."""
    rows = await _rows(db, SEASON_RATINGS, (guild_id, season, game))
    players = [
        PlayerRating(r["user_id"], game, Rating(r["mu"], r["sigma"]), r["matches"], r["wins"], 0, 0)
        for r in rows
        if r["matches"] > 0
    ]
    return ranked(players)


async def trends(
    db: Database, players: Sequence[PlayerRating], since: str, *, season: tuple[int, int] | None = None
) -> dict[int, int]:
    """How far each player's shown rating moved since ``since`` (a week ago): now minus before
    their first rated match after it; 0 for a player who has not played since. ``season``:
    ``(guild_id, number)`` for a season board."""
    if not players:
        return {}
    game = players[0].game
    if season is None:
        rows = await _rows(db, CHANGES_SINCE, (game, since))
    else:
        rows = await _rows(db, SEASON_CHANGES_SINCE, (*season, game, since))
    first: dict[int, Rating] = {}
    for r in rows:
        first.setdefault(r["user_id"], Rating(r["mu_before"], r["sigma_before"]))
    return {
        p.user_id: p.display - display_rating(first[p.user_id]) if p.user_id in first else 0 for p in players
    }


async def rating_series(db: Database, user_id: int, game: str, last: int = 50) -> list[int]:
    """The shown rating before the player's last ``last`` rated matches and after each of them,
    oldest first (empty: no rated match)."""
    rows = (await _rows(db, LAST_CHANGES, (user_id, game, last)))[::-1]
    if not rows:
        return []
    start = display_rating(Rating(rows[0]["mu_before"], rows[0]["sigma_before"]))
    return [start, *(display_rating(Rating(r["mu_after"], r["sigma_after"])) for r in rows)]


async def history(
    db: Database, user_id: int, guild_id: int, game: str | None = None, limit: int = 10
) -> list[Match]:
    """The player's last ``limit`` matches on this server (of ``game``, or of any), newest first."""
    out = []
    for g in await _rows(db, HISTORY, (user_id, guild_id, game, game, limit)):
        seats = [
            Seat(r["user_id"], r["display_name"], r["points"], bool(r["won"]))
            for r in await _rows(db, MATCH_TABLE, (g["id"],))
        ]
        change = await _rows(db, CHANGE_OF, (g["id"], user_id))
        delta = None
        if change:
            c = change[0]
            delta = display_rating(Rating(c["mu_after"], c["sigma_after"])) - display_rating(
                Rating(c["mu_before"], c["sigma_before"])
            )
        extra = from_json(g["extra_json"])
        out.append(
            Match(
                g["id"],
                g["game"],
                g["finished_at"],
                seats[g["seat"]],
                tuple(s for i, s in enumerate(seats) if i != g["seat"]),
                bool(extra.get("forfeit", False)),
                delta,
            )
        )
    return out


async def opponents(db: Database, user_id: int, guild_id: int, game: str, limit: int = 3) -> list[Opponent]:
    """The people the player met most in ``game`` on this server (CPUs aside)."""
    rows = await _rows(db, OPPONENTS, (user_id, guild_id, game, limit))
    return [Opponent(r["user_id"], r["games"], r["wins"]) for r in rows]


async def name_on(db: Database, user_id: int, guild_id: int | None) -> str | None:
    """The name the player last played under on this server (``guild_id`` None: anywhere, only
    for a player who opted in to the global board)."""
    rows = await _rows(db, NAME_HERE, (user_id, guild_id, guild_id))
    return rows[0]["display_name"] if rows else None


async def memory_best(db: Database, guild_id: int | None, game: str) -> list[BestScore]:
    """The best scores per player of ``game``, one without rating (the memory mode), on one
    server or everywhere."""
    rows = await _rows(db, MEMORY_BEST, (game, guild_id, guild_id))
    return [BestScore(r["user_id"], r["best"], r["games"], r["wins"]) for r in rows]

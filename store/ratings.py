"""Skill ratings per (user, game), derived from results (issue 16; the rules: ``rating_rules``;
seasons: ``seasons``, folded along).

Nothing here is hand-kept. :func:`fold_pending_ratings` folds every finished game not yet folded
into ``ratings``, one game at a time in ``(finished_at, id)`` order, and :func:`recompute_ratings`
empties the three tables and folds everything again. Both go through the same per-game fold,
reading the stored ratings back as the doubles they were written as, so a recompute gives
exactly the stored values. If a game turns up that sorts before one already folded (its finish
was recorded late), folding rebuilds from scratch rather than fold it out of order.

Call :func:`apply_game_ratings` once a game's results are stored (after ``finish_with_results``):
it folds what is pending (so games finished while the bot was down, or before the ratings
migration, are caught up too) and returns that game's rating changes.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from store.backends.base import Connection
from store.db import Database, from_json
from store.guild_settings import CPU_MOVES_LADDER
from store.rating_rules import (
    Rating,
    SeatOutcome,
    display_rating,
    is_provisional,
    ladder_key,
    rate_match,
)
from store.seasons import CLEAR_SEASON_RATINGS, fold_season

# Finished games with results that are not folded yet, in folding order.
PENDING_GAMES = """
SELECT games.id, games.guild_id, games.game, games.finished_at
FROM games
WHERE games.status = 'finished'
  AND EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id)
  AND NOT EXISTS (SELECT 1 FROM rated_games WHERE rated_games.game_id = games.id)
ORDER BY games.finished_at, games.id
"""
LAST_FOLDED = """
SELECT games.id, games.finished_at
FROM rated_games JOIN games ON games.id = rated_games.game_id
ORDER BY games.finished_at DESC, games.id DESC
LIMIT 1
"""
MATCH_SEATS = """
SELECT results.seat, seats.user_id, results.points, results.won, results.extra_json
FROM results
JOIN seats ON seats.game_id = results.game_id AND seats.seat = results.seat
WHERE results.game_id = ?
ORDER BY results.seat
"""
SELECT_RATING = "SELECT * FROM ratings WHERE user_id = ? AND game = ?"
UPSERT_RATING = """
INSERT INTO ratings (user_id, game, mu, sigma, matches, wins, cpu_matches, cpu_wins)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (user_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
    matches = excluded.matches, wins = excluded.wins,
    cpu_matches = excluded.cpu_matches, cpu_wins = excluded.cpu_wins
"""
INSERT_CHANGE = """
INSERT INTO rating_changes (game_id, user_id, game, mu_before, sigma_before, mu_after, sigma_after, at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""
INSERT_FOLDED = "INSERT INTO rated_games (game_id, kind) VALUES (?, ?)"
CLEAR = (
    "DELETE FROM rating_changes",
    "DELETE FROM rated_games",
    "DELETE FROM ratings",
    *CLEAR_SEASON_RATINGS,
)
# The vs-CPU policy of a match, fixed when it is first rated (a recompute reads it back).
SELECT_POLICY = "SELECT cpu_rated FROM rating_policies WHERE game_id = ?"
INSERT_POLICY = """
INSERT INTO rating_policies (game_id, cpu_rated) VALUES (?, ?) ON CONFLICT (game_id) DO NOTHING
"""
SELECT_CPU_SETTING = "SELECT value_json FROM guild_settings WHERE guild_id = ? AND key = ?"
CPU_SETTING = CPU_MOVES_LADDER  # guild setting: CPU matches move the ladder (default no)
SELECT_CHANGES = "SELECT * FROM rating_changes WHERE game_id = ? ORDER BY user_id"
USER_RATINGS = "SELECT * FROM ratings WHERE user_id = ? ORDER BY game"
GAME_RATINGS = "SELECT * FROM ratings WHERE game = ? AND matches > 0"


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A user's rating and records in one game (``matches``: rated matches, humans only)."""

    user_id: int
    game: str
    rating: Rating
    matches: int
    wins: int
    cpu_matches: int
    cpu_wins: int

    @property
    def display(self) -> int:
        return display_rating(self.rating)

    @property
    def provisional(self) -> bool:
        return is_provisional(self.matches)


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one ladder match did to one user's rating."""

    game_id: int
    user_id: int
    game: str
    before: Rating
    after: Rating
    at: str

    @property
    def delta(self) -> int:
        """The change of the shown rating (the match summary's +12 / −9)."""
        return display_rating(self.after) - display_rating(self.before)


def _player(row: Any) -> PlayerRating:
    return PlayerRating(
        row["user_id"],
        row["game"],
        Rating(row["mu"], row["sigma"]),
        row["matches"],
        row["wins"],
        row["cpu_matches"],
        row["cpu_wins"],
    )


def _change(row: Any) -> RatingChange:
    return RatingChange(
        row["game_id"],
        row["user_id"],
        row["game"],
        Rating(row["mu_before"], row["sigma_before"]),
        Rating(row["mu_after"], row["sigma_after"]),
        row["at"],
    )


async def _stored(conn: Connection, user_id: int, game: str) -> PlayerRating:
    async with conn.execute(SELECT_RATING, (user_id, game)) as cursor:
        row = await cursor.fetchone()
    return _player(row) if row is not None else PlayerRating(user_id, game, Rating(), 0, 0, 0, 0)


async def _cpu_rated(conn: Connection, game_id: int, guild_id: int) -> bool:
    """Whether this match's CPU seats play on the ladder: the policy stored when it was first
    rated, else the server's setting now (stored, so a later change of setting or a recompute
    rates the match the same way)."""
    async with conn.execute(SELECT_POLICY, (game_id,)) as cursor:
        row = await cursor.fetchone()
    if row is not None:
        return bool(row["cpu_rated"])
    async with conn.execute(SELECT_CPU_SETTING, (guild_id, CPU_SETTING)) as cursor:
        setting = await cursor.fetchone()
    rated = setting is not None and from_json(setting["value_json"]) is True
    await conn.execute(INSERT_POLICY, (game_id, int(rated)))
    return rated


async def _fold(conn: Connection, game_id: int, guild_id: int, game: str, finished_at: str) -> None:
    """Fold one finished game into the ratings (and its server's season) and mark it folded."""
    async with conn.execute(MATCH_SEATS, (game_id,)) as cursor:
        rows = await cursor.fetchall()
    seats = [
        SeatOutcome(r["seat"], r["user_id"], r["points"], bool(r["won"]), from_json(r["extra_json"]))
        for r in rows
    ]
    humans = sorted({s.user_id for s in seats if s.user_id is not None})
    stored = {user: await _stored(conn, user, game) for user in humans}
    cpu_rated = await _cpu_rated(conn, game_id, guild_id)
    outcome = rate_match(game, seats, {user: p.rating for user, p in stored.items()}, cpu_rated=cpu_rated)
    for user, won in outcome.won.items():
        p = stored[user]
        if outcome.kind == "ladder":
            after = outcome.after[user]
            row = (user, game, after.mu, after.sigma, p.matches + 1, p.wins + won, p.cpu_matches, p.cpu_wins)
            change = (game_id, user, game, p.rating.mu, p.rating.sigma, after.mu, after.sigma, finished_at)
            await conn.execute(INSERT_CHANGE, change)
        else:
            row = (
                user,
                game,
                p.rating.mu,
                p.rating.sigma,
                p.matches,
                p.wins,
                p.cpu_matches + 1,
                p.cpu_wins + won,
            )
        await conn.execute(UPSERT_RATING, row)
    await conn.execute(INSERT_FOLDED, (game_id, outcome.kind))
    await fold_season(conn, guild_id, game_id, game, finished_at, seats, cpu_rated=cpu_rated)


async def _fold_pending(conn: Connection) -> int:
    async with conn.execute(PENDING_GAMES) as cursor:
        pending = await cursor.fetchall()
    if not pending:
        return 0
    async with conn.execute(LAST_FOLDED) as cursor:
        last = await cursor.fetchone()
    first = pending[0]
    if last is not None and (first["finished_at"], first["id"]) < (last["finished_at"], last["id"]):
        return await _rebuild(conn)
    for g in pending:
        await _fold(conn, g["id"], g["guild_id"], g["game"], g["finished_at"])
    return len(pending)


async def _rebuild(conn: Connection) -> int:
    for sql in CLEAR:
        await conn.execute(sql)
    return await _fold_pending(conn)


async def fold_pending_ratings(db: Database) -> int:
    """Fold every finished game not folded yet, in order (at start-up, this catches up games
    finished while ratings were not being kept); the number of games folded."""
    async with db.transaction() as conn:
        return await _fold_pending(conn)


async def recompute_ratings(db: Database) -> int:
    """Rebuild all ratings from the stored results; the number of games folded."""
    async with db.transaction() as conn:
        return await _rebuild(conn)


async def rating_changes_for(db: Database, game_id: int) -> list[RatingChange]:
    """The rating changes of a ladder match, by user id (empty for a game that moved no rating)."""
    async with db.read() as conn, conn.execute(SELECT_CHANGES, (game_id,)) as cursor:
        return [_change(r) for r in await cursor.fetchall()]


async def apply_game_ratings(db: Database, game_id: int) -> list[RatingChange]:
    """Fold a just-finished game (and whatever else is pending) into the ratings, and return that
    game's changes. Calling it again for the same game changes nothing."""
    await fold_pending_ratings(db)
    return await rating_changes_for(db, game_id)


async def user_ratings(db: Database, user_id: int) -> dict[str, PlayerRating]:
    """A user's ratings and records, keyed by game (games never played are absent)."""
    async with db.read() as conn, conn.execute(USER_RATINGS, (user_id,)) as cursor:
        return {r["game"]: _player(r) for r in await cursor.fetchall()}


async def rating_ladder(
    db: Database, game: str, *, user_ids: Collection[int] | None = None, limit: int | None = 10
) -> list[PlayerRating]:
    """The best rated players of ``game`` (only among ``user_ids``, e.g. a server's members, when
    given), in ladder order: a provisional player is never above an established one."""
    async with db.read() as conn, conn.execute(GAME_RATINGS, (game,)) as cursor:
        rows = [_player(r) for r in await cursor.fetchall()]
    if user_ids is not None:
        wanted = set(user_ids)
        rows = [p for p in rows if p.user_id in wanted]
    rows.sort(key=lambda p: ladder_key(p.rating, p.matches, p.user_id))
    return rows if limit is None else rows[:limit]


DIGEST = (
    "SELECT * FROM ratings ORDER BY user_id, game",
    "SELECT * FROM rating_changes ORDER BY game_id, user_id",
    "SELECT * FROM season_ratings ORDER BY guild_id, season, user_id, game",
    "SELECT * FROM season_changes ORDER BY game_id, user_id",
)


async def ratings_digest(db: Database) -> list[list[tuple[object, ...]]]:
    """Every derived value as stored (for an admin's recompute to say whether anything changed)."""
    out = []
    async with db.read() as conn:
        for sql in DIGEST:
            async with conn.execute(sql) as cursor:
                out.append([tuple(r) for r in await cursor.fetchall()])
    return out

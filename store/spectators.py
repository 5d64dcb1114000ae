"""Spectators of a running match: their live views and the coach each seat allows.

A spectator's view is a private message kept current through its interaction's webhook token,
like a seat's live hand (``store.announcements.LiveHand``): stored so that a restart takes the
views (and the "watching" count on the board) back. A coach is the one spectator a seated
player lets see their hand; it is stored so a restart keeps it, and it ends with the match.
"""

from __future__ import annotations

from dataclasses import dataclass

from store.db import Database, utc_now

UPSERT_SPECTATOR = """
INSERT INTO spectators (game_id, user_id, token, locale, issued_at, message_id) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id, user_id) DO UPDATE SET token = excluded.token, locale = excluded.locale,
    issued_at = excluded.issued_at, message_id = excluded.message_id
"""
SELECT_SPECTATORS = """
SELECT user_id, token, locale, issued_at, message_id FROM spectators WHERE game_id = ? ORDER BY user_id
"""
DELETE_SPECTATOR = "DELETE FROM spectators WHERE game_id = ? AND user_id = ?"
DELETE_SPECTATORS = "DELETE FROM spectators WHERE game_id = ?"
UPSERT_COACH = """
INSERT INTO coaches (game_id, seat, coach_id, coach_name, created_at) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (game_id, seat) DO UPDATE SET coach_id = excluded.coach_id,
    coach_name = excluded.coach_name, created_at = excluded.created_at
"""
SELECT_COACHES = "SELECT seat, coach_id, coach_name FROM coaches WHERE game_id = ? ORDER BY seat"
DELETE_COACH = "DELETE FROM coaches WHERE game_id = ? AND seat = ?"
DELETE_COACHES = "DELETE FROM coaches WHERE game_id = ?"


@dataclass(frozen=True, slots=True)
class SpectatorRow:
    """A spectator's view: the webhook token that edits it (15 minutes from issue), and its id."""

    user_id: int
    token: str
    locale: str
    issued_at: str  # ISO UTC
    message_id: int | None = None  # None only in a row stored before migration 010


@dataclass(frozen=True, slots=True)
class CoachRow:
    """Seat ``seat`` shows its hand to ``coach_id`` (named ``coach_name`` on the board)."""

    seat: int
    coach_id: int
    coach_name: str


async def save_spectator(db: Database, game_id: int, row: SpectatorRow) -> None:
    async with db.transaction() as conn:
        params = (game_id, row.user_id, row.token, row.locale, row.issued_at, row.message_id)
        await conn.execute(UPSERT_SPECTATOR, params)


async def spectators(db: Database, game_id: int) -> list[SpectatorRow]:
    async with db.read() as conn, conn.execute(SELECT_SPECTATORS, (game_id,)) as cursor:
        rows = await cursor.fetchall()
    return [
        SpectatorRow(
            int(r["user_id"]),
            str(r["token"]),
            str(r["locale"]),
            str(r["issued_at"]),
            None if r["message_id"] is None else int(r["message_id"]),
        )
        for r in rows
    ]


async def drop_spectator(db: Database, game_id: int, user_id: int) -> None:
    async with db.transaction() as conn:
        await conn.execute(DELETE_SPECTATOR, (game_id, user_id))


async def set_coach(db: Database, game_id: int, row: CoachRow) -> None:
    """Seat ``row.seat``'s coach (replacing any); a user coaches one seat of a match at most
    (a second seat raises :class:`~store.errors.Conflict`: the caller checks first)."""
    async with db.transaction() as conn:
        await conn.execute(UPSERT_COACH, (game_id, row.seat, row.coach_id, row.coach_name, utc_now()))


async def coaches(db: Database, game_id: int) -> list[CoachRow]:
    async with db.read() as conn, conn.execute(SELECT_COACHES, (game_id,)) as cursor:
        rows = await cursor.fetchall()
    return [CoachRow(int(r["seat"]), int(r["coach_id"]), str(r["coach_name"])) for r in rows]


async def drop_coach(db: Database, game_id: int, seat: int) -> None:
    async with db.transaction() as conn:
        await conn.execute(DELETE_COACH, (game_id, seat))


async def end_spectating(db: Database, game_id: int) -> None:
    """The match is over: its spectators' views and its coaches end with it."""
    async with db.transaction() as conn:
        await conn.execute(DELETE_SPECTATORS, (game_id,))
        await conn.execute(DELETE_COACHES, (game_id,))

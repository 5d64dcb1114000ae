"""The announce outbox and live hands: what the table flow has posted, and what it keeps current.

Stored moves are the truth; posts catch up to them. ``announced_seq`` counts the moves the public
board has narrated and ``results_posted`` says a finished match's results are out, so a restarted
bot posts exactly what is missing. The board's message id is ``games.table_message_id``.
"""

from __future__ import annotations

from dataclasses import dataclass

from store.db import Database
from store.games import SELECT_SEATS, GameRow, _game, _seat

MARK_ANNOUNCED = """
UPDATE games SET announced_seq = CASE WHEN announced_seq > ? THEN announced_seq ELSE ? END,
    table_message_id = coalesce(?, table_message_id)
WHERE id = ?
"""
MARK_RESULTS_POSTED = "UPDATE games SET results_posted = 1 WHERE id = ?"
SELECT_UNPOSTED_RESULTS = """
SELECT * FROM games WHERE status = 'finished' AND results_posted = 0 AND finished_at >= ? ORDER BY id
"""
UPSERT_LIVE_HAND = """
INSERT INTO live_hands (game_id, seat, token, locale, issued_at, message_id) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id, seat) DO UPDATE SET token = excluded.token, locale = excluded.locale,
    issued_at = excluded.issued_at, message_id = excluded.message_id
"""
SELECT_LIVE_HANDS = """
SELECT seat, token, locale, issued_at, message_id FROM live_hands WHERE game_id = ? ORDER BY seat
"""
DELETE_LIVE_HAND = "DELETE FROM live_hands WHERE game_id = ? AND seat = ?"


@dataclass(frozen=True, slots=True)
class LiveHand:
    """A seat's private hand message: the interaction webhook token that edits it, and its id."""

    seat: int
    token: str
    locale: str
    issued_at: str  # ISO UTC; Discord honours the token for 15 minutes from then
    message_id: int | None = None  # None only in a row stored before migration 010

    def params(self, game_id: int) -> tuple[int, int, str, str, str, int | None]:
        return (game_id, self.seat, self.token, self.locale, self.issued_at, self.message_id)


async def mark_announced(db: Database, game_id: int, seq: int, board_message_id: int | None = None) -> None:
    """The board has narrated the first ``seq`` moves (never moves the watermark back)."""
    async with db.transaction() as conn:
        await conn.execute(MARK_ANNOUNCED, (seq, seq, board_message_id, game_id))


async def mark_results_posted(db: Database, game_id: int) -> None:
    async with db.transaction() as conn:
        await conn.execute(MARK_RESULTS_POSTED, (game_id,))


async def unposted_results(db: Database, since: str) -> list[GameRow]:
    """Finished games (since ``since``, ISO UTC) whose results were never posted: a restart
    between storing a match's end and announcing it."""
    async with db.read() as conn:
        async with conn.execute(SELECT_UNPOSTED_RESULTS, (since,)) as cursor:
            rows = await cursor.fetchall()
        games = []
        for row in rows:
            async with conn.execute(SELECT_SEATS, (row["id"],)) as cursor:
                games.append(_game(row, [_seat(s) for s in await cursor.fetchall()]))
    return games


async def save_live_hand(db: Database, game_id: int, hand: LiveHand) -> None:
    async with db.transaction() as conn:
        await conn.execute(UPSERT_LIVE_HAND, hand.params(game_id))


async def live_hands(db: Database, game_id: int) -> list[LiveHand]:
    async with db.read() as conn, conn.execute(SELECT_LIVE_HANDS, (game_id,)) as cursor:
        rows = await cursor.fetchall()
    return [LiveHand(r["seat"], r["token"], r["locale"], r["issued_at"], _id(r["message_id"])) for r in rows]


def _id(value: int | None) -> int | None:
    return None if value is None else int(value)


async def drop_live_hand(db: Database, game_id: int, seat: int) -> None:
    async with db.transaction() as conn:
        await conn.execute(DELETE_LIVE_HAND, (game_id, seat))

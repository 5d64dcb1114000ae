"""The move log: one row per action, numbered ``seq`` = 0, 1, 2, ... within a game."""

from __future__ import annotations

from dataclasses import dataclass

from store.announcements import UPSERT_LIVE_HAND, LiveHand
from store.db import Database, utc_now
from store.errors import Conflict, GameNotFound, StaleAction, StoreError, WrongStatus
from store.leases import RENEW_ONE, LeaseLost

SELECT_STATUS_AND_NEXT_SEQ = """
SELECT status, (SELECT coalesce(max(seq) + 1, 0) FROM actions WHERE game_id = games.id) AS next_seq
FROM games WHERE id = ?
"""
INSERT_ACTION = "INSERT INTO actions (game_id, seq, seat, action, by_cpu, at) VALUES (?, ?, ?, ?, ?, ?)"
SELECT_ACTIONS = "SELECT game_id, seq, seat, action, by_cpu, at FROM actions WHERE game_id = ? ORDER BY seq"


@dataclass(frozen=True, slots=True)
class ActionRow:
    game_id: int
    seq: int
    seat: int
    action: str  # the engine's text notation (parse_action / str round-trip)
    by_cpu: bool
    at: str


async def append_action(
    db: Database,
    game_id: int,
    seq: int,
    seat: int,
    action: str,
    by_cpu: bool = False,
    *,
    at: str | None = None,
    live_hand: LiveHand | None = None,
) -> ActionRow:
    """Store the game's next action; it is committed when this returns.

    ``seq`` must be the number of actions already stored. A ``seq`` already taken (a double click,
    a stale button, a second worker) raises :class:`StaleAction` and writes nothing; a ``seq``
    further ahead would leave a hole in the replay log and raises :class:`StoreError`. Only
    active games take actions (:class:`WrongStatus` otherwise).

    ``live_hand`` is the click's interaction token, stored in the same transaction: a restarted
    bot can then still finish the reply of a click whose move it stored.
    """
    row = ActionRow(game_id, seq, seat, action, by_cpu, at or utc_now())
    async with db.transaction() as conn:
        async with conn.execute(SELECT_STATUS_AND_NEXT_SEQ, (game_id,)) as cursor:
            found = await cursor.fetchone()
        if found is None:
            raise GameNotFound(f"no game {game_id}")
        status, next_seq = found
        if status != "active":
            raise WrongStatus(f"game {game_id} is {status}, expected active")
        if seq < next_seq:
            raise StaleAction(game_id, seq, next_seq)
        if seq > next_seq:
            raise StoreError(f"game {game_id}: action {seq} would skip ahead of the next action {next_seq}")
        if db.lease is not None:  # only the lease holder writes a move (and the move renews it)
            lease = (db.lease.expiry(), game_id, db.lease.owner)
            if (await conn.execute(RENEW_ONE, lease)).rowcount != 1:
                raise LeaseLost(game_id, db.lease.owner)
        try:  # UNIQUE (game_id, seq) backs the check above: it is what stops another process
            await conn.execute(INSERT_ACTION, (game_id, seq, seat, action, int(by_cpu), row.at))
        except Conflict:  # (on PostgreSQL) that stored this seq meanwhile
            raise StaleAction(game_id, seq, seq + 1) from None
        if live_hand is not None:
            await conn.execute(UPSERT_LIVE_HAND, live_hand.params(game_id))
    return row


async def actions_for(db: Database, game_id: int) -> list[ActionRow]:
    """A game's actions in ``seq`` order (empty for an unknown game)."""
    async with db.read() as conn, conn.execute(SELECT_ACTIONS, (game_id,)) as cursor:
        rows = await cursor.fetchall()
    return [
        ActionRow(r["game_id"], r["seq"], r["seat"], r["action"], bool(r["by_cpu"]), r["at"]) for r in rows
    ]

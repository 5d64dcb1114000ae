"""Per-seat results of a match, written in the same transaction that ends the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from store.db import Database, from_json, to_json
from store.games import END_STATUSES, EndStatus, GameRow, _finish, _require

INSERT_RESULT = """
INSERT INTO results (game_id, seat, points, won, best_round, extra_json) VALUES (?, ?, ?, ?, ?, ?)
"""
SELECT_RESULTS = "SELECT * FROM results WHERE game_id = ? ORDER BY seat"


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one seat did. Who sat there (user or CPU) is taken from the game's seats."""

    seat: int
    points: int  # may be negative
    won: bool
    best_round: int = 0  # best single-round score, for the stats page
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. {"role": "landlord"}


async def finish_with_results(
    db: Database,
    game_id: int,
    results: Sequence[SeatResult],
    *,
    status: EndStatus = "finished",
    at: str | None = None,
) -> GameRow:
    """End an active game and record one result per seat, atomically.

    The game's winners are the seats with ``won``. Raises ``ValueError`` (and changes nothing)
    unless ``results`` covers each seat exactly once.
    """
    async with db.transaction() as conn:
        game = await _require(conn, game_id, ("active",))
        seats = sorted(result.seat for result in results)
        if seats != [seat.seat for seat in game.seats]:
            expected = [seat.seat for seat in game.seats]
            raise ValueError(f"game {game_id}: results for seats {seats}, expected each of {expected} once")
        await conn.executemany(
            INSERT_RESULT,
            [(game_id, r.seat, r.points, int(r.won), r.best_round, to_json(r.extra)) for r in results],
        )
        await _finish(conn, game, status, (r.seat for r in results if r.won), at)
        return await _require(conn, game_id, END_STATUSES)


async def results_for(db: Database, game_id: int) -> list[SeatResult]:
    """The recorded results of a game in seat order (empty if none were recorded)."""
    async with db.read() as conn, conn.execute(SELECT_RESULTS, (game_id,)) as cursor:
        rows = await cursor.fetchall()
    return [
        SeatResult(r["seat"], r["points"], bool(r["won"]), r["best_round"], from_json(r["extra_json"]))
        for r in rows
    ]

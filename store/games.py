"""Games and their seats: lobby -> active -> finished / cancelled / abandoned."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from store.backends.base import Connection
from store.db import Database, from_json, to_json, utc_now
from store.errors import ChannelBusy, GameNotFound, WrongStatus

GameStatus = Literal["lobby", "active", "finished", "cancelled", "abandoned"]
EndStatus = Literal["finished", "cancelled", "abandoned"]
OPEN_STATUSES: tuple[GameStatus, ...] = ("lobby", "active")
END_STATUSES: tuple[EndStatus, ...] = get_args(EndStatus)

INSERT_GAME = """
INSERT INTO games (guild_id, channel_id, game, rules_json, options_json, seed, host_id, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
RETURNING id
"""
INSERT_LEASE = "INSERT INTO table_leases (game_id, owner, expires_at) VALUES (?, ?, ?)"
SELECT_GAME = "SELECT * FROM games WHERE id = ?"
SELECT_OPEN_GAME_AT = """
SELECT * FROM games
WHERE guild_id = ? AND coalesce(thread_id, channel_id) = ? AND status IN ('lobby', 'active')
"""
SELECT_OPEN_GAMES = "SELECT * FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
SELECT_SEATS = "SELECT * FROM seats WHERE game_id = ? ORDER BY seat"
SELECT_OPEN_GAMES_SEATS = """
SELECT seats.* FROM seats JOIN games ON games.id = seats.game_id
WHERE games.status IN ('lobby', 'active')
ORDER BY seats.game_id, seats.seat
"""
DELETE_SEATS = "DELETE FROM seats WHERE game_id = ?"
INSERT_SEAT = "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)"
UPDATE_START = "UPDATE games SET status = 'active', seed = ?, thread_id = ?, started_at = ? WHERE id = ?"
UPDATE_THREAD = "UPDATE games SET thread_id = ? WHERE id = ?"
UPDATE_LOBBY_MESSAGE = "UPDATE games SET lobby_message_id = ? WHERE id = ?"
UPDATE_TABLE_MESSAGE = "UPDATE games SET table_message_id = ? WHERE id = ?"
UPDATE_META = "UPDATE games SET meta_json = ? WHERE id = ?"
UPDATE_FINISH = "UPDATE games SET status = ?, winners_json = ?, finished_at = ? WHERE id = ?"


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who sits at seat ``seat``: a user, or a CPU player when ``user_id`` is None."""

    seat: int
    user_id: int | None
    display_name: str

    @property
    def is_cpu(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    status: GameStatus
    rules: dict[str, Any]
    options: dict[str, Any]
    seed: int
    host_id: int
    seats: tuple[SeatRow, ...]
    winners: tuple[int, ...]
    meta: dict[str, Any]
    lobby_message_id: int | None
    table_message_id: int | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    announced_seq: int = 0  # stored moves the public board has narrated (the outbox watermark)
    results_posted: bool = False  # a finished match's results, sheets and summary are posted

    @property
    def place_id(self) -> int:
        """The channel or thread the game is played in (the thread once it has one)."""
        return self.channel_id if self.thread_id is None else self.thread_id


SeatLike = SeatRow | tuple[int, int | None, str]


def _seat(row: Any) -> SeatRow:
    return SeatRow(seat=row["seat"], user_id=row["user_id"], display_name=row["display_name"])


def _game(row: Any, seats: Iterable[SeatRow]) -> GameRow:
    columns = row.keys()  # (a schema older than migration 002, which tests build on purpose, lacks some)
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        game=row["game"],
        status=row["status"],
        rules=from_json(row["rules_json"]),
        options=from_json(row["options_json"]),
        seed=row["seed"],
        host_id=row["host_id"],
        seats=tuple(seats),
        winners=tuple(from_json(row["winners_json"])),
        meta=from_json(row["meta_json"]),
        lobby_message_id=row["lobby_message_id"],
        table_message_id=row["table_message_id"],
        created_at=row["created_at"],
        started_at=row["started_at"],
        finished_at=row["finished_at"],
        announced_seq=row["announced_seq"] if "announced_seq" in columns else 0,
        results_posted=bool(row["results_posted"]) if "results_posted" in columns else False,
    )


async def _load(conn: Connection, game_id: int) -> GameRow | None:
    async with conn.execute(SELECT_GAME, (game_id,)) as cursor:
        row = await cursor.fetchone()
    if row is None:
        return None
    async with conn.execute(SELECT_SEATS, (game_id,)) as cursor:
        seats = [_seat(seat) for seat in await cursor.fetchall()]
    return _game(row, seats)


async def _require(conn: Connection, game_id: int, allowed: Sequence[GameStatus]) -> GameRow:
    game = await _load(conn, game_id)
    if game is None:
        raise GameNotFound(f"no game {game_id}")
    if game.status not in allowed:
        raise WrongStatus(f"game {game_id} is {game.status}, expected {' or '.join(allowed)}")
    return game


async def _open_game_at(conn: Connection, guild_id: int, place_id: int) -> GameRow | None:
    async with conn.execute(SELECT_OPEN_GAME_AT, (guild_id, place_id)) as cursor:
        row = await cursor.fetchone()
    return None if row is None else await _load(conn, row["id"])


async def _ensure_place_free(
    conn: Connection, guild_id: int, place_id: int, moving_game_id: int | None = None
) -> None:
    other = await _open_game_at(conn, guild_id, place_id)
    if other is not None and other.id != moving_game_id:
        raise ChannelBusy(f"channel {place_id} already hosts game {other.id} ({other.status})", other.id)


async def _replace_seats(conn: Connection, game_id: int, seats: Sequence[SeatLike]) -> None:
    rows = [SeatRow(*seat) if isinstance(seat, tuple) else seat for seat in seats]
    numbers = sorted(row.seat for row in rows)
    if numbers != list(range(len(rows))):
        raise ValueError(f"seats must be numbered 0..{len(rows) - 1} once each, got {numbers}")
    await conn.execute(DELETE_SEATS, (game_id,))
    await conn.executemany(INSERT_SEAT, [(game_id, r.seat, r.user_id, r.display_name) for r in rows])


async def _finish(
    conn: Connection, game: GameRow, status: EndStatus, winners: Iterable[int], at: str | None
) -> None:
    if status not in END_STATUSES:
        raise ValueError(f"cannot finish a game as {status!r}; use one of {END_STATUSES}")
    winners = tuple(sorted(set(winners)))
    unknown = set(winners) - {seat.seat for seat in game.seats}
    if unknown:
        raise ValueError(f"winners {sorted(unknown)} are not seats of game {game.id}")
    await conn.execute(UPDATE_FINISH, (status, to_json(winners), at or utc_now(), game.id))


async def create_game(
    db: Database,
    guild_id: int,
    channel_id: int,
    game: str,
    rules: Mapping[str, Any],
    seed: int,
    host_id: int,
    options: Mapping[str, Any] | None = None,
    *,
    at: str | None = None,
) -> GameRow:
    """Open a lobby in ``channel_id``; raises :class:`ChannelBusy` if a game is already open there.

    ``seed`` must fit in a signed 64-bit integer (SQLite's INTEGER).
    """
    async with db.transaction() as conn:
        await _ensure_place_free(conn, guild_id, channel_id)
        async with conn.execute(
            INSERT_GAME,
            (
                guild_id,
                channel_id,
                game,
                to_json(rules),
                to_json(options or {}),
                seed,
                host_id,
                at or utc_now(),
            ),
        ) as cursor:
            (game_id,) = await cursor.fetchone()
        if db.lease is not None:  # the process that opens a table drives it
            await conn.execute(INSERT_LEASE, (game_id, db.lease.owner, db.lease.expiry()))
        return await _require(conn, game_id, ("lobby",))


async def set_seats(db: Database, game_id: int, seats: Sequence[SeatLike]) -> GameRow:
    """Replace the seats of an open game (numbered 0..n-1; ``SeatRow`` or
    ``(seat, user_id, display_name)`` tuples): the lobby's, or a running match's when a seat is
    handed to another player or the CPU (the moves stay; results go to whoever sits at the end)."""
    async with db.transaction() as conn:
        game = await _require(conn, game_id, OPEN_STATUSES)
        if game.status == "active" and len(seats) != len(game.seats):
            raise ValueError(f"game {game_id} is under way with {len(game.seats)} seats, not {len(seats)}")
        await _replace_seats(conn, game_id, seats)
        return await _require(conn, game_id, OPEN_STATUSES)


async def start_game(
    db: Database,
    game_id: int,
    *,
    seed: int | None = None,
    seats: Sequence[SeatLike] | None = None,
    thread_id: int | None = None,
    at: str | None = None,
) -> GameRow:
    """Lobby -> active. ``seed`` and ``seats`` replace the lobby's when given; the game moves to
    ``thread_id`` if given. A game needs at least one seat to start."""
    async with db.transaction() as conn:
        game = await _require(conn, game_id, ("lobby",))
        if thread_id is not None:
            await _ensure_place_free(conn, game.guild_id, thread_id, game_id)
        if not (game.seats if seats is None else seats):
            raise ValueError(f"game {game_id} has no seats to start with")
        if seats is not None:
            await _replace_seats(conn, game_id, seats)
        await conn.execute(
            UPDATE_START, (game.seed if seed is None else seed, thread_id, at or utc_now(), game_id)
        )
        return await _require(conn, game_id, ("active",))


async def set_thread(db: Database, game_id: int, thread_id: int | None) -> None:
    """Move an open game to a thread (or back to its channel with None)."""
    async with db.transaction() as conn:
        game = await _require(conn, game_id, OPEN_STATUSES)
        place_id = game.channel_id if thread_id is None else thread_id
        await _ensure_place_free(conn, game.guild_id, place_id, game_id)
        await conn.execute(UPDATE_THREAD, (thread_id, game_id))


async def _update(db: Database, sql: str, value: Any, game_id: int) -> None:
    async with db.transaction() as conn:
        cursor = await conn.execute(sql, (value, game_id))
        if cursor.rowcount == 0:
            raise GameNotFound(f"no game {game_id}")


async def set_lobby_message(db: Database, game_id: int, message_id: int | None) -> None:
    await _update(db, UPDATE_LOBBY_MESSAGE, message_id, game_id)


async def set_table_message(db: Database, game_id: int, message_id: int | None) -> None:
    """Remember the latest public table message (the one whose buttons are current)."""
    await _update(db, UPDATE_TABLE_MESSAGE, message_id, game_id)


async def update_meta(db: Database, game_id: int, meta: Mapping[str, Any]) -> None:
    """Replace the game's table-flow metadata (a JSON object) with ``meta``."""
    await _update(db, UPDATE_META, to_json(dict(meta)), game_id)


async def finish_game(
    db: Database, game_id: int, status: EndStatus, winners: Iterable[int] = (), *, at: str | None = None
) -> GameRow:
    """End an open game without results (use ``finish_with_results`` for a played-out match)."""
    async with db.transaction() as conn:
        game = await _require(conn, game_id, OPEN_STATUSES)
        await _finish(conn, game, status, winners, at)
        return await _require(conn, game_id, END_STATUSES)


async def get_game(db: Database, game_id: int) -> GameRow | None:
    async with db.read() as conn:
        return await _load(conn, game_id)


async def active_game_in_channel(db: Database, guild_id: int, channel_or_thread_id: int) -> GameRow | None:
    """The lobby or active game played in this channel or thread, if any.

    A game that moved to a thread is found by the thread's id, not its parent channel's.
    """
    async with db.read() as conn:
        return await _open_game_at(conn, guild_id, channel_or_thread_id)


async def unfinished_games(db: Database) -> list[GameRow]:
    """Every lobby and active game with its seats, oldest first: what to resume after a restart."""
    async with db.read() as conn:
        async with conn.execute(SELECT_OPEN_GAMES_SEATS) as cursor:
            seats: dict[int, list[SeatRow]] = {}
            for row in await cursor.fetchall():
                seats.setdefault(row["game_id"], []).append(_seat(row))
        async with conn.execute(SELECT_OPEN_GAMES) as cursor:
            return [_game(row, seats.get(row["id"], ())) for row in await cursor.fetchall()]

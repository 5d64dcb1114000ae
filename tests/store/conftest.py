from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from store import Database, GameRow, SeatRow, create_game, get_game, start_game
from tests.postgres import fresh_url

GUILD = 1
CHANNEL = 10
HOST = 100


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    """Every store test runs on both engines (a module that tests one engine overrides this)."""
    return str(request.param)


@pytest.fixture
async def db(backend: str) -> AsyncIterator[Database]:
    database = await Database.open(":memory:" if backend == "sqlite" else fresh_url())
    yield database
    await database.close()


@pytest.fixture
def db_path(tmp_path: Path, backend: str) -> str:
    """Where a test's database lives across close and reopen: a SQLite file, or a PostgreSQL URL."""
    return str(tmp_path / "tsuki.db") if backend == "sqlite" else fresh_url()


async def stored_game(db: Database, game_id: int) -> GameRow:
    """The stored row of a game the test knows exists."""
    row = await get_game(db, game_id)
    assert row is not None, f"game {game_id} is not stored"
    return row


def seats(*user_ids: int | None) -> list[SeatRow]:
    """Seats 0..n-1 for these users (None = CPU)."""
    return [SeatRow(i, uid, f"user{uid}" if uid else f"CPU {i}") for i, uid in enumerate(user_ids)]


async def active_game(
    db: Database,
    *user_ids: int | None,
    guild_id: int = GUILD,
    channel_id: int = CHANNEL,
    game: str = "koikoi",
) -> GameRow:
    """A started game at ``channel_id`` with the given seats (default: host vs CPU)."""
    lobby = await create_game(db, guild_id, channel_id, game, {"months": 12}, 1, HOST, {})
    return await start_game(db, lobby.id, seed=2, seats=seats(*(user_ids or (HOST, None))))

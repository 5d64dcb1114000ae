"""``standing_lines``: one line per rated seat of a finished match (its rank on the rating board and
its rating change), in the reader's language."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from cogs.table.standings import ordinal, standing_lines
from store import (
    Database,
    SeatResult,
    SeatRow,
    apply_game_ratings,
    create_game,
    finish_with_results,
    start_game,
)

GUILD, CHANNEL, HOST = 1, 10, 100
ALICE, BOB = 201, 202


@pytest.fixture
async def db() -> AsyncIterator[Database]:
    database = await Database.open(":memory:")
    yield database
    await database.close()


async def finish(db: Database, seats: list[SeatRow], points: list[int], at: str, game: str = "koikoi") -> int:
    lobby = await create_game(db, GUILD, CHANNEL, game, {}, 1, HOST, {})
    started = await start_game(db, lobby.id, seed=1, seats=seats)
    top = max(points)
    await finish_with_results(
        db, started.id, [SeatResult(s, p, p == top) for s, p in enumerate(points)], at=at
    )
    await apply_game_ratings(db, started.id)
    return started.id


@pytest.mark.parametrize(
    ("n", "en", "fr"),
    [
        (1, "1st", "1er"),
        (2, "2nd", "2e"),
        (3, "3rd", "3e"),
        (4, "4th", "4e"),
        (11, "11th", "11e"),
        (12, "12th", "12e"),
        (13, "13th", "13e"),
        (21, "21st", "21e"),
        (22, "22nd", "22e"),
        (101, "101st", "101e"),
    ],
)
def test_ordinals(n: int, en: str, fr: str) -> None:
    assert ordinal(n, "en") == en and ordinal(n, "en-US") == en and ordinal(n, "fr") == fr


async def test_each_rated_seat_gets_a_line_saying_what_changed(db: Database) -> None:
    alice_first = [SeatRow(0, ALICE, "alice"), SeatRow(1, BOB, "bob")]
    bob_first = [SeatRow(0, BOB, "bob"), SeatRow(1, ALICE, "alice")]
    first = await finish(db, alice_first, [8, 0], "2025-01-01T00:00:00+00:00")
    assert await standing_lines(db, first, "en") == [
        "🆕 alice: first ranked match, 1st on this server's Koi-Koi leaderboard · rating 1,086 (+86)",
        "🆕 bob: first ranked match, 2nd on this server's Koi-Koi leaderboard · rating 954 (−46)",
    ]
    second = await finish(db, bob_first, [10, 0], "2025-01-02T00:00:00+00:00")
    second_fr = await standing_lines(db, second, "fr")
    assert [line.split(" · ")[0] for line in second_fr] == [
        "📈 bob : de 2e à 1er au classement Koi-Koi de ce serveur",
        "📉 alice : de 1er à 2e au classement Koi-Koi de ce serveur",
    ], "bob's win against a stronger alice passes her"
    assert second_fr[0].split(" · ")[1].startswith("cote ") and "(+" in second_fr[0]
    against_cpu = await finish(
        db, [SeatRow(0, ALICE, "alice"), SeatRow(1, None, "CPU 1")], [8, 0], "2025-01-03T00:00:00+00:00"
    )
    assert await standing_lines(db, against_cpu, "en") == [
        "➡️ alice: still 2nd on this server's Koi-Koi leaderboard"
    ], "a match against the CPU moves no rating"
    assert [line.split(":")[0] for line in await standing_lines(db, first, "en")] == ["🆕 alice", "🆕 bob"], (
        "asked again later, an earlier match's lines are unchanged"
    )


async def test_no_lines_for_a_game_without_results(db: Database) -> None:
    lobby = await create_game(db, GUILD, CHANNEL, "koikoi", {}, 1, HOST, {})
    assert await standing_lines(db, lobby.id, "en") == []

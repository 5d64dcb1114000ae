"""The spectators' store (migration 008), on both engines: live views and coaches per match."""

from __future__ import annotations

import pytest

from store import Conflict, Database
from store.spectators import (
    CoachRow,
    SpectatorRow,
    coaches,
    drop_coach,
    drop_spectator,
    end_spectating,
    save_spectator,
    set_coach,
    spectators,
)
from tests.store.conftest import active_game

BIG = 1_456_074_443_980_800_027  # a Discord id: needs BIGINT


async def test_views_are_kept_per_user_and_replaced_by_a_newer_token(db: Database) -> None:
    game = await active_game(db)
    await save_spectator(db, game.id, SpectatorRow(BIG, "old", "en", "2026-01-01T00:00:00.000+00:00"))
    await save_spectator(db, game.id, SpectatorRow(7, "seven", "fr", "2026-01-01T00:00:01.000+00:00"))
    await save_spectator(db, game.id, SpectatorRow(BIG, "new", "ja", "2026-01-01T00:01:00.000+00:00"))
    rows = await spectators(db, game.id)
    assert rows == [
        SpectatorRow(7, "seven", "fr", "2026-01-01T00:00:01.000+00:00"),
        SpectatorRow(BIG, "new", "ja", "2026-01-01T00:01:00.000+00:00"),
    ]
    await drop_spectator(db, game.id, 7)
    assert [r.user_id for r in await spectators(db, game.id)] == [BIG]


async def test_one_coach_per_seat_one_seat_per_coach_and_both_end_with_the_match(db: Database) -> None:
    game = await active_game(db, 1, 2)
    await set_coach(db, game.id, CoachRow(0, BIG, "Ben"))
    await set_coach(db, game.id, CoachRow(0, 9, "Cleo"))  # seat 0 changes its coach
    assert await coaches(db, game.id) == [CoachRow(0, 9, "Cleo")]
    with pytest.raises(Conflict):  # the store's own error, on both engines
        await set_coach(db, game.id, CoachRow(1, 9, "Cleo"))  # Cleo cannot see a second hand
    assert await coaches(db, game.id) == [CoachRow(0, 9, "Cleo")]
    await set_coach(db, game.id, CoachRow(1, BIG, "Ben"))
    await drop_coach(db, game.id, 0)
    assert await coaches(db, game.id) == [CoachRow(1, BIG, "Ben")]
    await save_spectator(db, game.id, SpectatorRow(BIG, "t", "en", "2026-01-01T00:00:00.000+00:00"))
    await end_spectating(db, game.id)
    assert await coaches(db, game.id) == [] and await spectators(db, game.id) == []

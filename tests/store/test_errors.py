"""The store's errors are the same on both engines: a unique key already taken raises
``store.Conflict``, any other broken constraint ``store.ConstraintViolation``, never an engine's
own class (callers and tests catch one thing whatever runs the store)."""

from __future__ import annotations

import sqlite3

import pytest

from store import Conflict, ConstraintViolation, Database, StoreError, salt_for, save_salt
from tests.store.conftest import active_game

AT = "2026-01-01T00:00:00.000+00:00"


def _is_engine_error(error: BaseException | None) -> bool:
    import asyncpg

    return isinstance(error, (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError))


async def test_a_primary_key_taken_twice_is_a_conflict(db: Database) -> None:
    game = await active_game(db)
    await save_salt(db, game.id, "first", at=AT)
    with pytest.raises(Conflict) as raised:
        await save_salt(db, game.id, "second", at=AT)
    assert isinstance(raised.value, StoreError) and not isinstance(raised.value, sqlite3.Error)
    assert _is_engine_error(raised.value.__cause__)  # the engine's error stays readable as the cause
    assert await salt_for(db, game.id) == "first"  # nothing of the second write was stored


async def test_a_unique_constraint_in_executemany_is_a_conflict(db: Database) -> None:
    game = await active_game(db, 1, 2)
    insert = "INSERT INTO coaches (game_id, seat, coach_id, coach_name, created_at) VALUES (?, ?, ?, ?, ?)"
    with pytest.raises(Conflict):
        async with db.transaction() as conn:  # UNIQUE (game_id, coach_id): one seat per coach
            await conn.executemany(insert, [(game.id, 0, 9, "Cleo", AT), (game.id, 1, 9, "Cleo", AT)])
    async with db.read() as conn, conn.execute("SELECT count(*) FROM coaches") as cursor:
        assert (await cursor.fetchone())[0] == 0  # the transaction was rolled back whole


async def test_a_conflict_turned_into_another_error_rolls_the_whole_transaction_back(db: Database) -> None:
    """A caller that turns the conflict into its own error (``append_action`` -> StaleAction)
    leaves the transaction by raising: nothing it wrote before the conflict is kept."""
    game = await active_game(db)
    await save_salt(db, game.id, "first", at=AT)
    with pytest.raises(LookupError):
        async with db.transaction() as conn:
            await conn.execute("UPDATE games SET rules_json = '{}' WHERE id = ?", (game.id,))
            try:
                await conn.execute("INSERT INTO deal_salts VALUES (?, 'x', ?)", (game.id, AT))
            except Conflict:
                raise LookupError("taken") from None
    select = "SELECT rules_json FROM games WHERE id = ?"
    async with db.read() as conn, conn.execute(select, (game.id,)) as cursor:
        assert (await cursor.fetchone())[0] != "{}"


async def test_other_broken_constraints_are_constraint_violations_not_conflicts(db: Database) -> None:
    game = await active_game(db)
    with pytest.raises(ConstraintViolation) as missing_parent:
        await save_salt(db, game.id + 1000, "salt", at=AT)  # no such game: a foreign key
    assert not isinstance(missing_parent.value, Conflict)
    assert _is_engine_error(missing_parent.value.__cause__)
    with pytest.raises(ConstraintViolation) as null:
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO deal_salts VALUES (?, NULL, ?)", (game.id, AT))
    assert not isinstance(null.value, Conflict)

"""Table leases (migration 009): one driving process per table, taken over once it expires.

Two processes are two Database objects on one database, each with its own lease owner and a
clock the test moves by hand (no sleeping)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from store import Database, LeaseLost, LeasePolicy, StaleAction, actions_for, append_action, leases
from tests.store.conftest import CHANNEL, HOST, active_game

TTL = 30.0
Two = tuple[Database, Database, "Clock"]


@dataclass
class Clock:
    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def two(db_path: str) -> AsyncIterator[Two]:
    clock = Clock()
    a, b = await Database.open(db_path), await Database.open(db_path)
    a.lease = LeasePolicy("process-a", TTL, clock)
    b.lease = LeasePolicy("process-b", TTL, clock)
    yield a, b, clock
    await a.close()
    await b.close()


async def test_the_creator_holds_the_lease_and_only_it_stores_moves(two: Two) -> None:
    a, b, _ = two
    game = await active_game(a, HOST, None)
    assert (await leases.holder(a, game.id) or ("",))[0] == "process-a"
    assert not await leases.acquire(b, game.id)
    with pytest.raises(LeaseLost):
        await append_action(b, game.id, 0, 0, "3a")
    await append_action(a, game.id, 0, 0, "3a")
    assert [x.action for x in await actions_for(b, game.id)] == ["3a"]


async def test_an_expired_lease_is_taken_over_and_the_old_holder_is_locked_out(two: Two) -> None:
    a, b, clock = two
    game = await active_game(a, HOST, None)
    await append_action(a, game.id, 0, 0, "3a")
    assert await leases.claimable(b) == []
    clock.now += TTL - 1
    assert await leases.renew(a, [game.id]) == {game.id}  # renewed in time: still a's
    clock.now += TTL - 1
    assert not await leases.acquire(b, game.id)
    clock.now += 2  # a stopped renewing (killed): its lease runs out
    assert [gid for gid, _ in await leases.claimable(b)] == [game.id]
    assert await leases.acquire(b, game.id)
    assert await leases.renew(a, [game.id]) == set()  # a learns it lost the table
    with pytest.raises(LeaseLost):
        await append_action(a, game.id, 1, 1, "koikoi")
    await append_action(b, game.id, 1, 1, "koikoi")
    assert [x.action for x in await actions_for(a, game.id)] == ["3a", "koikoi"]


async def test_the_same_move_sent_through_both_processes_is_stored_once(two: Two) -> None:
    a, b, _ = two
    game = await active_game(a, HOST, None, channel_id=CHANNEL + 1)
    outcomes = await asyncio.gather(
        append_action(a, game.id, 0, 0, "3a"), append_action(b, game.id, 0, 0, "3a"), return_exceptions=True
    )
    assert isinstance(outcomes[1], LeaseLost | StaleAction)
    assert [x.action for x in await actions_for(a, game.id)] == ["3a"]


async def test_release_frees_the_table_at_once(two: Two) -> None:
    a, b, _ = two
    game = await active_game(a, HOST, None)
    await leases.release(a, [game.id])
    assert await leases.acquire(b, game.id)


async def test_without_a_policy_moves_need_no_lease(db: Database) -> None:
    game = await active_game(db, HOST, None)
    await append_action(db, game.id, 0, 0, "3a")
    assert await leases.holder(db, game.id) is None

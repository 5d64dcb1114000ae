"""Two bot processes on one PostgreSQL, end to end on SimCord (issue 15).

One simulated Discord with two shards. Process P drives every table, then dies (its timers stop,
its leases stay until they expire). Process A runs shard 0 only: it resumes nothing while P's
leases hold, then takes over shard 0's table, and only that one, once they expire, and plays on.
A third process B, whose shard range overlaps A's, rebuilds the same table and sends the move a
player just made through A: it is refused and the move is stored once. Lease time is a clock the
test moves by hand, so nothing waits on the wall clock.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import pytest
import simcord

import store
from cogs.table.manager import TableManager
from engine.core import GameOver
from store import LeasePolicy, leases
from tests.cogs.harness import SETTLE_TIMEOUT, TEST_CPU_DELAY, Place, patient
from tests.postgres import fresh_url
from tsuki.bot import ShardedTsukiBot, game_specs
from tsuki.settings import Settings

# Long enough that no lease round (every TTL / 3 of simulated time) nor turn timer is due by the
# wall clock while SimCord settles (it fires a timer once its delay has passed for real).
TTL = 3600.0


@dataclass
class Clock:
    now: float = 2_000_000.0

    def __call__(self) -> float:
        return self.now


def settings(url: str, shard_ids: tuple[int, ...]) -> Settings:
    return Settings(
        database_url=url, shard_count=2, shard_ids=shard_ids, cpu_delay=TEST_CPU_DELAY, turn_timeout=4 * TTL
    )


async def lease_owner(db: store.Database, game_id: int) -> str:
    """The process holding the table's lease (the table has one)."""
    held = await leases.holder(db, game_id)
    assert held is not None, f"table {game_id} has no lease"
    return held[0]


async def stored(db: store.Database, game_id: int) -> list[str]:
    return [a.action for a in await store.actions_for(db, game_id)]


async def start_vs_cpu(env: Any, guild: Any, user: Any) -> tuple[Any, Place]:
    channel = guild.create_text_channel("hanafuda")
    await user.slash(channel, "koikoi start", opponent="cpu", rounds=3)
    return channel, Place(channel, env)


async def first_legal_move(env: Any, user: Any, place: Place) -> str:
    choices = await user.autocomplete(place.thread, "move", "action", "")
    assert choices, f"the player has a move to make {place.thread} {place.messages()[-1:]}"
    return str(choices[0]["value"])


async def test_two_processes_share_the_tables_by_shard_and_lease(monkeypatch: pytest.MonkeyPatch) -> None:
    url, clock = fresh_url(), Clock()
    owners = iter(["P", "A", "B"])
    monkeypatch.setattr("tsuki.bot.LeasePolicy", lambda ttl: LeasePolicy(next(owners), TTL, clock))
    seeds = itertools.count(11)
    monkeypatch.setattr("cogs.table.lobby._new_seed", lambda: next(seeds))
    p = ShardedTsukiBot(settings(url, (0, 1)))
    a = ShardedTsukiBot(settings(url, (0,)))
    env = patient(simcord.Env(p, settle_timeout=SETTLE_TIMEOUT, check_errors=False))
    await env.start()
    b_db: store.Database | None = None
    try:
        g0, g1 = env.create_guild("zero", shard_id=0), env.create_guild("one", shard_id=1)
        alice = g0.add_member(env.create_user("alice"))
        bob = g1.add_member(env.create_user("bob"))
        _, place0 = await start_vs_cpu(env, g0, alice)
        await start_vs_cpu(env, g1, bob)
        t0, t1 = (t.id for t in sorted(p.tables.tables.values(), key=lambda t: t.guild_id == g1.id))
        assert {await lease_owner(p.db, t) for t in (t0, t1)} == {"P"}

        # P dies: nothing of it runs any more, and it never gave its leases back.
        p.tables.shutdown()
        await env.restart_bot(a)
        await env.advance_time(0.1)
        assert a.tables.tables == {}, "P's leases still hold: A resumes nothing"

        clock.now += TTL + 1  # P's leases run out; A's next lease round (every TTL / 3) sees it
        await env.advance_time(TTL / 3 + 0.1)
        assert set(a.tables.tables) == {t0}, "A takes over its own shard's table only"
        assert await lease_owner(a.db, t1) == "P"

        # alice plays on through A
        table = a.tables.tables[t0]
        seat = table.seat_of(alice.id)
        assert seat is not None
        for _ in range(20):
            if table.to_act() is seat:
                break
            await env.advance_time(TEST_CPU_DELAY)
        assert table.to_act() is seat
        before = await stored(a.db, t0)

        # B, whose shard range overlaps A's, has rebuilt the same table from the database.
        b = ShardedTsukiBot(settings(url, (0, 1)))
        b_db = await store.Database.open(url)
        b_db.lease = LeasePolicy("B", TTL, clock)
        manager = TableManager(b, b_db, game_specs(), b.settings)
        row = await store.get_game(b_db, t0)
        assert row is not None
        twin = await manager._rebuild(row, a.tables.specs[row.game])
        assert not await leases.acquire(b_db, t0), "A holds the lease"

        # alice's move goes through A; the same move sent through B is refused.
        move = await first_legal_move(env, alice, place0)
        await alice.slash(place0.thread, "move", action=move)
        after = await stored(a.db, t0)
        assert after == [*before, move]
        with pytest.raises((GameOver, store.StaleAction)):  # B's copy of the table is behind
            await manager.act(
                twin, twin.seats[seat.index], twin.spec.engine.parse_action(move), expected_seq=None
            )
        assert await stored(a.db, t0) == after, "the move is stored once"
        with pytest.raises(store.LeaseLost):  # and B may not store even the next move: A drives it
            await store.append_action(b_db, t0, len(after), 1 - seat.index, move)
    finally:
        await env.shutdown()
        for bot in (p, a):
            await bot.release()
        if b_db is not None:
            await b_db.close()

"""Table leases: which process drives a match, when several share one database (migration 009).

A process that drives a table holds its lease: ``owner`` is the process's id, ``expires_at`` a
time by its clock. It renews its leases well before they expire; a move is stored only while its
process holds the table's lease (``append_action`` checks and renews it in the move's own
transaction), so two processes can never both write a match's next move, even with overlapping
shard ranges or during a rolling restart. When a lease expires (its process died or hangs),
another process may take it over and resume the match from the stored moves.

Leases are off unless ``db.lease`` is set (a :class:`~store.lease_policy.LeasePolicy`): one process
on SQLite needs none.
"""

from __future__ import annotations

from collections.abc import Iterable

from store.db import Database
from store.errors import StoreError
from store.lease_policy import LeasePolicy

ACQUIRE = """
INSERT INTO table_leases (game_id, owner, expires_at) VALUES (?, ?, ?)
ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
WHERE table_leases.owner = excluded.owner OR table_leases.expires_at <= ?
"""
SELECT_HOLDER = "SELECT owner, expires_at FROM table_leases WHERE game_id = ?"
RENEW_ONE = "UPDATE table_leases SET expires_at = ? WHERE game_id = ? AND owner = ?"
RENEW = "UPDATE table_leases SET expires_at = ? WHERE owner = ? AND game_id IN ({marks}) RETURNING game_id"
RELEASE = "DELETE FROM table_leases WHERE owner = ? AND game_id IN ({marks})"
# Open games nobody drives: no lease, or one that has expired.
CLAIMABLE = """
SELECT games.id, games.guild_id FROM games
LEFT JOIN table_leases ON table_leases.game_id = games.id
WHERE games.status IN ('lobby', 'active') AND (table_leases.game_id IS NULL OR table_leases.expires_at <= ?)
ORDER BY games.id
"""


class LeaseLost(StoreError):
    """This process does not hold the table's lease (another one drives it now); nothing was written."""

    def __init__(self, game_id: int, owner: str) -> None:
        super().__init__(f"game {game_id}: {owner} does not hold its lease")
        self.game_id = game_id


def _policy(db: Database) -> LeasePolicy:
    policy: LeasePolicy | None = getattr(db, "lease", None)
    if policy is None:
        raise StoreError("leases are off on this database (db.lease is not set)")
    return policy


def _marks(count: int) -> str:
    return ", ".join("?" * count)


async def acquire(db: Database, game_id: int) -> bool:
    """Take (or keep) the table's lease; False when another process holds an unexpired one."""
    policy = _policy(db)
    now = policy.clock()
    async with db.transaction() as conn:
        await conn.execute(ACQUIRE, (game_id, policy.owner, now + policy.ttl, now))
        async with conn.execute(SELECT_HOLDER, (game_id,)) as cursor:
            row = await cursor.fetchone()
    return row is not None and row[0] == policy.owner


async def renew(db: Database, game_ids: Iterable[int]) -> set[int]:
    """Extend this process's leases on ``game_ids``; returns those it still holds (the others were
    taken over after they expired: the process must stop driving them)."""
    policy = _policy(db)
    ids = sorted(set(game_ids))
    if not ids:
        return set()
    sql = RENEW.format(marks=_marks(len(ids)))
    async with db.transaction() as conn, conn.execute(sql, (policy.expiry(), policy.owner, *ids)) as cursor:
        return {int(row[0]) for row in await cursor.fetchall()}


async def release(db: Database, game_ids: Iterable[int]) -> None:
    """Give up this process's leases (a clean stop: another process may resume them at once)."""
    policy = _policy(db)
    ids = sorted(set(game_ids))
    if ids:
        async with db.transaction() as conn:
            await conn.execute(RELEASE.format(marks=_marks(len(ids))), (policy.owner, *ids))


async def holder(db: Database, game_id: int) -> tuple[str, float] | None:
    """``(owner, expires_at)`` of the table's lease, if it has one."""
    async with db.read() as conn, conn.execute(SELECT_HOLDER, (game_id,)) as cursor:
        row = await cursor.fetchone()
    return None if row is None else (str(row[0]), float(row[1]))


async def claimable(db: Database) -> list[tuple[int, int]]:
    """``(game_id, guild_id)`` of the open games no process drives (no lease, or an expired one)."""
    policy = _policy(db)
    async with db.read() as conn, conn.execute(CLAIMABLE, (policy.clock(),)) as cursor:
        return [(int(r[0]), int(r[1])) for r in await cursor.fetchall()]

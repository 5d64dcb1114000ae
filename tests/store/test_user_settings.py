"""``/notify``'s storage: who wants a direct message when their turn begins."""

from __future__ import annotations

from store import Database, Store, notify_wanted, set_notify

BIG = 2**62 + 12345  # Discord ids are 64-bit snowflakes


async def test_nobody_is_notified_until_they_ask(db: Database) -> None:
    assert await notify_wanted(db, [1, 2, None]) == set()
    assert await notify_wanted(db, []) == set()


async def test_on_off_and_only_the_asked_ids(db: Database) -> None:
    await set_notify(db, 1, True)
    await set_notify(db, BIG, True)
    await set_notify(db, 3, False)
    assert await notify_wanted(db, [1, 2, 3, BIG, None]) == {1, BIG}
    assert await notify_wanted(db, [2, 3]) == set()
    await set_notify(db, 1, False)
    await set_notify(db, 1, False)  # idempotent
    assert await notify_wanted(db, [1, BIG]) == {BIG}
    await set_notify(db, 1, True)
    assert await notify_wanted(db, (uid for uid in (1, 1, BIG))) == {1, BIG}


async def test_the_setting_survives_a_reopen(db_path: str) -> None:
    db = await Store.open(db_path)
    await db.set_notify(7, True)
    await db.close()
    db = await Store.open(db_path)
    try:
        assert await db.notify_wanted([7, 8]) == {7}
    finally:
        await db.close()

"""The store's lock (``store.backends.turn_lock.TurnLock``): as exclusive as ``asyncio.Lock``,
first come first served, cancellation-safe, and a queue of holders that do not suspend drains
in one turn of the event loop (``asyncio.Lock`` takes a turn per holder)."""

from __future__ import annotations

import asyncio

import pytest

from store.backends.turn_lock import TurnLock


async def _turns_until(done: asyncio.Future[None]) -> int:
    """How many turns of the event loop pass until ``done`` (counted by a task that yields once
    a turn)."""
    turns = 0
    while not done.done():
        await asyncio.sleep(0)
        turns += 1
    return turns


@pytest.mark.parametrize("lock_class", [TurnLock, asyncio.Lock])
async def test_holders_that_suspend_still_hold_it_alone(lock_class):
    lock = lock_class()
    inside, most, order = 0, 0, []

    async def holder(name: int) -> None:
        nonlocal inside, most
        async with lock:
            inside += 1
            most = max(most, inside)
            order.append(name)
            await asyncio.sleep(0)  # suspends while holding (a COMMIT in the database thread)
            await asyncio.sleep(0)
            inside -= 1

    await asyncio.gather(*(holder(i) for i in range(12)))
    assert most == 1, "never two holders at once"
    assert order == list(range(12)), "first come, first served"
    assert not lock.locked()


async def test_a_queue_of_short_holders_drains_in_one_turn():
    lock = TurnLock()
    ran: list[int] = []
    await lock.acquire()
    done = asyncio.get_running_loop().create_future()

    async def short(name: int) -> None:
        async with lock:
            ran.append(name)
        if len(ran) == 50:
            done.set_result(None)

    tasks = [asyncio.create_task(short(i)) for i in range(50)]
    await asyncio.sleep(0)  # all 50 are waiting now
    lock.release()
    turns = await _turns_until(done)
    assert ran == list(range(50))
    assert turns <= 2, f"{turns} turns of the loop for 50 hand-overs"
    await asyncio.gather(*tasks)


async def test_a_woken_task_finding_it_held_keeps_its_place():
    lock = TurnLock()
    order: list[str] = []
    await lock.acquire()

    async def slow() -> None:
        async with lock:
            order.append("slow")
            await asyncio.sleep(0)  # suspends: the others woken with it find it held
            await asyncio.sleep(0)

    async def short(name: str) -> None:
        async with lock:
            order.append(name)

    tasks = [asyncio.create_task(slow()), asyncio.create_task(short("a")), asyncio.create_task(short("b"))]
    await asyncio.sleep(0)
    late = asyncio.create_task(short("late"))  # arrives while they wait
    await asyncio.sleep(0)
    lock.release()
    await asyncio.gather(*tasks, late)
    assert order == ["slow", "a", "b", "late"]


async def test_cancelled_waiters_leave_no_one_stranded():
    lock = TurnLock()
    await lock.acquire()
    waiting = [asyncio.create_task(lock.acquire()) for _ in range(3)]
    await asyncio.sleep(0)
    waiting[0].cancel()  # cancelled while waiting
    lock.release()
    waiting[1].cancel()  # woken, then cancelled before it ran
    waiting[2].cancel()
    results = await asyncio.gather(*waiting, return_exceptions=True)
    assert all(isinstance(r, asyncio.CancelledError) for r in results)
    assert not lock.locked()
    await asyncio.wait_for(lock.acquire(), 1)  # free for the next one at once
    assert lock.locked()
    lock.release()


async def test_releasing_a_free_lock_is_an_error():
    with pytest.raises(RuntimeError):
        TurnLock().release()

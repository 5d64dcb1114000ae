"""The hand's Auto-pass switch is ordered with the moves: it waits for the table's lock, and it
changes only once its new state is saved (``play.toggle_auto_pass``).

Issue 28's auto-pass: the switch decides whether the table may pass for the seat
(``autopass.applies``), so a move being stored, or a window deciding whether to pass, must see one
state, and the stored meta must never carry a switch that was not made (nor the seat a switch
that was not saved).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import store
from tests.cogs.harness import buttons, fix_seed, open_hand, setup_guild, start_vs_cpu, the_table


async def _hand_and_switch(env: Any, bot: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, Any, str]:
    fix_seed(monkeypatch, 7)
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command="goita start", target=15)
    table = the_table(bot)
    hand = await open_hand(alice, place)
    switch = next(b for b in buttons(hand) if (b.custom_id or "").endswith(":autopass"))
    return alice, table, hand, switch.custom_id


async def _stored_switch(bot: Any, table: Any) -> bool:
    row = await store.get_game(bot.db, table.id)
    assert row is not None
    return bool(row.meta["seats"][0].get("auto_pass", True))


async def test_the_switch_waits_for_a_move_being_stored(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the table's lock is held (a move being stored), a click on the switch changes
    nothing; once the move is done, the switch flips and is saved."""
    alice, table, hand, switch = await _hand_and_switch(simcord_env, simcord_bot, monkeypatch)
    seat = table.seats[0]
    assert seat.auto_pass is True
    await table.lock.acquire()  # a move being stored
    try:
        click = asyncio.create_task(alice.click(hand, custom_id=switch))
        for _ in range(20):
            await asyncio.sleep(0)
        assert not click.done()
        assert seat.auto_pass is True, "the switch waits for the move being stored"
        assert await _stored_switch(simcord_bot, table) is True
    finally:
        table.lock.release()
    await click
    assert seat.auto_pass is False
    assert await _stored_switch(simcord_bot, table) is False


async def test_the_switch_changes_only_once_saved(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the switch's new state is being saved, the seat still has the old one (a window or a
    move reading it meanwhile sees what the store holds); a save that fails changes nothing."""
    alice, table, hand, switch = await _hand_and_switch(simcord_env, simcord_bot, monkeypatch)
    seat = table.seats[0]
    real_update = store.update_meta
    saving = asyncio.Event()
    go_on = asyncio.Event()
    seen_while_saving: list[bool] = []

    async def slow_update(db: Any, game_id: int, meta: dict[str, Any]) -> None:
        seen_while_saving.append(seat.auto_pass)
        saving.set()
        await go_on.wait()
        await real_update(db, game_id, meta)

    monkeypatch.setattr(store, "update_meta", slow_update)
    click = asyncio.create_task(alice.click(hand, custom_id=switch))
    await asyncio.wait_for(saving.wait(), timeout=60)
    assert seat.auto_pass is True, "not switched before it is saved"
    go_on.set()
    await click
    assert seen_while_saving == [True]
    assert seat.auto_pass is False and await _stored_switch(simcord_bot, table) is False

    async def failing_update(db: Any, game_id: int, meta: dict[str, Any]) -> None:
        raise ConnectionError("the store is down")

    monkeypatch.setattr(store, "update_meta", failing_update)
    hand = click.result().response.message  # the hand, redrawn with the switch off
    switch = next(b for b in buttons(hand) if (b.custom_id or "").endswith(":autopass")).custom_id
    await alice.click(hand, custom_id=switch)
    assert await _stored_switch(simcord_bot, table) is False
    assert seat.auto_pass is False, "a switch that could not be saved is not made"

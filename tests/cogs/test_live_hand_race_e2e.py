"""A live hand drawn while the CPU moved is brought up to date (a busy bot: ``bench/load.py``).

The hand that answers a move is drawn from the table as it is right after that move. When its
image takes longer than the CPU's pause (a busy render pool takes seconds), the CPU seats move
meanwhile: the hand then shows an earlier turn ("waiting for the CPU") and must not be taken for
the current one, or the player would find no move to click in it on their own turn.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.table import render_pool
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    open_hand,
    setup_guild,
    shown_seq,
    start_vs_cpu,
    step_buttons,
    the_table,
    wait_for_turn,
)


async def test_a_hand_drawn_while_the_cpu_moved_is_edited_to_the_players_turn(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    await wait_for_turn(env, place, alice)
    seat = table.seat_of(alice.id)

    real_draw = render_pool.draw
    slowed: list[int] = []

    async def slow_draw(game: str, spec: Any, method: str, *args: Any) -> Any:
        """The first hand drawn after alice's move takes until the CPU has played its turn."""
        if method == "render_live_hand" and not slowed and table.to_act() is not seat:
            slowed.append(table.seq)
            while table.to_act() is not seat:
                # Longer than the settle deadline: only the simulated clock runs this wait (a
                # shorter one was waited out in real time inside the click, against its deadline).
                await asyncio.sleep(TEST_CPU_DELAY)
        return await real_draw(game, spec, method, *args)

    monkeypatch.setattr(render_pool, "draw", slow_draw)
    message = await open_hand(alice, place)
    while not slowed:  # the steps of alice's move, up to the click that plays it
        button = next(b for b in step_buttons(message) if not b.custom_id.endswith(":"))
        result = await alice.click(message, custom_id=button.custom_id)
        message = result.response.message

    await wait_for_turn(env, place, alice)
    await env.advance_time(TEST_CPU_DELAY)  # the slow hand is out, and whatever follows it
    hand = result.response.message  # the same private message, read again
    assert table.to_act() is seat and table.seq > slowed[0], "the CPU moved while the hand was drawn"
    assert step_buttons(hand), f"on her turn alice's live hand offers her moves: {hand.content!r}"
    assert shown_seq(hand) == table.seq, "the hand shows the current turn"

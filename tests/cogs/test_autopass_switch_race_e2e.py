"""The hand that answers the Auto-pass switch, drawn while a CPU moved, is brought up to date.

Like every hand drawn in answer to a click (``test_live_hand_race_e2e.py``), the one redrawn by
the switch (``play.toggle_auto_pass``) may take longer to draw than a CPU's pause on a busy bot:
it then shows an earlier turn and must be recorded as such, so the next flush edits it, or the
player would find no move to click in it on their own turn.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.table import render_pool
from tests.cogs.goita_helpers import click_one_move
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    buttons,
    fix_seed,
    open_hand,
    post_text,
    setup_guild,
    shown_seq,
    start_vs_cpu,
    step_buttons,
    the_table,
)


async def test_a_hand_redrawn_by_the_switch_while_the_cpu_moved_is_edited_to_the_current_turn(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    fix_seed(monkeypatch, 7)
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command="goita start", target=15)
    table = the_table(simcord_bot)
    seat = table.seats[0]
    if table.to_act() is seat:
        await click_one_move(alice, place, table)
    assert table.to_act() is not seat, "a CPU is to act"
    hand = await open_hand(alice, place)

    real_draw = render_pool.draw
    slowed: list[int] = []

    async def slow_draw(game: str, spec: Any, method: str, *args: Any) -> Any:
        """The hand redrawn by the switch takes until the CPUs have played up to alice's turn."""
        if method == "render_live_hand" and not slowed and table.to_act() is not seat:
            slowed.append(table.seq)
            while table.to_act() is not seat:
                # Longer than the settle deadline: only the simulated clock runs this wait (a
                # shorter one was waited out in real time inside the click, against its deadline).
                await asyncio.sleep(TEST_CPU_DELAY)
        return await real_draw(game, spec, method, *args)

    monkeypatch.setattr(render_pool, "draw", slow_draw)
    switch = next(b for b in buttons(hand) if (b.custom_id or "").endswith(":autopass"))
    result = await alice.click(hand, custom_id=switch.custom_id)
    for _ in range(50):  # the CPUs play up to alice's turn (she does not act: the table waits)
        if table.to_act() is seat:
            break
        await env.advance_time(TEST_CPU_DELAY)
    await env.advance_time(TEST_CPU_DELAY)  # the slow hand is out, and whatever follows it

    hand = result.response.message  # the same private message, read again
    assert slowed and table.to_act() is seat and table.seq > slowed[0], "the CPUs moved while it was drawn"
    assert step_buttons(hand), f"on her turn alice's live hand offers her moves: {post_text(hand)!r}"
    assert shown_seq(hand) == table.seq, "the hand shows the current turn"

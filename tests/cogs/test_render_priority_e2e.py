"""Which images a person waits for, and so go first in the render queue (cogs/table/render_queue.py):
the board narrating a human's move, the hand answering their click, and the live hands refreshed
when a human is to act; not the boards narrating only CPU moves."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.table import render_pool, render_queue
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    open_hand,
    play_one_move,
    setup_guild,
    start_vs_cpu,
    the_table,
    wait_for_turn,
)


async def test_a_humans_images_go_first_and_the_cpus_do_not(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    await wait_for_turn(env, place, alice)
    seat = table.seat_of(alice.id)
    await open_hand(alice, place)  # a live hand, refreshed after every post from now on

    drawn: list[tuple[str, bool, bool]] = []  # (method, awaited, a human to act when drawn)
    real_draw = render_pool.draw

    async def draw(game: str, spec: Any, method: str, *args: Any) -> Any:
        drawn.append((method, render_queue.is_awaited(), table.to_act() is seat))
        return await real_draw(game, spec, method, *args)

    monkeypatch.setattr(render_pool, "draw", draw)
    moved_at = table.seq
    await play_one_move(alice, place)
    await env.advance_time(TEST_CPU_DELAY)
    await wait_for_turn(env, place, alice)
    await env.advance_time(TEST_CPU_DELAY)  # the refresh of her hand on her turn is out

    boards = [awaited for method, awaited, _ in drawn if method == "render_table"]
    assert table.seq > moved_at + 1, "the CPU moved after alice"
    assert len(boards) >= 2, drawn
    assert boards[0] is True, "the board narrating alice's move goes first"
    assert not any(boards[1:]), "the boards narrating the CPU's moves wait their turn"
    hands = [(awaited, human) for method, awaited, human in drawn if method == "render_live_hand"]
    assert all(awaited for awaited, _ in hands[: hands.index((True, False))]), "her steps' answers go first"
    answer = hands.index((True, False))  # the hand answering the click that played, the CPU to act
    assert (True, True) in hands[answer + 1 :], "her hand refreshed on her turn goes first"

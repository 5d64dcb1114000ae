"""Issue 28, "Try it without Discord": the local table (``python bot.py`` with no token, from a
terminal) is "where one plays any game against CPUs, or as two players from two tabs". Each tab
of the preview acts as one of the local world's two players (``tsuki.local.world``); this plays
that world's two players against each other through the real bot: one opens a Koi-Koi table in
the one channel, the other joins, and both move by clicking until a few moves of each are stored.
The browser side (a real Chromium clicking) is ``tests/app/test_browser_table.py``.
"""

from __future__ import annotations

from typing import Any

from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    is_turn_of,
    play_one_move,
    the_table,
    two_player_table,
)
from tsuki.local.world import PLAYER_NAMES, build_world


async def test_the_local_worlds_two_players_play_each_other_in_its_one_channel(
    simcord_env: Any, simcord_bot: Any
) -> None:
    env = simcord_env
    world = build_world(env)
    first, second = world.players
    assert len(world.players) == len(PLAYER_NAMES) == 2
    place = await two_player_table(env, world.channel, first, second)
    table = the_table(simcord_bot)
    assert table.status == "active" and table.thread_id is None, "the match plays in the channel itself"
    assert {s.user_id for s in table.seats} == {first.id, second.id}, "the two tabs' players, no CPU"
    moved: dict[int, int] = {first.id: 0, second.id: 0}
    for _ in range(400):
        if min(moved.values()) >= 3:
            break
        actor = next((p for p in (first, second) if is_turn_of(p, place)), None)
        if actor is None:
            await env.advance_time(TEST_CPU_DELAY)
            continue
        before = table.seq
        await play_one_move(actor, place)
        assert table.seq > before, "a click moved the game on"
        moved[actor.id] += 1
        await env.advance_time(THINK_TIME)
    assert min(moved.values()) >= 3, moved
    assert table.moves_by_seat.get(0, 0) >= 3 and table.moves_by_seat.get(1, 0) >= 3, "stored"

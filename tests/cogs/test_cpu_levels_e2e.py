"""CPU levels through the real bot (SimCord): Add CPU per level at the lobby, the ``opponent``
option, the level in the seat's name, kept across a restart, and whole matches of every game
at every level (strong with a small fixed playout count, in a thread, and once through the
process pool)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cogs.table import cpu_pool
from tests.cogs.harness import TEST_CPU_DELAY, Place, match_over, play_match, setup_guild, the_table
from tsuki.settings import Settings

SHORT: dict[str, dict[str, Any]] = {
    "koikoi start": {"options": "rounds=1"},
    "gostop start": {"options": "rounds=1"},
    "doudizhu start": {"deals": 1},
    "roppyakken start": {"options": "target=50"},
    "goita start": {"target": 1},
}


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        database_path=str(tmp_path / "tsuki.db"),
        cpu_delay=TEST_CPU_DELAY,
        turn_timeout=300,
        cpu_workers=0,
        cpu_playouts=8,
    )


async def _watch_to_the_end(env: Any, place: Place, steps: int = 600) -> None:
    for _ in range(steps):
        if place.table_messages() and match_over(place):
            return
        await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("level", ["beginner", "normal", "strong"])
@pytest.mark.parametrize("command", sorted(SHORT))
async def test_every_level_plays_a_whole_match_of_every_game(simcord_env, simcord_bot, command, level):
    _, channel, (host,) = setup_guild(simcord_env, "host")
    opponent = "watch" if level == "normal" else f"watch_{level}"
    started = await host.slash(channel, command, opponent=opponent, **SHORT[command])
    assert not started.ephemeral
    table = the_table(simcord_bot)
    suffix = "" if level == "normal" else f" · {level}"
    names = [f"CPU {n}{suffix}" for n in range(1, len(table.seats) + 1)]
    assert [s.name for s in table.seats] == names  # the default level goes without saying
    assert {s.level for s in table.seats} == {level}
    await _watch_to_the_end(simcord_env, Place(channel, simcord_env))
    assert table.spec.engine.outcome(table.state) is not None


async def test_add_cpu_offers_the_three_levels_and_names_the_seat(simcord_env, simcord_bot):
    _, channel, (host,) = setup_guild(simcord_env, "host")
    lobby = await host.slash(channel, "doudizhu start", deals=1)
    labels = [b.label for row in lobby.response.message.components for b in row.children]
    assert {"CPU: beginner", "CPU: normal", "CPU: strong"} <= set(labels), labels
    await host.click(lobby.response.message, label="CPU: strong")
    await host.click(lobby.response.message, label="CPU: beginner")
    table = the_table(simcord_bot)
    assert table.names[1:] == ("CPU 1 · strong", "CPU 2 · beginner")
    assert [s.level for s in table.seats] == [None, "strong", "beginner"]


async def test_only_the_host_adds_cpus(simcord_env, simcord_bot):
    _, channel, (host, guest) = setup_guild(simcord_env, "host", "guest")
    lobby = await host.slash(channel, "koikoi start")
    refused = await guest.click(lobby.response.message, label="CPU: strong")
    assert refused.ephemeral
    assert len(the_table(simcord_bot).seats) == 1


async def test_opponent_option_sets_the_cpu_level(simcord_env, simcord_bot):
    _, channel, (host,) = setup_guild(simcord_env, "host")
    await host.slash(channel, "koikoi start", options="rounds=1", opponent="cpu_strong")
    table = the_table(simcord_bot)
    assert table.seats[1].name == "CPU 1 · strong" and table.seats[1].level == "strong"


async def test_the_level_survives_a_restart(simcord_env, simcord_bot, make_bot, settings):
    _, channel, (host,) = setup_guild(simcord_env, "host")
    await host.slash(channel, "koikoi start", options="rounds=1", opponent="cpu_strong")
    game_id = the_table(simcord_bot).id
    second = make_bot(settings)
    await simcord_env.restart_bot(second)  # a fresh bot on the same database takes over
    await simcord_env.advance_time(0.1)
    table = second.tables.tables[game_id]
    assert table.seats[1].name == "CPU 1 · strong" and table.seats[1].level == "strong"
    await play_match(simcord_env, Place(channel, simcord_env), [host])  # the strong CPU plays on
    assert table.spec.engine.outcome(table.state) is not None


async def test_strong_thinks_in_the_shared_process_pool(simcord_env, simcord_bot):
    manager = simcord_bot.tables
    manager.settings = replace(manager.settings, cpu_workers=1)  # one worker process
    try:
        _, channel, (host,) = setup_guild(simcord_env, "host")
        await host.slash(channel, "koikoi start", options="rounds=1", opponent="watch_strong")
        await _watch_to_the_end(simcord_env, Place(channel, simcord_env))
        assert 1 in cpu_pool._POOLS, "the strong CPUs thought in the process pool"
    finally:
        cpu_pool.shutdown()

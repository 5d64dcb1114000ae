"""``RENDER_WORKERS``: table images drawn in worker processes through the real bot (SimCord) are
the very images a thread draws, and the bot plays on with them; without it, nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.table import render_pool
from tests.cogs.harness import TEST_CPU_DELAY, open_hand, setup_guild, start_vs_cpu, the_table
from tsuki.settings import Settings, load_settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        database_path=str(tmp_path / "tsuki.db"), cpu_delay=TEST_CPU_DELAY, turn_timeout=300, render_workers=1
    )


async def test_table_and_hand_images_come_from_the_worker_processes(simcord_env, simcord_bot):
    try:
        assert render_pool.workers() == 1 and len(render_pool.pool().processes()) == 1  # started
        _, channel, (host,) = setup_guild(simcord_env, "host")
        place = await start_vs_cpu(simcord_env, channel, host)
        table = the_table(simcord_bot)
        board = place.last_table()
        (image,) = [a for a in board.attachments if a.filename == "table.png"]
        drawn_here = table.spec.render_table(table.view(None), table.names, table.locale)
        assert await image.read() == drawn_here  # the worker's image, byte for byte

        hand = await open_hand(host, place)
        (hand_image,) = [a for a in hand.attachments if a.filename == "hand.png"]
        seat = table.seat_of(host.id)
        assert await hand_image.read() == table.spec.render_hand(table.view(seat.index), "en")
    finally:
        render_pool.shutdown()
        render_pool.configure(0, dict)


def test_render_workers_setting():
    assert load_settings({}).render_workers == 0  # threads unless asked
    assert load_settings({"RENDER_WORKERS": "2"}).render_workers == 2

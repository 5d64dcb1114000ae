"""``RENDER_WORKERS``: table images drawn in worker processes through the real bot (SimCord) are
the very images a thread draws, and the bot plays on with them; without it, nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.table import render_pool
from tests.cogs.harness import TEST_CPU_DELAY, open_hand, setup_guild, start_vs_cpu, the_table
from tsuki.settings import Settings, available_cores, default_render_workers, load_settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        database_path=str(tmp_path / "tsuki.db"), cpu_delay=TEST_CPU_DELAY, turn_timeout=300, render_workers=2
    )


class _NotHere:
    """Stands in for the bot process's own drawing: an image drawn in this process (a thread)
    would be this marker, so an image equal to the real drawing came from a worker process."""

    def __init__(self, spec: object) -> None:
        self.spec = spec

    def __enter__(self) -> None:
        for name in ("render_table", "render_hand"):
            object.__setattr__(self.spec, name, lambda *a, **k: b"drawn in the bot's process")

    def __exit__(self, *exc: object) -> None:
        for name in ("render_table", "render_hand"):
            object.__delattr__(self.spec, name)


async def test_table_and_hand_images_come_from_the_worker_processes(simcord_env, simcord_bot):
    try:
        pool = render_pool.pool()
        started = set(pool.processes())
        assert render_pool.workers() == 2 and len(started) == 2  # both started (and warm) with the bot
        _, channel, (host,) = setup_guild(simcord_env, "host")
        spec = simcord_bot.tables.specs["koikoi"]
        with _NotHere(spec):
            place = await start_vs_cpu(simcord_env, channel, host)
            table = the_table(simcord_bot)
            board = place.last_table()
            hand = await open_hand(host, place)
        (image,) = [a for a in board.attachments if a.filename == "table.png"]
        drawn_here = table.spec.render_table(table.public_view().view, table.names, table.locale)
        assert await image.read() == drawn_here  # a worker's image, byte for byte

        (hand_image,) = [a for a in hand.attachments if a.filename == "hand.png"]
        seat = table.seat_of(host.id)
        assert await hand_image.read() == table.spec.render_hand(table.view(seat.index), "en")
        assert set(pool.processes()) == started, "the same two workers drew, none was replaced"
    finally:
        render_pool.shutdown()
        render_pool.configure(0, dict)


def test_render_workers_setting():
    # Unset: sized from the cores (threads below 4: tests/app/test_cpu_settings.py)
    assert load_settings({}).render_workers == default_render_workers(available_cores())
    assert load_settings({"RENDER_WORKERS": "2"}).render_workers == 2

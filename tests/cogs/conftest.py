"""End-to-end fixtures: the real bot, its real cogs and store, on SimCord's simulated Discord."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cogs.harness import SETTLE_TIMEOUT, TEST_CPU_DELAY
from tsuki.bot import TsukiBot
from tsuki.settings import Settings


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give the simulated Discord room for a slow CI machine (see ``SETTLE_TIMEOUT``)."""
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()) and item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT))


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(database_path=str(tmp_path / "tsuki.db"), cpu_delay=TEST_CPU_DELAY, turn_timeout=300)


@pytest.fixture
def simcord_bot(settings: Settings) -> TsukiBot:
    return TsukiBot(settings)

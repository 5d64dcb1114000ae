"""End-to-end fixtures: the real bot, its real cogs and store, on SimCord's simulated Discord."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cogs.harness import TEST_CPU_DELAY
from tsuki.bot import TsukiBot
from tsuki.settings import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(database_path=str(tmp_path / "tsuki.db"), cpu_delay=TEST_CPU_DELAY, turn_timeout=300)


@pytest.fixture
def simcord_bot(settings: Settings) -> TsukiBot:
    return TsukiBot(settings)

"""End-to-end fixtures: the real bot, its real cogs and store, on SimCord's simulated Discord."""

from __future__ import annotations

import itertools
import random
import zlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from cogs.table import image_cache
from tests.cogs.harness import SETTLE_TIMEOUT, TEST_CPU_DELAY, patient
from tsuki.bot import TsukiBot
from tsuki.settings import Settings


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give the simulated Discord room for a slow CI machine (see ``SETTLE_TIMEOUT``)."""
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()) and item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT))


@pytest.fixture(autouse=True)
def patient_advances(request: pytest.FixtureRequest) -> None:
    """Every test's simulated Discord advances time under a generous deadline (``patient``)."""
    if "simcord_env" in request.fixturenames:
        patient(request.getfixturevalue("simcord_env"))


@pytest.fixture(autouse=True)
def deterministic_deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test deals the same cards every run (tables normally draw their seed from the OS);
    a test that needs a particular deal overrides this with ``harness.fix_seed``."""
    seeds = itertools.count(zlib.crc32(request.node.nodeid.encode()))
    monkeypatch.setattr("cogs.table.lobby._new_seed", lambda: next(seeds))


@pytest.fixture(autouse=True)
def fresh_table_images() -> None:
    """Each test draws its own table images (a test may stand in for the drawing of a view an
    earlier test drew): the bot's cache of the last table images starts empty."""
    image_cache.tables.clear()


@pytest.fixture(autouse=True)
def clicked_passes(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Players pass by clicking, unless a test asks for the default, auto-pass (its ``auto_pass``
    fixture): the end-to-end tests written before it click their forced passes, and its pause
    (2 to 6 s, shorter than SimCord's settle deadline) would run in real time inside their next
    click. The switch itself stays on the hands."""
    if "auto_pass" not in request.fixturenames:
        monkeypatch.setattr("cogs.table.autopass.applies", lambda table, seat: False)


@pytest.fixture
def auto_pass(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table passes for a seat whose only move is a pass, as in production (cogs/table/autopass.py),
    after pauses drawn from a generator seeded by the test's name: the bot draws them from the OS
    (nobody can work them out), so without this each run of a test waited other pauses."""
    seeded = random.Random(zlib.crc32(request.node.nodeid.encode()))
    monkeypatch.setattr("cogs.table.autopass._random", seeded)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(database_path=str(tmp_path / "tsuki.db"), cpu_delay=TEST_CPU_DELAY, turn_timeout=300)


@pytest_asyncio.fixture
async def make_bot() -> AsyncIterator[Callable[[Settings], TsukiBot]]:
    """Builds bots and, after the test (and SimCord's shutdown), closes them as a real stop would:
    SimCord detaches a bot without calling ``close()``, which would leak its database thread."""
    bots: list[TsukiBot] = []

    def build(settings: Settings) -> TsukiBot:
        bots.append(TsukiBot(settings))
        return bots[-1]

    yield build
    for bot in bots:
        await bot.release()


@pytest.fixture
def simcord_bot(make_bot: Callable[[Settings], TsukiBot], settings: Settings) -> TsukiBot:
    return make_bot(settings)


@pytest.fixture
def virtual_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    """Backoffs longer than SimCord's settle deadline, so only the simulated clock runs them (the
    supervisor's tests use it: ``pytestmark = pytest.mark.usefixtures("virtual_backoff")``)."""
    monkeypatch.setattr("cogs.table.supervisor.BACKOFF_FIRST", 30.0)

"""The clock pump of the browser table (tsuki/local/pump.py), with a stand-in SimCord."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from tsuki.local.pump import ClockPump


class FakeEnv:
    """Records clock advances; ``bot_acts`` makes the next advance log a REST call."""

    def __init__(self) -> None:
        self.http_requests: list[str] = []
        self.advanced: list[float] = []
        self.clock = datetime(2026, 11, 27, tzinfo=UTC)
        self.busy = False
        self.bot_acts = False

    def now(self) -> datetime:
        return self.clock

    async def advance_time(self, seconds: float) -> None:
        assert not self.busy, "SimCord refuses an advance that overlaps an action"
        self.busy = True
        await asyncio.sleep(0)
        self.clock += timedelta(seconds=seconds)
        self.advanced.append(seconds)
        if self.bot_acts:
            self.http_requests.append("PATCH /channels/1/messages/2")
            self.bot_acts = False
        self.busy = False


class FakePreview:
    def __init__(self, env: FakeEnv) -> None:
        self.env = env
        self.refreshes = 0
        self.capture_time: datetime | None = None
        self._closed = False

    async def refresh(self) -> None:
        self.refreshes += 1

    async def _action(self, context_id: str | None, body: Any) -> dict[str, Any]:
        assert not self.env.busy, "SimCord refuses an action that overlaps an advance"
        self.env.busy = True
        await asyncio.sleep(0)
        self.env.http_requests.append("POST /interactions/1/token/callback")  # published by the action
        self.env.busy = False
        return {"ok": True}


async def test_the_page_is_republished_only_when_the_bot_did_something() -> None:
    """Every republication makes the page's older clicks stale: none while nothing happens."""
    env = FakeEnv()
    preview = FakePreview(env)
    pump = ClockPump(env, preview)
    assert await pump.tick(0.2) is False and preview.refreshes == 0
    env.bot_acts = True  # a CPU's move comes due
    assert await pump.tick(0.2) is True and preview.refreshes == 1
    assert await pump.tick(0.2) is False and preview.refreshes == 1
    assert env.advanced == [0.2, 0.2, 0.2]


async def test_actions_and_advances_take_turns_and_an_action_needs_no_refresh() -> None:
    env = FakeEnv()
    preview = FakePreview(env)
    pump = ClockPump(env, preview)
    pump.serialise()
    results = await asyncio.gather(
        *(pump.tick(0.1) for _ in range(5)), *(preview._action("page", {}) for _ in range(5))
    )
    assert results[5:] == [{"ok": True}] * 5, "no action was refused for overlapping an advance"
    assert preview.refreshes == 0, "what an action did is published by the action itself"
    assert preview.capture_time == env.now(), "relative times read against the simulated clock"


async def test_a_bot_busy_past_the_settle_deadline_is_a_warning_and_the_pump_goes_on(caplog) -> None:
    """A settle that times out (a CPU worker starting on a loaded machine) is no failure: one
    warning line, no traceback, and the next tick publishes what the bot did."""
    env = FakeEnv()
    preview = FakePreview(env)
    pump = ClockPump(env, preview, step=0.0)
    refreshes = 0

    async def slow_then_fine() -> None:
        nonlocal refreshes
        refreshes += 1
        if refreshes == 1:
            raise TimeoutError("bot did not settle (timeout=60s); state may already have changed\n  details")
        preview._closed = True  # the second refresh went through: stop the pump

    preview.refresh = slow_then_fine  # type: ignore[method-assign]  # a fake whose refresh times out once
    env.bot_acts = True
    with caplog.at_level("WARNING", logger="tsuki.local.pump"):
        running = asyncio.create_task(pump.run())
        while refreshes < 1:
            await asyncio.sleep(0)
        env.bot_acts = True  # the bot goes on acting; the next tick publishes it
        await asyncio.wait_for(running, 5)
    assert refreshes == 2, "the pump went on after the timeout"
    (record,) = [r for r in caplog.records if r.name == "tsuki.local.pump"]
    assert record.levelname == "WARNING" and record.exc_info is None
    assert "bot did not settle" in record.getMessage() and "details" not in record.getMessage()

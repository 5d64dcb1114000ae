"""Keep SimCord's clock moving with the wall clock while a person plays in the browser.

SimCord's clock moves only when asked, so without this a CPU's pause or a turn's deadline would
never pass. The pump advances it by the real time elapsed, a few times a second, and then:

- one thing at a time: SimCord refuses a browser action that overlaps a clock advance, so the
  browser's actions and the advances take turns (:meth:`ClockPump.serialise`);
- republish only on news: every republication makes the page's older clicks stale (the click
  is refused and must be made again), so the preview is refreshed only when the bot did
  something (a REST call) since the page was last published;
- a bot still busy past SimCord's settle deadline is a warning, and the next tick goes on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

Action = Callable[[str | None, Any], Awaitable[dict[str, Any]]]


class ClockPump:
    """Advances ``env``'s clock in real time and republishes ``preview`` when the bot acted."""

    def __init__(self, env: Any, preview: Any, *, step: float = 0.2) -> None:
        self.env = env
        self.preview = preview
        self.step = step
        self.turn = asyncio.Lock()  # an advance or a browser action, never both
        self._published_at = self._bot_calls()

    def _bot_calls(self) -> int:
        return len(self.env.http_requests)

    def serialise(self) -> None:
        """Make the preview's browser actions wait for the clock's turn (and it for theirs).

        An action republishes every page itself once it settled: what the bot did until then
        is published, so the pump need not refresh for it. Its pages read relative times
        ("in 5 minutes") against the clock's time, set here (SimCord moves it only on refresh).
        """
        act: Action = self.preview._action

        async def one_at_a_time(context_id: str | None, body: Any) -> dict[str, Any]:
            async with self.turn:
                self.preview.capture_time = self.env.now()
                try:
                    return await act(context_id, body)
                finally:
                    self._published_at = self._bot_calls()

        self.preview._action = one_at_a_time

    async def tick(self, seconds: float) -> bool:
        """Advance the clock by ``seconds``; republish if the bot did something. True if it did."""
        async with self.turn:
            if seconds > 0:
                await self.env.advance_time(seconds)
            if self._bot_calls() == self._published_at:
                return False
            await self.preview.refresh()  # also moves the pages' presentation time to the clock's
            self._published_at = self._bot_calls()
            return True

    async def run(self) -> None:
        """Tick until cancelled or the preview closes. A failed tick is logged and the pump goes
        on: the page stays usable and the next tick catches the clock up."""
        last = time.perf_counter()  # the wall clock (SimCord makes the bot's monotonic clock virtual)
        while not self.preview._closed:
            await asyncio.sleep(self.step)
            now = time.perf_counter()
            try:
                await self.tick(now - last)
            except TimeoutError as busy:  # SimCord's settle deadline: the bot is still at work
                # (e.g. a CPU's worker process starting on a loaded machine): nothing failed,
                # the next tick publishes what it did. One line, not a traceback.
                first_line = str(busy).splitlines()[0] if str(busy) else "timeout"
                log.warning("the bot is still busy (%s); the page catches up on the next tick", first_line)
            except Exception:
                log.exception("the simulated clock could not advance; trying again")
            last = now

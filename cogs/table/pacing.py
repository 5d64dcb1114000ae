"""Keep under Discord's ~5 messages per 5 seconds per channel.

discord.py already waits out a 429, but hitting the limit on purpose delays every other
request of the bot too. Each channel gets a sliding window: a send waits until fewer than
``limit`` sends happened in the last ``period`` seconds.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict, deque


class ChannelPacer:
    def __init__(self, limit: int = 5, period: float = 5.0) -> None:
        self.limit = limit
        self.period = period
        self._sent: defaultdict[int, deque[float]] = defaultdict(deque)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def wait(self, channel_id: int) -> None:
        """Return when one more message may be sent to ``channel_id``; records the send."""
        loop = asyncio.get_running_loop()
        async with self._locks[channel_id]:
            sent = self._sent[channel_id]
            while True:
                now = loop.time()
                while sent and now - sent[0] >= self.period:
                    sent.popleft()
                if len(sent) < self.limit:
                    sent.append(now)
                    return
                await asyncio.sleep(self.period - (now - sent[0]))

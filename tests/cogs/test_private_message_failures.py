"""Private messages under trouble. A live hand or a spectator's view retired while its owner
opens a new one: the new one stays. A connection lost during an edit: a failed edit.

Retiring a message (its token about to end) is an edit through Discord, and the event loop runs
other clicks meanwhile. If the player opens their hand again (or the spectator clicks Refresh)
while the old message's last edit is on its way, the answer about the *old* message (done, or
gone) must not drop the *new* one: it is the one the next turns edit.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord

from cogs.table.hands import LiveHand, LiveHands
from cogs.table.private_message import Edited, PrivateMessage, PrivateMessages
from cogs.table.spectators import Spectators, Watcher
from tests.cogs.public_payloads import make_table
from tests.typed import unchecked
from tsuki.bot import game_specs

VIEWER = 555
HANG_GUARD = 60.0  # seconds; only stops a broken test from hanging, never measures speed


class HeldEdits:
    """Stands in for :class:`~cogs.table.private_message.PrivateMessages`: each edit waits until
    released, then reports the old message gone (dismissed, or its token ended)."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.release = asyncio.Event()

    async def edit(self, message: PrivateMessage, payload: dict[str, Any], *, about: str) -> Edited:
        self.started.set()
        await self.release.wait()
        return Edited.GONE

    async def retire(
        self, message: PrivateMessage, content: str, *, reopen: Any = None, about: str, card: bool = False
    ) -> Edited:
        return await self.edit(message, {"content": content}, about=about)


async def _until_the_edit_starts(held: HeldEdits, expiring: asyncio.Task[None]) -> None:
    """Wait until the retiring edit is under way. If the expiry ends first (it raised, or never
    edited), fail with its error instead of waiting forever for an edit that will not come."""
    started = asyncio.create_task(held.started.wait())
    done, _ = await asyncio.wait({started, expiring}, timeout=HANG_GUARD, return_when=asyncio.FIRST_COMPLETED)
    started.cancel()
    if expiring in done:
        expiring.result()  # its exception, if it raised
        raise AssertionError("the old message was dropped without an edit")
    assert started in done, "the retiring edit never began"


def _table() -> Any:
    spec: Any = game_specs()["koikoi"]
    table = make_table("koikoi", spec, spec.engine.rules_from(None, None), 2, "en")
    table.status = "lobby"  # (no board to edit for a spectator count)
    return table


async def test_a_hand_opened_while_the_old_one_is_retired_stays_live() -> None:
    table = _table()
    hands = LiveHands(unchecked(SimpleNamespace(bot=None)))  # a stand-in host: no bot
    held = HeldEdits()
    hands.messages = unchecked(held)  # a stand-in: edits held until released
    old = LiveHand(PrivateMessage("old-token", 1, 0.0), "en")
    table.live.hands[0] = old

    expiring = asyncio.create_task(hands._expire(table, 0, old, 0))
    await _until_the_edit_starts(held, expiring)
    new = LiveHand(PrivateMessage("new-token", 2, 0.0), "en")
    table.live.hands[0] = new  # the player clicked "My hand" meanwhile
    held.release.set()
    await asyncio.wait_for(expiring, HANG_GUARD)

    assert table.live.hands.get(0) is new


async def test_a_view_refreshed_while_the_old_one_is_retired_stays_live() -> None:
    table = _table()
    views = Spectators(unchecked(SimpleNamespace(bot=None, db=None)))  # a stand-in host
    held = HeldEdits()
    views.messages = unchecked(held)  # a stand-in: edits held until released
    old = Watcher(VIEWER, PrivateMessage("old-token", 1, 0.0), "en")
    table.live.watchers[VIEWER] = old

    expiring = asyncio.create_task(views._expire(table, old, 0))
    await _until_the_edit_starts(held, expiring)
    new = Watcher(VIEWER, PrivateMessage("new-token", 2, 0.0), "en")
    table.live.watchers[VIEWER] = new  # the spectator clicked Refresh meanwhile
    held.release.set()
    await asyncio.wait_for(expiring, HANG_GUARD)

    assert table.live.watchers.get(VIEWER) is new


class _Unreachable:
    """A webhook whose every request fails below HTTP (a dropped connection)."""

    async def edit_message(self, message_id: int, **payload: Any) -> None:
        raise aiohttp.ServerDisconnectedError()


async def test_a_connection_lost_during_an_edit_is_a_failed_edit_not_an_error(monkeypatch: Any) -> None:
    """The edits run after every announcement, for every live hand and view: a dropped connection
    on one of them is a failed edit (a later one may work), not an exception that stops the rest."""
    monkeypatch.setattr(discord.Webhook, "partial", lambda *args, **kwargs: _Unreachable())
    messages = PrivateMessages(unchecked(SimpleNamespace(application_id=1)))  # a stand-in client
    message = PrivateMessage("token", 1, 0.0)
    assert await messages.edit(message, {"content": "x"}, about="t") is Edited.FAILED
    assert await messages.retire(message, "over", about="t") is Edited.FAILED

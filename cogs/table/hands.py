"""Live hands: a player's private hand message stays current while Discord lets the bot edit it.

A hand is an ephemeral message; only its interaction's webhook token can edit it, for 15
minutes. Every click in the hand (and every "My hand") gives a fresh token, so a hand in use
never expires. The newest token per seat is kept in :class:`LiveHand` and in the store (a move
stores its click's token in the same transaction), and after every announcement each live hand
whose turn number is behind is edited: on the seat's turn it offers the moves, otherwise it
shows the hand and what is happening. A minute before its token ends, the hand is edited to an
"expired" state whose button reopens it in one click. After a restart the stored tokens still
work: that also finishes the reply of a click whose move was stored just before the crash.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context

import store
from cogs.table import components as c
from cogs.table import limits, messages
from cogs.table.model import Table
from i18n import t

if TYPE_CHECKING:
    from cogs.table.manager import TableManager

log = logging.getLogger(__name__)

TOKEN_LIFE = 15 * 60.0  # Discord honours an interaction token for 15 minutes
EXPIRE_MARGIN = 60.0  # the hand says "expired" this long before the token really ends


@dataclass(slots=True)
class LiveHand:
    token: str
    locale: str
    issued: float  # epoch seconds
    shown_seq: int = -1  # the move count the message shows
    expiry: asyncio.Task[None] | None = None


def _epoch(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp()


class LiveHands:
    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    def opened(
        self, table: Table, seat: int, interaction: discord.Interaction, locale: str, *, save: bool = True
    ) -> store.LiveHand:
        """Remember ``interaction``'s token as the seat's live hand (now showing the current turn)."""
        issued = datetime.now(UTC)
        row = store.LiveHand(seat, interaction.token, locale, issued.isoformat(timespec="milliseconds"))
        self._keep(table, row, shown=table.seq)
        if save:
            task = asyncio.get_running_loop().create_task(
                store.save_live_hand(self.manager.db, table.id, row)
            )
            task.add_done_callback(_log_failure)
        return row

    def token_of(self, interaction: discord.Interaction, seat: int, locale: str) -> store.LiveHand:
        """The store row for a click's token, to save with the move it makes."""
        now = datetime.now(UTC).isoformat(timespec="milliseconds")
        return store.LiveHand(seat, interaction.token, locale, now)

    def _keep(self, table: Table, row: store.LiveHand, *, shown: int) -> None:
        old = table.hands.get(row.seat)
        if old is not None and old.expiry is not None:
            old.expiry.cancel()
        hand = LiveHand(row.token, row.locale, _epoch(row.issued_at), shown)
        left = hand.issued + TOKEN_LIFE - EXPIRE_MARGIN - datetime.now(UTC).timestamp()
        if left <= 0:
            table.hands.pop(row.seat, None)
            return
        hand.expiry = asyncio.get_running_loop().create_task(self._expire(table, row.seat, hand, left))
        table.hands[row.seat] = hand

    async def resume(self, table: Table) -> None:
        """After a restart: take the stored tokens back and bring their hands up to date."""
        for row in await store.live_hands(self.manager.db, table.id):
            self._keep(table, row, shown=-1)
        await self.refresh(table)

    async def refresh(self, table: Table) -> None:
        """Edit every live hand that shows an earlier turn than the current one."""
        for seat, hand in list(table.hands.items()):
            if hand.shown_seq == table.seq and table.status == "active":
                continue
            if table.status == "active":
                payload = await messages.hand_message(table, seat, hand.locale)
            else:
                payload = {"content": t(hand.locale, "table.match_over"), "attachments": [], "view": None}
            if await self._edit(table, seat, hand, payload):
                hand.shown_seq = table.seq
        await self.manager.spectators.refresh(table)  # spectators' views follow the same turns

    async def _edit(self, table: Table, seat: int, hand: LiveHand, payload: dict[str, Any]) -> bool:
        try:
            await edit_original(self.manager.bot, hand.token, limits.fit(payload))
        except (discord.NotFound, discord.Forbidden):  # dismissed, or the token is gone
            self.forget(table, seat)
            return False
        except discord.HTTPException as error:
            log.info("could not edit the live hand of seat %s at table %s: %s", seat, table.id, error)
            return False
        return True

    async def _expire(self, table: Table, seat: int, hand: LiveHand, after: float) -> None:
        await asyncio.sleep(after)
        if table.hands.get(seat) is not hand:
            return
        reopen = c.button(
            c.table_id(table.id, table.seq, "hand"),
            t(hand.locale, "table.reopen_hand"),
            "primary",
            emoji="🎴",
        )
        payload = {
            "content": t(hand.locale, "table.hand_expired"),
            "attachments": [],
            "view": c.view_of([reopen]),
        }
        hand.expiry = None
        await self._edit(table, seat, hand, payload)
        table.hands.pop(seat, None)

    def forget(self, table: Table, seat: int) -> None:
        hand = table.hands.pop(seat, None)
        if hand is not None and hand.expiry is not None and hand.expiry is not asyncio.current_task():
            hand.expiry.cancel()

    def shutdown(self, table: Table) -> None:
        for hand in table.hands.values():
            if hand.expiry is not None:
                hand.expiry.cancel()


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("saving a live hand failed", exc_info=task.exception())


async def edit_original(bot: discord.Client, token: str, payload: dict[str, Any]) -> None:
    """Edit an interaction's first response with only its token (the click may be from before a
    restart): what ``Interaction.edit_original_response`` does, without the Interaction."""
    http = bot.http
    with handle_message_parameters(
        content=payload.get("content", MISSING),
        attachments=payload.get("attachments", MISSING),
        view=payload.get("view", MISSING),
    ) as params:
        await async_context.get().edit_original_interaction_response(
            bot.application_id,
            token,
            session=http._HTTPClient__session,  # type: ignore[attr-defined]
            proxy=http.proxy,
            proxy_auth=http.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
        )

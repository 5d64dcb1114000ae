"""Live hands: a player's private hand message stays current while Discord lets the bot edit it.

A hand is an ephemeral message; only its interaction's webhook token can edit it, for 15
minutes (:mod:`cogs.table.private_message`). Every click in the hand (and every "My hand") gives
a fresh token, so a hand in use never expires. The newest token per seat, with the hand's message
id, is kept in :class:`LiveHand` and in the store (a move stores its click's token in the same
transaction), and after every announcement each live hand whose turn number is behind is
edited: on the seat's turn it offers the moves, otherwise it shows the hand and what is
happening. A minute before its token ends, the hand is edited to an "expired" state whose button
reopens it in one click. After a restart the stored tokens still
work: that also finishes the reply of a click whose move was stored just before the crash.

One live hand per player: opening the hand again (a ping's "Open my hand", the board's "My hand",
``/hand``, a typed ``/move``) makes a new private message, and the older one, if its token still
lives, is edited to say it was replaced (no image, no button), so no stale controls stay around.
Each hand remembers when its player last used it (``LiveHand.used_at``) and whether that click
played a move: the turn ping waits while they play there (:func:`cogs.table.pings.quiet_until`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

import store
from cogs.table import components as c
from cogs.table import keep_live, messages
from cogs.table.model import Table
from cogs.table.private_message import Edited, PrivateMessage, PrivateMessages
from i18n import t

if TYPE_CHECKING:
    from cogs.table.host import LiveHandsHost

log = logging.getLogger(__name__)

REDRAW = -2  # a hand's shown move count that no table has: the next refresh redraws it


@dataclass(slots=True)
class LiveHand:
    message: PrivateMessage  # the hand's message and the token that edits it
    locale: str
    shown_seq: int = -1  # the move count the message shows
    expiry: asyncio.Task[None] | None = None
    used_at: float = 0.0  # the player's last click that gave this token (the event loop's clock)
    moved: bool = False  # that click played a move


class LiveHands:
    """Every table's live hands (``table.live.hands``, which only this writes); a listener of the
    announcer (:class:`~cogs.table.host.ViewListener`): refreshed after every post."""

    def __init__(self, host: LiveHandsHost) -> None:
        self.host = host
        self.messages = PrivateMessages(host.bot)

    def opened(
        self,
        table: Table,
        seat: int,
        interaction: discord.Interaction,
        locale: str,
        message_id: int,
        *,
        save: bool = True,
        shown: int | None = None,
        played: bool = False,
    ) -> store.LiveHand:
        """Remember ``interaction``'s token and its message ``message_id`` (the response it
        edited) as the seat's live hand, showing move ``shown`` (default: the current one);
        ``played``: the click played a move. An older hand message of the seat is retired as
        replaced.

        A hand drawn before moves made while it was drawn and sent (a CPU's, when drawing took
        longer than the CPU's pause: a busy bot) is behind: the announcer's next flush edits it."""
        row = self.token_of(interaction, seat, locale, message_id)
        drawn = table.seq if shown is None else shown
        self._keep(table, row, shown=drawn, played=played)
        if drawn != table.seq:
            self.host.announcer.request(table)
        if save:
            task = asyncio.get_running_loop().create_task(store.save_live_hand(self.host.db, table.id, row))
            task.add_done_callback(_log_failure)
        return row

    def token_of(
        self, interaction: discord.Interaction, seat: int, locale: str, message_id: int | None
    ) -> store.LiveHand:
        """The store row for a click's token and the message it will edit, to save with the move
        it makes."""
        now = datetime.now(UTC).isoformat(timespec="milliseconds")
        return store.LiveHand(seat, interaction.token, locale, now, message_id)

    def _keep(self, table: Table, row: store.LiveHand, *, shown: int, played: bool = False) -> None:
        old = table.live.hands.get(row.seat)
        if old is not None and old.expiry is not None:
            old.expiry.cancel()
        if old is not None and old.message.message_id != row.message_id:
            self._retire_replaced(table, row.seat, old)
        if row.message_id is None:  # stored before message ids were: it cannot be addressed
            table.live.hands.pop(row.seat, None)
            return
        hand = LiveHand(PrivateMessage.stored(row.token, row.message_id, row.issued_at), row.locale, shown)
        now = datetime.now(UTC).timestamp()
        left = hand.message.retire_in(now)
        if left <= 0:
            table.live.hands.pop(row.seat, None)
            return
        loop = asyncio.get_running_loop()
        hand.used_at = loop.time() - max(now - hand.message.issued, 0.0)  # (a stored token: its click)
        hand.moved = played
        hand.expiry = loop.create_task(self._expire(table, row.seat, hand, left))
        table.live.hands[row.seat] = hand

    def _retire_replaced(self, table: Table, seat: int, old: LiveHand) -> None:
        """The seat opened a new hand message: the older one says so, while its token lives (after
        that it already says it expired)."""
        if old.message.retire_in(datetime.now(UTC).timestamp()) <= 0:
            return
        replaced = t(old.locale, "table.hand_replaced")
        task = asyncio.get_running_loop().create_task(
            self.messages.retire(old.message, replaced, about=_about(table, seat))
        )
        task.add_done_callback(_log_failure)

    async def resume(self, table: Table) -> None:
        """After a restart: take the stored tokens back (shown as of no turn: the refresh of the
        announcer's listeners that follows brings their hands up to date)."""
        for row in await store.live_hands(self.host.db, table.id):
            self._keep(table, row, shown=-1)

    async def refresh(self, table: Table) -> None:
        """Edit every live hand that shows an earlier turn than the current one."""
        for seat, hand in list(table.live.hands.items()):
            if hand.shown_seq == table.seq and table.status == "active":
                continue
            about = _about(table, seat)
            if table.status == "active":
                payload = await messages.hand_message(table, seat, hand.locale)
                keep_live.offer(table, seat, hand.message, hand.locale, payload)  # near its end
                if not _still_live(table, seat, hand):  # replaced while it was drawn: retired instead
                    continue
                edited = await self.messages.edit(hand.message, payload, about=about)
            else:
                over = t(hand.locale, "table.match_over")
                edited = await self.messages.retire(hand.message, over, about=about)
            if self._edited(table, seat, hand, edited):
                hand.shown_seq = table.seq

    def redraw(self, table: Table) -> None:
        """Every live hand is edited again at the next refresh (a coach came or went)."""
        for hand in table.live.hands.values():
            hand.shown_seq = REDRAW

    def _edited(self, table: Table, seat: int, hand: LiveHand, edited: Edited) -> bool:
        """Whether the edit of ``hand`` went through; a hand that is gone is forgotten, unless the
        seat opened a newer one while the edit was on its way (that one stays live)."""
        if edited is Edited.GONE and table.live.hands.get(seat) is hand:
            self.forget(table, seat)
        return edited is Edited.DONE

    async def _expire(self, table: Table, seat: int, hand: LiveHand, after: float) -> None:
        await asyncio.sleep(after)
        if table.live.hands.get(seat) is not hand:
            return
        reopen = c.button(
            c.table_id(table.id, table.seq, "hand"),
            t(hand.locale, "table.reopen_hand"),
            "primary",
            emoji="🎴",
        )
        hand.expiry = None
        expired = t(hand.locale, "table.hand_expired")
        edited = await self.messages.retire(
            hand.message, expired, reopen=c.view_of([reopen]), about=_about(table, seat)
        )
        self._edited(table, seat, hand, edited)
        if table.live.hands.get(seat) is hand:  # not a hand the player opened while this one was retired
            table.live.hands.pop(seat, None)

    def forget(self, table: Table, seat: int) -> None:
        hand = table.live.hands.pop(seat, None)
        if hand is not None and hand.expiry is not None and hand.expiry is not asyncio.current_task():
            hand.expiry.cancel()

    def shutdown(self, table: Table) -> None:
        for hand in table.live.hands.values():
            if hand.expiry is not None:
                hand.expiry.cancel()


def _still_live(table: Table, seat: int, hand: LiveHand) -> bool:
    return table.live.hands.get(seat) is hand


def _about(table: Table, seat: int) -> str:
    return f"the live hand of seat {seat} at table {table.id}"


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("saving a live hand failed", exc_info=task.exception())

"""Spectators' live views: the public table, privately, kept current like a seat's hand.

``/watch`` or a **Watch** button answers with a private message showing the table as anyone may
see it (the engine's ``view(state, None)``: no hand). Like a live hand (:mod:`cogs.table.hands`),
the message is edited through its interaction's webhook token after every announcement while the
token lives, and a minute before it ends it turns into a "Watch again" button. A coach's view
also shows the one seat whose player chose them (:mod:`cogs.table.coach`). Tokens are stored, so
a restart keeps the views live and the board's "👁 n watching" count right. Nobody watching is
ever offered a control that acts: the view has only Refresh and Stop watching.

The count is the number of live views. When it changes the board post is edited (its card's text
changed, its images kept, never re-posted), under the announcer's lock and through the channel's
pacer, coalesced. A view is a card (:mod:`cogs.table.cards`), and so are its last words.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

import store.spectators as spectator_store
from cogs.table import cards, limits, messages
from cogs.table import components as c
from cogs.table.coach import coach_lines, coached_seat
from cogs.table.model import Coach, Table
from cogs.table.private_message import Edited, PrivateMessage, PrivateMessages
from cogs.table.spec import Image
from i18n import t

if TYPE_CHECKING:
    from cogs.table.host import SpectatorsHost

log = logging.getLogger(__name__)

STALE = -2  # a view's shown move count that no table has: the next refresh redraws it


@dataclass(slots=True)
class Watcher:
    """A spectator's live view: its message (and the token that edits it) and the move count
    it shows."""

    user_id: int
    message: PrivateMessage
    locale: str
    shown_seq: int = STALE
    expiry: asyncio.Task[None] | None = None

    @property
    def token(self) -> str:
        return self.message.token


def view_buttons(table: Table, locale: str) -> discord.ui.View:
    """Refresh and Stop watching: a spectator's only controls (none of them acts in the game)."""
    return c.view_of(
        [
            c.button(c.watch_id(table.id, "watch"), t(locale, "spectators.refresh"), emoji="🔄"),
            c.button(c.watch_id(table.id, "stop"), t(locale, "spectators.stop")),
        ]
    )


async def view_message(
    table: Table, user_id: int, locale: str, drawn: dict[Any, Image] | None = None
) -> dict[str, Any]:
    """A spectator's view, one card (:mod:`cogs.table.cards`): the status, whose turn, who
    coaches whom, the public table image (seat ``None``), for the coach of a seat that seat's
    hand too, and Refresh / Stop watching. Edit arguments, like a hand.

    ``drawn`` keeps the images of one refresh, by locale: every spectator reading the same
    language shares one drawing of the table."""
    drawn = {} if drawn is None else drawn
    buttons = view_buttons(table, locale)
    if table.status != "active" or table.state is None:
        return cards.payload(cards.card(t(locale, "spectators.waiting"), [], buttons), attachments=[])
    public = table.public_view().view  # the table as anyone sees it; a coach's seat below
    seat = coached_seat(table, user_id)
    coached = table.view(seat) if seat is not None else None
    spec, names = table.spec, table.names

    def draw() -> list[Image]:
        if (locale, None) not in drawn:
            drawn[locale, None] = Image("table.png", spec.render_table(public, names, locale))
        if coached is not None and seat is not None and (locale, seat) not in drawn:
            hand = spec.render_hand(coached, locale, owner=table.seats[seat].name)  # not "Your hand"
            drawn[locale, seat] = Image("hand.png", hand)
        return [drawn[locale, None], *([drawn[locale, seat]] if coached is not None else [])]

    images = await asyncio.to_thread(draw)
    lines = [t(locale, "spectators.header")]
    if seat is not None:
        lines.append(t(locale, "spectators.you_coach", player=table.seats[seat].name))
    lines.append(spec.status_text(public, names, locale))
    lines += coach_lines(table, locale)
    current = table.to_act()
    if current is not None:
        lines.append(t(locale, "table.waiting_for", who=current.name))
    text = messages.last_lines(lines, limits.CARD_TEXT)
    card = cards.card(text, [i.filename for i in images], buttons)
    return cards.payload(card, attachments=[messages.file_of(i) for i in images])


class Spectators:
    """The live views of every table of its host (``manager.spectators``): it alone writes
    ``table.live.watchers`` and ``table.live.coaches``. A listener of the announcer
    (:class:`~cogs.table.host.ViewListener`): refreshed after every post, after the live hands."""

    def __init__(self, host: SpectatorsHost) -> None:
        self.host = host
        self.messages = PrivateMessages(host.bot)
        self._board_edits: dict[int, asyncio.Task[None]] = {}

    # --- views --------------------------------------------------------------------------------

    async def opened(
        self, table: Table, interaction: discord.Interaction, locale: str, message_id: int
    ) -> None:
        """``interaction``'s message ``message_id`` (the response it edited) is the user's live
        view from now on (stored for restarts)."""
        issued = datetime.now(UTC).isoformat(timespec="milliseconds")
        user_id = interaction.user.id
        row = spectator_store.SpectatorRow(user_id, interaction.token, locale, issued, message_id)
        new = row.user_id not in table.live.watchers
        self._keep(table, row, shown=table.seq if table.status == "active" else STALE)
        await spectator_store.save_spectator(self.host.db, table.id, row)
        if new:
            self.board_changed(table)

    def _keep(self, table: Table, row: spectator_store.SpectatorRow, *, shown: int) -> bool:
        old = table.live.watchers.get(row.user_id)
        if old is not None and old.expiry is not None:
            old.expiry.cancel()
        if row.message_id is None:  # stored before message ids were: it cannot be addressed
            table.live.watchers.pop(row.user_id, None)
            return False
        message = PrivateMessage.stored(row.token, row.message_id, row.issued_at)
        watcher = Watcher(row.user_id, message, row.locale, shown)
        left = message.retire_in(datetime.now(UTC).timestamp())
        if left <= 0:
            table.live.watchers.pop(row.user_id, None)
            return False
        watcher.expiry = asyncio.get_running_loop().create_task(self._expire(table, watcher, left))
        table.live.watchers[row.user_id] = watcher
        return True

    async def resume(self, table: Table) -> None:
        """After a restart: the match's coaches and the views whose token still lives (the
        refresh of the announcer's listeners that follows brings them up to date)."""
        db = self.host.db
        for coach in await spectator_store.coaches(db, table.id):
            table.live.coaches[coach.seat] = Coach(coach.seat, coach.coach_id, coach.coach_name)
        for row in await spectator_store.spectators(db, table.id):
            if not self._keep(table, row, shown=STALE):
                await spectator_store.drop_spectator(db, table.id, row.user_id)

    async def refresh(self, table: Table) -> None:
        """Edit every view behind the table; once the match is over, end them all."""
        if table.status == "lobby":
            return
        drawn: dict[Any, Image] = {}  # the images of this turn, drawn once per language
        for user_id, watcher in list(table.live.watchers.items()):
            if table.status == "active" and watcher.shown_seq == table.seq:
                continue
            if table.seat_of(user_id) is not None:  # they took a seat (the lobby's Join): a player now
                await self._retire(table, watcher, t(watcher.locale, "spectators.seated"))
                self.forget(table, user_id)
                continue
            if table.status == "active":
                payload = await view_message(table, user_id, watcher.locale, drawn)
                edited = await self.messages.edit(watcher.message, payload, about=_about(table, user_id))
                edited_now = self._edited(table, watcher, edited)
            else:
                edited_now = await self._retire(table, watcher, t(watcher.locale, "table.match_over"))
            if edited_now:
                watcher.shown_seq = table.seq
        if table.status != "active" and (
            table.live.watchers or table.live.coaches
        ):  # they end with the match
            self.shutdown(table)
            table.live.watchers.clear()
            table.live.coaches.clear()
            await spectator_store.end_spectating(self.host.db, table.id)

    def redraw(self, table: Table) -> None:
        """Every view is edited again at the next refresh (a coach came or went)."""
        for watcher in table.live.watchers.values():
            watcher.shown_seq = STALE

    async def changed(self, table: Table) -> None:
        """A coach came or went: every hand, every view and the board say it now."""
        posts = self.host.announcer
        posts.redraw_views(table)
        await posts.refresh_views(table)
        self.board_changed(table)

    def coached(self, table: Table, coach: Coach) -> None:
        """``coach`` sees its seat's hand from now on (stored by the caller: ``coach.set_coach``)."""
        table.live.coaches[coach.seat] = coach

    def uncoached(self, table: Table, seat: int) -> Coach | None:
        """``seat``'s coach no longer sees its hand; the coach it had, if any."""
        return table.live.coaches.pop(seat, None)

    async def _retire(
        self, table: Table, watcher: Watcher, content: str, reopen: discord.ui.View | None = None
    ) -> bool:
        """The view's last words (a line, at most a button to watch again); whether they went."""
        about = _about(table, watcher.user_id)
        edited = await self.messages.retire(watcher.message, content, reopen=reopen, about=about, card=True)
        return self._edited(table, watcher, edited)

    def _edited(self, table: Table, watcher: Watcher, edited: Edited) -> bool:
        """Whether the edit of ``watcher``'s view went through; a view that is gone stops being
        counted, unless the user opened a newer one while the edit was on its way."""
        if edited is Edited.GONE and table.live.watchers.get(watcher.user_id) is watcher:
            self.forget(table, watcher.user_id)
        return edited is Edited.DONE

    async def _expire(self, table: Table, watcher: Watcher, after: float) -> None:
        await asyncio.sleep(after)
        if table.live.watchers.get(watcher.user_id) is not watcher:
            return
        again = c.button(
            c.watch_id(table.id, "watch"), t(watcher.locale, "spectators.watch_again"), "primary"
        )
        watcher.expiry = None
        await self._retire(table, watcher, t(watcher.locale, "spectators.expired"), c.view_of([again]))
        if table.live.watchers.get(watcher.user_id) is watcher:  # not a view opened meanwhile (Refresh)
            self.forget(table, watcher.user_id)

    def forget(self, table: Table, user_id: int) -> None:
        """``user_id`` stops watching (Stop, an expired or dismissed view): one fewer on the board."""
        watcher = table.live.watchers.pop(user_id, None)
        if watcher is None:
            return
        if watcher.expiry is not None and watcher.expiry is not asyncio.current_task():
            watcher.expiry.cancel()
        task = asyncio.get_running_loop().create_task(
            spectator_store.drop_spectator(self.host.db, table.id, user_id)
        )
        task.add_done_callback(_log_failure)
        self.board_changed(table)

    # --- the count on the board -------------------------------------------------------------

    def board_changed(self, table: Table) -> None:
        """Edit the board's text to the new count and coaches, soon; changes made meanwhile are
        folded into the same edit."""
        if table.status != "active":
            return
        pending = self._board_edits.get(table.id)
        if pending is not None and not pending.done():
            return
        task = asyncio.get_running_loop().create_task(self._edit_board(table), name=f"watchers-{table.id}")
        self._board_edits[table.id] = task
        task.add_done_callback(_log_failure)

    async def _edit_board(self, table: Table) -> None:
        """The board post's card, edited in place with its text changed (its images stay
        attached), when no post is on its way: a post being made (moves pending) carries the new
        lines itself."""
        async with table.outbox.announce_lock:
            self._board_edits.pop(table.id, None)  # a change from now on needs an edit of its own
            board = table.outbox.board
            if table.status != "active" or board.message_id is None or table.outbox.pending:
                return
            sheets = [a.filename for a in board.kept]  # its images stay: the card names them again
            card = messages.board_card(table, table.public_view(), board.head, board.log, sheets)
            channel = await self.host.announcer.channel(table)
            await self.host.pacer.wait(channel.id)
            message = channel.get_partial_message(board.message_id)
            try:
                await message.edit(
                    **limits.fit(cards.payload(card, allowed_mentions=discord.AllowedMentions.none()))
                )
            except discord.HTTPException as error:
                log.info("table %s: the watching count was not shown: %s", table.id, error)

    def shutdown(self, table: Table) -> None:
        for watcher in table.live.watchers.values():
            if watcher.expiry is not None and watcher.expiry is not asyncio.current_task():
                watcher.expiry.cancel()
        task = self._board_edits.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()


def _about(table: Table, user_id: int) -> str:
    return f"the view of spectator {user_id} at table {table.id}"


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a spectator task failed", exc_info=task.exception())

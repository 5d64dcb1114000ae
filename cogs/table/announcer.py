"""Announcing: the live board, the results and the turn pings, caught up from what is stored.

The guarantee, in one sentence: **every stored move is narrated on the board, every finished
match gets its results post, and the player to act gets one ping, because each post is made by
comparing the store (the truth) with what was already posted, after every move, after a failed
send and at start-up.** An outbox in the table (``table.outbox``, :mod:`cogs.table.parts`):
its ``pending`` holds the stored moves not yet narrated, ``games.announced_seq`` /
``results_posted`` record what is out. A post made just before a crash, whose watermark was not
written yet, is recognised after the restart by reading the thread's recent messages back
(:mod:`cogs.table.read_back`): every post carries its move number in its buttons' custom_ids
(``t:{game}:{seq}:hand`` on a board, ``:rematch`` on results, ``:turn`` on a ping), so nothing is
posted twice.

The board is one card (text, table image, buttons: :func:`cogs.table.messages.board_message`)
edited in place while it is the newest message of its thread; a round's score sheet opens the
next round's card, so about one post per round stays, telling its story, with the round's
notable moments (a yaku, koi-koi, go, a bomb) at its top. Pings are short new messages (a mention
only notifies in a new message), deleted when the turn ends so the board stays last. Moves that
arrive while a post waits for the channel's rate limit are narrated together: edits coalesce.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

import store
from cogs.ratings.summary import seat_ratings
from cogs.table import limits, messages, pings, render_pool, render_queue
from cogs.table.commitment import reveal_line
from cogs.table.elision import board_sections
from cogs.table.model import Pending, Table
from cogs.table.read_back import read_back
from cogs.table.spec import GameSpec
from cogs.table.standings import standing_lines
from cogs.table.supervisor import backoff
from i18n import t

if TYPE_CHECKING:
    from cogs.table.host import AnnouncerHost, ViewListener
    from render.rating_change import RatingShown

log = logging.getLogger(__name__)

HISTORY_SCAN = 50  # messages read back at start-up to recognise posts made before a crash


def _notable(spec: GameSpec, events: tuple[Any, ...]) -> bool:
    """A yaku, a call, a bomb…: kept at the top of the round's card (the game's spec says which)."""
    return any(spec.is_notable(event) for event in events)


class Announcer:
    """Posts what is stored but not yet announced, for every table of its host (the manager).

    It owns each table's outbox (``table.outbox``) and pings (``table.pings``). After every
    flush, its listeners (:meth:`listen`: the live hands, then the spectators' views) are
    refreshed, in that order."""

    def __init__(self, host: AnnouncerHost) -> None:
        self.host = host
        self.bot = host.bot
        self.listeners: list[ViewListener] = []

    def listen(self, listener: ViewListener) -> None:
        """Have ``listener``'s views refreshed after every flush (after those registered before)."""
        self.listeners.append(listener)

    async def refresh_views(self, table: Table) -> None:
        """Bring every listener's views of ``table`` up to its current turn, in order."""
        for listener in self.listeners:
            await listener.refresh(table)

    def redraw_views(self, table: Table) -> None:
        """Every listener draws its views of ``table`` again at the next refresh (a coach came or went)."""
        for listener in self.listeners:
            listener.redraw(table)

    # --- entry points ---------------------------------------------------------------------

    def request(self, table: Table) -> None:
        """Catch this table's posts up with its stored state, in the background.

        One flush runs at a time per table and loops until nothing is left, so a request made
        while one runs is served by it (the moves are already in ``table.outbox.pending``).
        """
        if table.outbox.announcing is not None and not table.outbox.announcing.done():
            if not table.outbox.announce_retrying:
                table.outbox.announce_wake.set()  # the running flush goes round once more
                return
            table.outbox.announce_retrying = False
            table.outbox.announcing.cancel()  # it waits to retry a failed post: a new flush goes now
        task = asyncio.get_running_loop().create_task(self._run(table), name=f"announce-{table.id}")
        table.outbox.announcing = task
        task.add_done_callback(_log_failure)

    def queue(self, table: Table, move: Pending) -> None:
        """A stored move (or the deal: ``seq`` -1) to narrate with the next post."""
        table.outbox.pending.append(move)

    def note(self, table: Table, *lines: str, first: bool = False) -> None:
        """Lines for the next post (a start, a forfeit, a stop…); ``first``: before those noted."""
        if first:
            table.outbox.notes[:0] = lines
        else:
            table.outbox.notes.extend(lines)

    def update_board(self, table: Table) -> None:
        """Edit the board again with no move (its status changed: a pause, a resumption)."""
        table.outbox.board_stale = True
        self.request(table)

    async def _run(self, table: Table) -> None:
        """Flush until nothing is left: again at once when a move came in meanwhile (it woke
        ``announce_wake``), again after a backoff when anything failed (Discord, the store), for
        as long as it takes; a table whose thread or channel is gone ends as abandoned."""
        failures = 0
        supervisor = self.host.supervisor
        render_queue.for_nobody()  # (a click may have started this task): only a batch with a
        # human's move goes ahead in the render queue (_narrate)
        while not supervisor.lets_go(table):
            table.outbox.announce_wake.clear()  # set again by any move made while this flush runs
            try:
                await self.flush(table)
            except Exception as error:
                if await supervisor.is_channel_lost(table, error):
                    supervisor.channel_lost(table)
                    return
                failures += 1
                delay = backoff(failures)
                log.warning(
                    "table %s: catching its posts up failed (%d in a row; %s); trying again in %.0f s",
                    table.id,
                    failures,
                    error,
                    delay,
                    exc_info=failures == 1,
                )
                if table.outbox.announce_wake.is_set():  # a move came in meanwhile: try again now
                    continue
                table.outbox.announce_retrying = True  # (or sooner: the next move's request restarts it)
                try:
                    await asyncio.sleep(delay)
                finally:
                    if table.outbox.announcing is asyncio.current_task():
                        table.outbox.announce_retrying = False
                continue
            if not table.outbox.announce_wake.is_set():
                return
            failures = 0

    async def flush(self, table: Table) -> None:
        async with table.outbox.announce_lock:
            if not table.outbox.marks_saved:  # posted, but storing that failed: store it first
                await self._save_marks(table)
            while table.outbox.pending and not self._held(table):
                await self._narrate(table)
            if table.status == "finished" and not table.outbox.results_posted and not table.outbox.pending:
                await self._post_results(table, [], [], table.seq)
            elif (table.outbox.notes or _restated(table)) and not table.outbox.pending:
                ended = table.status != "active"  # a forfeit's or a stop's lines: a post of their own
                await self._board(table, [], [], notable=ended, new_post=ended)
            await self.sync_ping(table)
        # A human's turn: their hand, which now offers their moves, is waited for (and the next
        # click's narration waits behind this refresh): it goes ahead in the render queue.
        seat = table.to_act() if table.status == "active" else None
        with render_queue.awaited(seat is not None and not seat.cpu_plays):
            await self.refresh_views(table)

    def owes(self, table: Table) -> bool:
        """Whether something stored is not posted yet (what a flush must be running or due for)."""
        if table.status == "lobby" or self.host.supervisor.lets_go(table):
            return False
        owed_results = table.status == "finished" and not table.outbox.results_posted
        narration = bool(table.outbox.pending) and not self._held(table)
        restate = table.outbox.notes or _restated(table)
        return (
            owed_results
            or narration
            or not table.outbox.marks_saved
            or bool(restate and not table.outbox.pending)
        )

    async def _save_marks(self, table: Table) -> None:
        """Store the watermarks of what is posted (the posts are out: a retry must not post again)."""
        await store.mark_announced(
            self.host.db, table.id, table.outbox.announced, table.outbox.board.message_id
        )
        if table.outbox.results_posted:
            await store.mark_results_posted(self.host.db, table.id)
        table.outbox.marks_saved = True

    def _held(self, table: Table) -> bool:
        """A seat that acts again at once (Goita: block, then attack) gets one post per turn; a
        match whose last move is played waits while its results and ratings are stored
        (``Table.finishing``, reset however that ends), so that move is narrated in the results
        post; if storing them failed, on the board, and the next start posts the results."""
        if table.finishing:
            return True
        if not table.spec.one_post_per_turn or table.status != "active":
            return False
        current, last = table.to_act(), table.outbox.pending[-1]
        return last.seq >= 0 and current is not None and current.index == last.seat

    # --- the board --------------------------------------------------------------------------

    async def _narrate(self, table: Table) -> None:
        """Narrate the stored moves not posted yet, in one post or edit. What is narrated is
        taken once it is this board's turn to be drawn (:func:`render_pool.turn`): under load,
        the moves stored while it waited in line share its board instead of needing the next."""
        async with contextlib.AsyncExitStack() as drawing:
            with render_queue.awaited(any(p.by == "human" for p in table.outbox.pending)):
                await drawing.enter_async_context(render_pool.turn())
            if not table.outbox.pending or self._held(table):  # (a move came meanwhile: it waits)
                return
            batch = list(table.outbox.pending)
            upto = batch[-1].seq + 1
            events = tuple(e for p in batch for e in p.events)
            lines = messages.narration(table, batch)
            final = table.status == "finished" and upto == table.seq
            if final:  # its post reads the store and sends more than one image: not in the turn
                await drawing.aclose()
            ratings = await self._ratings(table) if final else None  # drawn on the match summary
            with render_queue.awaited(any(p.by == "human" for p in batch)):  # a player waits for its post
                images = await messages.event_images(table, table.public_view(), events, ratings)
                if final:
                    await self._post_results(table, lines, images, upto)
                else:
                    opening = batch[0].seq < 0  # the deal: its lines head the first board for good
                    notable = opening or bool(images) or _notable(table.spec, events)
                    await self._board(table, lines, images, notable=notable, upto=upto, drawn=drawing.aclose)
        del table.outbox.pending[: len(batch)]
        await self._save_marks(table)

    async def _board(
        self,
        table: Table,
        lines: list[str],
        images: list[Any],
        *,
        notable: bool,
        upto: int | None = None,
        new_post: bool = False,
        drawn: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """Edit the board with ``lines``, or open a new board post: a round's sheets (``images``)
        open the next round's, as does a board no longer newest, or ``new_post``. A notable move's
        lines join the post's head: the moment stays in the story without a post of its own.
        ``drawn``: called once the images are drawn, before waiting for the channel (it ends
        the caller's drawing turn)."""
        board = table.outbox.board
        notes, table.outbox.notes = table.outbox.notes, []  # a start, its sealed deal, a forfeit: never cut
        fresh = new_post or bool(images) or board.message_id is None or not board.last
        head, recent = board_sections(
            board.head, board.log, notes, lines, fresh=fresh, notable=notable, opening=board.opening
        )
        opening = len(head) if fresh else board.opening  # what opened the post: never cut
        public = table.public_view()
        kept = [] if fresh else [a.filename for a in board.kept]
        payload = await messages.board_message(table, public, head, recent, images if fresh else [], kept)
        if drawn is not None:
            await drawn()
        channel = await self.channel(table)
        await self.host.pacer.wait(channel.id)
        if fresh:
            message = await channel.send(**limits.fit(payload))
            board.message_id = message.id
            board.kept = [a for a in message.attachments if a.filename != "table.png"]
        else:
            try:
                files = payload.pop("files")
                edit = {**payload, "attachments": [*board.kept, *files]}
                await channel.get_partial_message(board.message_id).edit(**limits.fit(edit))
            except discord.NotFound:  # someone deleted the board: post it again
                board.message_id = None
                table.outbox.notes = [*notes, *lines]
                return await self._board(table, [], [], notable=notable, upto=upto)
        board.head, board.log, board.last, board.opening = head, recent, True, opening
        table.outbox.board_stale = False
        if upto is not None:  # stored by the caller: a failure there must not post this again
            table.outbox.announced, table.outbox.marks_saved = upto, False
        return None

    async def _post_results(self, table: Table, lines: list[str], images: list[Any], upto: int) -> None:
        """The match's last post: narration, results, the final table, sheets, summary, Rematch."""
        lines = [*table.outbox.notes, *lines, *await self._standings(table)]
        lines.append(await reveal_line(self.host.db, table))  # the seed and salt, for /verify
        table.outbox.notes = []
        payload = await messages.results_message(table, table.public_view(), lines, images)
        channel = await self.channel(table)
        await self.host.pacer.wait(channel.id)
        message = await channel.send(**limits.fit(payload))
        table.outbox.announced, table.outbox.results_posted, table.outbox.marks_saved = upto, True, False
        table.outbox.board.message_id, table.outbox.board.last = message.id, True
        del table.outbox.pending[:]  # narrated in this post (a retry must not post it again)
        await self._save_marks(table)
        await self.host.refresh_lobby(table)  # the lobby message says the match is over

    async def _standings(self, table: Table) -> list[str]:
        """What changed for each player on the leaderboard, with their new rating."""
        try:
            return list(await standing_lines(self.host.db, table.id, table.locale))
        except Exception:
            log.exception("table %s: could not compute the leaderboard changes", table.id)
            return []

    async def _ratings(self, table: Table) -> tuple[RatingShown | None, ...] | None:
        """Each seat's rating change for the match summary image (``None``: no rated change)."""
        try:
            return await seat_ratings(self.host.db, table.id, [s.user_id for s in table.seats])
        except Exception:
            log.exception("table %s: could not read the rating changes", table.id)
            return None

    # --- pings --------------------------------------------------------------------------------

    async def sync_ping(self, table: Table) -> None:
        """Delete the last turn's pings; ping the human to act once per turn (never an away one)."""
        if table.pings.ping_ids and (
            table.pings.ping_turn != table.clock.turn_start or table.status != "active"
        ):
            await self._delete_pings(table)
        seat = table.to_act()
        if (
            table.status != "active"
            or seat is None
            or seat.cpu_plays
            or table.pings.ping_turn == table.clock.turn_start
        ):
            return
        if table.supervision.paused is not None:  # no deadline runs: pinged again when it resumes
            return
        until = pings.quiet_until(table)
        if until is not None and until > asyncio.get_running_loop().time():
            self.host.watch_idle(table)  # they play in their live hand: pinged once idle
            return
        # Public: built from the public view only (who, until when, what kind of decision), never
        # from the seat's own view, whose prompt would tell the thread about the hand.
        ping = pings.ping_message(table, table.public_view())
        if ping is None:
            return
        await self._send_ping(table, ping)
        await self._notify_by_dm(table, seat.user_id)

    def ping_again(self, table: Table) -> None:
        """Post the turn's ping again at the next flush (its deadline changed: a resumption)."""
        table.pings.ping_turn = None

    async def ping_idle(self, table: Table) -> None:
        """The held ping of a player who went idle (the turn clock's ``idle`` step): posted now,
        unless the board has moves to narrate first (the flush that narrates them pings then)."""
        async with table.outbox.announce_lock:
            if not table.outbox.pending:
                await self.sync_ping(table)

    async def warn(self, table: Table) -> None:
        """The warning ping a minute before the turn's timer runs out."""
        warning = pings.warning_message(table, table.public_view())
        if warning is not None:
            await self._send_ping(table, warning)

    async def _send_ping(self, table: Table, ping: dict[str, Any]) -> None:
        channel = await self.channel(table)
        await self.host.pacer.wait(channel.id)
        message = await channel.send(**limits.fit(ping), allowed_mentions=discord.AllowedMentions(users=True))
        table.pings.ping_turn = table.clock.turn_start
        table.pings.ping_ids.append(message.id)

    async def _delete_pings(self, table: Table) -> None:
        channel = await self.channel(table)
        for message_id in table.pings.ping_ids:
            with contextlib.suppress(discord.NotFound):  # deleted already (a moderator, a past run)
                await channel.get_partial_message(message_id).delete()
        table.pings.ping_ids, table.pings.ping_turn = [], None

    async def _notify_by_dm(self, table: Table, user_id: int | None) -> None:
        """The opt-in "your turn" DM (``/notify``), when the store offers that setting."""
        if user_id is None or not await store.notify_wanted(self.host.db, [user_id]):
            return
        where = f"<#{table.play_channel_id}>"
        try:  # (without the members intent the user is often not cached)
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(t(table.locale, "table.dm_your_turn", where=where))
        except discord.HTTPException:
            log.info("could not DM user %s about their turn", user_id)

    # --- after a restart --------------------------------------------------------------------

    async def reconcile(self, table: Table) -> None:
        """Read the thread's recent messages back and count what was posted before a crash.

        A post sent just before the bot stopped, whose watermark was not stored yet, is found by
        the move number in its buttons; pings of turns that are over are deleted.
        """
        try:
            channel = await self.channel(table)
            history = [m async for m in channel.history(limit=HISTORY_SCAN)]
        except discord.HTTPException:
            log.warning("table %s: could not read its thread back; trusting the store", table.id)
            return
        await read_back(self.host.db, table, channel, history, self.bot.user)

    async def channel(self, table: Table) -> Any:
        channel_id = table.play_channel_id
        return self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)

    async def on_message(self, message: discord.Message) -> None:
        """Someone else posted in a table's thread: its board is no longer the newest message."""
        me = self.bot.user
        if me is not None and message.author.id == me.id:
            return
        table = self.host.in_channel(message.channel.id)
        if table is not None and message.channel.id == table.play_channel_id:
            table.outbox.board.last = False


def _restated(table: Table) -> bool:
    """The running table's board must be edited again though no move came (a pause)."""
    return table.outbox.board_stale and table.status == "active"


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("announcing failed", exc_info=task.exception())

"""The shared table flow's core: starting, moves, finishing, resuming after a restart.

One :class:`TableManager` lives on the bot (``bot.tables``; from a component's callback,
:meth:`TableManager.of`). Every move goes through :meth:`TableManager.act`, under the table's
lock: the engine validates it, the store makes it durable, and only then is the new state kept
and the move queued in the announcer's outbox; the announcer (``announcer.py``) then posts it
and refreshes its listeners (the live hands, ``hands.py``, then the spectators' views,
``spectators.py``), and the turn clock (``turns.py``) schedules what happens next: a CPU seat's
move after a short pause, or the turn timer of the human to act, run by the table's supervisor
(``supervisor.py``), which retries what fails. Lobby and player clicks live in ``lobby.py`` and
``play.py``; a table rebuilt after a restart comes from ``rebuild.py``. The services never
import this module: each is typed with the protocol of ``host.py`` naming what it needs of the
manager, and each writes only its own part of a table (``parts.py``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
from discord.ext import commands

import store
from cogs.table import autopass, coach, limits, messages
from cogs.table.announcer import Announcer
from cogs.table.commitment import commit as commit_deal
from cogs.table.commitment import sealed_line
from cogs.table.forfeit import forfeit_results
from cogs.table.hands import LiveHands
from cogs.table.model import Seat, StaleClick, Table
from cogs.table.ownership import Ownership
from cogs.table.pacing import ChannelPacer
from cogs.table.parts import Pending
from cogs.table.rebuild import rebuild
from cogs.table.spec import GameSpec, Image
from cogs.table.spectators import Spectators
from cogs.table.supervisor import Supervisor
from cogs.table.thread import open_thread
from cogs.table.turns import TurnClock
from engine.core import GameError, GameOver, NotYourTurn, Outcome
from i18n import t
from tsuki.settings import Settings

log = logging.getLogger(__name__)


class TableManager(TurnClock):
    """The tables this process drives, and the services that run them (typed by ``host.py``)."""

    def __init__(
        self, bot: commands.Bot, db: store.Database, specs: dict[str, GameSpec], settings: Settings
    ) -> None:
        self.bot = bot
        self.db = db
        self.specs = specs
        self.settings = settings
        self.tables: dict[int, Table] = {}
        self.pacer = ChannelPacer()
        self.announcer = Announcer(self)
        self.hands = LiveHands(self)
        self.ownership = Ownership(self, settings.shard_count, settings.shard_ids)
        self.spectators = Spectators(self)
        self.supervisor = Supervisor(self)  # after the services: it asks them to let a table go
        # After every post: the live hands, then the spectators' views (which name the coaches).
        self.announcer.listen(self.hands)
        self.announcer.listen(self.spectators)

    @staticmethod
    def of(client: discord.Client) -> TableManager:
        """The manager on the bot an interaction reached (``Interaction.client`` is typed Client)."""
        tables = getattr(client, "tables", None)
        if not isinstance(tables, TableManager):
            raise TypeError(f"{type(client).__name__} has no table manager")
        return tables

    # --- lookup -----------------------------------------------------------------------------

    def in_channel(self, channel_id: int | None) -> Table | None:
        """The open table whose lobby is in, or whose match runs in, this channel/thread."""
        return next((tb for tb in self.tables.values() if channel_id in (tb.channel_id, tb.thread_id)), None)

    def get(self, game_id: int) -> Table:
        """The table a click is for; a paused one refuses it with the pause's reason (``Paused``)."""
        table = self.tables.get(game_id)
        if table is None or table.status == "abandoned":  # (its channel lost: its end being stored)
            raise self.supervisor.gone(game_id=game_id) or GameOver("This game is over.", key="no_table")
        self.supervisor.refuse_if_paused(table)
        return table

    def update_board(self, table: Table) -> None:
        self.announcer.update_board(table)

    def owes_posts(self, table: Table) -> bool:
        return self.announcer.owes(table)

    def forget_live(self, table: Table) -> None:
        """Stop a table's live hands and spectator views (it is no longer driven here)."""
        self.hands.shutdown(table)
        self.spectators.shutdown(table)

    async def save_seats(self, table: Table, seats: list[Seat] | None = None) -> None:
        """Store the lobby's seats (``seats`` replaces them), then keep them in memory."""
        seats = table.seats if seats is None else seats
        rows = [store.SeatRow(i, s.user_id, s.name) for i, s in enumerate(seats)]
        await store.set_seats(self.db, table.id, rows)
        for i, seat in enumerate(seats):
            seat.index = i
        table.seats = seats

    async def save_meta(self, table: Table, meta: dict[str, Any] | None = None) -> None:
        """Store the table's meta (``meta``: this one instead, e.g. a change saved before it is made)."""
        await store.update_meta(self.db, table.id, table.meta() if meta is None else meta)

    async def replace_seat(self, table: Table, index: int, user_id: int | None, name: str) -> Seat:
        """Hand seat ``index`` of a running match to ``user_id`` (``None``: the CPU); returns the
        seat as it was. The seat's moves and points stay; its old player can no longer act. When
        it is the seat to act, its pending timer or CPU move is replaced by one for the new player.
        """
        async with table.lock:
            if table.status != "active":
                raise GameOver("This game is over.", key="game_over")
            old = table.seats[index]
            seat = Seat(index, user_id, name)
            seat.tutorial_from = table.moves_by_seat.get(index, 0)  # a learn table: from their first move
            # The old player's live hand must not go on showing the seat's cards to them.
            self.hands.forget(table, index)
            await store.drop_live_hand(self.db, table.id, index)
            await self.save_seats(table, [seat if s.index == index else s for s in table.seats])
            await self.save_meta(table)  # the new player starts with no time-outs, not away
            await coach.seat_changed(self, table, index, user_id)  # its coach must not see the new hand
            if table.to_act() is seat:
                self.schedule(table)
        return old

    # --- start and resume -------------------------------------------------------------------

    async def start(self, table: Table, lobby_message: discord.Message | None) -> None:
        """Deal: create the thread when allowed, store the seats, post the first table."""
        state, events = table.spec.engine.begin(table.seat_count, table.rules, table.seed)
        thread_id = await open_thread(self.bot, table, lobby_message)
        seats = [store.SeatRow(s.index, s.user_id, s.name) for s in table.seats]
        await store.start_game(self.db, table.id, seed=table.seed, seats=seats, thread_id=thread_id)
        table.state, table.status, table.thread_id = state, "active", thread_id
        await self.save_meta(table)
        self.announcer.note(table, self._started_line(table))
        self.announcer.note(table, await commit_deal(self.db, table))  # the deal's sealed hash, posted first
        self.announcer.queue(table, Pending(-1, 0, tuple(events), "cpu"))  # the deal: narrated, not a move
        self._begin_turn(table)
        if (outcome := table.spec.engine.outcome(state)) is not None:
            await self.finish(table, outcome)
        self.announcer.request(table)
        self.schedule(table)

    def _started_line(self, table: Table) -> str:
        return t(table.locale, "table.started", game=t(table.locale, table.spec.title_key))

    async def resume_all(self) -> int:
        """Rebuild every unfinished table this process drives (its shards' guilds; with leases,
        those it could lease) from its stored action log (after a restart)."""
        count, resumed = 0, set()
        for row in await store.unfinished_games(self.db):
            if not await self.ownership.claim(row):
                continue  # another process's table
            try:
                if await self.resume_game(row):
                    count += 1
                    resumed.add(row.id)  # (its own flush posts its results, even once it has finished)
            except Exception:  # one table's trouble (a deleted thread, a failed finish) stops no other
                log.exception("game %s failed part of its resumption; the others carry on", row.id)
        return count + await self._post_missing_results(resumed)

    async def resume_game(self, row: store.GameRow) -> int:
        """Rebuild one unfinished table and carry on with it (1), or close it if it cannot be (0)."""
        spec = self.specs.get(row.game)
        if spec is None:
            log.warning("game %s is of unknown kind %r; skipped", row.id, row.game)
            return 0
        try:
            table = await self._rebuild(row, spec)
        except Exception:
            log.exception("could not resume game %s; closing it so its channel is free", row.id)
            await store.finish_game(self.db, row.id, "abandoned")
            return 0
        self.tables[table.id] = table
        outcome = spec.engine.outcome(table.state) if table.state is not None else None
        if table.status == "active":
            await self.announcer.reconcile(table)
        pending = table.outbox.pending
        if pending and pending[0].seq < 0:  # stopped before its first post: say it all
            sealed = await sealed_line(self.db, table)
            self.announcer.note(table, self._started_line(table), *([sealed] if sealed else []), first=True)
        if outcome is not None:  # stopped between its last move and its results
            await self.finish(table, outcome)
        if table.status == "lobby":
            self.supervisor.expire_lobby_later(table)
        else:
            try:
                await self.spectators.resume(table)  # coaches first: hands and views name them
                await self.hands.resume(table)
            finally:  # what was stored but not posted (after the hands: a quiet turn stays quiet)
                self.announcer.request(table)
            await self.announcer.refresh_views(table)
            if table.supervision.paused is not None and table.status == "active":
                self.supervisor.pause(
                    table, table.supervision.paused
                )  # still paused: its reason shown, its probe run
            else:
                self.schedule(table)
        return 1

    def let_go(self, table: Table) -> None:
        """Stop driving a table another process took over (its lease): no timers, no posts."""
        self.drop_tasks(table)
        self.hands.shutdown(table)
        self.tables.pop(table.id, None)

    async def _post_missing_results(self, resumed: set[int]) -> int:
        """Matches that ended (results stored) just before a restart, before their results post
        (not those ``resumed`` just now: their own flush posts their results)."""
        since = (datetime.now(UTC) - timedelta(days=1)).isoformat(timespec="milliseconds")
        count = 0
        for row in await store.unposted_results(self.db, since):
            spec = self.specs.get(row.game)
            if spec is None or row.id in resumed:
                continue
            try:
                table = await self._rebuild(row, spec)
                table.status = "active"  # to reconcile like a running table, then it is over again
                await self.announcer.reconcile(table)
            except Exception:  # its results stay unposted: the next start tries again
                log.exception("could not post the results of game %s", row.id)
                continue
            table.status = "finished"
            self.announcer.request(table)
            count += 1
        return count

    async def _rebuild(self, row: store.GameRow, spec: GameSpec) -> Table:
        """``row``'s table, rebuilt from the store (``rebuild.py``), its turn clock running."""
        table, began = await rebuild(self.db, row, spec, self.settings.turn_timeout)
        if table.status in ("active", "finished"):
            self._begin_turn(table, began)  # what is left of the turn in progress
        return table

    # --- moves ------------------------------------------------------------------------------

    async def act(
        self,
        table: Table,
        seat: Seat,
        action: Any,
        *,
        expected_seq: int | None,
        by: str = "human",
        live_hand: store.LiveHand | None = None,
    ) -> None:
        """Validate, store, apply one move (``by``: human, cpu or timeout), then have it announced.

        The move is durable before anything is posted: the announcer narrates it from
        ``table.outbox.pending`` (and, after a crash, from the store). ``live_hand`` is the click's token,
        stored with the move. Once the move is stored this runs to the end even if its task is
        cancelled meanwhile (``cancel_tasks`` leaves the committing task alone), and the next seat
        is always scheduled: a table is never left with nobody to act.
        """
        async with table.lock:
            if table.status != "active":
                raise GameOver("This game is over.", key="game_over")
            self.supervisor.refuse_if_paused(table)
            if expected_seq is not None and expected_seq != table.seq:
                raise StaleClick("That button is from an earlier turn.")
            current = table.to_act()
            if current is None or current.index != seat.index:
                raise NotYourTurn("It is not your turn.")
            engine = table.spec.engine
            new_state, events = engine.apply(table.state, action)  # raises IllegalAction; nothing changed
            table.committing = asyncio.current_task()
            try:
                try:
                    await store.append_action(
                        self.db,
                        table.id,
                        table.seq,
                        seat.index,
                        str(action),
                        by_cpu=by != "human",
                        live_hand=live_hand,
                    )
                except store.LeaseLost:  # another process drives this table now
                    table.status = "moved"
                    self.let_go(table)
                    raise GameOver("This game is over.", key="no_table") from None
                # The last move: its narration waits for the results and ratings (announcer._held).
                table.finishing = engine.outcome(new_state) is not None
                self.announcer.queue(table, Pending(table.seq, seat.index, tuple(events), by))
                table.state, table.seq = new_state, table.seq + 1
                table.moves_by_seat[seat.index] = table.moves_by_seat.get(seat.index, 0) + 1
                self.cancel_tasks(table)
                await self._after_move(table, seat, by)
            finally:
                table.committing = None
                if table.finishing:  # rated, or finish() failed: the last move is narrated either way
                    table.finishing = False
                    self.announcer.request(table)
                if table.status == "active" and "next" not in table.tasks:
                    self.schedule(table)

    async def _after_move(self, table: Table, seat: Seat, by: str) -> None:
        if by == "human":
            autopass.close_window(table)  # they play by hand: the table passes for nobody this turn
        next_seat = table.to_act()
        if next_seat is None or next_seat.index != seat.index:
            self._begin_turn(table)
        if by == "human" and (seat.timeouts or seat.away):
            seat.timeouts, seat.away = 0, False
            try:  # the move is stored: this is saved again with the next change of the seats
                await self.save_meta(table)
            except Exception:
                log.exception("table %s: could not save that seat %s is back", table.id, seat.index)
        outcome = table.spec.engine.outcome(table.state)
        if outcome is not None:
            try:
                await self.finish(table, outcome)
            except Exception:  # the move is stored: the supervised next step stores the results
                log.exception("table %s: could not store the results yet; trying again", table.id)
        self.announcer.request(table)

    async def finish(self, table: Table, outcome: Outcome, *, forfeit: int | None = None) -> None:
        """Record the results atomically and close the table."""
        view = table.public_view().view
        results = table.spec.results(outcome, view)
        if forfeit is not None:
            results = forfeit_results(results, table.spec.engine.seat_teams(len(results)), forfeit)
        await store.finish_with_results(self.db, table.id, results)
        self.cancel_tasks(table)
        self.tables.pop(table.id, None)
        try:  # ratings are derived from the results: a failure here is repaired at start-up
            await store.apply_game_ratings(self.db, table.id)
        except Exception:
            log.exception("table %s: ratings not updated yet; they are folded in at the next start", table.id)
        # Only now, rated: the announcer posts the results (text and summary image) once the table
        # is finished, so they show each player's rating change.
        table.status = "finished"

    # --- lobbies ------------------------------------------------------------------------------

    async def close_lobby(self, table: Table) -> None:
        """Cancel a lobby that never started (its channel is free again)."""
        if table.status != "lobby":
            raise GameError("This lobby has closed.", key="lobby_closed")
        await store.finish_game(self.db, table.id, "cancelled")
        table.status = "cancelled"
        self.cancel_tasks(table)
        self.tables.pop(table.id, None)

    async def refresh_lobby(self, table: Table, note_key: str | None = None) -> None:
        """Redraw the lobby message (seats, buttons), with a closing note when it is over."""
        channel = self.bot.get_channel(table.channel_id)
        if table.lobby_message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        embed = messages.lobby_embed(table)
        if note_key is not None:
            embed.description = t(table.locale, note_key)
        view = messages.lobby_view(table) if table.status == "lobby" else messages.started_lobby_view(table)
        try:
            lobby_message = channel.get_partial_message(table.lobby_message_id)
            await lobby_message.edit(**limits.fit({"embed": embed, "view": view}))
        except discord.HTTPException:
            log.info("lobby message of table %s is gone", table.id)

    async def abandon(self, table: Table) -> None:
        """Close a table without results (a CPU-only table its host stops watching)."""
        await store.finish_game(self.db, table.id, "abandoned")
        table.status = "abandoned"
        self.cancel_tasks(table)
        self.tables.pop(table.id, None)

    async def announce(self, table: Table, lines: Sequence[str], images: Sequence[Image] = ()) -> None:
        """Post ``lines`` (a forfeit, a stop…) with the next post of the table, now."""
        self.announcer.note(table, *lines)
        self.announcer.request(table)
        self.schedule(table)

    # --- what happens next: CPU moves and turn timers --------------------------------------

    def shutdown(self) -> None:
        self.ownership.stop()
        for table in self.tables.values():
            self.drop_tasks(table)
            self.hands.shutdown(table)
            self.spectators.shutdown(table)

"""The simulated world of ``bench/load.py``: SimCord on the wall clock, and the humans playing.

Each human is its own task (:meth:`Driver.play`): it opens its table, reacts to its table's own
posts, thinks, then types ``/move``, as a real user would; nothing waits for the whole bot.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

import simcord
from simcord import _dpy_internals
from simcord._runtime import _restore_loop

from bench.load_metrics import Metrics
from cogs.table import autopass
from cogs.table.model import Seat, Table
from cogs.table.typed import choices_for
from tests.typed import unchecked
from tsuki.bot import TsukiBot

GAMES = (
    ("koikoi start", {"rounds": 3}),
    ("roppyakken start", {"target": 300}),
    ("gostop start", {"rounds": 3}),
    ("doudizhu start", {"deals": 1}),
    ("goita start", {"target": 1}),
)
THINK = (5.0, 20.0)  # seconds a human takes to move once it is their turn (default of --think)
ANSWER_DEADLINE = 3.0  # Discord's: an interaction not answered by then has failed
POST_TIMEOUT = 60.0  # a move whose table post has not come by then is counted as an error


DEBUG = bool(os.environ.get("LOAD_DEBUG"))


def debug(*args: Any) -> None:
    if DEBUG:
        print(f"{time.perf_counter():.2f}", *args, file=sys.stderr, flush=True)


def _run_unless_cancelled(handle: asyncio.Handle) -> None:
    if not handle.cancelled():
        handle._run()


def real_time(env: simcord.Env) -> None:
    """Switch SimCord's virtual clock and settlement off: from now on the bot runs on the plain
    event loop and the wall clock. Timers the bot armed so far are re-armed on the real loop."""
    loop = asyncio.get_running_loop()
    now = env.backend.clock.elapsed
    for record in list(env._work.callbacks):
        if record.real_handle is not None:
            record.real_handle.cancel()
        handle = record.handle
        if record.when is None or handle is None or handle.cancelled():
            continue
        loop.call_later(max(0.0, record.when - now), _run_unless_cancelled, handle)
    env._work.callbacks.clear()
    # SimCord logs every request and event for test reports: Discord's memory, not the bot's.
    backend = unchecked(env.backend)  # its logs bounded: deques where it keeps lists
    backend.http_requests = deque(maxlen=64)
    backend.transcript = deque(maxlen=64)
    _restore_loop(env)
    _dpy_internals.release_clocks(env)

    async def no_settle(*args: Any, **kwargs: Any) -> None:
        return None

    unchecked(env)._settle_internal = no_settle  # slash() returns once sent


@dataclass
class Human:
    index: int
    member: Any
    channel: Any
    start_at: float


def add_humans(env: simcord.Env, size: int, ramp: float, rng: random.Random) -> list[Human]:
    """One member and one text channel per table, arriving at a random instant of the ramp."""
    guild = env.create_guild("load")
    return [
        Human(
            i,
            guild.add_member(env.create_user(f"p{i}")),
            guild.create_text_channel(f"t{i}"),
            rng.uniform(0, ramp),
        )
        for i in range(size)
    ]


class Driver:
    """The humans' side of a run: one :meth:`play` task per human, until :attr:`stop` is set.
    ``think``: the least and most seconds a human takes to move once it is their turn."""

    def __init__(
        self, bot: TsukiBot, metrics: Metrics, rng: random.Random, think: tuple[float, float] = THINK
    ) -> None:
        self.bot, self.metrics, self.rng, self.think = bot, metrics, rng, think
        self.stop = asyncio.Event()

    async def sleep_or_stop(self, seconds: float) -> bool:
        """Sleep; True if the run ended meanwhile."""
        try:
            await asyncio.wait_for(self.stop.wait(), seconds)
            return True
        except TimeoutError:
            return False

    async def interact(self, human: Human, channel: Any, name: str, is_start: bool, **options: Any) -> Any:
        """Send one slash command and wait for its first answer (counted late past 3 s)."""
        metrics = self.metrics
        result = await human.member.slash(channel, name, **options)
        iid = result._interaction.id
        event = metrics.answer_event(iid)
        received = metrics.received.get(iid)
        try:
            await asyncio.wait_for(event.wait(), ANSWER_DEADLINE)
        except TimeoutError:
            metrics.errors.append(f"{name}: no answer within {ANSWER_DEADLINE:.0f} s")
            await event.wait()  # keep the figure: answered late is still answered
        finally:
            metrics.answered.pop(iid, None)
        if is_start and received is not None:
            metrics.start_response.append(time.perf_counter() - received)
        return result

    def table_in(self, channel_id: int) -> Any:
        return next((t for t in self.bot.tables.tables.values() if t.channel_id == channel_id), None)

    async def open_table(self, human: Human, game: int) -> Any:
        command, options = GAMES[game % len(GAMES)]
        await self.interact(human, human.channel, command, True, opponent="cpu", **options)
        deadline = time.perf_counter() + POST_TIMEOUT
        while (table := self.table_in(human.channel.id)) is None or table.state is None:
            if self.stop.is_set():
                return None
            if time.perf_counter() > deadline:
                self.metrics.errors.append(f"{command}: no table after {POST_TIMEOUT:.0f} s")
                return None
            await self.metrics.next_post(
                human.channel.id if table is None else table.thread_id or table.channel_id, 2.0
            )
        return table

    async def play(self, human: Human) -> None:
        """The human's whole run: a match after another in its channel, the five games in turn."""
        if await self.sleep_or_stop(human.start_at):
            return
        game = human.index
        while not self.stop.is_set():
            table = await self.open_table(human, game)
            debug("opened", human.index, table and (table.id, table.thread_id, table.to_act()))
            game += len(GAMES) + 1  # the next match in this channel is another game
            if table is None:
                if await self.sleep_or_stop(5.0):
                    return
                continue
            if await self.play_match(human, table):
                return

    async def play_match(self, human: Human, table: Table) -> bool:
        """Move whenever it is the human's turn until the match ends; True if the run ended.

        The human learns of its turn as a player does, from the table's posts: once they have
        caught up with the store (the announcer owes nothing), not as soon as the CPU seats' moves
        are stored, before their board is out (the click would then wait for that board too)."""
        metrics, bot = self.metrics, self.bot
        where = table.thread_id or table.channel_id
        thread = next((t for t in human.channel.threads if t.id == where), human.channel)
        unseen: float | None = None  # since when the human's turn is stored but not shown
        while not self.stop.is_set() and bot.tables.tables.get(table.id) is table:
            seat = table.seat_of(human.member.id)
            mine = seat is not None and table.to_act() is seat
            if mine and bot.tables.announcer.owes(table):
                unseen = unseen or time.perf_counter()
                mine = time.perf_counter() - unseen > POST_TIMEOUT
                if mine:  # counted once; the human plays on
                    metrics.errors.append(f"turn: stored but not shown after {POST_TIMEOUT:.0f} s")
            if not mine:
                await metrics.next_post(where, 5.0)  # react to the table's own posts
                continue
            unseen = None
            assert seat is not None  # (its turn)
            if await self.sleep_or_stop(self.rng.uniform(*self.think)):
                return True
            if bot.tables.tables.get(table.id) is not table or table.to_act() is not seat:
                continue
            choices = choices_for(table.spec, table.view(seat.index), "en", "")  # what /move suggests
            if not choices:
                continue
            seq = table.seq
            debug("click", human.index, table.id, seq)
            metrics.clicks[where] = time.perf_counter()
            metrics.breakdown.click(where, metrics.clicks[where])
            metrics.paced.pop(where, None)
            result = await self.interact(human, thread, "move", False, action=self.rng.choice(choices).value)
            metrics.human_moves += 1
            if not result.deferred:  # refused at once, with the reason in an ephemeral answer
                metrics.clicks.pop(where, None)
                metrics.breakdown.drop(where)
                response = result.response
                if table.seq > seq and autopass.applies(table, seat):
                    # The table passed for them (auto-pass: their only move was a pass) while
                    # the click was on its way: refused as a player would be, not a fault.
                    metrics.raced_autopass += 1
                    continue
                metrics.errors.append(f"move refused: {response.content[:80] if response else None}")
                continue
            await self.await_post(table, where, seq, seat)
        return False

    async def await_post(self, table: Table, where: int, seq: int, seat: Seat) -> None:
        """Wait until the move is applied and its table post is out (an error past POST_TIMEOUT).

        A seat that acts again at once in a game posted once per turn (Goita: block, then
        attack) sees no post before its second move: its hand asks for it; it goes on."""
        metrics = self.metrics
        deadline = time.perf_counter() + POST_TIMEOUT
        while (where in metrics.clicks or table.seq == seq) and time.perf_counter() < deadline:
            if self.stop.is_set() or self.bot.tables.tables.get(table.id) is not table:
                break
            if table.seq > seq and table.to_act() is seat and table.spec.one_post_per_turn:
                metrics.clicks.pop(where, None)  # nothing to time: its turn is posted after its next move
                metrics.breakdown.drop(where)
                break
            await metrics.next_post(where, 5.0)
        else:
            if time.perf_counter() >= deadline:
                metrics.clicks.pop(where, None)
                metrics.breakdown.drop(where)
                metrics.errors.append(f"move: not applied and posted after {POST_TIMEOUT:.0f} s")


async def warm_renders(bot: TsukiBot) -> None:
    """Draw a table image and a hand of every game once, so the memory per table counts the
    tables, not the image caches (fonts, faces) filling up with the first images."""
    for command, _options in GAMES:
        spec: Any = bot.tables.specs[command.split()[0]]
        engine = spec.engine
        seats = max(engine.min_seats, 3 if engine.max_seats >= 3 else 2)
        state = engine.new_game(seats, engine.rules_from(None, None), 1)
        names = tuple(f"p{i}" for i in range(seats))
        await asyncio.to_thread(spec.render_table, engine.view(state, None), names, "en")
        await asyncio.to_thread(spec.render_hand, engine.view(state, engine.to_act(state) or 0), "en")


def stub_renders(bot: TsukiBot) -> None:
    """Replace every table image by one tiny PNG: the same run without rendering's CPU, to see
    what rendering in threads costs the event loop and the answers.

    Threads only: the stubs are this process's, and render workers draw with their own copies of
    the specs, for real (refused rather than measured wrong)."""
    from PIL import Image

    from cogs.table import render_pool
    from render.png import to_png

    if render_pool.workers():
        raise ValueError("stub renders with render workers: the workers would draw for real")

    tiny = to_png(Image.new("RGB", (8, 8)))
    for spec in bot.tables.specs.values():
        for name in ("render_table", "render_hand"):
            object.__setattr__(spec, name, lambda *a, **k: tiny)
        object.__setattr__(spec, "event_images", lambda *a, **k: [])


_pg: Any = None


def postgres_url(tmp: str) -> str:
    """A PostgreSQL for the run: DATABASE_URL if set, else a throw-away server from pgserver."""
    global _pg
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    if _pg is None:
        import pgserver

        _pg = pgserver.get_server(tmp + "/pg", cleanup_mode="delete")
    name = f"load_{int(time.time() * 1000)}"
    _pg.psql(f"CREATE DATABASE {name};")
    return str(_pg.get_uri(name))

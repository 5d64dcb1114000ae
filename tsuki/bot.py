"""The Bot: opens the store, loads the cogs, resumes unfinished games, syncs commands."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

import discord
from discord.ext import commands

import store
from cogs.table import render_pool
from cogs.table.manager import TableManager
from cogs.table.routes import DYNAMIC_ITEMS
from cogs.table.spec import GameSpec
from cogs.translator import TsukiTranslator
from render import heap
from store import Database, LeasePolicy
from store.advisory import AdvisoryLocks
from tsuki.identify import IdentifyGate
from tsuki.settings import Settings

log = logging.getLogger(__name__)

# The shared extensions; each game's commands load between the first and the rest
# (``cogs.registry.EXTENSIONS``, see :func:`extensions`).
EXTENSIONS = (
    "cogs.errors",
    "cogs.moves",
    "cogs.ratings",
    "cogs.help",
    "cogs.seats",
    "cogs.notify",
    "cogs.fairness",
    "cogs.config",
    "cogs.watch",
    "cogs.replay.cog",
    "cogs.learn",
)


def game_specs() -> dict[str, GameSpec]:
    """Every playable game's adapter, by name (``cogs.registry``)."""
    from cogs.registry import SPECS

    return dict(SPECS)


def extensions() -> tuple[str, ...]:
    """Every extension to load: the error handler, each game's commands, the shared ones."""
    from cogs.registry import EXTENSIONS as GAMES

    return (EXTENSIONS[0], *GAMES, *EXTENSIONS[1:])


@functools.cache
def warm_images(games: tuple[str, ...]) -> None:
    """Draw each game's image caches once per process (~4 s), so first moves answer fast.

    Once per process, not per bot: the caches are the process's, and another bot started in the
    same process (a test, a restart in place) finds them drawn. The faces drawn past the caches'
    bounds were freed again: the C heap is trimmed after, to give that memory back.
    """
    specs = game_specs()
    for game in games:
        specs[game].warm()
    heap.trim()


class TsukiBot(commands.Bot):
    db: Database
    tables: TableManager
    identify_gate: IdentifyGate | None = None  # processes sharing a database take turns to IDENTIFY
    # The games whose images are drawn ahead at start-up (None: every game). The demo plays one.
    warm_games: tuple[str, ...] | None = None

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.default()  # slash commands and buttons need no privileged intent
        shards: dict[str, Any] = {}  # keyword arguments of AutoShardedBot only
        if isinstance(self, commands.AutoShardedBot):
            shards = {"shard_count": settings.shard_count, "shard_ids": settings.shard_ids}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **shards)
        self.settings = settings
        heap.limit_arenas()  # before the render threads exist: two malloc arenas, not one per thread

    async def setup_hook(self) -> None:
        self.db = await Database.open(self.settings.database)
        if self.settings.shared_database:  # other processes may drive tables here: leases on
            self.db.lease = LeasePolicy(ttl=self.settings.lease_seconds)
            self.open_identify_gate()
        self.tables = TableManager(self, self.db, game_specs(), self.settings)
        await self.tree.set_translator(TsukiTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.add_listener(self.tables.announcer.on_message, "on_message")
        for name in extensions():
            await self.load_extension(name)
        warm = self.warm_games if self.warm_games is not None else tuple(self.tables.specs)
        await asyncio.to_thread(warm_images, warm)  # off the event loop
        render_pool.configure(self.settings.render_workers, game_specs, warm_images)
        await render_pool.start()  # every drawing process up and warm now, not under traffic
        await self.db_ratings_caught_up()  # first: a results post made on resuming shows the change
        resumed = await self.tables.resume_all()
        log.info("resumed %d unfinished game(s)", resumed)
        self.tables.ownership.start()  # renew leases, take over tables whose process died
        await self.sync_commands()

    def open_identify_gate(self) -> None:
        """Take turns with the other processes on this database to IDENTIFY (tsuki/identify.py)."""
        self.identify_gate = IdentifyGate(AdvisoryLocks(self.db), self.max_concurrency)

    async def max_concurrency(self) -> int:
        """Discord's ``max_concurrency`` for this bot; 1 (the strictest) when it cannot be asked."""
        try:
            _, _, limit = await self.http.get_bot_gateway()
            return int(limit["max_concurrency"])
        except Exception:
            log.warning("could not ask Discord for max_concurrency; identifying one shard at a time")
            return 1

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """On a shared database, wait for this shard's turn among every process (one IDENTIFY per
        bucket per 5 s); alone on SQLite, discord.py's own spacing of this process's shards."""
        if self.identify_gate is None:
            await super().before_identify_hook(shard_id, initial=initial)
        else:
            await self.identify_gate.wait_turn(shard_id)

    async def db_ratings_caught_up(self) -> None:
        """Rate every finished match not rated yet (one that ended as the bot stopped, or before
        ratings existed): ratings are derived from the stored results, in order."""
        await store.fold_pending_ratings(self.db)

    async def sync_commands(self) -> None:
        """Instant sync to DEV_GUILD_ID when set, else a global sync."""
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def release(self) -> None:
        """Stop table timers and close the database (idempotent; part of ``close``).

        Also called on its own where the bot was run on a simulated Discord that detaches it
        without closing it (the demo, the tests).
        """
        tables = getattr(self, "tables", None)
        if tables is not None:
            tables.shutdown()
            try:  # hand this process's tables over at once rather than when their leases expire
                await tables.ownership.release_all()
            except Exception:
                log.exception("could not release the table leases; they expire by themselves")
        if self.identify_gate is not None:
            await self.identify_gate.close()
            self.identify_gate = None
        db = getattr(self, "db", None)
        if db is not None:
            await db.close()
            del self.db

    async def close(self) -> None:
        await self.release()
        render_pool.shutdown()
        await super().close()


class ShardedTsukiBot(TsukiBot, commands.AutoShardedBot):
    """The bot over a range of shards (``SHARD_COUNT``, ``SHARD_IDS``): one gateway connection
    per shard in one process; it drives only its shards' guilds' tables (``cogs.table.ownership``)."""


def make_bot(settings: Settings) -> TsukiBot:
    """The bot these settings ask for: sharded when ``SHARD_COUNT`` is set."""
    return ShardedTsukiBot(settings) if settings.shard_count is not None else TsukiBot(settings)

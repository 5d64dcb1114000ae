"""The simulated server the browser table shows: one guild, one channel, two players.

The bot is denied thread creation in the channel, so a table plays in the channel itself (what
it already does on a real server where it may not make threads): the browser shows one channel
and the whole match is in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
from babel.lists import format_list

from cogs.registry import GROUPS
from i18n import babel_locale, t

BOT_NAME = "Tsuki"
GUILD_NAME = "Tsuki"
CHANNEL_NAME = "tsuki"
PLAYER_NAMES = ("Player 1", "Player 2")


@dataclass(frozen=True, slots=True)
class LocalWorld:
    """The channel the browser shows and the players who may sit at its tables."""

    guild: Any
    channel: Any
    players: tuple[Any, ...]


def build_world(env: Any, *, locale: str = "en") -> LocalWorld:
    """Make the guild, its one channel (no threads for the bot) and the two players."""
    env.backend.edit_bot_profile(BOT_NAME)  # SimCord's bot account is called "TestBot"
    guild = env.create_guild(name=GUILD_NAME)
    everyone = guild.roles["@everyone"]
    no_threads = discord.PermissionOverwrite(create_public_threads=False, create_private_threads=False)
    channel = guild.create_text_channel(
        CHANNEL_NAME, overwrites={everyone: no_threads}, topic=t(locale, "local.topic")
    )
    players = tuple(
        guild.add_member(env.create_user(name.lower().replace(" ", ""), global_name=name))
        for name in PLAYER_NAMES
    )
    return LocalWorld(guild, channel, players)


async def set_clock_to_now(env: Any) -> None:
    """Move the simulated clock (which starts on 2026-01-01) to the wall clock's time.

    Done before any table exists, so no timer fires on the way. From then on the clock pump keeps
    the two together: a deadline's countdown, a message's time and the browser's clock agree.
    """
    behind = (datetime.now(UTC) - env.now()).total_seconds()
    if behind > 0:
        await env.advance_time(behind)


async def post_welcome(guild: Any, world: LocalWorld, *, locale: str = "en") -> None:
    """A first message saying what this page is and how to start a game (from a webhook, so the
    bot does not take it for a player's message)."""
    guide = guild.create_webhook(world.channel, name=t(locale, "local.guide_name"))
    commands = list(GROUPS)  # every game's start command, the first one spelled out
    await guide.send(
        t(
            locale,
            "local.welcome",
            first=f"/{commands[0]} start",
            others=format_list([f"`/{name} start`" for name in commands[1:]], locale=babel_locale(locale)),
            second=PLAYER_NAMES[1],
        )
    )

"""``/watch`` and ``/coach``: anyone on the server watches a live match; a player may let one
spectator see their hand. The work is in :mod:`cogs.table.watch`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.table import watch as watching
from cogs.table.replies import report_error

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot


class WatchCog(commands.Cog, name="Watch"):
    coach = app_commands.Group(
        name=_("coach"), description=_("Let one spectator see your hand, for teaching"), guild_only=True
    )

    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("watch"), description=_("Watch a live match privately: the table as everyone sees it")
    )
    @app_commands.describe(game=_("The match's number (#12 in its posts); default: the one here"))
    @app_commands.guild_only()
    async def watch(self, interaction: discord.Interaction, game: int | None = None) -> None:
        tables = self.bot.tables
        table = tables.tables.get(game) if game is not None else tables.in_channel(interaction.channel_id)
        try:
            await watching.watch(tables, interaction, table, game)
        except Exception as error:
            await report_error(interaction, error)

    @coach.command(name=_("show"), description=_("Show your hand to one spectator (the whole table is told)"))
    @app_commands.describe(user=_("The spectator who may see your hand"))
    async def coach_show(self, interaction: discord.Interaction, user: discord.Member) -> None:
        await watching.coach_show(self.bot.tables, interaction, user)

    @coach.command(name=_("off"), description=_("Stop showing your hand to your coach"))
    async def coach_off(self, interaction: discord.Interaction) -> None:
        await watching.coach_off(self.bot.tables, interaction)


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(WatchCog(bot))

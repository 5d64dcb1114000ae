"""``/notify on`` and ``/notify off``: a direct message when your turn begins, at any table.

This cog only stores the choice (``store.set_notify``); the table flow asks
``store.notify_wanted`` when a turn begins and sends the message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import store
from cogs.table.replies import ephemeral, user_locale
from i18n import t

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot


class NotifyCog(
    commands.GroupCog,
    name="Notify",
    group_name=_("notify"),
    group_description=_("A direct message when it is your turn"),
):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=_("on"), description=_("Get a direct message when your turn begins"))
    async def on(self, interaction: discord.Interaction) -> None:
        await store.set_notify(self.bot.db, interaction.user.id, True)
        await ephemeral(interaction, t(user_locale(interaction), "notify.on"))

    @app_commands.command(name=_("off"), description=_("No direct message when your turn begins"))
    async def off(self, interaction: discord.Interaction) -> None:
        await store.set_notify(self.bot.db, interaction.user.id, False)
        await ephemeral(interaction, t(user_locale(interaction), "notify.off"))


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(NotifyCog(bot))

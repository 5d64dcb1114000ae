"""One error handler for every slash command: game errors to the player, the rest logged."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.replies import ephemeral, report_error, user_locale
from i18n import t

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot


class ErrorsCog(commands.Cog):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        bot.tree.error(self.on_app_command_error)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.CommandInvokeError):
            return await report_error(interaction, error.original)
        if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
            return await ephemeral(
                interaction, t(user_locale(interaction), "error.bad_input", detail=str(error))
            )
        return await report_error(interaction, error)


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(ErrorsCog(bot))

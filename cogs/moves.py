"""``/move action:<text>`` and ``/hand``, for whatever game is played in this channel or thread.

This cog knows no game: :mod:`cogs.table.typed` does the work, which each game's command group
also offers under its own name (``/koikoi play``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.table.typed import action_choices, play_typed, show_hand

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot


# --- the commands -----------------------------------------------------------------------------


class MovesCog(commands.Cog):
    """``/move`` and ``/hand`` at whatever game is played in this channel or thread."""

    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot

    @app_commands.guild_only()
    @app_commands.command(
        name=_("move"),
        description=_("Make your move at the game in this channel (suggests your legal moves)"),
    )
    @app_commands.describe(action=_("Your move: pick a suggestion, or type it in the game's notation"))
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await play_typed(self.bot.tables, interaction, action)

    @move.autocomplete("action")
    async def move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return action_choices(self.bot.tables, interaction, current)

    @app_commands.guild_only()
    @app_commands.command(
        name=_("hand"), description=_("See your hand at the game in this channel (only you can see it)")
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(self.bot.tables, interaction)


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(MovesCog(bot))

"""``/highcard …``: the shared subcommands come from ``GameCog``; this cog writes ``start``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.game_cog import GameCog
from cogs.table.commands import OPPONENT_CHOICES, OPPONENT_HELP, TIMER_HELP, start_table
from tests.sixth_game.engine import PRESETS
from tests.sixth_game.spec import SPEC

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot


@app_commands.guild_only()
class HighCardCog(GameCog, group_name=_("highcard"), group_description=_("Play High Card (2 players)")):
    spec = SPEC
    move_help = "Your move: pick a suggestion, or type a card number such as 7"
    presets = PRESETS

    @app_commands.command(name=_("start"), description=_("Open a High Card table in this channel"))
    @app_commands.describe(opponent=OPPONENT_HELP, timer=TIMER_HELP, options=_("Rule options, e.g. 'hand=5'"))
    @app_commands.choices(opponent=OPPONENT_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        opponent: str = "anyone",
        timer: app_commands.Range[int, 1, 60] | None = None,
        options: str | None = None,
    ) -> None:
        await start_table(
            self.bot.tables,
            interaction,
            SPEC.game,
            players=2,
            preset="seed",
            opponent=opponent,
            timer=timer,
            options=options,
            fixed={},
            show=("hand",),
        )


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(HighCardCog(bot))

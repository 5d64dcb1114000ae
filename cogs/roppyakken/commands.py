"""``/roppyakken …`` slash commands. The table flow does the work; this cog only parses options."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.game_cog import GameCog
from cogs.roppyakken.spec import SPEC
from cogs.table.commands import (
    OPPONENT_CHOICES,
    OPPONENT_HELP,
    TIMER_HELP,
    start_table,
)
from engine.hanafuda import roppyakken as rk

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

GAME = "roppyakken"
PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in rk.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class RoppyakkenCog(
    GameCog,
    group_name=_("roppyakken"),
    group_description=_("Play Roppyakken (hanafuda, 2 or 3 players, to 600)"),
):
    spec = SPEC
    move_help = "Your move: pick a suggestion, or type 3a, 3a>3c, 11a>9a or >3c"
    presets = tuple(rk.PRESETS)

    @app_commands.command(name=_("start"), description=_("Open a Roppyakken table in this channel"))
    @app_commands.describe(
        players=_("Number of players: 2 or 3"),
        target=_("Points to reach: 600 (Roppyakken) or 300 (Sanbyakuken)"),
        preset=_("Rule set: the seed rules, or Sanbyakuken (to 300)"),
        opponent=OPPONENT_HELP,
        timer=TIMER_HELP,
        options=_("Rule options, e.g. 'teyaku=off lead=0' (see /roppyakken rules)"),
    )
    @app_commands.choices(
        players=[app_commands.Choice(name=str(n), value=n) for n in (2, 3)],
        target=[app_commands.Choice(name=str(n), value=n) for n in (600, 300)],
    )
    @app_commands.choices(preset=PRESET_CHOICES, opponent=OPPONENT_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        players: int = 2,
        target: int | None = None,
        preset: str = "seed",
        opponent: str = "anyone",
        timer: app_commands.Range[int, 1, 60] | None = None,
        options: str | None = None,
    ) -> None:
        """Open a lobby; with ``opponent: CPU`` the empty seats get CPUs and the match starts."""
        await start_table(
            self.bot.tables,
            interaction,
            GAME,
            players=players,
            preset=preset,
            opponent=opponent,
            timer=timer,
            options=options,
            fixed={} if target is None else {"target": target},
            show=("target",),
        )


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(RoppyakkenCog(bot))

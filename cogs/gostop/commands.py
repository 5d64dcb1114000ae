"""``/gostop …`` slash commands. The table flow does the work; this cog only parses options."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.game_cog import GameCog
from cogs.gostop.spec import SPEC
from cogs.table.commands import (
    OPPONENT_CHOICES,
    OPPONENT_HELP,
    TIMER_HELP,
    start_table,
)
from engine.hanafuda import gostop as gs

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

GAME = "gostop"
PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in gs.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class GoStopCog(
    GameCog,
    group_name=_("gostop"),
    group_description=_("Play Go-Stop (Korean hwatu, 2 or 3 players)"),
):
    spec = SPEC
    move_help = "Your move: pick a suggestion, or type 3a, 3a>3c, >3c, shake3, bomb3, go, stop"
    presets = tuple(gs.PRESETS)

    @app_commands.command(name=_("start"), description=_("Open a Go-Stop table in this channel"))
    @app_commands.describe(
        players=_("Number of players: 2 or 3"),
        rounds=_("Number of rounds: 12, 6 or 3"),
        preset=_("Rule set: the seed rules, short (6 rounds), quick (3), five (threshold 5), fudawiki"),
        opponent=OPPONENT_HELP,
        timer=TIMER_HELP,
        options=_("Rule options, e.g. 'threshold_2p=5 bonus_cards=0' (see /gostop rules)"),
    )
    @app_commands.choices(
        players=[app_commands.Choice(name=str(n), value=n) for n in (2, 3)],
        rounds=[app_commands.Choice(name=str(n), value=n) for n in (12, 6, 3)],
    )
    @app_commands.choices(preset=PRESET_CHOICES, opponent=OPPONENT_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        players: int = 2,
        rounds: int | None = None,
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
            fixed={} if rounds is None else {"rounds": rounds},
            show=("rounds",),
        )


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(GoStopCog(bot))

"""``/doudizhu …`` slash commands. The table flow does the work; this cog only parses options."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.doudizhu.spec import SPEC
from cogs.game_cog import GameCog
from cogs.table.commands import (
    OPPONENT_CHOICES,
    OPPONENT_HELP,
    TIMER_HELP,
    start_table,
)
from engine import doudizhu as ddz

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

GAME = "doudizhu"
PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in ddz.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class DoudizhuCog(
    GameCog,
    group_name=_("doudizhu"),
    group_description=_("Play Dou Dizhu (斗地主, landlord against two peasants, 3 players)"),
):
    spec = SPEC
    move_help = "Your move: pick a suggestion, or type 33344, 34567, BR, bid2, pass"
    presets = tuple(ddz.PRESETS)

    @app_commands.command(name=_("start"), description=_("Open a Dou Dizhu table in this channel"))
    @app_commands.describe(
        deals=_("Number of deals in the match, 1 to 20 (default: the preset's, 3)"),
        preset=_("Rule set: the seed rules, or classic (×2 per bomb, spring)"),
        opponent=OPPONENT_HELP,
        timer=TIMER_HELP,
        options=_("Rule options, e.g. 'bomb_multiplier=each spring=on' (see /doudizhu rules)"),
    )
    @app_commands.choices(
        preset=PRESET_CHOICES,
        opponent=OPPONENT_CHOICES,
    )
    async def start(
        self,
        interaction: discord.Interaction,
        deals: app_commands.Range[int, 1, 20] | None = None,
        preset: str = "seed",
        opponent: str = "anyone",
        timer: app_commands.Range[int, 1, 60] | None = None,
        options: str | None = None,
    ) -> None:
        """Open a lobby for three; with ``opponent: CPU`` the empty seats get CPUs and it starts.

        The number of deals is the option ``deals``, as the table, the hand and the lobby say
        ("Deal 2/3"); it was called ``hands``. The old name is not kept as a second option:
        Discord's clients only send the options of the registered command, so once it is synced
        no client can send ``hands`` any more, and two options for one number would only
        confuse. What is stored keeps its name: the rule is ``hands`` (``options: hands=3``,
        the presets, stored tables and exports are unchanged)."""
        await start_table(
            self.bot.tables,
            interaction,
            GAME,
            players=3,
            preset=preset,
            opponent=opponent,
            timer=timer,
            options=options,
            fixed={} if deals is None else {"hands": deals},  # the rule keeps its stored name
            show=("hands",),
        )


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(DoudizhuCog(bot))

"""``/goita …`` slash commands: Goita Shogi (2–4 players) and its solo / co-op memory mode.

The table flow does the work; this cog only parses options. ``/goita hand``, ``play`` and
``quit`` act on whichever Goita table is open in the channel: a match (``goita``) or a memory
game (``goita_solo``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.game_cog import GameCog
from cogs.goita.spec import SPEC
from cogs.table.commands import (
    OPPONENT_CHOICES,
    OPPONENT_HELP,
    TIMER_HELP,
    start_table,
)
from engine import goita as gt

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

GAME = "goita"
SOLO = "goita_solo"
PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in gt.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class GoitaCog(
    GameCog,
    group_name=_("goita"),
    group_description=_("Play Goita Shogi (2 to 4 players, teams of two) or its memory mode"),
):
    spec = SPEC
    move_help = "Your move: pick a suggestion, or type block:G, attack:R, down:S, pass, redeal, keep, flip:12"
    presets = tuple(gt.PRESETS)
    quit_help = "Forfeit your {title} game (counts as a loss)"

    def game_here(self, interaction: discord.Interaction) -> str:
        """``goita_solo`` when a memory game is open in this channel, else ``goita``."""
        table = self.bot.tables.in_channel(interaction.channel_id)
        return SOLO if table is not None and table.game == SOLO else GAME

    @app_commands.command(name=_("start"), description=_("Open a Goita Shogi table in this channel"))
    @app_commands.describe(
        players=_("Number of players: 4 (two teams), 3 or 2"),
        target=_("Points a team must reach to win the match (default 15)"),
        preset=_("Rule set: the seed rules (to 15), or the association's (×10, to 150, teyaku)"),
        opponent=OPPONENT_HELP,
        timer=TIMER_HELP,
        options=_("Rule options, e.g. 'double_finish=off redeal_pawns=0' (see /goita rules)"),
    )
    @app_commands.choices(
        players=[app_commands.Choice(name=str(n), value=n) for n in (4, 3, 2)],
    )
    @app_commands.choices(preset=PRESET_CHOICES, opponent=OPPONENT_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        players: int = 4,
        target: app_commands.Range[int, 1, 99999] | None = None,
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
            fixed={} if target is None else {"target_score": target},
            show=("target_score",),
        )

    @app_commands.command(
        name=_("solo"), description=_("Play Goita's memory mode, alone or together (1 to 4 players)")
    )
    @app_commands.describe(
        players=_("Players taking turns on one grid and sharing the score (default 1: alone)"),
        timer=TIMER_HELP,
    )
    @app_commands.choices(players=[app_commands.Choice(name=str(n), value=n) for n in (1, 2, 3, 4)])
    async def solo(
        self,
        interaction: discord.Interaction,
        players: int = 1,
        timer: app_commands.Range[int, 1, 60] | None = None,
    ) -> None:
        """A lobby for the memory game; alone, it starts at once."""
        await start_table(
            self.bot.tables,
            interaction,
            SOLO,
            players=players,
            preset="seed",
            opponent="anyone",
            timer=timer,
            options=None,
            fixed={},
            show=(),
        )


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(GoitaCog(bot))

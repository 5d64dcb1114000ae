"""``/roppyakken …`` slash commands. The table flow does the work; this cog only parses options."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.learn import start_learn
from cogs.table.commands import (
    OPPONENT_CHOICES,
    OPPONENT_HELP,
    TIMER_HELP,
    quit_game,
    show_hand,
    show_rules,
    start_table,
)
from cogs.table.typed import action_choices, play_typed
from engine.hanafuda import roppyakken as rk

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

GAME = "roppyakken"
PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in rk.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class RoppyakkenCog(
    commands.GroupCog,
    group_name=_("roppyakken"),
    group_description=_("Play Roppyakken (hanafuda, 2 or 3 players, to 600)"),
):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        super().__init__()

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
        preset=PRESET_CHOICES,
        opponent=OPPONENT_CHOICES,
    )
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

    @app_commands.command(name=_("hand"), description=_("See your Roppyakken hand (only you can see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(self.bot.tables, interaction, GAME)

    @app_commands.command(
        name=_("play"), description=_("Make your Roppyakken move by typing it (suggests your legal moves)")
    )
    @app_commands.describe(action=_("Your move: pick a suggestion, or type 3a, 3a>3c, 11a>9a or >3c"))
    async def play_move(self, interaction: discord.Interaction, action: str) -> None:
        """The same as ``/move`` (cogs/table/typed.py), for this game only."""
        await play_typed(self.bot.tables, interaction, action, game=GAME)

    @play_move.autocomplete("action")
    async def play_move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return action_choices(self.bot.tables, interaction, current, game=GAME)

    @app_commands.command(
        name=_("learn"), description=_("Practice Roppyakken against the CPU, with hints on every turn")
    )
    async def learn(self, interaction: discord.Interaction) -> None:
        """A short match against beginner CPUs with a tutorial and hints (:mod:`cogs.learn`)."""
        await start_learn(self.bot.tables, interaction, GAME)

    @app_commands.command(
        name=_("rules"), description=_("The Roppyakken rules and the options of this table")
    )
    @app_commands.describe(preset=_("Show a preset's options instead of this table's"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        await show_rules(self.bot.tables, interaction, GAME, preset)

    @app_commands.command(name=_("quit"), description=_("Forfeit your Roppyakken match (counts as a loss)"))
    async def quit(self, interaction: discord.Interaction) -> None:
        await quit_game(self.bot.tables, interaction, GAME)


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(RoppyakkenCog(bot))

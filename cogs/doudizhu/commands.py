"""``/doudizhu …`` slash commands. The table flow does the work; this cog only parses options."""

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
from engine import doudizhu as ddz

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

GAME = "doudizhu"
PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in ddz.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class DoudizhuCog(
    commands.GroupCog,
    group_name=_("doudizhu"),
    group_description=_("Play Dou Dizhu (斗地主, landlord against two peasants, 3 players)"),
):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=_("start"), description=_("Open a Dou Dizhu table in this channel"))
    @app_commands.describe(
        hands=_("Number of hands in the match, 1 to 20 (default: the preset's, 3)"),
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
        hands: app_commands.Range[int, 1, 20] | None = None,
        preset: str = "seed",
        opponent: str = "anyone",
        timer: app_commands.Range[int, 1, 60] | None = None,
        options: str | None = None,
    ) -> None:
        """Open a lobby for three; with ``opponent: CPU`` the empty seats get CPUs and it starts."""
        await start_table(
            self.bot.tables,
            interaction,
            GAME,
            players=3,
            preset=preset,
            opponent=opponent,
            timer=timer,
            options=options,
            fixed={} if hands is None else {"hands": hands},
            show=("hands",),
        )

    @app_commands.command(name=_("hand"), description=_("See your Dou Dizhu hand (only you can see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(self.bot.tables, interaction, GAME)

    @app_commands.command(
        name=_("play"), description=_("Make your Dou Dizhu move by typing it (suggests your legal moves)")
    )
    @app_commands.describe(action=_("Your move: pick a suggestion, or type 33344, 34567, BR, bid2, pass"))
    async def play_move(self, interaction: discord.Interaction, action: str) -> None:
        """The same as ``/move`` (cogs/table/typed.py), for this game only."""
        await play_typed(self.bot.tables, interaction, action, game=GAME)

    @play_move.autocomplete("action")
    async def play_move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return action_choices(self.bot.tables, interaction, current, game=GAME)

    @app_commands.command(
        name=_("learn"), description=_("Practice Dou Dizhu against the CPU, with hints on every turn")
    )
    async def learn(self, interaction: discord.Interaction) -> None:
        """A short match against beginner CPUs with a tutorial and hints (:mod:`cogs.learn`)."""
        await start_learn(self.bot.tables, interaction, GAME)

    @app_commands.command(name=_("rules"), description=_("The Dou Dizhu rules and the options of this table"))
    @app_commands.describe(preset=_("Show a preset's options instead of this table's"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        await show_rules(self.bot.tables, interaction, GAME, preset)

    @app_commands.command(name=_("quit"), description=_("Forfeit your Dou Dizhu match (counts as a loss)"))
    async def quit(self, interaction: discord.Interaction) -> None:
        await quit_game(self.bot.tables, interaction, GAME)


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(DoudizhuCog(bot))

"""``/gostop …`` slash commands. The table flow does the work; this cog only parses options."""

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
from engine.hanafuda import gostop as gs

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

GAME = "gostop"
PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in gs.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class GoStopCog(
    commands.GroupCog,
    group_name=_("gostop"),
    group_description=_("Play Go-Stop (Korean hwatu, 2 or 3 players)"),
):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        super().__init__()

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
        preset=PRESET_CHOICES,
        opponent=OPPONENT_CHOICES,
    )
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

    @app_commands.command(name=_("hand"), description=_("See your Go-Stop hand (only you can see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(self.bot.tables, interaction, GAME)

    @app_commands.command(
        name=_("play"), description=_("Make your Go-Stop move by typing it (suggests your legal moves)")
    )
    @app_commands.describe(
        action=_("Your move: pick a suggestion, or type 3a, 3a>3c, >3c, shake3, bomb3, go, stop")
    )
    async def play_move(self, interaction: discord.Interaction, action: str) -> None:
        """The same as ``/move`` (cogs/table/typed.py), for this game only."""
        await play_typed(self.bot.tables, interaction, action, game=GAME)

    @play_move.autocomplete("action")
    async def play_move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return action_choices(self.bot.tables, interaction, current, game=GAME)

    @app_commands.command(
        name=_("learn"), description=_("Practice Go-Stop against the CPU, with hints on every turn")
    )
    async def learn(self, interaction: discord.Interaction) -> None:
        """A short match against beginner CPUs with a tutorial and hints (:mod:`cogs.learn`)."""
        await start_learn(self.bot.tables, interaction, GAME)

    @app_commands.command(name=_("rules"), description=_("The Go-Stop rules and the options of this table"))
    @app_commands.describe(preset=_("Show a preset's options instead of this table's"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        await show_rules(self.bot.tables, interaction, GAME, preset)

    @app_commands.command(name=_("quit"), description=_("Forfeit your Go-Stop match (counts as a loss)"))
    async def quit(self, interaction: discord.Interaction) -> None:
        await quit_game(self.bot.tables, interaction, GAME)


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(GoStopCog(bot))

"""``/koikoi …`` slash commands. The table flow does the work; this cog only parses options."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.learn import start_learn
from cogs.table.commands import OPPONENT_CHOICES, TIMER_HELP, quit_game, show_hand, show_rules, start_table
from cogs.table.typed import action_choices, play_typed
from engine.hanafuda import koikoi as kk

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in kk.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class KoiKoiCog(
    commands.GroupCog, group_name=_("koikoi"), group_description=_("Play Koi-Koi (hanafuda, 2 players)")
):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=_("start"), description=_("Open a Koi-Koi table in this channel"))
    @app_commands.describe(
        rounds=_("Number of rounds: 12 (a year), 6 or 3"),
        preset=_("Rule set: the seed rules, Nintendo's, or Koi-Koi Japan's"),
        opponent=_("Wait for another player, or play against the CPU at once"),
        timer=TIMER_HELP,
        options=_("Rule options, e.g. 'viewing=off oyaken=1' (see /koikoi rules)"),
    )
    @app_commands.choices(
        rounds=[app_commands.Choice(name=str(n), value=n) for n in (12, 6, 3)],
        preset=PRESET_CHOICES,
        opponent=OPPONENT_CHOICES,
    )
    async def start(
        self,
        interaction: discord.Interaction,
        rounds: int | None = None,
        preset: str = "seed",
        opponent: str = "anyone",
        timer: app_commands.Range[int, 1, 60] | None = None,
        options: str | None = None,
    ) -> None:
        """Open a lobby; with ``opponent: CPU`` the match starts at once."""
        await start_table(
            self.bot.tables,
            interaction,
            "koikoi",
            players=2,
            preset=preset,
            opponent=opponent,
            timer=timer,
            options=options,
            # no choice keeps the preset's own count (koikoi-japan plays 8 rounds)
            fixed={} if rounds is None else {"rounds": rounds},
            show=("rounds",),
        )

    @app_commands.command(name=_("hand"), description=_("See your Koi-Koi hand (only you can see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(self.bot.tables, interaction, "koikoi")

    @app_commands.command(
        name=_("play"), description=_("Make your Koi-Koi move by typing it (suggests your legal moves)")
    )
    @app_commands.describe(action=_("Your move: pick a suggestion, or type 3a, 3a>3c, >3c, koikoi or shobu"))
    async def play_move(self, interaction: discord.Interaction, action: str) -> None:
        """The same as ``/move`` (cogs/table/typed.py), for this game only."""
        await play_typed(self.bot.tables, interaction, action, game="koikoi")

    @play_move.autocomplete("action")
    async def play_move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return action_choices(self.bot.tables, interaction, current, game="koikoi")

    @app_commands.command(
        name=_("learn"), description=_("Practice Koi-Koi against the CPU, with hints on every turn")
    )
    async def learn(self, interaction: discord.Interaction) -> None:
        """A short match against beginner CPUs with a tutorial and hints (:mod:`cogs.learn`)."""
        await start_learn(self.bot.tables, interaction, "koikoi")

    @app_commands.command(name=_("rules"), description=_("The Koi-Koi rules and the options of this table"))
    @app_commands.describe(preset=_("Show a preset's options instead of this table's"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        await show_rules(self.bot.tables, interaction, "koikoi", preset)

    @app_commands.command(name=_("quit"), description=_("Forfeit your Koi-Koi match (counts as a loss)"))
    async def quit(self, interaction: discord.Interaction) -> None:
        await quit_game(self.bot.tables, interaction, "koikoi")


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(KoiKoiCog(bot))

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
from engine import goita as gt

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

GAME = "goita"
SOLO = "goita_solo"
PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in gt.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class GoitaCog(
    commands.GroupCog,
    group_name=_("goita"),
    group_description=_("Play Goita Shogi (2 to 4 players, teams of two) or its memory mode"),
):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        super().__init__()

    def _game_here(self, interaction: discord.Interaction) -> str:
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
        preset=PRESET_CHOICES,
        opponent=OPPONENT_CHOICES,
    )
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

    @app_commands.command(name=_("hand"), description=_("See your Goita hand (only you can see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(self.bot.tables, interaction, self._game_here(interaction))

    @app_commands.command(
        name=_("play"), description=_("Make your Goita move by typing it (suggests your legal moves)")
    )
    @app_commands.describe(
        action=_(
            "Your move: pick a suggestion, or type block:G, attack:R, down:S, pass, redeal, keep, flip:12"
        )
    )
    async def play_move(self, interaction: discord.Interaction, action: str) -> None:
        """The same as ``/move`` (cogs/table/typed.py), for Goita only."""
        await play_typed(self.bot.tables, interaction, action, game=self._game_here(interaction))

    @play_move.autocomplete("action")
    async def play_move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return action_choices(self.bot.tables, interaction, current, game=self._game_here(interaction))

    @app_commands.command(
        name=_("learn"), description=_("Practice Goita against the CPU, with hints on every turn")
    )
    async def learn(self, interaction: discord.Interaction) -> None:
        """A short match against beginner CPUs with a tutorial and hints (:mod:`cogs.learn`)."""
        await start_learn(self.bot.tables, interaction, GAME)

    @app_commands.command(name=_("rules"), description=_("The Goita rules and the options of this table"))
    @app_commands.describe(preset=_("Show a preset's options instead of this table's"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        game = self._game_here(interaction) if preset is None else GAME
        await show_rules(self.bot.tables, interaction, game, preset)

    @app_commands.command(name=_("quit"), description=_("Forfeit your Goita game (counts as a loss)"))
    async def quit(self, interaction: discord.Interaction) -> None:
        await quit_game(self.bot.tables, interaction, self._game_here(interaction))


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(GoitaCog(bot))

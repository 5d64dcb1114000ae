"""``/gostop …`` slash commands. The table flow does the work; this cog only parses options."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.game_commands import parse_overrides, seated_table, table_here
from cogs.gostop_spec import SPEC
from cogs.moves import action_choices, play_typed
from cogs.table import lobby, play
from cogs.table.replies import report_error, user_locale
from engine.hanafuda import gostop as gs
from i18n import t

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
        opponent=_("Wait for other players, or fill the empty seats with CPUs at once"),
        timer=_("Minutes a player has for each move before the CPU plays it (default 5)"),
        options=_("Rule options, e.g. 'threshold_2p=5 bonus_cards=0' (see /gostop rules)"),
    )
    @app_commands.choices(
        players=[app_commands.Choice(name=str(n), value=n) for n in (2, 3)],
        rounds=[app_commands.Choice(name=str(n), value=n) for n in (12, 6, 3)],
        preset=PRESET_CHOICES,
        opponent=[
            app_commands.Choice(name=_("Anyone who joins"), value="anyone"),
            app_commands.Choice(name=_("CPU"), value="cpu"),
            app_commands.Choice(name=_("CPU against CPU (watch)"), value="watch"),
        ],
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
        try:
            template = gs.rules_from(preset, None).to_dict()
            overrides = parse_overrides(options, template)
            if rounds is not None:
                overrides["rounds"] = rounds
            rules = gs.rules_from(preset, overrides)
            table_options: dict[str, object] = {"seats": players, "rounds": rules.rounds, "preset": preset}
            if timer is not None:
                table_options["timer"] = timer * 60
            if options:
                table_options["options"] = options
            await lobby.open_lobby(
                self.bot.tables,
                interaction,
                GAME,
                rules,
                table_options,
                cpu_seats={"cpu": players - 1, "watch": players}.get(opponent, 0),
                seat_host=opponent != "watch",
            )
        except Exception as error:
            await report_error(interaction, error)

    @app_commands.command(name=_("hand"), description=_("See your Go-Stop hand (only you can see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        try:
            table, seat = seated_table(self.bot.tables, interaction, GAME)
            await play.send_hand(interaction, table, seat)
        except Exception as error:
            await report_error(interaction, error)

    @app_commands.command(
        name=_("play"), description=_("Make your Go-Stop move by typing it (suggests your legal moves)")
    )
    @app_commands.describe(
        action=_("Your move: pick a suggestion, or type 3a, 3a>3c, >3c, shake3, bomb3, go, stop")
    )
    async def play_move(self, interaction: discord.Interaction, action: str) -> None:
        """The same as ``/move`` (cogs/moves.py), for this game only."""
        await play_typed(self.bot.tables, interaction, action, game=GAME)

    @play_move.autocomplete("action")
    async def play_move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return action_choices(self.bot.tables, interaction, current, game=GAME)

    @app_commands.command(name=_("rules"), description=_("The Go-Stop rules and the options of this table"))
    @app_commands.describe(preset=_("Show a preset's options instead of this table's"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        locale = user_locale(interaction)
        table = self.bot.tables.in_channel(interaction.channel_id)
        if preset is None and table is not None and table.game == GAME:
            rules = table.rules
            heading = t(locale, "gostop.rules.this_table")
        else:
            rules = gs.rules_from(preset or "seed", None)
            heading = t(locale, "gostop.rules.preset", preset=preset or "seed")
        embed = discord.Embed(title=heading, description=SPEC.rules_text(rules, locale)[:4096])
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=_("quit"), description=_("Forfeit your Go-Stop match (counts as a loss)"))
    async def quit(self, interaction: discord.Interaction) -> None:
        try:
            table = table_here(self.bot.tables, interaction.channel_id, GAME)
            await play.quit_table(self.bot.tables, interaction, table)
        except Exception as error:
            await report_error(interaction, error)


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(GoStopCog(bot))

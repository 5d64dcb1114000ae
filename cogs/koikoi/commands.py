"""``/koikoi …`` slash commands. The table flow does the work; this cog only parses options."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.game_cog import GameCog
from cogs.koikoi.spec import SPEC
from cogs.table.commands import OPPONENT_CHOICES, TIMER_HELP, start_table
from engine.hanafuda import koikoi as kk

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in kk.PRESETS]


@app_commands.guild_only()  # tables live in server channels and threads
class KoiKoiCog(GameCog, group_name=_("koikoi"), group_description=_("Play Koi-Koi (hanafuda, 2 players)")):
    spec = SPEC
    move_help = "Your move: pick a suggestion, or type 3a, 3a>3c, >3c, koikoi or shobu"
    presets = tuple(kk.PRESETS)

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
    )
    @app_commands.choices(preset=PRESET_CHOICES, opponent=OPPONENT_CHOICES)
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


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(KoiKoiCog(bot))

"""``/leaderboard`` and ``/stats``: this server's best players and a player's record per game."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import store
from cogs.table.replies import user_locale
from i18n import has, t

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

GAME_NAMES = {
    "koikoi": "Koi-Koi",
    "gostop": "Go-Stop",
    "roppyakken": "Roppyakken",
    "goita": "Goita",
    "goita_solo": "Goita solo",
    "doudizhu": "Dou Dizhu",
}
GAME_CHOICES = [app_commands.Choice(name=_(name), value=game) for game, name in GAME_NAMES.items()]


def totals_text(locale: str, game: str, totals: dict[str, int]) -> str:
    """A game's own counters in words (Dou Dizhu: hands won as landlord and as peasant), or ''."""
    key = f"stats.totals.{game}"
    if not totals or not has(locale, key):
        return ""
    return t(locale, key).format_map(defaultdict(int, totals))


class StatsCog(commands.Cog):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("leaderboard"), description=_("The best players of a game on this server"))
    @app_commands.describe(game=_("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str = "koikoi") -> None:
        assert interaction.guild_id is not None
        loc = user_locale(interaction)
        spec = self.bot.tables.specs.get(game)
        by_points = getattr(spec, "ranks_by_points", False)
        rows = await store.leaderboard(self.bot.db, interaction.guild_id, game, limit=10, by_points=by_points)
        title = t(loc, "stats.leaderboard.title", game=t(loc, f"game.{game}"))
        embed = discord.Embed(title=title, colour=discord.Colour.gold())
        if not rows:
            embed.description = t(loc, "stats.leaderboard.empty")
        else:
            medals = ["🥇", "🥈", "🥉"]
            lines = []
            for i, r in enumerate(rows):
                row = t(
                    loc,
                    "stats.leaderboard.row",
                    rank=medals[i] if i < 3 else f"{i + 1}.",
                    who=f"<@{r.user_id}>",
                    wins=r.wins,
                    games=r.games,
                    points=r.points,
                )
                extra = totals_text(loc, game, r.totals)
                lines.append(f"{row}\n　{extra}" if extra else row)
            embed.description = "\n".join(lines)[:4096]
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=_("stats"), description=_("A player's record in every game on this server"))
    @app_commands.describe(user=_("Whose statistics (default: yours)"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        loc = user_locale(interaction)
        records = await store.user_stats(self.bot.db, who.id, interaction.guild_id)
        embed = discord.Embed(
            title=t(loc, "stats.user.title", name=who.display_name), colour=discord.Colour.blurple()
        )
        if not records:
            embed.description = t(loc, "stats.user.empty")
        for game, s in records.items():
            line = t(loc, "stats.user.line", played=s.played, won=s.won, points=s.points, best=s.best_round)
            extra = totals_text(loc, game, s.totals)
            embed.add_field(
                name=t(loc, f"game.{game}"), value=f"{line}\n{extra}" if extra else line, inline=False
            )
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(StatsCog(bot))

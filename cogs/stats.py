"""``/leaderboard`` and ``/stats``: this server's best players and a player's record per game.

``/leaderboard`` without a game shows every game played on the server, the game of the
channel's latest table first. How each board ranks (wins or points first) is the store's.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import store
from cogs.table import limits
from cogs.table.podium import number
from cogs.table.replies import user_locale
from i18n import has, t, tn
from store.stats import LeaderboardRow, games_played, last_game_here

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
MEDALS = ("🥇", "🥈", "🥉")
BOARD_ROWS = 10  # one game's board
SHORT_ROWS = 5  # each game's board when every game is shown (an embed field holds 1024 chars)


def totals_text(locale: str, game: str, totals: dict[str, int]) -> str:
    """A game's own counters in words (Dou Dizhu: hands won as landlord and as peasant), or ''."""
    key = f"stats.totals.{game}"
    if not totals or not has(locale, key):
        return ""
    return t(locale, key).format_map(defaultdict(int, totals))


def board_lines(locale: str, game: str, rows: list[LeaderboardRow]) -> list[str]:
    """``🥇 @alice — 3 wins in 4 games · 12 points`` (counts in the singular when they are 1)."""
    lines = []
    for i, r in enumerate(rows):
        row = t(
            locale,
            "stats.leaderboard.row",
            rank=MEDALS[i] if i < len(MEDALS) else f"{i + 1}.",
            who=f"<@{r.user_id}>",
            wins=tn(locale, "stats.count.wins", r.wins),
            games=tn(locale, "stats.count.games", r.games),
            points=tn(locale, "stats.count.points", r.points, n=number(r.points, locale)),
        )
        extra = totals_text(locale, game, r.totals)
        lines.append(f"{row}\n　{extra}" if extra else row)
    return lines


def fit_lines(lines: list[str], limit: int) -> str:
    """Whole lines, as many as fit in ``limit`` characters (Discord's embed limits)."""
    out: list[str] = []
    size = 0
    for line in lines:
        size += len(line) + 1
        if size > limit + 1:
            break
        out.append(line)
    return "\n".join(out)


class StatsCog(commands.Cog):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("leaderboard"), description=_("The best players on this server, of every game or of one")
    )
    @app_commands.describe(game=_("Which game (default: every game played on this server)"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        assert interaction.guild_id is not None
        loc = user_locale(interaction)
        if game is not None:
            embed = await self._one_board(interaction.guild_id, game, loc)
        else:
            embed = await self._every_board(interaction.guild_id, interaction.channel_id, loc)
        await interaction.response.send_message(
            **limits.fit({"embed": embed}), allowed_mentions=discord.AllowedMentions.none()
        )

    async def _one_board(self, guild_id: int, game: str, loc: str) -> discord.Embed:
        rows = await store.leaderboard(self.bot.db, guild_id, game, limit=BOARD_ROWS)
        title = t(loc, "stats.leaderboard.title", game=t(loc, f"game.{game}"))
        embed = discord.Embed(title=title, colour=discord.Colour.gold())
        lines = board_lines(loc, game, rows)
        embed.description = fit_lines(lines, 4096) if lines else t(loc, "stats.leaderboard.empty_game")
        return embed

    async def _every_board(self, guild_id: int, channel_id: int | None, loc: str) -> discord.Embed:
        """Every game with a finished match here, the game of this channel's latest table first."""
        embed = discord.Embed(title=t(loc, "stats.leaderboard.title_all"), colour=discord.Colour.gold())
        played = await games_played(self.bot.db, guild_id)
        here = await last_game_here(self.bot.db, guild_id, channel_id) if channel_id is not None else None
        if here in played:
            played = [here, *(g for g in played if g != here)]
        if not played:
            embed.description = t(loc, "stats.leaderboard.empty")
            return embed
        for game in played[:25]:  # an embed holds 25 fields
            rows = await store.leaderboard(self.bot.db, guild_id, game, limit=SHORT_ROWS)
            value = fit_lines(board_lines(loc, game, rows), 1024)
            embed.add_field(name=t(loc, f"game.{game}"), value=value or "—", inline=False)
        embed.set_footer(text=t(loc, "stats.leaderboard.one_game"))
        return embed

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
            line = t(
                loc,
                "stats.user.line",
                played=s.played,
                won=s.won,
                points=number(s.points, loc),
                best=s.best_round,
            )
            extra = totals_text(loc, game, s.totals)
            embed.add_field(
                name=t(loc, f"game.{game}"), value=f"{line}\n{extra}" if extra else line, inline=False
            )
        await interaction.response.send_message(
            **limits.fit({"embed": embed}), allowed_mentions=discord.AllowedMentions.none()
        )


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(StatsCog(bot))

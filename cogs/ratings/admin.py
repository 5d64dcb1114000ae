"""``/ratings``, for a server's admins (Manage Server): recompute every rating from the stored
results, start or end a season, list the seasons, and say whether CPU matches move the ladder.

Ratings are derived, so a recompute changes nothing unless something was wrong: the command says
whether the rebuilt values equal the stored ones. Seasons and the CPU setting are the server's
decisions (``docs/ratings.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.table.replies import ephemeral, refuse, user_locale
from i18n import t
from store.guild_settings import cpu_moves_ladder, set_cpu_moves_ladder
from store.ratings import ratings_digest, recompute_ratings
from store.seasons import end_season, seasons, start_season

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

SEASON_ACTIONS = [
    app_commands.Choice(name=_("Start a new season"), value="start"),
    app_commands.Choice(name=_("End the season (seasons off)"), value="end"),
    app_commands.Choice(name=_("List the seasons"), value="list"),
]


def _is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return perms is not None and (perms.manage_guild or perms.administrator)


@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class RatingsAdminCog(
    commands.GroupCog,
    name="Ratings",
    group_name=_("ratings"),
    group_description=_("Ratings on this server: seasons, CPU matches, recompute (admins)"),
):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Discord hides the commands from non-admins; this also refuses them if shown anyway."""
        if interaction.guild_id is None or not _is_admin(interaction):
            await refuse(interaction, "ratings.admin.only")
            return False
        return True

    @app_commands.command(name=_("recompute"), description=_("Rebuild every rating from the stored results"))
    async def recompute(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        before = await ratings_digest(self.bot.db)
        folded = await recompute_ratings(self.bot.db)
        same = await ratings_digest(self.bot.db) == before
        key = "ratings.admin.recomputed_same" if same else "ratings.admin.recomputed_changed"
        await ephemeral(interaction, t(user_locale(interaction), key, n=folded))

    @app_commands.command(
        name=_("season"), description=_("Start a new season, end the current one, or list them")
    )
    @app_commands.describe(action=_("What to do"))
    @app_commands.choices(action=SEASON_ACTIONS)
    async def season(self, interaction: discord.Interaction, action: str) -> None:
        assert interaction.guild_id is not None
        loc, db, guild = user_locale(interaction), self.bot.db, interaction.guild_id
        if action == "start":
            new = await start_season(db, guild, by=interaction.user.id)
            await ephemeral(interaction, t(loc, "ratings.admin.season_started", n=new.number))
        elif action == "end":
            ended = await end_season(db, guild)
            key = "ratings.admin.season_ended" if ended is not None else "ratings.admin.no_season"
            await ephemeral(interaction, t(loc, key, n=ended.number if ended else 0))
        else:
            known = await seasons(db, guild)
            lines = [
                t(loc, "ratings.admin.season_line_current", n=s.number, since=s.started_at[:10])
                if s.current
                else t(
                    loc,
                    "ratings.admin.season_line",
                    n=s.number,
                    since=s.started_at[:10],
                    until=(s.ended_at or "")[:10],
                )
                for s in known
            ]
            await ephemeral(interaction, "\n".join(lines) if lines else t(loc, "ratings.admin.seasons_off"))

    @app_commands.command(name=_("cpu"), description=_("Whether matches against CPUs move the ladder here"))
    @app_commands.describe(
        counts=_("True: CPU matches are rated; False (default): they count apart, as vs-CPU records")
    )
    async def cpu(self, interaction: discord.Interaction, counts: bool | None = None) -> None:
        assert interaction.guild_id is not None
        loc = user_locale(interaction)
        if counts is not None:
            await set_cpu_moves_ladder(self.bot.db, interaction.guild_id, counts)
        on = await cpu_moves_ladder(self.bot.db, interaction.guild_id)
        await ephemeral(interaction, t(loc, "ratings.admin.cpu_on" if on else "ratings.admin.cpu_off"))

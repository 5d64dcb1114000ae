"""Ratings on Discord (issue 16): ``/leaderboard``, ``/stats``, ``/history``, ``/profile`` and the
admins' ``/ratings`` (recompute, seasons, whether CPU matches count). The ratings themselves are
derived in ``store.ratings``; the cards are drawn by ``render.cards``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot


async def setup(bot: TsukiBot) -> None:
    from cogs.ratings.admin import RatingsAdminCog
    from cogs.ratings.leaderboard import LeaderboardCog
    from cogs.ratings.profile import ProfileCog

    await bot.add_cog(LeaderboardCog(bot))
    await bot.add_cog(ProfileCog(bot))
    await bot.add_cog(RatingsAdminCog(bot))

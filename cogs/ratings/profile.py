"""``/stats [user] [game]`` (a profile card per game, and the same in words), ``/history [user]
[game]`` (the last 10 matches on this server: a card, and the same in words) and ``/profile public:``
(the global board's opt-in).

The rating is global; everything that names someone (opponents, histories) comes from this
server's matches only. ``/stats`` and ``/history`` answer publicly, so in the server's language
(:func:`cogs.config_locale.public_locale`, cards included); ``/profile`` answers the caller alone,
in their own.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands
from discord.utils import escape_markdown

from cogs.config_locale import public_locale
from cogs.ratings.common import (
    GAME_CHOICES,
    Names,
    game_name,
    games,
    png_file,
    refresh_game_choices,
    unrated,
)
from cogs.table import limits
from cogs.table.podium import score_line
from cogs.table.replies import ephemeral, user_locale
from cogs.table.standings import ordinal
from i18n import has, number, t, tn
from render.cards import ProfileCard, Stat, render_profile
from render.cards.history import HistoryCard, HistoryRow, HistorySeat, Outcome, render_history
from render.labels import percent, signed
from store import rating_boards as boards
from store.rating_rules import PROVISIONAL_MATCHES, Rating
from store.ratings import PlayerRating, user_ratings
from store.stats import GameStats, user_stats
from store.user_settings import set_public_profile

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

HISTORY = 10
CARDS = 6  # one per game at most (a message carries 10 files)


def totals_text(locale: str, game: str, totals: dict[str, int]) -> str:
    """A game's own counters in words (Dou Dizhu: hands won as landlord and as peasant), or ''."""
    key = f"stats.totals.{game}"
    if not totals or not has(locale, key):
        return ""
    return t(locale, key).format_map(defaultdict(int, totals))


def _parse(stamp: str) -> datetime | None:
    """A stored time (ISO 8601; naive means UTC, as the store writes UTC), or None if unreadable."""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _when(stamp: str) -> str:
    """A stored time as a Discord date, shown in the reader's own time zone."""
    when = _parse(stamp)
    return f"<t:{int(when.timestamp())}:d>" if when else stamp[:10]


def _day(stamp: str) -> date | None:
    """A stored time's date in UTC, for the card (an image cannot know the reader's time zone)."""
    when = _parse(stamp)
    return when.astimezone(UTC).date() if when else None


def _outcome(m: boards.Match) -> Outcome:
    return Outcome.FORFEIT if m.forfeit else Outcome.WON if m.me.won else Outcome.LOST


def _unrated_vs_cpu(m: boards.Match) -> bool:
    """No rating moved because a CPU sat at the table (the memory mode is never rated)."""
    return m.delta is None and not unrated(m.game) and any(s.user_id is None for s in m.others)


def history_card(loc: str, name: str, game: str | None, matches: list[boards.Match]) -> HistoryCard:
    """``/history``'s card, in ``loc``: the matches as the text lists them, newest first."""

    def seat(s: boards.Seat, me: bool = False) -> HistorySeat:
        return HistorySeat(s.name, s.points, me=me, cpu=s.user_id is None)

    key = "ratings.history_card"
    vs_cpu = t(loc, f"{key}.vs_cpu")
    rows = tuple(
        HistoryRow(
            _day(m.finished_at),
            game_name(loc, m.game),
            (seat(m.me, True), *map(seat, m.others)),
            _outcome(m),
            t(loc, f"{key}.{_outcome(m).value}"),
            m.delta,
            vs_cpu if _unrated_vs_cpu(m) else "",
        )
        for m in matches
    )
    which = game_name(loc, game) if game is not None else t(loc, f"{key}.all_games")
    return HistoryCard(
        t(loc, f"{key}.title", name=name),
        t(loc, f"{key}.subtitle", game=which),
        rows,
        t(loc, f"{key}.cpu"),
        t(loc, f"{key}.alone"),
        t(loc, f"{key}.legend"),
    )


class ProfileCog(commands.Cog):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        refresh_game_choices()  # the games registered by now

    # --- /stats -------------------------------------------------------------------------------

    @app_commands.command(name=_("stats"), description=_("A player's ratings and record, game by game"))
    @app_commands.describe(
        user=_("Whose statistics (default: yours)"), game=_("One game (default: every game)")
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, user: discord.Member | None = None, game: str | None = None
    ) -> None:
        assert interaction.guild is not None
        who = user or interaction.user
        await interaction.response.defer(thinking=True)  # a public answer: the server's language
        loc = await public_locale(self.bot.db, interaction)
        records = await user_stats(self.bot.db, who.id, interaction.guild.id)
        ratings = await user_ratings(self.bot.db, who.id)
        shown = [game] if game is not None else [g for g in games() if g in records]
        embed = discord.Embed(
            title=t(loc, "ratings.stats.title", name=who.display_name), colour=discord.Colour.blurple()
        )
        names = Names(self.bot.db, interaction.guild, self.bot)
        files: list[discord.File] = []
        for g in shown:
            record, rating = records.get(g), ratings.get(g)
            if record is None and rating is None:
                embed.add_field(name=game_name(loc, g), value=t(loc, "ratings.stats.none"), inline=False)
                continue
            if unrated(g):
                embed.add_field(name=game_name(loc, g), value=self._memory_text(loc, record), inline=False)
                continue
            rating = rating or PlayerRating(who.id, g, Rating(), 0, 0, 0, 0)
            card = await self._card(loc, who, g, rating, record, interaction.guild.id, names)
            embed.add_field(name=game_name(loc, g), value=self._text(loc, card, rating, record), inline=False)
            if len(files) < CARDS:
                png = await asyncio.to_thread(render_profile, card, locale=loc)
                alt = t(loc, "ratings.stats.alt", name=who.display_name, game=game_name(loc, g))
                files.append(png_file(png, f"stats-{g}.png", alt))
        if not shown:
            embed.description = t(loc, "ratings.stats.empty")
        await interaction.followup.send(
            **limits.fit({"embed": embed}), files=files, allowed_mentions=discord.AllowedMentions.none()
        )

    def _memory_text(self, loc: str, record: GameStats | None) -> str:
        if record is None:
            return t(loc, "ratings.stats.none")
        return t(
            loc,
            "ratings.stats.memory",
            best=number(loc, record.best_round),
            played=tn(loc, "ratings.count.games", record.played),
        )

    async def _card(
        self,
        loc: str,
        who: discord.abc.User,
        game: str,
        rating: PlayerRating,
        record: GameStats | None,
        guild_id: int,
        names: Names,
    ) -> ProfileCard:
        db = self.bot.db
        board = await boards.ladder(db, game, await boards.server_players(db, guild_id, game))
        rank = next((i + 1 for i, p in enumerate(board) if p.user_id == who.id), None)
        met = await boards.opponents(db, who.id, guild_id, game)
        named = await names.many([o.user_id for o in met])
        cpu_losses = rating.cpu_matches - rating.cpu_wins
        win_rate = rating.wins / rating.matches if rating.matches else None
        return ProfileCard(
            title=who.display_name,
            subtitle=game_name(loc, game),
            rating_label=t(loc, "ratings.stats.rating"),
            rating=number(loc, rating.display),
            provisional=t(loc, "ratings.stats.provisional", n=rating.matches, of=PROVISIONAL_MATCHES)
            if rating.provisional
            else "",
            rank=t(loc, "ratings.stats.rank", rank=ordinal(rank, loc)) if rank is not None else "",
            stats=(
                Stat(t(loc, "ratings.stats.games"), number(loc, rating.matches)),
                Stat(t(loc, "ratings.stats.win_rate"), percent(win_rate, loc)),
                Stat(t(loc, "ratings.stats.best_round"), number(loc, record.best_round) if record else "–"),
                Stat(
                    t(loc, "ratings.stats.vs_cpu"),
                    f"{number(loc, rating.cpu_wins)}–{number(loc, cpu_losses)}",
                ),
            ),
            series_label=t(loc, "ratings.stats.series"),
            series=tuple(await boards.rating_series(db, who.id, game)),
            empty_series=t(loc, "ratings.stats.series_empty"),
            opponents_label=t(loc, "ratings.stats.opponents"),
            opponents=tuple(
                t(
                    loc,
                    "ratings.stats.opponent",
                    name=named[o.user_id],
                    games=tn(loc, "ratings.count.games", o.games),
                    wins=number(loc, o.wins),
                )
                for o in met
            ),
            no_opponents=t(loc, "ratings.stats.no_opponents"),
        )

    def _text(self, loc: str, card: ProfileCard, rating: PlayerRating, record: GameStats | None) -> str:
        """The card in words (what a screen reader reads)."""
        head = t(loc, "ratings.stats.line_rating", rating=card.rating)
        if card.provisional:
            head += f" ({card.provisional})"
        if card.rank:
            head += f" · {card.rank}"
        lines = [
            head,
            " · ".join(f"{s.label} {s.value}" for s in card.stats),
        ]
        if len(card.series) >= 2:
            lines.append(
                t(
                    loc,
                    "ratings.stats.line_series",
                    start=number(loc, card.series[0]),
                    end=number(loc, card.series[-1]),
                    n=number(loc, len(card.series) - 1),
                )
            )
        if card.opponents:
            lines.append(f"{card.opponents_label}: " + "; ".join(card.opponents))
        if record is not None:
            extra = totals_text(loc, rating.game, record.totals)
            if extra:
                lines.append(extra)
        return "\n".join(lines)

    # --- /history -----------------------------------------------------------------------------

    @app_commands.command(name=_("history"), description=_("A player's last 10 matches on this server"))
    @app_commands.describe(user=_("Whose matches (default: yours)"), game=_("One game (default: every game)"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction, user: discord.Member | None = None, game: str | None = None
    ) -> None:
        assert interaction.guild_id is not None
        who = user or interaction.user
        await interaction.response.defer(thinking=True)  # a public answer: the server's language
        loc = await public_locale(self.bot.db, interaction)
        matches = await boards.history(self.bot.db, who.id, interaction.guild_id, game, HISTORY)
        title = t(loc, "ratings.history.title", name=who.display_name)
        if game is not None:
            title += f" · {game_name(loc, game)}"
        embed = discord.Embed(title=title, colour=discord.Colour.dark_teal())
        lines = [self._match_line(loc, m) for m in matches]
        embed.description = "\n".join(lines) if lines else t(loc, "ratings.history.empty")
        files: list[discord.File] = []
        if matches:  # the card, and the words above for screen readers (no matches: words only)
            card = history_card(loc, who.display_name, game, matches)
            png = await asyncio.to_thread(render_history, card, locale=loc)
            alt = t(loc, "ratings.history_card.alt", name=who.display_name)
            files.append(png_file(png, "history.png", alt))
        await interaction.followup.send(
            **limits.fit({"embed": embed}), files=files, allowed_mentions=discord.AllowedMentions.none()
        )

    def _match_line(self, loc: str, m: boards.Match) -> str:
        """``<date> Koi-Koi · ✅ won · alice 7 · bob 3 · rating +12``."""
        seats = [m.me, *m.others]
        winners = [i for i, s in enumerate(seats) if s.won]
        names = [escape_markdown(s.name) if s.user_id is not None else f"🤖 {s.name}" for s in seats]
        scores = score_line([s.points for s in seats], winners, names)
        result = f"ratings.history.{_outcome(m).value}"
        parts = [f"{_when(m.finished_at)} **{game_name(loc, m.game)}**", t(loc, result), scores]
        if m.delta is not None:
            parts.append(t(loc, "ratings.history.change", change=signed(m.delta, loc, zero="±0")))
        elif _unrated_vs_cpu(m):
            parts.append(t(loc, "ratings.history.vs_cpu"))
        return " · ".join(parts)

    # --- /profile -----------------------------------------------------------------------------

    @app_commands.command(
        name=_("profile"), description=_("Whether your name and ratings appear on the global leaderboard")
    )
    @app_commands.describe(
        public=_("True: appear on /leaderboard scope:Everywhere; False: only on your servers")
    )
    async def profile(self, interaction: discord.Interaction, public: bool) -> None:
        await set_public_profile(self.bot.db, interaction.user.id, public)
        loc = user_locale(interaction)
        await ephemeral(
            interaction, t(loc, "ratings.profile.public" if public else "ratings.profile.private")
        )

"""``/leaderboard [game] [scope] [season]``: a game's top 10 as an image card, with a text fallback.

Server scope ranks the people who played the game on this server by their (global) rating; a
season ranks them by that season's rating; global scope ranks only players who opted in with
``/profile public:true``. The reader's own row is shown under the top 10 when they are not in it.
The memory mode has no rating: its board lists best scores.

The board is a public answer: the card and its words are in the server's language
(:func:`cogs.config_locale.public_locale`), refusals in the caller's own.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.config_locale import public_locale
from cogs.ratings.common import (
    GAME_CHOICES,
    TOP,
    Names,
    game_name,
    games,
    png_file,
    refresh_game_choices,
    unrated,
    week_ago,
)
from cogs.table import limits
from cogs.table.replies import refuse
from i18n import number, t, tn
from render.cards import BoardCard, BoardRow, render_leaderboard
from render.labels import percent, signed
from store import rating_boards as boards
from store.db import Database
from store.ratings import PlayerRating, user_ratings
from store.seasons import Season, seasons
from store.stats import games_played, last_game_here
from store.user_settings import public_users

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

SCOPE_CHOICES = [
    app_commands.Choice(name=_("This server"), value="server"),
    app_commands.Choice(name=_("Everywhere (public profiles)"), value="global"),
]


@dataclass(frozen=True, slots=True)
class Board:
    card: BoardCard
    lines: list[str]


def _line(loc: str, row: BoardRow, *, rated: bool) -> str:
    """One row in words: ``3. alice — 1012 · 8 games · 62% won · +12 this week``."""
    rank = f"{number(loc, row.rank)}." if row.rank is not None else "–"
    shown = number(loc, row.value)
    if not rated:
        value = t(loc, "ratings.board.best", n=shown)
    elif row.provisional:
        value = t(loc, "ratings.board.provisional_value", value=shown)
    else:
        value = shown
    parts = [
        f"{rank} {discord.utils.escape_markdown(row.name)} — {value}",
        tn(loc, "ratings.count.games", row.games),
        t(loc, "ratings.board.win_rate", rate=percent(row.win_rate, loc)),
    ]
    if rated and row.trend:
        parts.append(t(loc, "ratings.board.trend", change=signed(row.trend, loc, zero="±0")))
    line = " · ".join(parts)
    return f"**{line}**" if row.me else line


class LeaderboardCog(commands.Cog):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        refresh_game_choices()  # the games registered by now

    @app_commands.command(
        name=_("leaderboard"),
        description=_("A game's best players: on this server, in a season, or everywhere"),
    )
    @app_commands.describe(
        game=_("Which game (default: the one played here last)"),
        scope=_("This server (default) or everywhere (only players with a public profile)"),
        season=_("A season's number, on this server (default: the rating of all time)"),
    )
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        scope: str = "server",
        season: app_commands.Range[int, 1, 100_000] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        chosen: Season | None = None
        if season is not None:
            if scope == "global":
                await refuse(interaction, "ratings.board.season_global")
                return
            known = await seasons(self.bot.db, interaction.guild_id)
            chosen = next((s for s in known if s.number == season), None)
            if chosen is None:
                key = "ratings.board.no_season" if known else "ratings.board.no_seasons"
                await refuse(interaction, key, n=season, last=len(known))
                return
        await interaction.response.defer(thinking=True)  # a public answer: the server's language
        loc = await public_locale(self.bot.db, interaction)
        game = game or await self._default_game(interaction.guild_id, interaction.channel_id)
        board = await self.board(interaction, loc, game, scope, chosen)
        png = await asyncio.to_thread(render_leaderboard, board.card, locale=loc)
        embed = discord.Embed(title=board.card.title, colour=discord.Colour.gold())
        embed.description = "\n".join([board.card.subtitle, "", *board.lines, "", board.card.legend])
        alt = t(loc, "ratings.board.alt", game=game_name(loc, game))
        await interaction.followup.send(
            **limits.fit({"embed": embed}),
            file=png_file(png, "leaderboard.png", alt),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _default_game(self, guild_id: int, channel_id: int | None) -> str:
        here = await last_game_here(self.bot.db, guild_id, channel_id) if channel_id is not None else None
        played = await games_played(self.bot.db, guild_id)
        return here or (played[0] if played else games()[0])  # else the registry's first game

    async def board(
        self, interaction: discord.Interaction, loc: str, game: str, scope: str, season: Season | None
    ) -> Board:
        """The card and its words, for the reader of ``interaction``."""
        guild = interaction.guild
        assert guild is not None
        names = Names(self.bot.db, guild, self.bot)
        public = scope == "global"
        opted_in = await public_users(self.bot.db) if public else set()
        me = interaction.user.id
        if unrated(game):
            rows, apart = await self._memory_rows(guild.id, game, me, opted_in if public else None, names)
        else:
            rows, apart = await self._rated_rows(
                guild.id, game, me, opted_in if public else None, season, names
            )
        if apart or any(r.me for r in rows):  # the reader's own name, as they are called here
            rows = [replace(r, name=interaction.user.display_name) if r.me else r for r in rows]
        rated = not unrated(game)
        card = BoardCard(
            title=t(loc, "ratings.board.title", game=game_name(loc, game)),
            subtitle=self._subtitle(loc, scope, season),
            headers=(
                t(loc, "ratings.board.col_rank"),
                t(loc, "ratings.board.col_player"),
                t(loc, "ratings.board.col_rating" if rated else "ratings.board.col_best"),
                t(loc, "ratings.board.col_games"),
                t(loc, "ratings.board.col_win_rate"),
                t(loc, "ratings.board.col_trend"),
            ),
            rows=tuple(rows),
            legend=t(loc, "ratings.board.legend" if rated else "ratings.board.legend_memory"),
            empty=t(loc, "ratings.board.empty_global" if public else "ratings.board.empty"),
            own_row_apart=apart,
        )
        top = rows[:-1] if apart else rows
        lines = [_line(loc, r, rated=rated) for r in top] or [card.empty]
        if apart:
            lines += ["…", _line(loc, rows[-1], rated=rated)]
        return Board(card, lines)

    def _subtitle(self, loc: str, scope: str, season: Season | None) -> str:
        if scope == "global":
            return t(loc, "ratings.board.scope_global")
        if season is None:
            return t(loc, "ratings.board.scope_server")
        since = season.started_at[:10]
        if season.current:
            return t(loc, "ratings.board.scope_season_current", n=season.number, since=since)
        until = (season.ended_at or "")[:10]
        return t(loc, "ratings.board.scope_season_past", n=season.number, since=since, until=until)

    async def _rated_rows(
        self,
        guild_id: int,
        game: str,
        me: int,
        opted_in: set[int] | None,
        season: Season | None,
        names: Names,
    ) -> tuple[list[BoardRow], bool]:
        db = self.bot.db
        if season is not None:
            players = await boards.season_ladder(db, guild_id, season.number, game)
        elif opted_in is not None:
            players = await boards.ladder(db, game, opted_in)
        else:
            players = await boards.ladder(db, game, await boards.server_players(db, guild_id, game))
        week = await trends_for(db, players, guild_id, season)
        shown = players[:TOP]
        ranks = {p.user_id: i + 1 for i, p in enumerate(players)}
        own: PlayerRating | None = None
        if me not in {p.user_id for p in shown}:
            own = next((p for p in players if p.user_id == me), None)
            if own is None and opted_in is not None:  # off the global board: their rating, unranked
                mine = (await user_ratings(db, me)).get(game)
                own = mine if mine is not None and mine.matches > 0 else None
                if own is not None:
                    week.update(await trends_for(db, [own], guild_id, None))
        named = await names.many([p.user_id for p in shown], public=opted_in is not None)
        rows = [self._row(p, ranks.get(p.user_id), named.get(p.user_id, "?"), week, me) for p in shown]
        if own is not None:
            rows.append(self._row(own, ranks.get(me), "", week, me))
        return rows, own is not None

    @staticmethod
    def _row(p: PlayerRating, rank: int | None, name: str, week: dict[int, int], me: int) -> BoardRow:
        rate = p.wins / p.matches if p.matches else None
        return BoardRow(
            rank,
            name,
            p.display,
            p.matches,
            rate,
            week.get(p.user_id, 0),
            p.provisional,
            p.user_id == me,
        )

    async def _memory_rows(
        self, guild_id: int, game: str, me: int, opted_in: set[int] | None, names: Names
    ) -> tuple[list[BoardRow], bool]:
        best = await boards.memory_best(self.bot.db, None if opted_in is not None else guild_id, game)
        if opted_in is not None:
            own_best = next((b for b in best if b.user_id == me), None)
            best = [b for b in best if b.user_id in opted_in]
        else:
            own_best = None
        ranks = {b.user_id: i + 1 for i, b in enumerate(best)}
        shown = best[:TOP]
        named = await names.many([b.user_id for b in shown], public=opted_in is not None)
        rows = [
            BoardRow(
                ranks[b.user_id],
                named[b.user_id],
                b.best,
                b.games,
                b.wins / b.games,
                None,
                me=b.user_id == me,
            )
            for b in shown
        ]
        own = next((b for b in best if b.user_id == me), own_best)
        if own is not None and me not in {b.user_id for b in shown}:
            rows.append(BoardRow(ranks.get(me), "", own.best, own.games, own.wins / own.games, None, me=True))
            return rows, True
        return rows, False


async def trends_for(
    db: Database, players: list[PlayerRating], guild_id: int, season: Season | None
) -> dict[int, int]:
    """Each player's change over the last week (on the season's rating for a season board)."""
    where = (guild_id, season.number) if season is not None else None
    return await boards.trends(db, players, week_ago(), season=where)

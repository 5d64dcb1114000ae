"""``/replay``: step through a finished match, every hand shown, with comments from its players.

A replay opens privately (only the person who asked sees it, so nobody floods a channel) from
``/replay [game]`` or the **Replay** button under every results post. Its controls are routed by
custom_id (:class:`ReplayRoute`), so they work after a restart too; each click re-reads the match
from the store (a finished match never changes) through a small cache of replayed timelines.
Only a finished match of this server replays: a running one would give its hands away.
"""

from __future__ import annotations

import asyncio
import io
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import store
from cogs.fairness import check_replay
from cogs.ratings.summary import seat_ratings
from cogs.replay import frames as draw
from cogs.replay.messages import controls, frame_text
from cogs.replay.timeline import MAX_TIMELINES, Timeline, build
from cogs.table import components as c
from cogs.table import ids
from cogs.table.limits import quote
from cogs.table.messages import file_of
from cogs.table.replies import ephemeral, refuse, report_error, user_locale
from i18n import t
from render.replay import TooLarge
from store.comments import MAX_COMMENT, comments_for, last_finished_game, save_comment

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

END = 1 << 30  # "the last frame", before the match is replayed to know which it is


class ReplayCog(commands.Cog, name="Replay"):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        self._timelines: OrderedDict[int, tuple[Timeline, str | None]] = OrderedDict()

    # ---------------------------------------------------------------- finding the match
    async def replayable(self, interaction: discord.Interaction, game_id: int) -> store.GameRow | None:
        """The finished match ``game_id`` of this server, or None after a clear private refusal."""
        row = await store.get_game(self.bot.db, game_id) if ids.is_stored_id(game_id) else None
        if row is None or interaction.guild_id is None or row.guild_id != interaction.guild_id:
            await refuse(interaction, "replay.not_found", game=game_id)
            return None
        if row.status != "finished" or row.game not in self.bot.tables.specs:
            key = "replay.not_finished" if row.status in ("lobby", "active") else "replay.no_result"
            await refuse(interaction, key, game=game_id)
            return None
        return row

    async def timeline(self, row: store.GameRow, locale: str) -> tuple[Timeline, str | None]:
        """The match's frames and the verdict of its replay against the stored results (cached:
        a finished match does not change)."""
        cached = self._timelines.get(row.id)
        if cached is None:
            spec = self.bot.tables.specs[row.game]
            actions = await store.actions_for(self.bot.db, row.id)
            results = await store.results_for(self.bot.db, row.id)
            tl = await asyncio.to_thread(build, spec, row, actions)
            finding = await asyncio.to_thread(check_replay, spec, row, actions, results)
            cached = (tl, None if finding is None else finding.key)
            self._timelines[row.id] = cached
            while len(self._timelines) > MAX_TIMELINES:
                self._timelines.popitem(last=False)
        self._timelines.move_to_end(row.id)
        return cached

    async def payload(self, row: store.GameRow, position: int, locale: str) -> dict[str, Any]:
        """The frame at ``position``: its text, its images, its controls."""
        spec = self.bot.tables.specs[row.game]
        timeline, mismatch = await self.timeline(row, locale)
        frame = timeline.frames[timeline.clamp(position)]
        comments = await comments_for(self.bot.db, row.id)
        results = await store.results_for(self.bot.db, row.id)
        verdict = t(locale, "replay.verified" if mismatch is None else "replay.mismatch", game=row.id)
        text = frame_text(spec, timeline, frame, comments, results, verdict, locale)
        ratings = None
        if frame.position == timeline.last:  # the match summary: drawn with the rating changes
            seats = sorted(row.seats, key=lambda s: s.seat)
            ratings = await seat_ratings(self.bot.db, row.id, [s.user_id for s in seats])
        images = await asyncio.to_thread(draw.frame_images, spec, timeline, frame, locale, ratings)
        commented = {cm.move_no for cm in comments}
        return {
            "content": text,
            "files": [file_of(i) for i in images],
            "view": controls(spec, timeline, frame, commented, locale),
            "allowed_mentions": discord.AllowedMentions.none(),
        }

    # ---------------------------------------------------------------- /replay
    @app_commands.command(
        name=_("replay"), description=_("Replay a finished match move by move, every hand shown")
    )
    @app_commands.describe(game=_("The match number (#12 in its posts), or last (the default)"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction, game: str | None = None) -> None:
        loc = user_locale(interaction)
        wanted = (game or "last").strip().lstrip("#").lower()
        if wanted == "last":
            found = await last_finished_game(self.bot.db, interaction.guild_id or 0, interaction.user.id)
            if found is None:
                await refuse(interaction, "replay.none_yet")
                return
            game_id = found
        elif wanted.isdigit():
            game_id = int(wanted)
        else:
            await ephemeral(interaction, t(loc, "replay.bad_game", game=quote(game or "", 50)))
            return
        await self.open(interaction, game_id, 0)

    async def open(self, interaction: discord.Interaction, game_id: int, position: int) -> None:
        """A new private replay message (from ``/replay`` or a results post's button)."""
        row = await self.replayable(interaction, game_id)
        if row is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        payload = await self.payload(row, position, user_locale(interaction))
        await interaction.followup.send(ephemeral=True, **payload)

    # ---------------------------------------------------------------- clicks
    async def on_click(self, interaction: discord.Interaction, game_id: int, pos: int, verb: str) -> None:
        if verb == "open":
            await self.open(interaction, game_id, pos)
            return
        row = await self.replayable(interaction, game_id)
        if row is None:
            return
        loc = user_locale(interaction)
        if verb == "note":
            await self.ask_comment(interaction, row, pos)
            return
        if verb == "anim":
            await self.animation(interaction, row, pos)
            return
        values = c.picked(interaction)
        target = {  # the frame shown is clamped to the match (a custom_id can be forged)
            "first": 0,
            "prev": pos - 1,
            "next": pos + 1,
            "last": END,
            "move": int(values[0]) if values and str(values[0]).isdigit() else pos,
            "round": int(values[0]) if values and str(values[0]).isdigit() else pos,
        }.get(verb)
        if target is None:
            await refuse(interaction, "error.foreign_button")
            return
        await interaction.response.defer()  # first: replaying a long match may take a moment
        payload = await self.payload(row, target, loc)
        await interaction.edit_original_response(
            content=payload["content"], attachments=payload["files"], view=payload["view"]
        )

    async def animation(self, interaction: discord.Interaction, row: store.GameRow, pos: int) -> None:
        """The round of frame ``pos`` as one animated WebP, within this interaction's upload limit."""
        loc = user_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        timeline, _ = await self.timeline(row, loc)
        round_no = timeline.frames[timeline.clamp(pos)].round_no
        limit = int(interaction.filesize_limit) - 64 * 1024  # room for the request around the file
        spec = self.bot.tables.specs[row.game]
        try:
            data = await asyncio.to_thread(draw.round_animation, spec, timeline, round_no, loc, limit)
        except TooLarge:
            await interaction.followup.send(t(loc, "replay.too_large", round=round_no), ephemeral=True)
            return
        name = f"tsuki-{row.id}-round-{round_no}.webp"
        text = t(loc, "replay.animation", game=row.id, round=round_no)
        await interaction.followup.send(
            text, file=discord.File(io.BytesIO(data), filename=name), ephemeral=True
        )

    # ---------------------------------------------------------------- comments
    async def ask_comment(self, interaction: discord.Interaction, row: store.GameRow, pos: int) -> None:
        """The Comment form, for the match's players only."""
        if not any(s.user_id == interaction.user.id for s in row.seats):
            await refuse(interaction, "replay.comment_players_only", game=row.id)
            return
        loc = user_locale(interaction)
        await interaction.response.send_modal(CommentModal(self, row.id, pos, loc))

    async def comment_sent(self, interaction: discord.Interaction, game_id: int, pos: int, body: str) -> None:
        """Keep the comment, then show the frame again with it."""
        row = await self.replayable(interaction, game_id)
        if row is None:
            return
        if not any(s.user_id == interaction.user.id for s in row.seats):  # checked again: forms can be forged
            await refuse(interaction, "replay.comment_players_only", game=row.id)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        loc = user_locale(interaction)
        timeline, _ = await self.timeline(row, loc)
        pos = timeline.clamp(pos)
        await save_comment(self.bot.db, game_id, pos, interaction.user.id, body)
        payload = await self.payload(row, pos, loc)
        await interaction.followup.send(ephemeral=True, **payload)


class CommentModal(discord.ui.Modal):
    """One short text: the player's comment on this move (empty removes it)."""

    def __init__(self, cog: ReplayCog, game_id: int, pos: int, locale: str) -> None:
        super().__init__(title=t(locale, "replay.comment_title", n=pos), timeout=900)
        self.cog, self.game_id, self.pos = cog, game_id, pos
        self.body: discord.ui.TextInput[CommentModal] = discord.ui.TextInput(
            label=t(locale, "replay.comment_label"),
            custom_id="comment",
            style=discord.TextStyle.paragraph,
            max_length=MAX_COMMENT,
            required=False,
            placeholder=t(locale, "replay.comment_placeholder"),
        )
        self.add_item(self.body)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.cog.comment_sent(interaction, self.game_id, self.pos, self.body.value or "")

    async def on_error(self, interaction: discord.Interaction, error: Exception, /) -> None:  # type: ignore[override]  # discord.ui.Modal's own on_error drops BaseView's item
        await report_error(interaction, error)


class ReplayRoute(c.Routed, template=c.REPLAY_TEMPLATE):
    """Every replay control, and the Replay button of results posts."""

    async def on_click(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Replay")  # type: ignore[attr-defined]  # TsukiBot is a commands.Bot; Interaction types its client as Client
        await cog.on_click(interaction, self.number("game"), self.number("pos"), self.match["verb"])


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(ReplayCog(bot))
    bot.add_dynamic_items(ReplayRoute)


async def teardown(bot: TsukiBot) -> None:
    bot.remove_dynamic_items(ReplayRoute)

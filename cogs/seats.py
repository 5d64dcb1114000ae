"""``/table replace`` and ``/table end``: a running match's seats and its end, for whatever game.

* **Replace a seat.** Someone who left mid-match can be replaced by the CPU or by a new player.
  The host hands over a CPU seat or an away player's seat at once; a present player's seat needs
  their consent, or the host and a majority of the other seated humans (:mod:`cogs.seat_vote`),
  put to a vote with an **Agree** button. The new occupant plays the seat from where it is (its
  moves, points and results stay with the seat); the old player's buttons and commands are refused.
* **End a match.** The host stops it without a result (after a confirmation): the game is
  stored as abandoned and a public line says who ended it.

Also the confirm buttons of ``/<game> quit`` (:func:`cogs.table.play.on_quit_button`). Pending
votes live in memory: after a restart a vote button answers that the vote has closed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.seat_vote import Vote, at_once, open_vote, rule_text
from cogs.table import components as c
from cogs.table import play
from cogs.table.commands import table_here
from cogs.table.components import Routed
from cogs.table.manager import TableManager
from cogs.table.model import Table
from cogs.table.replies import ephemeral, refuse, report_error, user_locale
from engine.core import GameError, GameOver
from i18n import t

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

log = logging.getLogger(__name__)

# ``sv:{game}:{seat}:{new}:{old}``: a vote to hand seat ``seat`` (0-based) from user ``old`` to
# ``new`` (0: the CPU on either side). ``he:{game}:yes|no``: the host confirms ending the match.
VOTE_TEMPLATE = r"sv:(?P<game>\d+):(?P<seat>\d+):(?P<new>\d+):(?P<old>\d+)"
END_TEMPLATE = r"he:(?P<game>\d+):(?P<verb>yes|no)"


def vote_id(game_id: int, seat: int, new: int | None, old: int | None) -> str:
    return f"sv:{game_id}:{seat}:{new or 0}:{old or 0}"


def cpu_name(table: Table, index: int) -> str:
    """ "CPU n" with the smallest n no other seat is called."""
    taken = {s.name for s in table.seats if s.index != index}
    n = 1
    while t(table.locale, "table.cpu_name", n=n) in taken:
        n += 1
    return t(table.locale, "table.cpu_name", n=n)


async def hand_over(tables: TableManager, table: Table, index: int, user: discord.abc.User | None) -> None:
    """Give seat ``index`` to ``user`` (``None``: the CPU), then say so in the match's channel."""
    name = user.display_name if user is not None else cpu_name(table, index)
    old = await tables.replace_seat(table, index, user.id if user is not None else None, name)
    loc = table.locale
    if user is None:
        line = t(loc, "seats.replaced_by_cpu", n=index + 1, old=old.name, cpu=name)
    else:
        line = t(loc, "seats.replaced_by_player", n=index + 1, old=old.name, who=user.mention)
    await post(tables, table, line)
    await tables.refresh_lobby(table)


async def post(tables: TableManager, table: Table, line: str) -> None:
    """A short public line in the match's thread (or channel), paced like the table's posts."""
    channel = tables.bot.get_channel(table.play_channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        return
    await tables.pacer.wait(table.play_channel_id)
    try:
        await channel.send(line, allowed_mentions=discord.AllowedMentions(users=True))
    except discord.HTTPException:
        log.warning("could not post in the channel of table %s", table.id)


def _check_replacement(table: Table, index: int, user: discord.abc.User | None) -> None:
    """Refuse what cannot be done (a GameError says why): the seat is checked against its table."""
    if table.status != "active":
        raise GameError("The match has not started yet.", key="not_started")
    if not 0 <= index < len(table.seats):
        raise GameError("There is no such seat.", key="no_such_seat", n=index + 1, count=len(table.seats))
    old = table.seats[index]
    if user is None and old.is_cpu:
        raise GameError("The CPU already plays that seat.", key="seat_already_cpu", n=index + 1)
    if user is not None:
        if user.bot:
            raise GameError("A bot cannot take a seat.", key="no_bot_seats")
        if table.seat_of(user.id) is not None:
            raise GameError("That player already has a seat.", key="already_seated_here")


class SeatsCog(
    commands.GroupCog,
    name="Seats",
    group_name=_("table"),
    group_description=_("Manage the match in this channel"),
):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        self.votes: dict[str, Vote] = {}  # by the vote button's custom_id
        super().__init__()

    @property
    def tables(self) -> TableManager:
        return self.bot.tables

    @app_commands.command(
        name=_("replace"),
        description=_("Hand a seat of this match to the CPU or to another player (host, or a vote)"),
    )
    @app_commands.describe(
        seat=_("The seat's number, as in the table's list (1 = first seat)"),
        player=_("Who takes the seat (leave empty: the CPU plays it)"),
    )
    @app_commands.guild_only()
    async def replace(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 8],
        player: discord.Member | None = None,
    ) -> None:
        try:
            table = table_here(self.tables, interaction.channel_id)
            index = seat - 1
            _check_replacement(table, index, player)
            if at_once(table, index, interaction.user.id):
                await interaction.response.defer(ephemeral=True, thinking=True)
                await hand_over(self.tables, table, index, player)
                await ephemeral(interaction, t(user_locale(interaction), "seats.done", n=seat))
                return
            if interaction.user.id != table.host_id and table.seat_of(interaction.user.id) is None:
                await refuse(interaction, "seats.host_or_players")
                return
            await self._open_vote(interaction, table, index, player)
        except Exception as error:
            await report_error(interaction, error)

    async def _open_vote(
        self, interaction: discord.Interaction, table: Table, index: int, player: discord.Member | None
    ) -> None:
        old = table.seats[index]
        new_id = player.id if player is not None else None
        new_name = player.display_name if player is not None else cpu_name(table, index)
        vote = open_vote(table, index, interaction.user.id, new_name)
        custom_id = vote_id(table.id, index, new_id, old.user_id)
        if vote.passed:  # the player gives up their own seat
            await interaction.response.send_message(self._vote_text(table, index, vote, player, passed=True))
            await hand_over(self.tables, table, index, player)
            return
        self.votes[custom_id] = vote
        view = c.view_of([c.button(custom_id, t(table.locale, "seats.vote_yes"), "primary", emoji="🗳️")])
        await interaction.response.send_message(
            self._vote_text(table, index, vote, player, passed=False),
            view=view,
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    def _vote_text(
        self, table: Table, index: int, vote: Vote, player: discord.abc.User | None, *, passed: bool
    ) -> str:
        loc = table.locale
        new = player.mention if player is not None else t(loc, "seats.the_cpu", cpu=vote.new_name)
        text = t(
            loc,
            "seats.vote",
            who=f"<@{vote.requester}>",
            n=index + 1,
            old=table.seats[index].name,
            new=new,
        )
        if passed:
            return f"{text}\n{t(loc, 'seats.vote_passed')}"
        return f"{text}\n{rule_text(vote, loc)}"

    async def on_vote(self, interaction: discord.Interaction, custom_id: str, match: dict[str, str]) -> None:
        """A vote click: counted once per voter; when the vote passes the seat is handed over."""
        vote = self.votes.get(custom_id)
        table = self.tables.tables.get(int(match["game"]))
        index, old_id = int(match["seat"]), int(match["old"]) or None
        if vote is None or table is None or table.status != "active" or table.seats[index].user_id != old_id:
            self.votes.pop(custom_id, None)
            await interaction.response.edit_message(view=None)
            await refuse(interaction, "seats.vote_closed")
            return
        if interaction.user.id not in vote.voters:
            await refuse(interaction, "seats.not_a_voter")
            return
        vote.yes.add(interaction.user.id)
        new_id = int(match["new"]) or None
        player = None
        if new_id is not None:
            guild = interaction.guild
            player = (guild.get_member(new_id) if guild else None) or await self.bot.fetch_user(new_id)
        if not vote.passed:
            text = self._vote_text(table, index, vote, player, passed=False)
            await interaction.response.edit_message(content=text)
            return
        self.votes.pop(custom_id, None)
        _check_replacement(table, index, player)
        text = self._vote_text(table, index, vote, player, passed=True)
        await interaction.response.edit_message(content=text, view=None)
        await hand_over(self.tables, table, index, player)

    @app_commands.command(name=_("end"), description=_("End this match without a result (host only)"))
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        try:
            table = table_here(self.tables, interaction.channel_id)
            if interaction.user.id != table.host_id:
                await refuse(interaction, "table.lobby.host_only")
                return
            if table.status != "active":
                await refuse(interaction, "seats.end_not_started")
                return
            loc = user_locale(interaction)
            view = c.view_of(
                [
                    c.button(f"he:{table.id}:yes", t(loc, "seats.end_confirm"), "danger", emoji="⏹️"),
                    c.button(f"he:{table.id}:no", t(loc, "table.quit.cancel")),
                ]
            )
            await interaction.response.send_message(t(loc, "seats.end_really"), view=view, ephemeral=True)
        except Exception as error:
            await report_error(interaction, error)

    async def on_end(self, interaction: discord.Interaction, game_id: int, verb: str) -> None:
        """The host's answer to "End this match?": Cancel changes nothing."""
        loc = user_locale(interaction)
        if verb != "yes":
            await interaction.response.edit_message(content=t(loc, "seats.end_kept"), view=None)
            return
        table = self.tables.get(game_id)
        if interaction.user.id != table.host_id:
            await refuse(interaction, "table.lobby.host_only")
            return
        await interaction.response.defer()
        async with table.lock:
            if table.status != "active":
                raise GameOver("This game is over.", key="game_over")
            await self.tables.abandon(table)
            line = t(table.locale, "seats.ended_by_host", who=interaction.user.mention)
            await self.tables.announce(table, [line], [])
        await self.tables.refresh_lobby(table, "seats.lobby_ended")
        await interaction.edit_original_response(content=t(loc, "seats.end_done"), view=None)


def _cog(interaction: discord.Interaction) -> SeatsCog:
    cog = interaction.client.get_cog("Seats")  # type: ignore[attr-defined]  # TsukiBot is a commands.Bot; Interaction types its client as Client
    assert isinstance(cog, SeatsCog)
    return cog


class VoteButton(Routed, template=VOTE_TEMPLATE):
    async def on_click(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_vote(interaction, self.custom_id, self.match)


class EndButton(Routed, template=END_TEMPLATE):
    async def on_click(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_end(interaction, self.number("game"), self.match["verb"])


class QuitButton(Routed, template=play.QUIT_TEMPLATE):
    async def on_click(self, interaction: discord.Interaction) -> None:
        tables = TableManager.of(interaction.client)
        await play.on_quit_button(tables, interaction, self.number("game"), self.match["verb"])


ITEMS = (VoteButton, EndButton, QuitButton)


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(SeatsCog(bot))
    bot.add_dynamic_items(*ITEMS)


async def teardown(bot: TsukiBot) -> None:
    bot.remove_dynamic_items(*ITEMS)

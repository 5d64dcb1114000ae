"""Routing clicks: the ``DynamicItem``s that read a custom_id back and call its handler.

discord.py matches every component click against these templates (see
:mod:`cogs.table.components`), including clicks on messages posted before a restart. The
callbacks only route to the handlers in :mod:`cogs.table.lobby` and :mod:`cogs.table.play`, with
the :class:`~cogs.table.manager.TableManager` found on the bot as ``bot.tables``.

First they check that the custom_id is one we drew for a table of this channel: a custom_id can
be forged, so a game id that is not the table here, or a move number not played yet, is refused
as "not part of this table" (not as a click from an earlier turn, which it is not).
"""

from __future__ import annotations

import discord

import store
from cogs.table import components as c
from cogs.table import lobby, play, watch
from cogs.table.manager import TableManager
from cogs.table.replies import refuse, report_error


def _manager(interaction: discord.Interaction) -> TableManager:
    tables: TableManager = interaction.client.tables  # type: ignore[attr-defined]  # TsukiBot.tables; Interaction types its client as Client
    return tables


async def is_foreign(interaction: discord.Interaction, game_id: int, seq: int | None = None) -> bool:
    """Whether a click's custom_id cannot have come from us for this channel's table ``game_id``
    (at move ``seq``, when it carries one): another channel's table, a game that never existed, or
    a move number ahead of the moves played."""
    tables = _manager(interaction)
    in_dm = interaction.guild_id is None  # a button we sent a player in private: any channel
    table = tables.tables.get(game_id)
    if table is not None:
        here = in_dm or interaction.channel_id in (table.channel_id, table.thread_id)
        return not here or (seq is not None and seq > table.seq)
    row = await store.get_game(tables.db, game_id)  # a closed table: its buttons may linger
    if row is None or not (in_dm or interaction.channel_id in (row.channel_id, row.thread_id)):
        return True
    return seq is not None and seq > len(await store.actions_for(tables.db, game_id))


async def _refused_as_foreign(interaction: discord.Interaction, game_id: int, seq: int | None = None) -> bool:
    """Refuse a forged click (see :func:`is_foreign`); ``True`` when it was refused."""
    try:
        if not await is_foreign(interaction, game_id, seq):
            return False
        await refuse(interaction, "error.foreign_button")
    except Exception as error:
        await report_error(interaction, error)
    return True


class LobbyButton(c.Routed, template=c.LOBBY_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        game_id = self.number("game")
        if await watch.refused_as_spectator(_manager(interaction), interaction, game_id):
            return
        if not await _refused_as_foreign(interaction, game_id):
            await lobby.on_button(_manager(interaction), interaction, game_id, self.match["verb"])


class TableButton(c.Routed, template=c.TABLE_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, seq = self.number("game"), self.number("seq")
        if self.match["verb"] != "rematch" and await watch.refused_as_spectator(
            _manager(interaction), interaction, game_id
        ):
            return
        if not await _refused_as_foreign(interaction, game_id, seq):
            await play.on_table_button(_manager(interaction), interaction, game_id, seq, self.match["verb"])


class StepButton(c.Routed, template=c.STEP_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, seq = self.number("game"), self.number("seq")
        if await watch.refused_as_spectator(_manager(interaction), interaction, game_id):
            return
        if not await _refused_as_foreign(interaction, game_id, seq):
            path = tuple(self.match["path"].split(".")) if self.match["path"] else ()
            await play.on_step(_manager(interaction), interaction, game_id, seq, path)


class PickSelect(c.Routed, template=c.PICK_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, seq = self.number("game"), self.number("seq")
        if await watch.refused_as_spectator(_manager(interaction), interaction, game_id):
            return
        if not await _refused_as_foreign(interaction, game_id, seq):
            values = c.picked(interaction)
            await play.on_pick(_manager(interaction), interaction, game_id, seq, values)


class WatchButton(c.Routed, template=c.WATCH_TEMPLATE):
    """Watch, Refresh, Stop watching: public views only, so any channel of the match's server
    may hold one (a ``/watch game:`` answer elsewhere); the handler checks the server."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await watch.on_button(_manager(interaction), interaction, self.number("game"), self.match["verb"])


DYNAMIC_ITEMS = (LobbyButton, TableButton, StepButton, PickSelect, WatchButton)

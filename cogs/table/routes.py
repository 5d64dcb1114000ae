"""Routing clicks: the ``DynamicItem``s that read a custom_id back and call its handler.

discord.py matches every component click against these templates (see
:mod:`cogs.table.components`), including clicks on messages posted before a restart. The
callbacks only route to the handlers in :mod:`cogs.table.lobby` and :mod:`cogs.table.play`, with
the :class:`~cogs.table.manager.TableManager` found on the bot as ``bot.tables``.

First (:class:`TableControl`, the guard of a table's controls) they refuse a spectator's click,
and check that the custom_id is one we drew for a table of this channel: a custom_id can be
forged, so a game id that is not the table here, or a move number not played yet, is refused
as "not part of this table" (not as a click from an earlier turn, which it is not). Errors are
answered by :meth:`cogs.table.components.Routed.callback`, for every routed component.
"""

from __future__ import annotations

import discord

import store
from cogs.table import components as c
from cogs.table import lobby, play, round_log, watch
from cogs.table.manager import TableManager
from cogs.table.replies import refuse


def _manager(interaction: discord.Interaction) -> TableManager:
    return TableManager.of(interaction.client)


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
    if not await is_foreign(interaction, game_id, seq):
        return False
    await refuse(interaction, "error.foreign_button")
    return True


class TableControl(c.Routed, template=r"(?!)"):
    """A game control of a table (lobby, board, hand): the guard every one of them runs first.

    A spectator of the match is refused (:func:`cogs.table.watch.refused_as_spectator`), then a
    custom_id that cannot be ours for this channel's table (:func:`is_foreign`, with the move
    number when the template carries one). Subclasses write only what the click does.
    """

    def spectators_refused(self) -> bool:
        """Whether a spectator's click is refused before anything else (a rematch is not)."""
        return True

    async def admits(self, interaction: discord.Interaction) -> bool:
        if not await super().admits(interaction):
            return False
        game_id = self.number("game")
        if self.spectators_refused() and await watch.refused_as_spectator(
            _manager(interaction), interaction, game_id
        ):
            return False
        seq = self.number("seq") if "seq" in self.match else None
        return not await _refused_as_foreign(interaction, game_id, seq)


class LobbyButton(TableControl, template=c.LOBBY_TEMPLATE):
    async def on_click(self, interaction: discord.Interaction) -> None:
        await lobby.on_button(_manager(interaction), interaction, self.number("game"), self.match["verb"])


class TableButton(TableControl, template=c.TABLE_TEMPLATE):
    def spectators_refused(self) -> bool:
        return self.match["verb"] != "rematch"

    async def on_click(self, interaction: discord.Interaction) -> None:
        game_id, seq = self.number("game"), self.number("seq")
        await play.on_table_button(_manager(interaction), interaction, game_id, seq, self.match["verb"])


class StepButton(TableControl, template=c.STEP_TEMPLATE):
    async def on_click(self, interaction: discord.Interaction) -> None:
        path = tuple(self.match["path"].split(".")) if self.match["path"] else ()
        await play.on_step(_manager(interaction), interaction, self.number("game"), self.number("seq"), path)


class PickSelect(TableControl, template=c.PICK_TEMPLATE):
    async def on_click(self, interaction: discord.Interaction) -> None:
        values = c.picked(interaction)
        await play.on_pick(
            _manager(interaction), interaction, self.number("game"), self.number("seq"), values
        )


class WatchButton(c.Routed, template=c.WATCH_TEMPLATE):
    """Watch, Refresh, Stop watching: public views only, so any channel of the match's server
    may hold one (a ``/watch game:`` answer elsewhere); the handler checks the server."""

    async def on_click(self, interaction: discord.Interaction) -> None:
        await watch.on_button(_manager(interaction), interaction, self.number("game"), self.match["verb"])


class LogButton(c.Routed, template=c.LOG_TEMPLATE):
    """**Log** on a board and the pages of the log it opens: public narration only, so anyone in
    the match's channel may press it, spectators too; a custom_id naming another channel's
    table (or none) is refused as foreign."""

    async def admits(self, interaction: discord.Interaction) -> bool:
        if not await super().admits(interaction):
            return False
        return not await _refused_as_foreign(interaction, self.number("game"))

    async def on_click(self, interaction: discord.Interaction) -> None:
        shown = round_log.Shown(self.number("round"), self.number("page"))
        await round_log.on_click(
            _manager(interaction), interaction, self.number("game"), shown, self.match["verb"]
        )


DYNAMIC_ITEMS = (LobbyButton, TableButton, StepButton, PickSelect, WatchButton, LogButton)

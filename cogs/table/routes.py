"""Routing clicks: the ``DynamicItem``s that read a custom_id back and call its handler.

discord.py matches every component click against these templates (see
:mod:`cogs.table.components`), including clicks on messages posted before a restart. The
callbacks only route to the handlers in :mod:`cogs.table.lobby` and :mod:`cogs.table.play`, with
the :class:`~cogs.table.manager.TableManager` found on the bot as ``bot.tables``.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.table import components as c
from cogs.table import lobby, play
from cogs.table.manager import TableManager


def _manager(interaction: discord.Interaction) -> TableManager:
    return interaction.client.tables  # type: ignore[attr-defined]


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=c.LOBBY_TEMPLATE):
    def __init__(self, item: discord.ui.Button[Any], game_id: int, verb: str) -> None:
        super().__init__(item)
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(item, int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await lobby.on_button(_manager(interaction), interaction, self.game_id, self.verb)


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=c.TABLE_TEMPLATE):
    def __init__(self, item: discord.ui.Button[Any], game_id: int, seq: int, verb: str) -> None:
        super().__init__(item)
        self.game_id, self.seq, self.verb = game_id, seq, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(item, int(match["game"]), int(match["seq"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await play.on_table_button(_manager(interaction), interaction, self.game_id, self.seq, self.verb)


class StepButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=c.STEP_TEMPLATE):
    def __init__(self, item: discord.ui.Button[Any], game_id: int, seq: int, path: str) -> None:
        super().__init__(item)
        self.game_id, self.seq, self.path = game_id, seq, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> StepButton:
        return cls(item, int(match["game"]), int(match["seq"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        path = tuple(self.path.split(".")) if self.path else ()
        await play.on_step(_manager(interaction), interaction, self.game_id, self.seq, path)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=c.PICK_TEMPLATE):
    def __init__(self, item: discord.ui.Select[Any], game_id: int, seq: int) -> None:
        super().__init__(item)
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> PickSelect:
        return cls(item, int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = tuple((interaction.data or {}).get("values", ()))  # type: ignore[union-attr]
        await play.on_pick(_manager(interaction), interaction, self.game_id, self.seq, values)


DYNAMIC_ITEMS = (LobbyButton, TableButton, StepButton, PickSelect)

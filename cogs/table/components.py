"""Buttons that survive restarts: ``DynamicItem``s whose custom_id carries all they need.

custom_id templates (≤ 100 characters):

* ``l:{game}:{verb}``        lobby buttons (join, leave, cpu, start, cancel)
* ``t:{game}:{seq}:{verb}``  table-message buttons (hand, back, rematch)
* ``a:{game}:{seq}:{path}``  a step towards an action in a player's ephemeral hand view
* ``p:{game}:{seq}``         the select menu of a hand (cards picked for one move)

``seq`` is the number of moves played when the button was drawn, so a click on a button from
an earlier turn is recognised and refused without changing anything. The callbacks only route
to the :class:`~cogs.table.manager.TableManager`, found on the bot as ``bot.tables``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.table.spec import fit_label

if TYPE_CHECKING:
    from cogs.table.manager import TableManager

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _manager(interaction: discord.Interaction) -> TableManager:
    return interaction.client.tables  # type: ignore[attr-defined]


def button(
    custom_id: str, label: str, style: str = "secondary", *, emoji: str | None = None, disabled: bool = False
) -> discord.ui.Button[Any]:
    """A plain button; Discord caps labels at 80 characters."""
    if len(custom_id) > 100:
        raise ValueError(f"custom_id too long ({len(custom_id)}): {custom_id}")
    return discord.ui.Button(
        custom_id=custom_id, label=fit_label(label, 80), style=STYLES[style], emoji=emoji, disabled=disabled
    )


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"l:(?P<game>\d+):(?P<verb>[a-z]+)"
):
    def __init__(self, item: discord.ui.Button[Any], game_id: int, verb: str) -> None:
        super().__init__(item)
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(item, int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.table import lobby

        await lobby.on_button(_manager(interaction), interaction, self.game_id, self.verb)


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"t:(?P<game>\d+):(?P<seq>\d+):(?P<verb>[a-z]+)"
):
    def __init__(self, item: discord.ui.Button[Any], game_id: int, seq: int, verb: str) -> None:
        super().__init__(item)
        self.game_id, self.seq, self.verb = game_id, seq, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(item, int(match["game"]), int(match["seq"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.table import play

        await play.on_table_button(_manager(interaction), interaction, self.game_id, self.seq, self.verb)


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"a:(?P<game>\d+):(?P<seq>\d+):(?P<path>[^:]*)"
):
    def __init__(self, item: discord.ui.Button[Any], game_id: int, seq: int, path: str) -> None:
        super().__init__(item)
        self.game_id, self.seq, self.path = game_id, seq, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> StepButton:
        return cls(item, int(match["game"]), int(match["seq"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.table import play

        path = tuple(self.path.split(".")) if self.path else ()
        await play.on_step(_manager(interaction), interaction, self.game_id, self.seq, path)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"p:(?P<game>\d+):(?P<seq>\d+)"):
    def __init__(self, item: discord.ui.Select[Any], game_id: int, seq: int) -> None:
        super().__init__(item)
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> PickSelect:
        return cls(item, int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.table import play

        values = tuple((interaction.data or {}).get("values", ()))  # type: ignore[union-attr]
        await play.on_pick(_manager(interaction), interaction, self.game_id, self.seq, values)


DYNAMIC_ITEMS = (LobbyButton, TableButton, StepButton, PickSelect)


def lobby_id(game_id: int, verb: str) -> str:
    return f"l:{game_id}:{verb}"


def table_id(game_id: int, seq: int, verb: str) -> str:
    return f"t:{game_id}:{seq}:{verb}"


def step_id(game_id: int, seq: int, path: tuple[str, ...]) -> str:
    return f"a:{game_id}:{seq}:{'.'.join(path)}"


def pick_id(game_id: int, seq: int) -> str:
    return f"p:{game_id}:{seq}"


def select(
    custom_id: str, placeholder: str, options: list[discord.SelectOption], *, min_values: int, max_values: int
) -> discord.ui.Select[Any]:
    """A string select menu (Discord: ≤ 25 options, labels ≤ 100 characters, placeholder ≤ 150)."""
    if len(options) > 25:
        raise ValueError(f"a select menu holds at most 25 options, not {len(options)}")
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder[:150],
        options=options,
        min_values=min_values,
        max_values=min(max_values, len(options)),
        row=0,
    )


def view_of(
    buttons: list[discord.ui.Button[Any]], menu: discord.ui.Select[Any] | None = None
) -> discord.ui.View:
    """A view holding ``buttons`` (rows of five, at most 25; 20 under a ``menu``, which takes
    the first row), only as a carrier of components.

    It is stopped before it is sent: our buttons are dispatched by custom_id through the
    DynamicItems above, so discord.py must not keep one live View per posted message (with no
    timeout those would pile up for the bot's whole life).
    """
    view = discord.ui.View(timeout=None)
    if menu is not None:
        view.add_item(menu)
    for b in buttons[: 20 if menu is not None else 25]:
        view.add_item(b)
    view.stop()
    return view

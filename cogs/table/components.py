"""The components the table flow posts: buttons, select menus, and their custom_ids.

A custom_id carries all a click needs, so buttons survive restarts. Templates (≤ 100 characters):

* ``l:{game}:{verb}``        lobby buttons (join, leave, cpu, start, cancel)
* ``t:{game}:{seq}:{verb}``  table-message buttons (hand, back, rematch)
* ``a:{game}:{seq}:{path}``  a step towards an action in a player's ephemeral hand view
* ``p:{game}:{seq}``         the select menu of a hand (cards picked for one move)
* ``w:{game}:{verb}``        watching a match (watch, stop): see :mod:`cogs.table.spectators`
* ``rp:{game}:{pos}:{verb}`` a replay's controls (``pos``: the frame shown; see :mod:`cogs.replay`)
* ``lg:{game}:{round}:{page}:{verb}`` the round's log and its pages (:mod:`cogs.table.round_log`)

``seq`` is the number of moves played when the button was drawn, so a click on a button from
an earlier turn is recognised and refused without changing anything. The ``*_TEMPLATE`` patterns
read them back; :mod:`cogs.table.routes` routes each click to its handler. Every routed click
(these, and those of the seats, replay, rules and learn cogs) first passes
:meth:`Routed.interaction_check`: a number in its custom_id that no id of ours reaches (a forged
one) is refused as a foreign button before any handler sees it (:mod:`cogs.table.ids`). Every
routed click's errors are answered in one place, :meth:`Routed.callback`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from cogs.table import ids, limits
from cogs.table.replies import refuse, report_error

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class Routed(discord.ui.DynamicItem[Any], template=r"(?!)"):
    """A component that a click finds by its custom_id alone, after a restart too.

    A subclass gives its ``template`` (a pattern with named groups) and writes only its own
    logic in :meth:`on_click`; the groups of the custom_id clicked are in ``self.match``
    (``self.number("seq")`` reads one as an int). A subclass with more checks to run before any
    click (who may click, whether the custom_id is one of ours here) extends :meth:`admits`.
    This base's own template matches nothing: it is never registered.

    Errors are handled here, once for every routed component: a :class:`~engine.core.GameError`
    becomes the player's private message, anything else is logged with an id and the player gets
    a short apology quoting it (:func:`cogs.table.replies.report_error`, as for slash commands).
    discord.py itself would only log an error from a callback, and silently drop one from
    :meth:`interaction_check`, leaving the click unanswered.
    """

    def __init__(self, item: Any, match: dict[str, str]) -> None:
        super().__init__(item)
        self.match = match

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Routed:
        return cls(item, match.groupdict())

    def number(self, name: str) -> int:
        return int(self.match[name])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """discord.py asks this before :meth:`callback`: the guard of :meth:`admits`, whose
        errors are answered like those of the click itself."""
        try:
            return await self.admits(interaction)
        except Exception as error:
            await report_error(interaction, error)
            return False

    async def admits(self, interaction: discord.Interaction) -> bool:
        """Whether the click may reach :meth:`on_click`; a refused click is answered here.

        A custom_id holding a number no id of ours reaches (``2**63`` and up) was forged: it
        is refused like any foreign button, before its handler could pass it to the store.
        Subclasses adding checks call this first."""
        if ids.custom_id_fits(self.custom_id):
            return True
        await refuse(interaction, "error.foreign_button")
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        """The click, with its errors answered (see the class docstring); not overridden."""
        try:
            await self.on_click(interaction)
        except Exception as error:
            await report_error(interaction, error)

    async def on_click(self, interaction: discord.Interaction) -> None:
        """What the click does: each routed component writes its own."""
        raise NotImplementedError


def picked(interaction: discord.Interaction) -> tuple[str, ...]:
    """The values chosen in the select menu clicked (empty for a button)."""
    data: Mapping[str, object] = interaction.data or {}
    values = data.get("values")
    return tuple(values) if isinstance(values, list) else ()


def button(
    custom_id: str, label: str, style: str = "secondary", *, emoji: str | None = None, disabled: bool = False
) -> discord.ui.Button[Any]:
    """A plain button; Discord caps labels at 80 characters and custom_ids at 100."""
    if len(custom_id) > limits.CUSTOM_ID:
        raise limits.LimitError(f"custom_id too long ({len(custom_id)}): {custom_id}")
    label = limits.cut(label, limits.BUTTON_LABEL)
    return discord.ui.Button(
        custom_id=custom_id, label=label, style=STYLES[style], emoji=emoji, disabled=disabled
    )


# The patterns that read the custom_ids below back (DynamicItem templates in cogs.table.routes).
LOBBY_TEMPLATE = r"l:(?P<game>\d+):(?P<verb>[a-z]+)"
TABLE_TEMPLATE = r"t:(?P<game>\d+):(?P<seq>\d+):(?P<verb>[a-z]+)"
STEP_TEMPLATE = r"a:(?P<game>\d+):(?P<seq>\d+):(?P<path>[^:]*)"
PICK_TEMPLATE = r"p:(?P<game>\d+):(?P<seq>\d+)"
WATCH_TEMPLATE = r"w:(?P<game>\d+):(?P<verb>[a-z]+)"
REPLAY_TEMPLATE = r"rp:(?P<game>\d+):(?P<pos>\d+):(?P<verb>[a-z]+)"
LOG_TEMPLATE = r"lg:(?P<game>\d+):(?P<round>\d+):(?P<page>\d+):(?P<verb>[a-z]+)"


def lobby_id(game_id: int, verb: str) -> str:
    return f"l:{game_id}:{verb}"


def table_id(game_id: int, seq: int, verb: str) -> str:
    return f"t:{game_id}:{seq}:{verb}"


def step_id(game_id: int, seq: int, path: tuple[str, ...]) -> str:
    return f"a:{game_id}:{seq}:{'.'.join(path)}"


def pick_id(game_id: int, seq: int) -> str:
    return f"p:{game_id}:{seq}"


def watch_id(game_id: int, verb: str) -> str:
    return f"w:{game_id}:{verb}"


def replay_id(game_id: int, pos: int, verb: str) -> str:
    return f"rp:{game_id}:{pos}:{verb}"


def log_id(game_id: int, round_no: int, page: int, verb: str) -> str:
    return f"lg:{game_id}:{round_no}:{page}:{verb}"


def select(
    custom_id: str, placeholder: str, options: list[discord.SelectOption], *, min_values: int, max_values: int
) -> discord.ui.Select[Any]:
    """A string select menu (Discord: ≤ 25 options, labels ≤ 100 characters, placeholder ≤ 150)."""
    if len(options) > limits.SELECT_OPTIONS:
        raise limits.LimitError(f"a select menu holds at most 25 options, not {len(options)}")
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=limits.cut(placeholder, limits.PLACEHOLDER),
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

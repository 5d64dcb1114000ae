"""The controls of a private hand on its seat's turn: the steps of a move as buttons, the
select menu of a game that has one, and "Play <the picked move>" once a selection makes a move.

Each button's custom_id carries the steps chosen so far (``a:{game}:{seq}:{path}``), so a click
finds its way after a restart; ``seq`` makes a click from an earlier turn harmless.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.table import components as c
from cogs.table.model import Table
from cogs.table.spec import Step, actions_along
from i18n import t


def step_buttons(
    table: Table,
    view: Any,
    seq: int,
    locale: str,
    path: tuple[str, ...],
    among: Sequence[Any] | None = None,
) -> list[discord.ui.Button[Any]]:
    """Buttons for the next step after ``path`` among the seat's legal actions (or ``among``)."""
    starts, _ = actions_along(table.spec, view, locale, path)
    if among is not None:  # the spec's short list, in its order (Dou Dizhu: its hint first)
        order = list(among)
        starts = sorted((a for a in starts if a in order), key=order.index)
    seen: dict[str, Step] = {}
    for action in starts:
        steps = table.spec.action_steps(action, view, locale)
        if len(steps) > len(path):
            seen.setdefault(steps[len(path)].key, steps[len(path)])
    buttons = [
        c.button(c.step_id(table.id, seq, (*path, s.key)), s.label, s.style, emoji=s.emoji)
        for s in seen.values()
    ]
    if path:
        buttons.append(_back_button(table, seq, locale))
    return buttons


def _back_button(table: Table, seq: int, locale: str) -> discord.ui.Button[Any]:
    return c.button(c.step_id(table.id, seq, ()), t(locale, "table.back"), emoji="↩️")


def pick_menu(
    table: Table, view: Any, seq: int, locale: str, chosen: Sequence[str] = ()
) -> discord.ui.Select[Any] | None:
    """The hand's select menu when the game has one (``chosen`` values shown as selected)."""
    picker = table.spec.picker(view, locale)
    if picker is None or not picker.options:
        return None
    options = [
        discord.SelectOption(
            label=o.label[:100],
            value=o.value,
            description=(o.description or None) and o.description[:100],
            emoji=o.emoji,
            default=o.value in chosen,
        )
        for o in picker.options
    ]
    return c.select(
        c.pick_id(table.id, seq),
        picker.placeholder,
        options,
        min_values=picker.min_values,
        max_values=picker.max_values,
    )


def _confirm_buttons(
    table: Table, view: Any, seq: int, locale: str, picked: Any
) -> list[discord.ui.Button[Any]]:
    """ "Play <the picked move>" and "Back", once a selection in the menu makes a legal move."""
    keys = tuple(s.key for s in table.spec.action_steps(picked, view, locale))
    label = t(locale, "table.play_picked", move=table.spec.action_label(picked, view, locale))
    return [
        c.button(c.step_id(table.id, seq, keys), label, "success", emoji="✅"),
        _back_button(table, seq, locale),
    ]


def action_buttons(
    table: Table,
    view: Any,
    seq: int,
    locale: str,
    path: tuple[str, ...] = (),
    *,
    picked: Any = None,
    chosen: Sequence[str] = (),
) -> discord.ui.View | None:
    """The components of a hand on its seat's turn: the menu (if any) and the step buttons."""
    if not view.legal_actions:
        return None
    menu = pick_menu(table, view, seq, locale, chosen) if not path else None
    if picked is not None:
        buttons = _confirm_buttons(table, view, seq, locale, picked)
    else:
        among = table.spec.suggested(view, locale) if not path else None
        buttons = step_buttons(table, view, seq, locale, path, among)
    if not buttons and menu is None:
        return None
    return c.view_of(buttons, menu)

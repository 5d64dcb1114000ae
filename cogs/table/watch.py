"""Watching a match: ``/watch``, the **Watch** / Refresh / Stop buttons, ``/coach``, and the
refusal every spectator's click on a game control gets.

The view itself (what a spectator sees, kept live) is :mod:`cogs.table.spectators`; who is a
spectator and what a coach may see is :mod:`cogs.table.coach`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

import store
from cogs.table import cards, coach, ids, limits
from cogs.table.commands import seated_table
from cogs.table.model import Table
from cogs.table.replies import ephemeral, refuse, report_error, user_locale
from cogs.table.spectators import view_message
from i18n import t

if TYPE_CHECKING:
    from cogs.table.manager import TableManager


async def on_button(tables: TableManager, interaction: discord.Interaction, game_id: int, verb: str) -> None:
    """``w:{game}:watch`` (Watch, Refresh, Watch again) or ``w:{game}:stop``."""
    table = tables.tables.get(game_id)
    if verb == "watch":
        return await watch(tables, interaction, table, game_id)
    if verb == "stop":
        return await stop(tables, interaction, table)
    return await refuse(interaction, "error.unknown_button")


async def watch(
    tables: TableManager, interaction: discord.Interaction, table: Table | None, game_id: int | None
) -> None:
    """Open (or, clicked in an earlier view, redraw in place) the caller's private view of the
    match: its public table, with no hand (a coach's also shows the seat they coach)."""
    if table is None or table.guild_id != interaction.guild_id:
        return await _refuse_missing(tables, interaction, game_id)
    if table.status not in ("lobby", "active"):
        return await refuse(interaction, "spectators.over")
    if table.seat_of(interaction.user.id) is not None:
        return await refuse(interaction, "spectators.seated")
    locale = user_locale(interaction)
    again = interaction.message is not None and interaction.message.flags.ephemeral
    if again:  # Refresh, or Watch again on an expired view: the same message
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    payload = await view_message(table, interaction.user.id, locale)
    view = await interaction.edit_original_response(**limits.fit(payload))
    await tables.spectators.opened(table, interaction, locale, view.id)
    return None


async def _refuse_missing(
    tables: TableManager, interaction: discord.Interaction, game_id: int | None
) -> None:
    """No running match to watch: say whether that match is over or does not exist here."""
    if game_id is None:
        return await refuse(interaction, "spectators.none_here")
    row = await store.get_game(tables.db, game_id) if ids.is_stored_id(game_id) else None
    if row is None or row.guild_id != interaction.guild_id or row.status in ("lobby", "active"):
        return await refuse(interaction, "spectators.not_found", game=game_id)
    return await refuse(interaction, "spectators.over")


async def stop(tables: TableManager, interaction: discord.Interaction, table: Table | None) -> None:
    """Stop watching: the view says so and the board counts one fewer."""
    if table is not None:
        tables.spectators.forget(table, interaction.user.id)
    content = t(user_locale(interaction), "spectators.stopped")
    if interaction.message is not None and interaction.message.flags.ephemeral:
        await interaction.response.edit_message(**cards.payload(cards.card(content), attachments=[]))
    else:
        await ephemeral(interaction, content)


async def refused_as_spectator(tables: TableManager, interaction: discord.Interaction, game_id: int) -> bool:
    """Refuse a game control (hand, move, menu, seat button) clicked by a spectator of this
    match, privately, changing nothing; ``True`` when it was refused."""
    table = tables.tables.get(game_id)
    if table is None or table.status != "active" or not coach.is_spectator(table, interaction.user.id):
        return False
    await refuse(interaction, "error.spectating")
    return True


# --- /coach ------------------------------------------------------------------------------------


async def coach_show(tables: TableManager, interaction: discord.Interaction, user: discord.abc.User) -> None:
    """``/coach show user:``: the caller's seat at the match here shows its hand to ``user``."""
    try:
        table, seat = seated_table(tables, interaction, started=True)
        await interaction.response.defer(ephemeral=True, thinking=True)
        chosen = await coach.set_coach(tables, table, seat, user)
        text = t(user_locale(interaction), "spectators.coach_on", coach=chosen.name)
        await ephemeral(interaction, text, allowed_mentions=discord.AllowedMentions.none())
    except Exception as error:
        await report_error(interaction, error)


async def coach_off(tables: TableManager, interaction: discord.Interaction) -> None:
    """``/coach off``: nobody sees the caller's hand any more."""
    try:
        table, seat = seated_table(tables, interaction, started=True)
        await interaction.response.defer(ephemeral=True, thinking=True)
        ended = await coach.clear_coach(tables, table, seat)
        text = t(user_locale(interaction), "spectators.coach_off", coach=ended.name)
        await ephemeral(interaction, text, allowed_mentions=discord.AllowedMentions.none())
    except Exception as error:
        await report_error(interaction, error)

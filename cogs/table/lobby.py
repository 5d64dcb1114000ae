"""Lobbies: opening a table, the Join / Leave / Add CPU / Start / Cancel buttons, rematches."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import discord

import store
from cogs.table import messages
from cogs.table.manager import TableManager
from cogs.table.model import Seat, Table
from cogs.table.replies import refuse, report_error
from engine.core import GameError
from i18n import normalize, t


def _new_seed() -> int:
    return random.SystemRandom().getrandbits(63)  # fits SQLite's signed 64-bit INTEGER


def cpu_seat(table: Table, seats: list[Seat]) -> Seat:
    """A new CPU seat after ``seats``, named "CPU n"."""
    n = sum(s.is_cpu for s in seats) + 1
    return Seat(len(seats), None, t(table.locale, "table.cpu_name", n=n))


async def open_lobby(
    tables: TableManager,
    interaction: discord.Interaction,
    game: str,
    rules: Any,
    options: dict[str, Any],
    *,
    cpu_seats: int = 0,
    seat_host: bool = True,
    channel: discord.abc.Messageable | None = None,
) -> Table:
    """Post a lobby with the caller in seat 1; starts at once when CPUs fill the table.

    ``seat_host=False`` with CPUs in every seat makes a table to watch (and the demo).
    """
    channel = channel or interaction.channel  # type: ignore[assignment]
    assert channel is not None and interaction.guild_id is not None
    channel_id = channel.id  # type: ignore[union-attr]
    if tables.in_channel(channel_id) is not None:
        raise GameError("A game is already open here.", key="channel_busy")
    spec = tables.specs[game]
    try:
        row = await store.create_game(
            tables.db,
            interaction.guild_id,
            channel_id,
            game,
            rules.to_dict(),
            _new_seed(),
            interaction.user.id,
            options,
        )
    except store.ChannelBusy:
        raise GameError("A game is already open here.", key="channel_busy") from None
    table = Table(
        id=row.id,
        game=game,
        spec=spec,
        guild_id=interaction.guild_id,
        channel_id=channel_id,
        host_id=interaction.user.id,
        rules=rules,
        options=options,
        locale=normalize(interaction.guild_locale or interaction.locale),
        turn_timeout=float(options.get("timer") or tables.settings.turn_timeout),
        seed=row.seed,
        host_name=interaction.user.display_name,
    )
    if seat_host:
        table.seats.append(Seat(0, interaction.user.id, interaction.user.display_name))
    for _ in range(min(cpu_seats, table.seat_count - len(table.seats))):
        table.seats.append(cpu_seat(table, table.seats))
    tables.tables[table.id] = table
    try:
        await tables.save_seats(table)
        embed, view = messages.lobby_embed(table), messages.lobby_view(table)
        if interaction.response.is_done():
            message = await channel.send(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view)
            message = await interaction.original_response()
    except Exception:
        await tables.close_lobby(table)  # a lobby nobody can see must not hold the channel
        raise
    table.lobby_message_id = message.id
    await tables.save_meta(table)
    tables.expire_lobby_later(table)
    if len(table.seats) >= table.seat_count:  # CPUs (or the host alone) fill every seat
        async with table.lock:
            await start_from_lobby(tables, table, message)
    return table


async def start_from_lobby(tables: TableManager, table: Table, message: discord.Message | None) -> None:
    await tables.start(table, message)
    if message is not None:
        embed = messages.lobby_embed(table)
        embed.description = t(table.locale, "table.lobby.started")
        with contextlib.suppress(discord.HTTPException):  # a deleted lobby message is fine
            await message.edit(embed=embed, view=None)


async def on_button(tables: TableManager, interaction: discord.Interaction, game_id: int, verb: str) -> None:
    """A lobby button. Seats change in memory only once the store has them."""
    try:
        table = tables.get(game_id)
        if table.lock.locked():  # answer at once rather than wait past Discord's 3 s
            return await refuse(interaction, "table.busy")
        async with table.lock:
            if table.status != "lobby":  # checked under the lock: Start may just have run
                raise GameError("This lobby has closed.", key="lobby_closed")
            await _lobby_action(tables, interaction, table, verb)
    except Exception as error:
        await report_error(interaction, error)


async def _lobby_action(
    tables: TableManager, interaction: discord.Interaction, table: Table, verb: str
) -> None:
    user = interaction.user
    seated = table.seat_of(user.id)
    is_host = user.id == table.host_id
    full = len(table.seats) >= table.seat_count
    if verb in ("cpu", "cancel", "start", "swap") and not is_host:
        return await refuse(interaction, "table.lobby.host_only")
    seats = list(table.seats)
    if verb == "join":
        if seated:
            return await refuse(interaction, "table.lobby.already_seated")
        if full:
            return await refuse(interaction, "table.lobby.full")
        seats.append(Seat(len(seats), user.id, user.display_name))
    elif verb == "leave":
        if not seated:
            return await refuse(interaction, "table.lobby.not_seated")
        if is_host:
            return await _cancel(tables, interaction, table)
        seats.remove(seated)
    elif verb == "cpu":
        if full:
            return await refuse(interaction, "table.lobby.full")
        seats.append(cpu_seat(table, seats))
    elif verb == "swap":
        if messages.lobby_teams(table) is None or len(seats) < 3:
            return await refuse(interaction, "table.lobby.swap_needs_three")
        seats = [seats[0], *seats[2:], seats[1]]  # seat 1's partner changes; 3 swaps go round
    elif verb == "cancel":
        return await _cancel(tables, interaction, table)
    elif verb == "start":
        if not full:
            return await refuse(interaction, "table.lobby.not_full")
        await interaction.response.defer()
        return await start_from_lobby(tables, table, interaction.message)
    else:
        return await refuse(interaction, "error.unknown_button")
    await tables.save_seats(table, seats)
    await interaction.response.edit_message(
        embed=messages.lobby_embed(table), view=messages.lobby_view(table)
    )
    return None


async def _cancel(tables: TableManager, interaction: discord.Interaction, table: Table) -> None:
    await tables.close_lobby(table)
    embed = messages.lobby_embed(table)
    embed.description = t(table.locale, "table.lobby.cancelled")
    await interaction.response.edit_message(embed=embed, view=None)


async def rematch(tables: TableManager, interaction: discord.Interaction, game_id: int) -> None:
    """A new lobby in the original channel with the same options, the clicker as host."""
    await interaction.response.defer()
    row = await store.get_game(tables.db, game_id)
    if row is None or interaction.user.id not in [s.user_id for s in row.seats]:
        return await refuse(interaction, "table.not_seated")
    channel = tables.bot.get_channel(row.channel_id)
    if channel is None or tables.in_channel(row.channel_id) is not None:
        return await refuse(interaction, "error.channel_busy")
    spec = tables.specs[row.game]
    rules = spec.engine.rules_from(None, row.rules)
    cpus = sum(s.is_cpu for s in row.seats)
    await open_lobby(tables, interaction, row.game, rules, dict(row.options), cpu_seats=cpus, channel=channel)  # type: ignore[arg-type]
    return None

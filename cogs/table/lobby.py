"""Lobbies: opening a table, the Join / Leave / Add CPU / Swap / Start / Cancel buttons, rematches.

A lobby is one state machine, and every step of it runs under the table's lock, so clicks, a
lobby opened with every seat taken, and the expiry interleave in any order with one outcome
(one match, one thread, one turn timer)::

    lobby --join / leave / cpu / swap---> lobby
    lobby --start, every seat taken-----> active      (TableManager.start deals and posts)
    lobby --cancel, or the host leaves--> cancelled
    lobby --LOBBY_TIMEOUT---------------> cancelled   (the table supervisor's expiry)

Anything else is refused with the reason: the match started, the lobby closed, a seat is open.
:func:`open_lobby` holds the lock from before the lobby can be seen until it has either started
(all seats taken) or its expiry is scheduled. A click arriving while the lock is held is
deferred at once (Discord wants an answer within 3 s), waits its turn, then sees the state the
earlier step left.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from typing import Any

import discord

import store
from cogs.config_locale import public_locale
from cogs.table import messages
from cogs.table.limits import fit
from cogs.table.manager import TableManager
from cogs.table.model import Seat, Table
from cogs.table.replies import refuse
from engine.ai.levels import Level, parse_level
from engine.core import GameError
from i18n import t


def _new_seed() -> int:
    return secrets.randbits(63)  # unguessable (the deal's commitment relies on it); fits SQLite's INTEGER


def cpu_seat(table: Table, seats: list[Seat], level: Level = Level.NORMAL) -> Seat:
    """A new CPU seat after ``seats`` playing at ``level``, named "CPU n · level" ("CPU n" at
    the default level, normal: the name stays short where no level was chosen)."""
    n = sum(s.is_cpu for s in seats) + 1
    loc = table.locale
    name = t(loc, "table.cpu_name", n=n)
    if level is not Level.NORMAL:
        name = t(loc, "cpu.seat_name", name=name, level=t(loc, level.i18n_key))
    return Seat(len(seats), None, name, level=level.value)


async def open_lobby(
    tables: TableManager,
    interaction: discord.Interaction,
    game: str,
    rules: Any,
    options: dict[str, Any],
    *,
    cpu_seats: int = 0,
    cpu_levels: list[Level] | None = None,
    seat_host: bool = True,
    channel: discord.abc.Messageable | None = None,
) -> Table:
    """Post a lobby with the caller in seat 1; starts at once when CPUs fill the table.

    ``seat_host=False`` with CPUs in every seat makes a table to watch (and the demo).
    ``cpu_levels`` gives the CPUs' levels in seat order (the last one repeats; default normal).
    """
    channel = channel or interaction.channel  # type: ignore[assignment]  # a slash command in a guild: a messageable channel
    assert channel is not None and interaction.guild_id is not None
    channel_id = channel.id  # type: ignore[attr-defined]  # a guild channel or thread: Messageable lacks .id
    if tables.in_channel(channel_id) is not None:
        raise GameError("A game is already open here.", key="channel_busy")
    spec = tables.specs[game]
    # Answer first (Discord wants it within 3 s): under load the store's write may wait its turn.
    deferred = not interaction.response.is_done()
    if deferred:
        await interaction.response.defer()
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
        if deferred:  # the refusal is private: drop the public "thinking…" answer first
            await _drop_deferred(interaction)
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
        locale=await public_locale(tables.db, interaction),  # fixed for the match, saved in its meta
        turn_timeout=float(options.get("timer") or tables.settings.turn_timeout),
        seed=row.seed,
        host_name=interaction.user.display_name,
    )
    if seat_host:
        table.seats.append(Seat(0, interaction.user.id, interaction.user.display_name))
    wanted = cpu_levels or [Level.NORMAL]
    for i in range(min(cpu_seats, table.seat_count - len(table.seats))):
        table.seats.append(cpu_seat(table, table.seats, wanted[min(i, len(wanted) - 1)]))
    # Held from before anyone can see the lobby until it has started or its expiry is set, so a
    # click on a lobby that has just appeared waits for this, then finds the match started.
    async with table.lock:
        tables.tables[table.id] = table
        try:
            await tables.save_seats(table)
            kwargs = fit({"embed": messages.lobby_embed(table), "view": messages.lobby_view(table)})
            if deferred:
                message: discord.Message = await interaction.edit_original_response(**kwargs)
            else:
                message = await channel.send(**kwargs)
        except Exception:
            await tables.close_lobby(table)  # a lobby nobody can see must not hold the channel
            raise
        table.lobby_message_id = message.id
        tables.supervisor.expire_lobby_later(table)  # first: whatever fails next, the lobby closes in time
        await tables.save_meta(table)
        if len(table.seats) >= table.seat_count:  # CPUs (or the host alone) fill every seat
            await start_from_lobby(tables, table, message)
    return table


async def _drop_deferred(interaction: discord.Interaction) -> None:
    with contextlib.suppress(discord.HTTPException):
        await interaction.delete_original_response()


async def start_from_lobby(tables: TableManager, table: Table, message: discord.Message | None) -> None:
    """lobby → active: the one way a match begins (Start, or a lobby opened with every seat taken).

    The caller holds ``table.lock`` and has checked that every seat is taken.
    """
    if table.status != "lobby":  # never deal twice
        raise GameError("This lobby has closed.", key="lobby_closed")
    await tables.start(table, message)
    tables.supervisor.cancel_lobby_expiry(table)
    if message is not None:
        embed = messages.lobby_embed(table)
        embed.description = t(table.locale, "table.lobby.started")
        with contextlib.suppress(discord.HTTPException):  # a deleted lobby message is fine
            await message.edit(**fit({"embed": embed, "view": messages.started_lobby_view(table)}))


async def on_button(tables: TableManager, interaction: discord.Interaction, game_id: int, verb: str) -> None:
    """A lobby button: one step of the lobby's state machine, under the table's lock.

    Seats change in memory only once the store has them.
    """
    table = tables.tables.get(game_id)
    if table is None:  # closed (or started and over) before this click
        return await _refuse_gone(tables, interaction, game_id)
    if _must_wait(table.lock):  # another step runs: answer now, act when it is done
        await interaction.response.defer()
    async with table.lock:
        if table.status != "lobby":  # checked under the lock: Start or Cancel may just have run
            return await _refuse_closed(interaction, table, verb)
        await _lobby_action(tables, interaction, table, verb)
    return None


def _must_wait(lock: asyncio.Lock) -> bool:
    """Whether acquiring ``lock`` now would wait: it is held, or other clicks queue for it."""
    return lock.locked() or bool(getattr(lock, "_waiters", None))


async def _refuse_closed(interaction: discord.Interaction, table: Table, verb: str) -> None:
    """Why a lobby button does nothing any more: the match started, or the lobby closed."""
    if table.status not in ("active", "finished"):
        return await refuse(interaction, "table.lobby.closed_before_start")
    if verb == "join":
        return await refuse(interaction, "table.lobby.started_join")
    if verb == "leave" and table.seat_of(interaction.user.id) is not None:
        command = f"/{table.game.partition('_')[0]} quit"  # goita_solo is played under /goita
        return await refuse(interaction, "table.lobby.started_leave", command=command)
    return await refuse(interaction, "table.lobby.started_already")


async def _refuse_gone(tables: TableManager, interaction: discord.Interaction, game_id: int) -> None:
    """A lobby button of a table no longer open here: say whether its match was played or not."""
    row = await store.get_game(tables.db, game_id)
    if row is None or row.status == "cancelled":
        return await refuse(interaction, "table.lobby.closed_before_start")
    return await refuse(interaction, "table.match_over")


async def _lobby_action(
    tables: TableManager, interaction: discord.Interaction, table: Table, verb: str
) -> None:
    user = interaction.user
    seated = table.seat_of(user.id)
    is_host = user.id == table.host_id
    full = len(table.seats) >= table.seat_count
    if (verb in messages.CPU_VERBS or verb in ("cancel", "start", "swap")) and not is_host:
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
    elif verb in messages.CPU_VERBS:
        if full:
            return await refuse(interaction, "table.lobby.full")
        seats.append(cpu_seat(table, seats, messages.CPU_VERBS[verb]))
    elif verb == "swap":
        if messages.lobby_teams(table) is None or len(seats) < 3:
            return await refuse(interaction, "table.lobby.swap_needs_three")
        seats = [seats[0], *seats[2:], seats[1]]  # seat 1's partner changes; 3 swaps go round
    elif verb == "cancel":
        return await _cancel(tables, interaction, table)
    elif verb == "start":
        if not full:
            return await refuse(
                interaction, "table.lobby.not_full", taken=len(table.seats), seats=table.seat_count
            )
        if not interaction.response.is_done():
            await interaction.response.defer()
        return await start_from_lobby(tables, table, interaction.message)
    else:
        return await refuse(interaction, "error.unknown_button")
    await tables.save_seats(table, seats)
    await tables.save_meta(table)  # the CPU seats' levels
    await _show(interaction, messages.lobby_embed(table), messages.lobby_view(table))
    return None


async def _show(interaction: discord.Interaction, embed: discord.Embed, view: discord.ui.View | None) -> None:
    """Redraw the lobby message the button is on (as the answer, or after a deferral)."""
    kwargs = fit({"embed": embed, "view": view})
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def _cancel(tables: TableManager, interaction: discord.Interaction, table: Table) -> None:
    await tables.close_lobby(table)
    embed = messages.lobby_embed(table)
    embed.description = t(table.locale, "table.lobby.cancelled")
    await _show(interaction, embed, None)


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
    rules = spec.engine.stored_rules(row.rules)
    cpus = sum(s.is_cpu for s in row.seats)
    seat_meta = (row.meta or {}).get("seats", [])
    levels = [
        parse_level(seat_meta[s.seat].get("level") if s.seat < len(seat_meta) else None)
        for s in row.seats
        if s.is_cpu
    ]
    await open_lobby(
        tables,
        interaction,
        row.game,
        rules,
        dict(row.options),
        cpu_seats=cpus,
        cpu_levels=levels,
        channel=channel,  # type: ignore[arg-type]  # the stored table's channel, fetched as a messageable one
    )
    return None

"""A player's clicks at a running table: My hand, the steps of a move, I'm back, quitting."""

from __future__ import annotations

import discord

from cogs.table import autopass, limits, lobby, messages
from cogs.table import components as c
from cogs.table.manager import TableManager
from cogs.table.model import Seat, StaleClick, Table
from cogs.table.replies import ephemeral, refuse, user_locale
from cogs.table.spec import actions_along
from engine.core import GameError, GameOver, IllegalAction, NotYourTurn, Outcome
from i18n import t, tn


async def on_table_button(
    tables: TableManager, interaction: discord.Interaction, game_id: int, seq: int, verb: str
) -> None:
    if verb == "rematch":
        return await lobby.rematch(tables, interaction, game_id)
    table = tables.get(game_id)
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        return await refuse(interaction, "error.not_seated")
    if verb in ("hand", "turn"):  # the board's "My hand", a ping's "Open my hand"
        return await send_hand(interaction, table, seat, tables)
    if verb == "back":
        return await _back(tables, interaction, table, seat)
    if verb == autopass.VERB:  # the live hand's Auto-pass switch
        return await toggle_auto_pass(tables, interaction, table, seat)
    return await refuse(interaction, "error.unknown_button")


async def _back(tables: TableManager, interaction: discord.Interaction, table: Table, seat: Seat) -> None:
    if not seat.away:
        return await refuse(interaction, "table.not_away")
    seat.away, seat.timeouts = False, 0
    await tables.save_meta(table)
    await refuse(interaction, "table.welcome_back")
    if table.to_act() is seat and not table.lock.locked():
        tables.schedule(table)  # replaces the pending CPU move with this player's timer
    # (while a move is being committed, act() schedules the next turn itself, seeing the seat back)
    return None


async def send_hand(
    interaction: discord.Interaction, table: Table, seat: Seat, tables: TableManager | None = None
) -> None:
    """The seat's live hand: a new private message, or, when the click comes from an expired
    hand, that same message reopened. It then stays current (:mod:`cogs.table.hands`)."""
    if table.status != "active":
        return await refuse(interaction, "table.not_started")
    locale = user_locale(interaction)
    reopen = interaction.message is not None and interaction.message.flags.ephemeral
    if reopen:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    drawn = table.seq
    payload = await messages.hand_message(table, seat.index, locale, answer=True)
    hand = await interaction.edit_original_response(**limits.fit(payload))
    manager = tables or TableManager.of(interaction.client)
    manager.hands.opened(table, seat.index, interaction, locale, hand.id, shown=drawn)
    return None


async def toggle_auto_pass(
    tables: TableManager, interaction: discord.Interaction, table: Table, seat: Seat
) -> None:
    """The hand's **Auto-pass** switch: flip it, keep it in the seat's meta (a restart keeps it),
    and show the hand again with its new state. Switched on during the seat's own turn, the
    window opens now: a pass that is all the seat can do follows after the usual pause
    (:mod:`cogs.table.autopass`).

    It takes the table's lock, as a move does, and the switch changes only once the new state is
    saved: a move being stored meanwhile (or a window deciding whether to pass) sees the old
    state until then, and a meta saved by that move cannot carry a switch that was never saved."""
    locale = user_locale(interaction)
    await interaction.response.defer()
    async with table.lock:
        if table.seats[seat.index] is not seat:  # the seat was handed on while we waited
            raise GameError("You are not seated at this table.", key="not_seated")
        wanted = not seat.auto_pass
        await tables.save_meta(table, table.meta(seat_changes={seat.index: {"auto_pass": wanted}}))
        seat.auto_pass = wanted
    tables.auto_pass_switched(table, seat)  # (after the lock: it schedules the window's step)
    drawn = table.seq
    payload = await messages.hand_message(table, seat.index, locale, answer=True)
    hand = await interaction.edit_original_response(**limits.fit(payload))
    tables.hands.opened(table, seat.index, interaction, locale, hand.id, shown=drawn)


def _seat_to_act(
    tables: TableManager, interaction: discord.Interaction, game_id: int, seq: int
) -> tuple[Table, Seat]:
    """The table and the clicker's seat, if that seat is to act on the turn ``seq`` was drawn for."""
    table = tables.get(game_id)
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise GameError("You are not seated at this table.", key="not_seated")
    if seq != table.seq:
        raise StaleClick("That button is from an earlier turn.")
    current = table.to_act()
    if current is None or current.index != seat.index:
        raise NotYourTurn("It is not your turn.")
    return table, seat


async def on_step(
    tables: TableManager, interaction: discord.Interaction, game_id: int, seq: int, path: tuple[str, ...]
) -> None:
    """A click in the private hand: show the next choices, or play the action it completes."""
    table, seat = _seat_to_act(tables, interaction, game_id, seq)
    locale = user_locale(interaction)
    view = table.view(seat.index)
    starts, complete = actions_along(table.spec, view, locale, path)
    if path and not starts:
        raise IllegalAction("That move is not possible now.")
    await interaction.response.defer()
    played = len(complete) == 1 and len(starts) == 1
    if played:  # the click's token is stored with the move: a restart can still answer it
        clicked = interaction.message.id if interaction.message is not None else None
        token = tables.hands.token_of(interaction, seat.index, locale, clicked)
        await tables.act(table, seat, complete[0], expected_seq=seq, live_hand=token)
        path = ()
    drawn = table.seq
    if table.status == "active":
        payload = await messages.hand_message(table, seat.index, locale, path, answer=True)
    else:
        payload = {"content": t(locale, "table.match_over"), "attachments": [], "view": None}
    hand = await interaction.edit_original_response(**limits.fit(payload))
    tables.hands.opened(
        table, seat.index, interaction, locale, hand.id, save=not played, shown=drawn, played=played
    )
    return None


async def on_pick(
    tables: TableManager, interaction: discord.Interaction, game_id: int, seq: int, values: tuple[str, ...]
) -> None:
    """Items picked in the hand's select menu: if they make a legal move, ask to confirm it;
    otherwise say why not. Nothing is played until the confirm button (a step) is clicked."""
    table, seat = _seat_to_act(tables, interaction, game_id, seq)
    locale = user_locale(interaction)
    view = table.view(seat.index)
    action = table.spec.pick(view, values, locale)  # raises IllegalAction with the reason
    if action is None:  # the game has no menu
        return await refuse(interaction, "error.unknown_button")
    if action not in view.legal_actions:
        raise IllegalAction("That move is not possible now.")
    await interaction.response.defer()
    drawn = table.seq
    payload = await messages.hand_message(
        table, seat.index, locale, picked=action, chosen=values, answer=True
    )
    hand = await interaction.edit_original_response(**limits.fit(payload))
    tables.hands.opened(table, seat.index, interaction, locale, hand.id, shown=drawn)
    return None


async def quit_table(tables: TableManager, interaction: discord.Interaction, table: Table) -> None:
    """``/<game> quit`` for whoever calls it: a seated player leaves the lobby, or is asked to
    confirm forfeiting the match (:func:`on_quit_button`); the host of a table where only CPUs
    play (one they are watching) stops it, with no result recorded."""
    seat = table.seat_of(interaction.user.id)
    if seat is not None:
        if table.status == "active":
            return await ask_to_forfeit(interaction, table)
        return await forfeit(tables, interaction, table, seat)
    if interaction.user.id != table.host_id or any(not s.is_cpu for s in table.seats):
        return await refuse(interaction, "error.not_seated")
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with table.lock:
        if table.status != "active":
            raise GameOver("This game is over.", key="game_over")
        await tables.abandon(table)
        await ephemeral(interaction, t(user_locale(interaction), "table.stopped"))
        await tables.announce(
            table, [t(table.locale, "table.stopped_by_host", who=interaction.user.mention)], []
        )
    await tables.refresh_lobby(table)
    return None


# The buttons of "Really forfeit?": ``qf:{game}:yes`` forfeits, ``qf:{game}:no`` changes nothing.
QUIT_TEMPLATE = r"qf:(?P<game>\d+):(?P<verb>yes|no)"


def quit_id(game_id: int, verb: str) -> str:
    return f"qf:{game_id}:{verb}"


async def ask_to_forfeit(interaction: discord.Interaction, table: Table) -> None:
    """Only the caller sees it: quitting loses the match, so it takes a second, explicit click."""
    loc = user_locale(interaction)
    view = c.view_of(
        [
            c.button(quit_id(table.id, "yes"), t(loc, "table.quit.confirm"), "danger", emoji="🏳️"),
            c.button(quit_id(table.id, "no"), t(loc, "table.quit.cancel")),
        ]
    )
    await interaction.response.send_message(t(loc, "table.quit.really"), view=view, ephemeral=True)


async def on_quit_button(
    tables: TableManager, interaction: discord.Interaction, game_id: int, verb: str
) -> None:
    """The answer to "Really forfeit?". Cancel changes nothing; Confirm forfeits, if the clicker
    still holds a seat at that running match (not if it ended or their seat was handed over)."""
    loc = user_locale(interaction)
    if verb != "yes":
        await interaction.response.edit_message(content=t(loc, "table.quit.kept"), view=None)
        return
    table = tables.get(game_id)
    seat = table.seat_of(interaction.user.id)
    if seat is None:  # their seat was handed over since they asked
        await interaction.response.edit_message(content=t(loc, "error.not_seated"), view=None)
        return
    await interaction.response.defer()
    await forfeit_match(tables, table, seat)
    await interaction.edit_original_response(content=t(loc, "table.you_forfeited"), view=None)
    return None


async def forfeit(tables: TableManager, interaction: discord.Interaction, table: Table, seat: Seat) -> None:
    """``/<game> quit`` in a lobby: leave it (its host cancels it). A match is forfeited only
    through the confirmation (:func:`on_quit_button`)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with table.lock:
        if table.status != "lobby":  # it started or closed while we waited for the lock
            raise GameError("This lobby has closed.", key="lobby_closed")
        if seat.user_id == table.host_id:
            await tables.close_lobby(table)
            await tables.refresh_lobby(table, "table.lobby.cancelled")
            return await refuse(interaction, "table.lobby.cancelled")
        await tables.save_seats(table, [s for s in table.seats if s is not seat])
        await tables.refresh_lobby(table)
        return await refuse(interaction, "table.left_lobby")


async def forfeit_match(tables: TableManager, table: Table, seat: Seat) -> None:
    """``seat`` loses the running match (with its partner, in a team game): results recorded,
    then a public post naming who forfeited and who wins."""
    async with table.lock:
        if table.status != "active" or table.seats[seat.index] is not seat:  # over, or seat handed on
            raise GameOver("This game is over.", key="game_over")
        line = forfeit_line(table, seat)
        engine = table.spec.engine
        scores = engine.scores_of(table.public_view().view, len(table.seats))
        outcome = engine.outcome(table.state) or Outcome(scores, ())
        await tables.finish(table, outcome, forfeit=seat.index)
        await tables.announce(table, [line], [])
    await tables.refresh_lobby(table)


def forfeit_line(table: Table, seat: Seat) -> str:
    """The public line "🏳️ alice forfeits the match. 🏆 bob wins.": the winners are the seats
    not on the forfeiting seat's team (nobody, in a co-operative game)."""
    teams = table.spec.engine.seat_teams(len(table.seats))
    winners = [s.mention() for s in table.seats if teams[s.index] != teams[seat.index]]
    line = t(table.locale, "table.forfeited", who=seat.mention())
    if winners:
        line += " " + tn(table.locale, "table.forfeit_winners", len(winners), who=", ".join(winners))
    return line

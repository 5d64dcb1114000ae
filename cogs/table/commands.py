"""Helpers every game's command group shares: finding the caller's table, parsing options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.table import coach, lobby, play, rules_view
from cogs.table.model import Seat, Table
from cogs.table.replies import refuse, report_error
from engine.ai.levels import parse_level
from engine.core import BadRules, GameError

if TYPE_CHECKING:
    from cogs.table.manager import TableManager


# What every game's ``start`` command offers the same way.
OPPONENT_CHOICES = [
    app_commands.Choice(name=_("Anyone who joins"), value="anyone"),
    app_commands.Choice(name=_("CPU"), value="cpu"),
    app_commands.Choice(name=_("CPU (beginner)"), value="cpu_beginner"),
    app_commands.Choice(name=_("CPU (strong)"), value="cpu_strong"),
    app_commands.Choice(name=_("CPU against CPU (watch)"), value="watch"),
    app_commands.Choice(name=_("Beginner CPUs against each other (watch)"), value="watch_beginner"),
    app_commands.Choice(name=_("Strong CPUs against each other (watch)"), value="watch_strong"),
]
OPPONENT_HELP = _("Wait for other players, or fill the empty seats with CPUs at once")
TIMER_HELP = _("Minutes a player has for each move before the CPU plays it (default 5)")


def table_here(tables: TableManager, channel_id: int | None, game: str | None = None) -> Table:
    """The table of this channel/thread (of ``game`` when given), or a GameError."""
    table = tables.in_channel(channel_id)
    if table is None:
        raise GameError("There is no game in this channel.", key="no_game_here")
    if game is not None and table.game != game:
        raise GameError("There is no game of this kind here.", key="no_table_here")
    return table


def seated_table(
    tables: TableManager, interaction: discord.Interaction, game: str | None = None, *, started: bool = False
) -> tuple[Table, Seat]:
    """The table here where the caller has a seat (its match begun, with ``started``), or a GameError
    (which says so when the caller's match here ended because its thread was deleted, or why the
    match is paused)."""
    if tables.in_channel(interaction.channel_id) is None:
        gone = tables.supervisor.gone(place=interaction.channel_id, user=interaction.user.id)
        if gone is not None:
            raise gone
    table = table_here(tables, interaction.channel_id, game)
    seat = table.seat_of(interaction.user.id)
    if seat is None:  # a spectator is told they watch
        raise coach.not_seated(table, interaction.user.id)
    if started and table.status != "active":
        raise GameError("The match has not started yet.", key="not_started")
    tables.supervisor.refuse_if_paused(table)  # a paused match: told why, nothing changes
    return table, seat


MAX_OPTIONS = 1000  # characters of typed rule options (every Koi-Koi option written out: ~560)

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _coerce(key: str, raw: str, template: dict[str, Any]) -> Any:
    """Read ``raw`` as the type of the option's current value (bool, int or text)."""
    current = template.get(key)
    lowered = raw.lower()
    if isinstance(current, bool):
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        return raw  # the engine rejects it with a message naming the option
    if isinstance(current, int):
        try:
            return int(raw)
        except ValueError:
            return raw
    return lowered


def parse_overrides(text: str | None, template: dict[str, Any]) -> dict[str, Any]:
    """``"viewing=off oyaken=1"`` → ``{"viewing": "off", "oyaken": 1}``, typed like ``template``.

    Only the syntax is checked here; the game's ``rules_from`` rejects unknown keys and values.
    """
    if not text:
        return {}
    result: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        key, sep, raw = part.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not sep or not key or not raw.strip():
            raise BadRules(
                f"Options are written key=value, not {part!r}.", key="bad_option_syntax", part=part
            )
        result[key] = _coerce(key, raw.strip(), template)
    return result


def table_hints(raw: Any) -> bool:
    """The ``hints=on|off`` table option (learn-mode hints in each player's own hand)."""
    if isinstance(raw, bool):
        return raw
    text = str(raw).lower()
    if text in _TRUE or text in _FALSE:
        return text in _TRUE
    raise BadRules(f"hints is on or off, not {raw!r}.", key="learn_bad_hints", value=str(raw))


# --- the command bodies every game's group shares ------------------------------------------------


async def start_table(
    tables: TableManager,
    interaction: discord.Interaction,
    game: str,
    *,
    players: int,
    preset: str,
    opponent: str,
    timer: int | None,
    options: str | None,
    fixed: dict[str, Any],
    show: tuple[str, ...],
) -> None:
    """``/<game> start``: rules from the preset, the typed options and the command's own
    ``fixed`` options (rounds, target…), then a lobby listing the ``show`` rules; CPUs fill the
    seats for ``cpu`` (all but the host's) and ``watch`` (all of them), at the level the choice
    names (``cpu_strong``; normal by default).

    Options longer than :data:`MAX_OPTIONS` are refused before they are read (their errors would
    echo them); shorter ones are checked by the game's ``rules_from``.
    """
    try:
        if options is not None and len(options) > MAX_OPTIONS:
            command = f"/{game.partition('_')[0]} rules"
            return await refuse(
                interaction, "table.options_too_long", length=len(options), max=MAX_OPTIONS, command=command
            )
        kind, _sep, level = opponent.partition("_")  # cpu, cpu_strong, watch_strong…
        watching = kind == "watch"
        engine = tables.specs[game].engine
        template = engine.rules_from(preset, None).to_dict()
        overrides = parse_overrides(options, template)
        hints = table_hints(overrides.pop("hints", False))  # a table option, not a rule
        rules = engine.rules_from(preset, {**overrides, **fixed})
        shown = {key: getattr(rules, key) for key in show}
        table_options: dict[str, Any] = {"seats": players, **shown, "preset": preset}
        if hints:
            table_options["hints"] = True
        if timer is not None:
            table_options["timer"] = timer * 60
        if options:
            table_options["options"] = options
        await lobby.open_lobby(
            tables,
            interaction,
            game,
            rules,
            table_options,
            cpu_seats=players if watching else players - 1 if kind == "cpu" else 0,
            cpu_levels=[parse_level(level)],
            seat_host=not watching,
        )
    except Exception as error:
        await report_error(interaction, error)


async def show_hand(tables: TableManager, interaction: discord.Interaction, game: str) -> None:
    """``/<game> hand``: the caller's hand at this channel's table of ``game``."""
    try:
        table, seat = seated_table(tables, interaction, game)
        await play.send_hand(interaction, table, seat)
    except Exception as error:
        await report_error(interaction, error)


async def show_rules(
    tables: TableManager, interaction: discord.Interaction, game: str, preset: str | None
) -> None:
    """``/<game> rules``: how the game is played, with a button for this table's options (or a
    preset's); see :mod:`cogs.table.rules_view`."""
    try:
        await rules_view.send_rules(tables, interaction, game, preset)
    except Exception as error:
        await report_error(interaction, error)


async def quit_game(tables: TableManager, interaction: discord.Interaction, game: str) -> None:
    """``/<game> quit``: forfeit (or leave the lobby, or stop a CPU-only table one hosts)."""
    try:
        table = table_here(tables, interaction.channel_id, game)
        await play.quit_table(tables, interaction, table)
    except Exception as error:
        await report_error(interaction, error)

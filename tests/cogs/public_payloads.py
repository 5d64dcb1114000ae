"""Every public payload the bot builds, through its real builders: the differential leak test's list.

Each entry of :data:`PUBLIC_PAYLOADS` builds one thing the bot posts where others can read it
(the board and its edits, the results, the turn ping and warning, the ping held while an
auto-pass window is open, a spectator's view, the lobby, a forfeit line) from a
:class:`~cogs.table.model.Table` at a :class:`Moment` of a match, by calling the same functions
the announcer, the spectators' views and the lobby call. A new public post (an auto-pass note, a
move log…) gets one entry here and is then checked by ``tests/cogs/test_public_differential.py``
over every game: its payload must not change when the hidden cards are dealt differently. (The
board post of a pass, made by the table or clicked, is :func:`passed_board`.)

:func:`normalise` turns a payload into plain data (texts, embeds, every component's label,
custom_id and options, a card's text displays and image names, the attachments' bytes) so two
payloads compare with ``==``.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from cogs.replay.timeline import Frame
from cogs.table import autopass, messages, pings, round_log, spectators
from cogs.table.elision import HEAD_LINES, latest_lines
from cogs.table.model import Coach, Pending, Seat, Table
from cogs.table.play import forfeit_line
from cogs.table.spec import Image

SPECTATOR = 9_999  # a user with no seat, watching
COACH = 9_998  # the spectator seat 0 shows its hand to (their own view is private, not checked)
DEADLINE = 1_900_000_000.0  # the turn's deadline, epoch seconds
NAMES = ("Aki", "Ben", "Chloé", "Dai")


@dataclass(frozen=True, slots=True)
class Moment:
    """A point of a match: the move that led to it, as the announcer holds it (``batch``)."""

    game: str
    move: int  # moves played so far (the table's seq)
    batch: tuple[Pending, ...]  # the move just stored, whose narration is to be posted
    finished: bool  # the match is over: this move ends it
    # The match so far as the log replays it from the store: the deal, then each move (the last
    # one led here); a builder takes the states of the frames before and the table's own state.
    frames: tuple[Frame, ...] = ()

    @property
    def events(self) -> tuple[Any, ...]:
        return tuple(e for p in self.batch for e in p.events)


def make_table(game: str, spec: Any, rules: Any, seats: int, locale: str) -> Table:
    """The smallest real table the builders need: human seats (so pings are owed), a thread, a
    turn deadline, a coach for seat 0 (its line is public) and a watcher."""
    table = Table(
        id=42,
        game=game,
        spec=spec,
        guild_id=1,
        channel_id=2,
        host_id=101,
        rules=rules,
        options={"seats": seats, "timer": 300},
        locale=locale,
        turn_timeout=300.0,
        host_name=NAMES[0],
    )
    table.seats = [Seat(i, 101 + i, NAMES[i]) for i in range(seats)]
    table.thread_id = 3
    table.clock.turn_deadline = DEADLINE
    table.live.coaches[0] = Coach(0, COACH, "Eli")
    table.live.watchers[SPECTATOR] = object()  # only counted ("👁 1 watching")
    return table


def at_moment(table: Table, state: Any, moment: Moment) -> Table:
    """``table`` showing ``state`` at ``moment`` (the same table object serves both states). Now
    and then the last seat is away (the CPU plays for it: no ping, an "I'm back" button)."""
    table.state, table.seq = state, moment.move
    table.status = "finished" if moment.finished else "active"
    for seat in table.seats:
        seat.away = len(table.seats) > 1 and seat.index == len(table.seats) - 1 and moment.move % 5 == 4
    return table


# --- the builders ------------------------------------------------------------------------------


async def _narrated_board(table: Table, moment: Moment) -> Any:
    """The announcer's board post for the move just made: its narration, its event images (a
    round's sheet), the table image, the buttons (``Announcer._narrate`` then ``_board``)."""
    public = table.public_view()
    lines = messages.narration(table, moment.batch)
    images = await messages.event_images(table, public, moment.events)
    return await messages.board_message(table, public, latest_lines(lines, HEAD_LINES), lines, images)


async def _round_log(table: Table, moment: Moment) -> Any:
    """The **Log**: every round's lines, and the page the board's button opens with its controls
    (``round_log.on_click``), from the frames replayed out of the store. The newest frame holds
    the table's state, so the two deals of a moment give two logs to compare."""
    frames = list(moment.frames)
    if frames:
        last = frames[-1]
        frames[-1] = Frame(last.position, table.state, last.before, last.events, last.move, last.round_no)
    rounds = round_log.round_lines(table.spec, frames, table.names, table.locale)
    shown = round_log.target(rounds, round_log.Shown(0, 0), "open")
    return {"rounds": rounds, "open": round_log.log_message(table.id, "title", rounds, shown, table.locale)}


async def _board_edit(table: Table, moment: Moment) -> Any:
    """The board's card, as edited in place for a new watcher count (``Spectators``): its text
    changed, its images (the table, a kept sheet) named again."""
    return messages.board_card(table, table.public_view(), ["(head)"], ["(turn)"], ["round-1.png"])


async def _results(table: Table, moment: Moment) -> Any:
    """The match's last post (``Announcer._post_results``), built at every moment: a builder that
    read hidden cards would show it here too."""
    public = table.public_view()
    lines = messages.narration(table, moment.batch)
    images = await messages.event_images(table, public, moment.events)
    return await messages.results_message(table, public, lines, images)


async def _ping(table: Table, moment: Moment) -> Any:
    return pings.ping_message(table, table.public_view())


async def _ping_in_window(table: Table, moment: Moment) -> Any:
    """The turn's ping while its auto-pass window is open (the turn clock opens it for every
    turn of a seat with auto-pass on, forced or not): held, whatever the seat holds."""
    autopass.open_window(table)
    try:
        return pings.ping_message(table, table.public_view())
    finally:
        table.clock.autopass_turn = None


async def passed_board(table: Table, state: Any, moment: Moment, action: Any, by: str) -> Any:
    """The board post narrating a pass ``action`` of the seat to act at ``state`` stored with
    ``by`` (:data:`cogs.table.autopass.BY` for a pass the table made, ``"human"`` for a click),
    drawn on the state after it, as the announcer posts it."""
    engine = table.spec.engine
    seat = engine.to_act(state)
    assert seat is not None, "a pass is made by the seat to act"
    after, events = engine.apply(state, action)
    batch = (Pending(moment.move, seat, tuple(events), by),)
    passed = Moment(moment.game, moment.move + 1, batch, engine.outcome(after) is not None)
    return await _narrated_board(at_moment(table, after, passed), passed)


async def _warning(table: Table, moment: Moment) -> Any:
    return pings.warning_message(table, table.public_view())


async def _spectator(table: Table, moment: Moment) -> Any:
    """A spectator's live view: the public table, privately (``spectators.view_message``)."""
    return await spectators.view_message(table, SPECTATOR, table.locale)


async def _lobby(table: Table, moment: Moment) -> Any:
    """The lobby message once its match runs (or is over)."""
    return {"embed": messages.lobby_embed(table), "view": messages.started_lobby_view(table)}


async def _forfeit(table: Table, moment: Moment) -> Any:
    """The public line of a forfeit by the seat to act (or seat 0), with the winners."""
    seat = table.to_act() or table.seats[0]
    return forfeit_line(table, seat)


PublicPayload = Callable[[Table, Moment], Awaitable[Any]]

PUBLIC_PAYLOADS: dict[str, PublicPayload] = {
    "board": _narrated_board,
    "board edit": _board_edit,
    "results": _results,
    "ping": _ping,
    "ping in the auto-pass window": _ping_in_window,
    "warning": _warning,
    "spectator view": _spectator,
    "lobby": _lobby,
    "forfeit": _forfeit,
    "log": _round_log,
}


# --- comparing payloads ------------------------------------------------------------------------


def normalise(value: Any) -> Any:
    """Plain, comparable data: what a reader of the post sees and what its components carry."""
    if isinstance(value, discord.File):
        value.reset()
        data = value.fp.read()
        value.reset()
        return ("file", value.filename, data)
    if isinstance(value, Image):
        return ("image", value.filename, value.data)
    if isinstance(value, discord.ui.View | discord.ui.LayoutView):  # a classic view or a card
        return ("components", value.to_components())
    if isinstance(value, discord.Embed):
        return ("embed", value.to_dict())
    if isinstance(value, discord.AllowedMentions):
        return ("mentions", value.to_dict())
    if isinstance(value, io.IOBase):
        raise TypeError("a bare stream in a payload")
    if isinstance(value, dict):
        return {key: normalise(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [normalise(item) for item in value]
    return value


def first_difference(a: Any, b: Any, where: str = "") -> str | None:
    """Where two normalised payloads first differ, and how (for the failure message)."""
    if type(a) is not type(b):
        return f"{where}: {type(a).__name__} vs {type(b).__name__}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            found = first_difference(a.get(key), b.get(key), f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        return None
    if a != b:
        if isinstance(a, bytes):
            return f"{where}: different bytes ({len(a)} vs {len(b)})"
        return f"{where}: {a!r} vs {b!r}"
    return None

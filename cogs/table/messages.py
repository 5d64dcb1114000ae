"""What the table flow posts: public table messages, lobby embeds and private hand views.

Images are rendered off the event loop (in a thread, or in ``RENDER_WORKERS`` processes:
:mod:`cogs.table.render_pool`) so an interaction is always answered within Discord's 3 seconds.
"""

from __future__ import annotations

import io
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.table import autopass, cards, hints_text, image_cache, limits, render_pool, render_queue
from cogs.table import components as c
from cogs.table.coach import board_lines, coach_lines
from cogs.table.elision import ELIDED
from cogs.table.hand_controls import action_buttons
from cogs.table.model import Pending, Seat, Table
from cogs.table.public import PublicView, require_public
from cogs.table.spec import Image
from engine.ai.levels import Level
from i18n import t


def file_of(image: Image) -> discord.File:
    return discord.File(io.BytesIO(image.data), filename=image.filename)


def lobby_teams(table: Table) -> tuple[str, ...] | None:
    """The team label of each seat when the game is played in teams at this size (Goita)."""
    return table.spec.lobby_teams(table.seat_count)


# The lobby message follows its table: open, started (its match in the thread), over, closed.
_LOBBY_LOOK = {
    "lobby": ("table.lobby.title", discord.Colour.from_rgb(178, 34, 52)),
    "active": ("table.lobby.title_active", discord.Colour.from_rgb(46, 139, 87)),
    "finished": ("table.lobby.title_finished", discord.Colour.dark_grey()),
    "cancelled": ("table.lobby.title_closed", discord.Colour.dark_grey()),
}


def lobby_embed(table: Table) -> discord.Embed:
    """The lobby message in the table's state: title, colour, seats, localized options.

    A caller may set the description afterwards to say why it changed (expired, cancelled…).
    """
    loc = table.locale
    teams = lobby_teams(table)
    title_key, colour = _LOBBY_LOOK.get(table.status, _LOBBY_LOOK["cancelled"])
    title = t(loc, title_key, game=t(loc, table.spec.title_key))
    embed = discord.Embed(title=title, colour=colour, description=_lobby_state_line(table))
    lines = []
    for i in range(table.seat_count):
        seat = table.seats[i] if i < len(table.seats) else None
        if seat is None:
            who = t(loc, "table.lobby.open_seat")
        elif seat.is_cpu:
            who = f"🤖 {seat.name}"
        else:
            who = seat.mention()
        line = t(loc, "table.lobby.seat_line", n=i + 1, who=who)
        if teams is not None:
            line += t(loc, "table.lobby.team", team=teams[i])
        lines.append(line)
    embed.add_field(name=t(loc, "table.lobby.seats"), value="\n".join(lines)[:1024], inline=False)
    options = "\n".join(lobby_option_lines(table)) or "—"
    embed.add_field(name=t(loc, "table.lobby.options"), value=options[:1024], inline=False)
    footer = "table.lobby.footer" if table.status == "lobby" else "table.lobby.footer_host"
    embed.set_footer(text=t(loc, footer, host=table.host_name))
    return embed


def _lobby_state_line(table: Table) -> str | None:
    loc = table.locale
    if table.status == "active":
        where = f"<#{table.thread_id}>" if table.thread_id else None
        text = t(loc, "table.lobby.started")
        return f"{text}\n{t(loc, 'table.lobby.follow', where=where)}" if where else text
    if table.status == "finished":
        return t(loc, "table.match_over")
    return None


def lobby_option_lines(table: Table) -> list[str]:
    """The table's options in its language: "Rounds: 3", "Preset: `seed`", "Turn timer: 5 min"."""
    loc = table.locale
    lines = []
    for key, value in table.options.items():
        if key == "seats":
            continue
        if key in ("hints", "learn"):  # learn mode's options: said in words of their own
            if value:
                lines.append(t(loc, f"learn.lobby.{key}"))
            continue
        label_key = f"table.lobby.option.{key}"
        label = t(loc, label_key)
        if label == label_key:  # an option the lobby has no name for: shown as typed
            label = f"`{key}`"
        lines.append(t(loc, "table.lobby.option_line", name=label, value=_option_value(loc, key, value)))
    return lines


def _option_value(loc: str, key: str, value: Any) -> str:
    if key == "timer" and isinstance(value, int | float):
        return t(loc, "table.lobby.minutes", n=f"{value / 60:g}")
    if isinstance(value, bool):
        return t(loc, "table.lobby.on" if value else "table.lobby.off")
    if isinstance(value, str):  # a preset's name or rule options as typed: shown as code
        return f"`{value.replace('`', 'ˋ')}`"
    return str(value)


# The lobby's Add CPU buttons: verb -> the level of the CPU it seats.
CPU_VERBS = {"cpubeginner": Level.BEGINNER, "cpu": Level.NORMAL, "cpustrong": Level.STRONG}


def lobby_view(table: Table) -> discord.ui.View:
    loc, gid = table.locale, table.id
    full = len(table.seats) >= table.seat_count
    buttons = [
        c.button(c.lobby_id(gid, "join"), t(loc, "table.lobby.join"), "primary", disabled=full),
        c.button(c.lobby_id(gid, "leave"), t(loc, "table.lobby.leave")),
        *(
            c.button(c.lobby_id(gid, verb), t(loc, f"cpu.add.{level.value}"), emoji="🤖", disabled=full)
            for verb, level in CPU_VERBS.items()
        ),
        c.button(c.lobby_id(gid, "start"), t(loc, "table.lobby.start"), "success", disabled=not full),
        c.button(c.lobby_id(gid, "cancel"), t(loc, "table.lobby.cancel"), "danger"),
    ]
    if lobby_teams(table) is not None:
        swap = t(loc, "table.lobby.swap")
        buttons.append(c.button(c.lobby_id(gid, "swap"), swap, emoji="🔀", disabled=len(table.seats) < 3))
    buttons.append(watch_button(table))
    return c.view_of(buttons)


def watch_button(table: Table) -> discord.ui.Button[Any]:
    """**Watch**: the public table, privately, for anyone (:mod:`cogs.table.spectators`)."""
    return c.button(c.watch_id(table.id, "watch"), t(table.locale, "spectators.watch"), emoji="👁")


def log_button(table: Table) -> discord.ui.Button[Any]:
    """**Log**: the round's moves so far, privately, for anyone (:mod:`cogs.table.round_log`)."""
    return c.button(c.log_id(table.id, 0, 0, "open"), t(table.locale, "log.button"), emoji="📜")


def started_lobby_view(table: Table) -> discord.ui.View | None:
    """The lobby message's buttons once its match runs (Watch), or none once it is over."""
    return c.view_of([watch_button(table)]) if table.status == "active" else None


def table_view(table: Table, *, finished: bool) -> discord.ui.View:
    """Buttons under the public table image."""
    loc, gid, seq = table.locale, table.id, table.seq
    if finished:
        return c.view_of(
            [
                c.button(c.table_id(gid, seq, "rematch"), t(loc, "table.rematch"), "primary", emoji="🔁"),
                c.button(c.replay_id(gid, 0, "open"), t(loc, "replay.button"), emoji="🎞️"),
                log_button(table),
            ]
        )
    buttons = [c.button(c.table_id(gid, seq, "hand"), t(loc, "table.my_hand"), "primary", emoji="🎴")]
    if any(s.away for s in table.seats):
        buttons.append(c.button(c.table_id(gid, seq, "back"), t(loc, "table.im_back"), "success"))
    buttons += [watch_button(table), log_button(table)]
    return c.view_of(buttons)


def last_lines(lines: Sequence[str], cap: int) -> str:
    """The last whole lines that fit in ``cap`` characters: the newest news and whose turn it
    is are at the end, so an overlong post loses its oldest lines, never half a line, and says
    so with an :data:`ELIDED` line at its top."""
    kept: list[str] = []  # newest first
    size = 0
    for line in reversed(lines):
        size += len(line) + (1 if kept else 0)
        if size > cap:
            break
        kept.append(line)
    if not kept:
        return lines[-1][:cap]
    if len(kept) < len(lines) and kept[-1] != ELIDED:
        while len(kept) > 1 and len("\n".join(kept)) + len(ELIDED) + 1 > cap:
            kept.pop()  # room for the mark: one more of the oldest lines goes
        if len("\n".join(kept)) + len(ELIDED) + 1 <= cap:
            kept.append(ELIDED)
    return "\n".join(reversed(kept))


def paused_line(table: Table, locale: str) -> str | None:
    """ "⏸️ The match is paused: <its reason>" (public: a pause's reason is), or None if it runs."""
    if table.supervision.paused is None or table.status != "active":
        return None
    return t(locale, "table.paused_line", reason=t(locale, f"table.pause_reason.{table.supervision.paused}"))


def turn_line(table: Table, locale: str) -> str | None:
    """Whose turn it is, with the deadline of a human's turn as a live Discord timestamp; at a
    paused table, why it is paused instead (no deadline runs)."""
    seat = table.to_act()
    if table.status != "active" or seat is None:
        return None
    if (paused := paused_line(table, locale)) is not None:
        return paused
    if seat.away:  # "▶ CPU playing for @alice (away)": not "alice is thinking…"
        return t(locale, "table.turn_away", who=seat.mention())
    if seat.cpu_plays:
        return t(locale, "table.turn_cpu", who=seat.mention())
    line = t(locale, "table.turn", who=seat.mention())
    if table.clock.turn_deadline is not None:
        line += " · " + t(locale, "table.deadline", at=f"<t:{int(table.clock.turn_deadline)}:R>")
    return line


def waiting_for(seat: Seat, locale: str) -> str:
    """ "Waiting for bob to play.", or for an away seat "CPU playing for bob (away)."."""
    if seat.away:
        return t(locale, "table.waiting_for_away", who=seat.name)
    return t(locale, "table.waiting_for", who=seat.name)


def narration(table: Table, batch: Sequence[Pending]) -> list[str]:
    """The public lines of stored moves: who ran out of time, then what each move did (from its
    events, which are public)."""
    lines = []
    for p in batch:
        seat = table.seats[p.seat]
        if p.by == "timeout":
            key = "table.timed_out_away" if seat.away else "table.timed_out"
            lines.append(t(table.locale, key, who=seat.name))
        lines += table.spec.narrate(p.events, table.names, table.locale)
    return lines


async def event_images(
    table: Table, public: PublicView[Any], events: Sequence[Any], ratings: Sequence[Any] | None = None
) -> list[Image]:
    """The images some events bring to the board (a round's score sheet, the match summary)."""
    if not table.spec.has_event_images(events):
        return []
    images: list[Image] = await render_pool.draw(
        table.game,
        table.spec,
        "event_images",
        tuple(events),
        require_public(public).view,
        table.names,
        table.locale,
        ratings,
    )
    return images


async def _table_files(
    table: Table, public: PublicView[Any], extra_images: Sequence[Image]
) -> list[discord.File]:
    view, names, locale = require_public(public).view, table.names, table.locale
    png = await image_cache.tables.drawn(
        (table.spec, view, names, locale),  # the spec by identity: a test may swap its drawing
        lambda: render_pool.draw(table.game, table.spec, "render_table", view, names, locale),
    )
    return [file_of(Image("table.png", png)), *(file_of(i) for i in extra_images)]


async def board_message(
    table: Table,
    public: PublicView[Any],
    head: Sequence[str],
    recent: Sequence[str],
    extra_images: Sequence[Image],
    kept: Sequence[str] = (),
) -> dict[str, Any]:
    """The board, one card (:mod:`cogs.table.cards`): the notable lines that opened it, the latest
    turns, the status, whose turn; the table image (and a round's sheets: ``extra_images`` new,
    ``kept`` the names of those already on the post); the buttons. Mentions show but do not
    notify: the player to act gets a ping of their own."""
    files = await _table_files(table, public, extra_images)
    card = board_card(table, public, head, recent, [*kept, *(f.filename for f in files[1:])])
    return cards.payload(card, files=files, allowed_mentions=discord.AllowedMentions.none())


def board_card(
    table: Table, public: PublicView[Any], head: Sequence[str], recent: Sequence[str], sheets: Sequence[str]
) -> discord.ui.LayoutView:
    """The board's card, its images named: the table, then ``sheets`` (already attached or sent
    with it)."""
    text = board_text(table, public, head, recent)
    return cards.card(text, ["table.png", *sheets], table_view(table, finished=False), colour=_BOARD_COLOUR)


_BOARD_COLOUR = _LOBBY_LOOK["active"][1]  # the lobby's colour while its match runs


def board_text(table: Table, public: PublicView[Any], head: Sequence[str], recent: Sequence[str]) -> str:
    """The board's text: its head, the latest turns, the status, who coaches whom and how many
    watch (:mod:`cogs.table.coach`), whose turn (last: a glance finds it)."""
    body = [*head]
    if head and recent:
        body.append("")
    body += recent
    body.append(table.spec.status_text(require_public(public).view, table.names, table.locale))
    body += board_lines(table, table.locale)
    if (turn := turn_line(table, table.locale)) is not None:
        body.append(turn)
    return last_lines(body, limits.CARD_TEXT)


async def results_message(
    table: Table, public: PublicView[Any], lines: Sequence[str], extra_images: Sequence[Image]
) -> dict[str, Any]:
    """A match's last post, one card: what happened, the results, the final table, the sheets,
    Rematch and Replay."""
    body = [*lines, table.spec.status_text(require_public(public).view, table.names, table.locale)]
    files = (await _table_files(table, public, extra_images))[: limits.FILES]
    colour = _LOBBY_LOOK["finished"][1]
    text = last_lines(body, limits.CARD_TEXT)
    card = cards.card(text, [f.filename for f in files], table_view(table, finished=True), colour=colour)
    return cards.payload(card, files=files, allowed_mentions=discord.AllowedMentions.none())


@dataclass(slots=True)
class HandMessage:
    """A live hand, ready to send: the edit's arguments (``attachments`` left out when the
    message keeps the image it has) and the key of its image (``GameSpec.live_hand_key``;
    ``None``: the game has none, its hand is drawn every time)."""

    payload: dict[str, Any]
    image: Hashable | None

    def look(self) -> Hashable | None:
        """All the message shows once edited with this (its image's key, its text, its
        controls), to compare with the last edit; ``None`` when its image has no key."""
        if self.image is None:
            return None
        view = self.payload.get("view")
        controls = repr(view.to_components()) if isinstance(view, discord.ui.View) else None
        return self.image, self.payload.get("content"), controls


def _hand_look(
    table: Table, seat: int, locale: str, path: tuple[str, ...]
) -> tuple[Any, int, Hashable | None]:
    """The seat's own view (for its private hand only), the turn it belongs to (the controls
    carry it), and the key of the hand image it draws."""
    view = table.view(seat)
    return view, table.seq, table.spec.live_hand_key(view, locale, path)


async def hand_message(
    table: Table,
    seat: int,
    locale: str,
    path: tuple[str, ...] = (),
    *,
    picked: Any = None,
    chosen: Sequence[str] = (),
    shown: Hashable | None = None,
    answer: bool = False,
) -> HandMessage:
    """The private hand: image, what to decide, and on the seat's turn the controls to act.

    ``picked`` is an action made in the select menu (from the values ``chosen``): the hand then
    asks to confirm it. ``shown`` is the key of the image already on the message being edited:
    when the new image's key is the same (another seat moved, this hand's cards and highlights
    did not change), nothing is drawn and the edit keeps that image. ``answer``: the hand
    answers the player's click (its image goes ahead in the render queue:
    :mod:`cogs.table.render_queue`), rather than following the table.
    """
    view, seq, key = _hand_look(table, seat, locale, path)
    files: list[discord.File] = []
    if key is None or key != shown:
        with render_queue.awaited(answer or render_queue.is_awaited()):  # (or the refresh's caller says so)
            async with render_pool.turn():
                # The hand as it is once its turn to be drawn comes: under load the table moved
                # on while it waited in line (the CPUs played back to this seat), and drawing
                # that saves the refresh that would follow.
                view, seq, key = _hand_look(table, seat, locale, path)
                if key is None or key != shown:
                    png = await render_pool.draw(
                        table.game, table.spec, "render_live_hand", view, locale, path
                    )
                    files = [file_of(Image("hand.png", png))]
    text = table.spec.hand_text_along(view, locale, path)
    if (paused := paused_line(table, locale)) is not None:
        text += "\n" + paused
    elif not view.legal_actions and table.status == "active":
        current = table.to_act()
        if current is not None:
            text += "\n" + waiting_for(current, locale)
    elif view.legal_actions and table.clock.turn_deadline is not None:
        text += "\n" + t(locale, "table.deadline", at=f"<t:{int(table.clock.turn_deadline)}:R>")
    if table.live.coaches:  # every seat knows whose hand a coach sees
        text += "\n" + "\n".join(coach_lines(table, locale))
    if extra := hints_text.extra_text(table, seat, view, locale, 2000 - len(text) - 2):  # learn, hints=on
        text += "\n\n" + extra
    controls = action_buttons(table, view, seq, locale, path, picked=picked, chosen=chosen)
    if (skip := hints_text.skip_button(table, seat, view, locale)) is not None:
        controls = controls if controls is not None else c.view_of([])
        if len(controls.children) < 25:
            controls.add_item(skip)
    controls = autopass.with_toggle(table, seat, locale, controls)  # its Auto-pass switch
    payload: dict[str, Any] = {"content": text[:2000], "view": controls}
    if files:  # (left out: the message keeps its image, Discord's default for an edit)
        payload["attachments"] = files
    return HandMessage(payload, key)

"""What a replay shows: the text of a frame and its controls.

The controls carry the game and the frame shown in their custom_ids (``rp:{game}:{pos}:{verb}``,
:func:`cogs.table.components.replay_id`), so they keep working after a restart: ⏮ ◀ ▶ ⏭, the
move list of the frame's round (pages of 25), a round menu, the round's animation and, for the
match's players, **Comment**.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

import store
from cogs.replay.timeline import Frame, Timeline
from cogs.table import components as c
from cogs.table import limits
from cogs.table.spec import GameSpec
from i18n import number, t
from store.comments import MoveComment

PAGE = limits.SELECT_OPTIONS


def move_label(spec: GameSpec, timeline: Timeline, frame: Frame, locale: str) -> str:
    """``Alice: 3a Cherry curtain → capture 3c`` (the deal for frame 0)."""
    if frame.move is None:
        return t(locale, "replay.deal")
    action = spec.engine.parse_action(frame.move.action)
    try:
        label = spec.action_label(action, spec.engine.view(frame.before, frame.move.seat), locale)
    except Exception:  # a label is a nicety: the notation always reads
        label = frame.move.action
    return f"{timeline.names[frame.move.seat]}: {label}"


def frame_text(
    spec: GameSpec,
    timeline: Timeline,
    frame: Frame,
    comments: Sequence[MoveComment],
    results: Sequence[store.SeatResult],
    verdict: str | None,
    locale: str,
) -> str:
    """The header, the move and what it did, the status line, the end (at the last frame), then
    the players' comments on this frame."""
    row = timeline.row
    head = t(
        locale,
        "replay.header",
        game=row.id,
        title=t(locale, spec.title_key),
        n=frame.position,
        total=timeline.last,
        round=frame.round_no,
    )
    lines = [head, f"**{move_label(spec, timeline, frame, locale)}**"]
    lines += spec.narrate(frame.events, timeline.names, locale)
    lines.append(spec.status_text(spec.engine.view(frame.state, None), timeline.names, locale))
    if frame.position == timeline.last:
        names = timeline.names
        scores = " · ".join(
            f"{names[r.seat]} **{number(locale, r.points)}**" + (" 🏆" if r.won else "") for r in results
        )
        lines.append(t(locale, "replay.final", scores=scores))
        if verdict is not None:
            lines.append(verdict)
    if timeline.broken_at is not None and frame.position == timeline.last:
        lines.append(t(locale, "replay.broken", seq=timeline.broken_at))
    by_user = {s.user_id: s.display_name for s in row.seats if s.user_id is not None}
    notes = [
        t(locale, "replay.comment_line", who=by_user.get(cm.user_id, "?"), text=limits.cut(cm.body, 200))
        for cm in comments
        if cm.move_no == frame.position
    ]
    body = "\n".join(lines)
    tail = "\n".join(notes)
    room = limits.CONTENT - len(tail) - 1
    if len(body) > room:  # comments always show; the narration gives way
        body = limits.cut(body, max(room, 0))
    return f"{body}\n{tail}" if tail else body


def _move_menu(
    spec: GameSpec, timeline: Timeline, frame: Frame, commented: set[int], locale: str
) -> discord.ui.Select[Any]:
    """The moves of the frame's round, the page of 25 that holds it."""
    frames = timeline.frames_of_round(frame.round_no)
    index = next(i for i, f in enumerate(frames) if f.position == frame.position)
    start = (index // PAGE) * PAGE
    page = frames[start : start + PAGE]
    options = [
        discord.SelectOption(
            label=limits.cut(f"{f.position}. {move_label(spec, timeline, f, locale)}", limits.OPTION_LABEL),
            value=str(f.position),
            emoji="💬" if f.position in commented else None,
            default=f.position == frame.position,
        )
        for f in page
    ]
    pages = (len(frames) + PAGE - 1) // PAGE
    placeholder = t(
        locale, "replay.moves_placeholder", round=frame.round_no, page=start // PAGE + 1, pages=pages
    )
    return c.select(
        c.replay_id(timeline.row.id, frame.position, "move"), placeholder, options, min_values=1, max_values=1
    )


def _round_menu(timeline: Timeline, frame: Frame, locale: str) -> discord.ui.Select[Any] | None:
    """Jump to the start of a round (the 25 rounds around this one, when a match has more)."""
    rounds = timeline.rounds()
    if len(rounds) < 2:
        return None
    at = rounds.index(frame.round_no)
    start = max(0, min(at - PAGE // 2, len(rounds) - PAGE))
    options = [
        discord.SelectOption(
            label=t(locale, "replay.round_option", round=r),
            value=str(timeline.frames_of_round(r)[0].position),
            default=r == frame.round_no,
        )
        for r in rounds[start : start + PAGE]
    ]
    menu = c.select(
        c.replay_id(timeline.row.id, frame.position, "round"),
        t(locale, "replay.rounds_placeholder"),
        options,
        min_values=1,
        max_values=1,
    )
    menu.row = 1
    return menu


def controls(
    spec: GameSpec, timeline: Timeline, frame: Frame, commented: set[int], locale: str
) -> discord.ui.View:
    """Menus, then ⏮ ◀ ▶ ⏭ and the round's animation, then Comment."""
    gid, pos, last = timeline.row.id, frame.position, timeline.last
    view = discord.ui.View(timeout=None)
    view.add_item(_move_menu(spec, timeline, frame, commented, locale))
    if (rounds := _round_menu(timeline, frame, locale)) is not None:
        view.add_item(rounds)
    nav = [
        c.button(c.replay_id(gid, pos, "first"), t(locale, "replay.first"), emoji="⏮️", disabled=pos == 0),
        c.button(
            c.replay_id(gid, pos, "prev"), t(locale, "replay.prev"), "primary", emoji="◀️", disabled=pos == 0
        ),
        c.button(
            c.replay_id(gid, pos, "next"),
            t(locale, "replay.next"),
            "primary",
            emoji="▶️",
            disabled=pos == last,
        ),
        c.button(c.replay_id(gid, pos, "last"), t(locale, "replay.last"), emoji="⏭️", disabled=pos == last),
        c.button(c.replay_id(gid, pos, "anim"), t(locale, "replay.animate"), emoji="🎞️"),
    ]
    for b in nav:
        b.row = 2
        view.add_item(b)
    note = c.button(c.replay_id(gid, pos, "note"), t(locale, "replay.comment"), "success", emoji="💬")
    note.row = 3
    view.add_item(note)
    view.stop()  # a carrier only: clicks are routed by custom_id (cogs.replay.cog.ReplayRoute)
    return view

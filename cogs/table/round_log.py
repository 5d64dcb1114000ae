"""The round's log: every move of a round, as the board narrated it, privately and in pages.

The board keeps only its latest lines (an "…" line says older ones were dropped); its **Log**
button shows anyone in the channel, players and spectators alike, the whole round in order. The
log is built from the store, not from memory, so a restarted bot shows the same one: the stored
``(rules, seed, actions)`` are replayed as ``/replay`` does (:func:`cogs.replay.timeline.build`),
and each move's events are narrated by the game's own narrator (``GameSpec.narrate``). Events are
public (the board narrates them); nothing here reads a state or a seat's view, so the log is the
same whatever the hidden cards (the differential leak test checks it).

Its controls carry the match, the round and the page shown (``lg:{game}:{round}:{page}:{verb}``,
:func:`cogs.table.components.log_id`): ◀ ▶ turn pages, ⏪ ⏩ go to the round before or after (at
its first page), 🔄 shows the latest page again. Opened from the board (``open``), the log shows
the current round at its last page (the newest moves); a round reads from its first page on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord

import store
from cogs.replay.timeline import Frame, build
from cogs.table import components as c
from cogs.table import limits
from cogs.table.replies import refuse, user_locale
from cogs.table.spec import GameSpec
from i18n import t

PAGE_CHARS = 1800  # a page's lines at most (its header and Discord's 2000 leave room)
SHOWN_STATUSES = ("active", "finished", "abandoned")  # a match that was dealt


def deal_kind(frames: Sequence[Frame]) -> type | None:
    """The kind of event that opens a deal: the first the match's deal made (``frames[0]``), so
    the game names no event here; None for a game whose deal says nothing."""
    return type(frames[0].events[0]) if frames and frames[0].events else None


def by_round(frame: Frame, dealt: type | None) -> list[tuple[int, tuple[Any, ...]]]:
    """A frame's events cut at each deal, with the round of each part.

    A move belongs to the round it was played in (``frame.round_no``); one that ends a round
    also deals the next, and its events from that deal on belong to the next round (a deal
    ended at once, a Go-Stop chongtong, deals again: one round more per deal). The match's own
    deal (``frame.move is None``) ends in its frame's round."""
    parts: list[list[Any]] = [[]]
    for event in frame.events:
        if type(event) is dealt and parts[-1]:
            parts.append([])
        parts[-1].append(event)
    if frame.move is None:
        first = frame.round_no - len(parts) + 1
    else:
        first = frame.round_no + (1 if parts[0] and type(parts[0][0]) is dealt else 0)
    return [(first + i, tuple(events)) for i, events in enumerate(parts) if events]


def round_lines(
    spec: GameSpec, frames: Sequence[Frame], names: Sequence[str], locale: str
) -> dict[int, list[str]]:
    """Each round's narration in order (round number -> its lines): every move's events, cut
    where a new round is dealt (:func:`by_round`), narrated by the game as the board does."""
    dealt = deal_kind(frames)
    rounds: dict[int, list[str]] = {}
    for frame in frames:
        for round_no, events in by_round(frame, dealt):
            rounds.setdefault(round_no, []).extend(spec.narrate(events, names, locale))
    return rounds


def pages(lines: Sequence[str], room: int | None = None) -> list[list[str]]:
    """``lines`` in pages of at most ``room`` characters (:data:`PAGE_CHARS`), whole lines, in
    order (at least one page, maybe empty). Pages are cut from the first line on, so a page
    keeps its lines as moves come."""
    room = PAGE_CHARS if room is None else room
    out: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = limits.cut(line, room)
        if out[-1] and size + 1 + len(line) > room:
            out.append([])
            size = 0
        size += len(line) + (1 if out[-1] else 0)
        out[-1].append(line)
    return out


@dataclass(frozen=True, slots=True)
class Shown:
    """Which page of which round a log message shows."""

    round_no: int
    page: int


def target(rounds: dict[int, list[str]], shown: Shown, verb: str) -> Shown:
    """The page a control leads to from ``shown`` (clamped to the match: a custom_id can be forged)."""
    order = sorted(rounds) or [1]
    latest = Shown(order[-1], len(pages(rounds.get(order[-1], []))) - 1)
    if verb in ("open", "latest") or shown.round_no not in rounds:
        return latest
    at = order.index(shown.round_no)
    if verb in ("rprev", "rnext"):
        step = -1 if verb == "rprev" else 1
        return Shown(order[max(0, min(at + step, len(order) - 1))], 0)
    step = {"prev": -1, "next": 1}.get(verb, 0)
    last_page = len(pages(rounds[shown.round_no])) - 1
    return Shown(shown.round_no, max(0, min(shown.page + step, last_page)))


def log_message(
    game_id: int, title: str, rounds: dict[int, list[str]], shown: Shown, locale: str
) -> dict[str, Any]:
    """The page ``shown``: a header (the match, the round, the page), its lines, the controls."""
    order = sorted(rounds) or [shown.round_no]
    book = pages(rounds.get(shown.round_no, []))
    page = max(0, min(shown.page, len(book) - 1))
    header = t(
        locale,
        "log.header",
        game=game_id,
        title=title,
        round=shown.round_no,
        page=page + 1,
        pages=len(book),
    )
    body = "\n".join(book[page]) or t(locale, "log.empty")
    at = order.index(shown.round_no) if shown.round_no in order else len(order) - 1
    here = Shown(shown.round_no, page)
    controls = [
        _control(game_id, here, "rprev", t(locale, "log.round_before"), "⏪", at == 0),
        _control(game_id, here, "prev", t(locale, "log.page_before"), "◀️", page == 0),
        _control(game_id, here, "next", t(locale, "log.page_after"), "▶️", page == len(book) - 1),
        _control(game_id, here, "rnext", t(locale, "log.round_after"), "⏩", at == len(order) - 1),
        _control(game_id, here, "latest", t(locale, "log.latest"), "🔄", False),
    ]
    return {
        "content": limits.cut(f"{header}\n{body}", limits.CONTENT),
        "view": c.view_of(controls),
        "allowed_mentions": discord.AllowedMentions.none(),
    }


def _control(
    game_id: int, shown: Shown, verb: str, label: str, emoji: str, disabled: bool
) -> discord.ui.Button[Any]:
    custom_id = c.log_id(game_id, shown.round_no, shown.page, verb)
    return c.button(custom_id, label, emoji=emoji, disabled=disabled)


# --- the click --------------------------------------------------------------------------------


class Stored(Protocol):
    """What the log reads: the store and the games' specs (the table manager has both)."""

    @property
    def db(self) -> store.Database: ...

    @property
    def specs(self) -> Mapping[str, GameSpec]: ...


async def stored_rounds(tables: Stored, row: store.GameRow, locale: str) -> dict[int, list[str]]:
    """The match's rounds narrated from its stored moves (replayed off the event loop)."""
    spec = tables.specs[row.game]
    actions = await store.actions_for(tables.db, row.id)

    def narrate() -> dict[int, list[str]]:
        timeline = build(spec, row, actions)
        return round_lines(spec, timeline.frames, timeline.names, locale)

    return await asyncio.to_thread(narrate)


async def on_click(
    tables: Stored, interaction: discord.Interaction, game_id: int, shown: Shown, verb: str
) -> None:
    """**Log** on a board (``open``: a new private message) or a control of an open log (the
    same message, edited in place). Answered at once (deferred), then built from the store."""
    if verb not in ("open", "latest", "prev", "next", "rprev", "rnext"):
        return await refuse(interaction, "error.unknown_button")
    row = await store.get_game(tables.db, game_id)
    if row is None or row.status not in SHOWN_STATUSES or row.game not in tables.specs:
        return await refuse(interaction, "log.none")
    if verb == "open":
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()
    locale = user_locale(interaction)
    rounds = await stored_rounds(tables, row, locale)
    title = t(locale, tables.specs[row.game].title_key)
    payload = log_message(row.id, title, rounds, target(rounds, shown, verb), locale)
    await interaction.edit_original_response(**limits.fit(payload))
    return None

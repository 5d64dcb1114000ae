"""What the table flow posts: public table messages, lobby embeds and private hand views.

Images are rendered off the event loop (``asyncio.to_thread``) so an interaction is always
answered within Discord's 3 seconds.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import Any

import discord

from cogs.table import components as c
from cogs.table.model import Table
from cogs.table.spec import Image, Step, actions_along
from i18n import t


def file_of(image: Image) -> discord.File:
    return discord.File(io.BytesIO(image.data), filename=image.filename)


def lobby_embed(table: Table) -> discord.Embed:
    loc = table.locale
    title = t(loc, "table.lobby.title", game=t(loc, table.spec.title_key))
    embed = discord.Embed(title=title, colour=discord.Colour.from_rgb(178, 34, 52))
    lines = []
    for i in range(table.seat_count):
        seat = table.seats[i] if i < len(table.seats) else None
        if seat is None:
            who = t(loc, "table.lobby.open_seat")
        elif seat.is_cpu:
            who = f"🤖 {seat.name}"
        else:
            who = seat.mention()
        lines.append(t(loc, "table.lobby.seat_line", n=i + 1, who=who))
    embed.add_field(name=t(loc, "table.lobby.seats"), value="\n".join(lines), inline=False)
    options = ", ".join(f"{k}: {v}" for k, v in table.options.items() if k != "seats") or "—"
    embed.add_field(name=t(loc, "table.lobby.options"), value=options[:1024], inline=False)
    embed.set_footer(text=t(loc, "table.lobby.footer", host=table.host_name))
    return embed


def lobby_view(table: Table) -> discord.ui.View:
    loc, gid = table.locale, table.id
    full = len(table.seats) >= table.seat_count
    return c.view_of(
        [
            c.button(c.lobby_id(gid, "join"), t(loc, "table.lobby.join"), "primary", disabled=full),
            c.button(c.lobby_id(gid, "leave"), t(loc, "table.lobby.leave")),
            c.button(c.lobby_id(gid, "cpu"), t(loc, "table.lobby.add_cpu"), emoji="🤖", disabled=full),
            c.button(c.lobby_id(gid, "start"), t(loc, "table.lobby.start"), "success", disabled=not full),
            c.button(c.lobby_id(gid, "cancel"), t(loc, "table.lobby.cancel"), "danger"),
        ]
    )


def table_view(table: Table, *, finished: bool) -> discord.ui.View:
    """Buttons under the public table image."""
    loc, gid, seq = table.locale, table.id, table.seq
    if finished:
        return c.view_of(
            [c.button(c.table_id(gid, seq, "rematch"), t(loc, "table.rematch"), "primary", emoji="🔁")]
        )
    buttons = [c.button(c.table_id(gid, seq, "hand"), t(loc, "table.my_hand"), "primary", emoji="🎴")]
    if any(s.away for s in table.seats):
        buttons.append(c.button(c.table_id(gid, seq, "back"), t(loc, "table.im_back"), "success"))
    return c.view_of(buttons)


async def public_table_message(
    table: Table, lines: Sequence[str], extra_images: Sequence[Image], *, finished: bool
) -> dict[str, Any]:
    """Keyword arguments for ``channel.send``: narration, whose turn, the table image, buttons."""
    view = table.view(None)
    loc = table.locale
    body = list(lines)
    body.append(table.spec.status_text(view, table.names, loc))
    seat = table.to_act()
    if not finished and seat is not None:
        key = "table.turn_cpu" if seat.cpu_plays else "table.turn"
        body.append(t(loc, key, who=seat.mention()))
    png = await asyncio.to_thread(table.spec.render_table, view, table.names, loc)
    files = [file_of(Image("table.png", png)), *(file_of(i) for i in extra_images)]
    return {
        "content": "\n".join(body)[:2000],
        "files": files,
        "view": table_view(table, finished=finished),
        "allowed_mentions": discord.AllowedMentions(users=True),
    }


def step_buttons(
    table: Table, view: Any, seq: int, locale: str, path: tuple[str, ...]
) -> list[discord.ui.Button[Any]]:
    """Buttons for the next step after ``path`` among the seat's legal actions."""
    starts, _ = actions_along(table.spec, view, locale, path)
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
        buttons.append(c.button(c.step_id(table.id, seq, ()), t(locale, "table.back"), emoji="↩️"))
    return buttons


async def hand_message(table: Table, seat: int, locale: str, path: tuple[str, ...] = ()) -> dict[str, Any]:
    """The private hand: image, what to decide, and on the seat's turn the buttons to act."""
    view, seq = table.view(seat), table.seq  # buttons carry the turn this view belongs to
    png = await asyncio.to_thread(table.spec.render_hand, view, locale)
    text = table.spec.hand_text(view, locale)
    buttons = step_buttons(table, view, seq, locale, path) if view.legal_actions else []
    if not view.legal_actions and table.status == "active":
        current = table.to_act()
        if current is not None:
            text += "\n" + t(locale, "table.waiting_for", who=current.name)
    return {
        "content": text[:2000],
        "attachments": [file_of(Image("hand.png", png))],
        "view": c.view_of(buttons) if buttons else None,
    }


def as_new_message(payload: dict[str, Any]) -> dict[str, Any]:
    """``hand_message`` gives edit arguments; a new message takes ``files`` and no ``view=None``."""
    out = {"content": payload["content"], "files": payload["attachments"]}
    if payload.get("view") is not None:
        out["view"] = payload["view"]
    return out

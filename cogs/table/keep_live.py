"""A live hand about to stop updating offers the one click that keeps it live.

Discord lets the bot edit a live hand for 15 minutes after the player's last click in it
(:mod:`cogs.table.hands`). A player who watches the table without clicking — the table passing
for them (:mod:`cogs.table.autopass`: a pass it makes is no click and renews nothing), or a long
stretch of other players' turns — would see their hand stop updating while the table runs,
though they expect it to keep working. The bot cannot renew the token itself, and making them
click their forced passes would slow the table for everyone. So once the hand has less than
:data:`RENEW_BEFORE` left, each redraw of it says when it will stop and offers **Keep my hand
live**: that click reopens the same message (``play.send_hand``) with a fresh token, and the hand
goes on for another 15 minutes. Nothing of it is public; a forced pass is still made for them.
"""

from __future__ import annotations

import time
from typing import Any

from cogs.table import components as c
from cogs.table import limits
from cogs.table.model import Table
from cogs.table.private_message import EXPIRE_MARGIN, TOKEN_LIFE, PrivateMessage
from i18n import t

RENEW_BEFORE = 4 * 60.0  # seconds before a live hand is retired: from then on it offers the click
VERB = "hand"  # the click reopens the hand in place, as the expired hand's button does (play.py)


def due(message: PrivateMessage, now: float | None = None) -> bool:
    """Whether the hand ``message`` is retired within :data:`RENEW_BEFORE` (epoch seconds)."""
    return message.retire_in(time.time() if now is None else now) < RENEW_BEFORE


def offer(table: Table, seat: int, message: PrivateMessage, locale: str, payload: dict[str, Any]) -> None:
    """Add the line and the **Keep my hand live** button to a redraw of the seat's live hand
    ``message`` (``payload`` from ``messages.hand_message``) when it is :func:`due`."""
    if not due(message):
        return
    retired_at = int(message.issued + TOKEN_LIFE - EXPIRE_MARGIN)  # as hands.LiveHands retires it
    line = t(locale, "table.keep_live_line", at=f"<t:{retired_at}:R>")
    content = str(payload.get("content") or "")[: limits.CONTENT - len(line) - 1]
    payload["content"] = f"{content}\n{line}"
    label = t(locale, "table.keep_live")
    button = c.button(c.table_id(table.id, table.seq, VERB), label, "primary", emoji="🔄")
    view = payload.get("view") or c.view_of([])
    if len(view.children) < limits.COMPONENTS:
        view.add_item(button)
    payload["view"] = view

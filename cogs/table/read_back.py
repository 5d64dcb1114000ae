"""After a restart, the announcer counts what was posted before a crash from the thread itself.

A post sent just before the bot stopped, whose watermark was not stored yet, is found by the
move number in its buttons' custom_ids (``t:{game}:{seq}:hand`` on a board, ``:rematch`` on
results, ``:turn`` on a ping; inside a card's rows for the board and the results:
:func:`cogs.table.cards.walk`); pings of turns that are over are deleted. This is the announcer's
(``announcer.py``): it writes the table's outbox and pings.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

import store
from cogs.table import cards
from cogs.table import components as c
from cogs.table.model import Table

log = logging.getLogger(__name__)

OWN_ID = re.compile(f"^{c.TABLE_TEMPLATE}$")  # t:{game}:{seq}:{verb}, as the buttons are made


async def read_back(
    db: store.Database,
    table: Table,
    channel: Any,
    history: Sequence[discord.Message],
    me: discord.ClientUser | None,
) -> None:
    """Count the posts of ``history`` (the thread's recent messages, newest first) made by ``me``
    for ``table``: move its watermarks (stored) past them, adopt the current turn's ping, and
    delete the pings of turns that are over."""
    board_seq, results, stale = -1, False, []
    for message in history:
        if me is None or message.author.id != me.id:
            continue
        for seq, verb in _own_ids(message, table.id):
            if verb == "hand" and seq > board_seq:
                board_seq = seq
            elif verb == "rematch":
                results = True
            elif verb == "turn" and seq >= table.clock.turn_start and table.status == "active":
                table.pings.ping_turn = table.clock.turn_start
                table.pings.ping_ids.append(message.id)
            elif verb == "turn":
                stale.append(message.id)  # a ping of a turn that is over
    for message_id in stale:
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).delete()
    outbox = table.outbox
    if board_seq > outbox.announced:
        log.info("table %s: posts up to move %s were out before the restart", table.id, board_seq)
        outbox.pending = [p for p in outbox.pending if p.seq >= board_seq]
        outbox.announced = board_seq
        await store.mark_announced(db, table.id, board_seq)
    if results and not outbox.results_posted:  # the match's last post is out: all was said
        outbox.pending, outbox.results_posted, outbox.announced = [], True, table.seq
        await store.mark_announced(db, table.id, table.seq)
        await store.mark_results_posted(db, table.id)


def _own_ids(message: discord.Message, game_id: int) -> list[tuple[int, str]]:
    """The move number and verb of each of our table buttons on ``message``: in a classic
    message's rows (a ping) or inside a card's (the board, the results)."""
    found = []
    for component in cards.walk(message.components):
        match = OWN_ID.match(getattr(component, "custom_id", None) or "")
        if match and int(match["game"]) == game_id:
            found.append((int(match["seq"]), match["verb"]))
    return found

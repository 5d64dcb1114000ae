"""The match's own thread, opened from its lobby message when the bot may (else it is played in
the lobby's channel)."""

from __future__ import annotations

import logging

import discord

from cogs.table.model import Table
from i18n import t

log = logging.getLogger(__name__)


async def open_thread(
    client: discord.Client, table: Table, lobby_message: discord.Message | None
) -> int | None:
    """Create the match's thread on ``lobby_message``; its id, or None (no lobby message, not a
    text channel, a permission missing, or Discord refused)."""
    channel = client.get_channel(table.channel_id)
    if lobby_message is None or not isinstance(channel, discord.TextChannel):
        return None
    me = channel.guild.me
    perms = channel.permissions_for(me) if me is not None else None
    if perms is None or not (
        perms.create_public_threads and perms.send_messages_in_threads and perms.attach_files
    ):
        return None
    title = t(table.locale, table.spec.title_key)
    players = t(table.locale, "table.vs").join(table.names)
    name = t(table.locale, "table.thread_name", game=title, players=players)
    try:
        thread = await lobby_message.create_thread(name=name[:100])
    except discord.HTTPException:
        log.info("could not create a thread for game %s; playing in the channel", table.id)
        return None
    return thread.id

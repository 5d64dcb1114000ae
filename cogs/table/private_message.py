"""Private messages the bot keeps current after the click that opened them: live hands and
spectators' views.

An ephemeral message can be edited only through the webhook of the interaction that made it (or
of a click on one of its buttons), for the 15 minutes that interaction's token lives. Such a
message is addressed by ``(token, message id)``: the id of the interaction's first response, or
of one of its follow-ups, stored with the token (migration 010). That is all discord.py's public
webhook API needs (``Webhook.partial(application_id, token, client=...)``, then
``edit_message(message_id, ...)``), with no :class:`discord.Interaction` at hand: the click may
be from before a restart.

:class:`PrivateMessages` does every such edit for :mod:`cogs.table.hands` and
:mod:`cogs.table.spectators`: :meth:`~PrivateMessages.edit` brings a message up to date, and
:meth:`~PrivateMessages.retire` gives it its last words (a line, no image, at most a button that
opens a fresh one), for a message whose token is about to end, or one replaced by a newer message.
"""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import aiohttp
import discord

from cogs.table import cards, limits

log = logging.getLogger(__name__)

TOKEN_LIFE = 15 * 60.0  # Discord honours an interaction token for 15 minutes
EXPIRE_MARGIN = 60.0  # a message is retired this long before its token really ends


@dataclass(frozen=True, slots=True)
class PrivateMessage:
    """One ephemeral message the bot may edit: its interaction's token, its id, and when the
    token was issued (epoch seconds)."""

    token: str
    message_id: int
    issued: float

    @classmethod
    def stored(cls, token: str, message_id: int, issued_at: str) -> PrivateMessage:
        """From a stored row, whose ``issued_at`` is ISO-8601 UTC."""
        return cls(token, message_id, datetime.fromisoformat(issued_at).timestamp())

    def retire_in(self, now: float) -> float:
        """Seconds from ``now`` until the message should be retired (``EXPIRE_MARGIN`` before its
        token ends); zero or less: it is time already, or its token is gone."""
        return self.issued + TOKEN_LIFE - EXPIRE_MARGIN - now


class Edited(enum.Enum):
    """How an edit went."""

    DONE = "done"
    GONE = "gone"  # dismissed, or its token has ended: no edit will reach it again
    FAILED = "failed"  # Discord refused this edit, or could not be reached: a later one may work


class PrivateMessages:
    """Edits private messages through their tokens, with the bot's own HTTP session."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    def _webhook(self, message: PrivateMessage) -> discord.Webhook:
        application_id = self.client.application_id
        if application_id is None:  # only before the bot has logged in
            raise RuntimeError("the bot has no application id yet")
        return discord.Webhook.partial(application_id, message.token, client=self.client)

    async def edit(self, message: PrivateMessage, payload: dict[str, Any], *, about: str) -> Edited:
        """Replace the message's content with ``payload`` (``edit_original_response``'s keyword
        arguments: ``content``, ``attachments``, ``view``...), fitted to Discord's limits.
        ``about`` names the message in the log when Discord refuses the edit."""
        try:
            await self._webhook(message).edit_message(message.message_id, **limits.fit(payload))
        except (discord.NotFound, discord.Forbidden):  # dismissed, or the token is gone
            return Edited.GONE
        except discord.HTTPException as error:
            log.info("could not edit %s: %s", about, error)
            return Edited.FAILED
        except (aiohttp.ClientError, OSError, TimeoutError) as error:  # the connection, not Discord
            log.info("could not reach Discord to edit %s: %r", about, error)
            return Edited.FAILED
        return Edited.DONE

    async def retire(
        self,
        message: PrivateMessage,
        content: str,
        *,
        reopen: discord.ui.View | None = None,
        about: str,
        card: bool = False,
    ) -> Edited:
        """The message's last words: ``content``, no image, and only ``reopen`` (a button that
        opens a fresh message) if given, so nothing left in it acts on a stale state. A message
        sent as a card (``card``) stays one: its last words are a card too."""
        if card:
            payload = cards.payload(cards.card(content, [], reopen), attachments=[])
        else:
            payload = {"content": content, "attachments": [], "view": reopen}
        return await self.edit(message, payload, about=about)

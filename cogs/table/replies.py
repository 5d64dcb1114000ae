"""Answering interactions: ephemeral refusals, translated errors, apologies with an error id.

Every answer here goes through :func:`cogs.table.limits.fit`, and the parameters of an error
(which often echo what the user typed) through :func:`cogs.table.limits.quote`, so a refusal
always fits in one message and keeps its explanation.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord

from cogs.table.limits import cut, fit, quote
from engine.core import GameError
from i18n import t

log = logging.getLogger(__name__)

PARAM = 200  # characters of an error parameter shown (they may echo what the user typed)


def user_locale(interaction: discord.Interaction) -> str:
    return str(interaction.locale)


def error_text(error: GameError, locale: str) -> str:
    """A rules error in the player's language (English text from the engine as fallback).

    Text parameters are quoted with a cap: an option or a move typed by the user may be
    thousands of characters long, and the explanation around it must still show.
    """
    key = f"error.{error.key}"
    params = {
        k: quote(", ".join(map(str, v)) if isinstance(v, tuple | list) else v, PARAM)
        if isinstance(v, str | tuple | list)
        else v
        for k, v in error.params.items()
    }
    text = t(locale, key, **params)
    return cut(str(error), PARAM * 2) if text == key else text


async def ephemeral(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """Send ``content`` only to the user who clicked or typed, whether or not we answered already."""
    kwargs = fit({"content": content, **kwargs})
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=True, **kwargs)


async def refuse(interaction: discord.Interaction, key: str, **params: Any) -> None:
    """A clear ephemeral "no" (nothing in the game changes)."""
    await ephemeral(interaction, t(user_locale(interaction), key, **params))


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Game errors become a message to the player; anything else is logged with an id."""
    locale = user_locale(interaction)
    if isinstance(error, GameError):
        await ephemeral(interaction, error_text(error, locale))
        return
    error_id = secrets.token_hex(4)
    log.error("interaction failed [%s]", error_id, exc_info=error)
    try:
        await ephemeral(interaction, t(locale, "error.unexpected", id=error_id))
    except discord.HTTPException:
        log.warning("could not tell the user about error %s", error_id)

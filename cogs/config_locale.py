"""Which language a message is written in.

- A private reply (an ephemeral answer, a hand, a refusal) follows the user's own Discord
  language: ``interaction.locale`` (:func:`cogs.table.replies.user_locale`).
- A public post follows the server: the language an admin chose with ``/config language``
  (the ``language`` guild setting), else the server's Discord language
  (``interaction.guild_locale``), else the user's.
- A table's language is fixed when it opens and stored with the game (``Table.locale``, saved
  in the game's meta), so a restart or a later ``/config language`` does not change a match
  under way.
"""

from __future__ import annotations

from typing import Any

import discord

import store
from i18n import normalize, supported
from store.db import Database

SETTING = "language"  # the guild setting: a language folder name, absent for "the server's"


def chosen_language(settings: dict[str, Any]) -> str | None:
    """The admin's ``/config language`` choice, if any (ignoring a value no longer supported)."""
    value = settings.get(SETTING)
    return value if isinstance(value, str) and value in supported() else None


async def public_locale(db: Database, interaction: discord.Interaction) -> str:
    """The language of public posts in the interaction's server."""
    if interaction.guild_id is not None:
        chosen = chosen_language(await store.get_guild_settings(db, interaction.guild_id))
        if chosen is not None:
            return chosen
    return normalize(interaction.guild_locale or interaction.locale)

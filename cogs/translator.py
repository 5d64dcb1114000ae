"""Slash-command names and descriptions in the user's language, via discord.py's Translator.

Commands are declared with ``locale_str`` in English; this looks up ``cmd.<english text>`` in
the language's strings. Choice names and descriptions use the same table.
"""

from __future__ import annotations

import discord
from discord import app_commands

from i18n import DEFAULT, normalize, table


class TsukiTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = normalize(locale)
        if lang == DEFAULT:
            return None
        return table(lang).get(f"cmd.{string.message}")

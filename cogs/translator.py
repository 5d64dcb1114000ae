"""Slash-command names, descriptions, options and choices in every language, via discord.py's
Translator.

Commands are declared with ``locale_str`` in English; for each of Discord's locales this looks
up ``cmd.<english text>`` in the language's strings (``ja``, ``ko``, ``zh-CN``, ``zh-TW``,
``fr``; English needs none). Discord rejects the whole command sync when one localized name is
invalid, so a translated *name* that breaks Discord's rule (``^[-_'\\p{L}\\p{N}\\p{sc=Deva}
\\p{sc=Thai}]{1,32}$``, lowercase where the script has case) or a description longer than 100
characters is dropped with a warning: that command then shows its English name in that
language instead of taking every command down (tests/cogs/test_locale_e2e.py checks that none
is dropped).
"""

from __future__ import annotations

import logging
import unicodedata

import discord
from discord import app_commands

from i18n import DEFAULT, normalize, table

log = logging.getLogger(__name__)

Location = app_commands.TranslationContextLocation
NAMES = frozenset({Location.command_name, Location.group_name, Location.parameter_name})
MAX_NAME = 32
MAX_TEXT = 100  # descriptions and choice names
NAME_PUNCTUATION = frozenset("-_'")


def valid_name(name: str) -> bool:
    """Discord's rule for command and option names: 1–32 letters, digits (any script; combining
    marks for Devanagari and Thai), ``-``, ``_`` or ``'``, and lowercase where the script has case."""
    if not 1 <= len(name) <= MAX_NAME or name != name.lower():
        return False
    for ch in name:
        category = unicodedata.category(ch)
        if category[0] in "LN" or ch in NAME_PUNCTUATION:
            continue
        if category[0] == "M" and unicodedata.name(ch, "").startswith(("DEVANAGARI", "THAI")):
            continue
        return False
    return True


def command_text(string: app_commands.locale_str | str, locale: object) -> str | None:
    """The ``locale`` text of a command string, ``None`` for English or when untranslated."""
    lang = normalize(locale)
    if lang == DEFAULT:
        return None
    message = string.message if isinstance(string, app_commands.locale_str) else string
    return table(lang).get(f"cmd.{message}")


class TsukiTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        text = command_text(string, locale)
        if text is None:
            return None
        if context.location in NAMES:
            if not valid_name(text):
                log.warning("dropped invalid %s command name %r for %r", locale, text, string.message)
                return None
        elif len(text) > MAX_TEXT:
            log.warning("dropped %s text over %d characters for %r", locale, MAX_TEXT, string.message)
            return None
        return text

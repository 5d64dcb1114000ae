"""``/config language``: the language of the server's public posts (tables, results).

Stored as the ``language`` guild setting (:mod:`cogs.config_locale` reads it); ``auto`` removes
it, so the server's own Discord language is used again. Only members who can manage the server
may change it; anyone may see it. Tables already open keep the language they started with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import store
from cogs.config_locale import SETTING, chosen_language, public_locale
from cogs.table.replies import ephemeral, refuse, user_locale
from i18n import supported, t

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

AUTO = "auto"
# Each language named in itself (an endonym reads the same in every language).
ENDONYMS = {
    "en": "English",
    "fr": "Français",
    "ja": "日本語",
    "ko": "한국어",
    "zh-CN": "简体中文",
    "zh-TW": "繁體中文",
}
LANGUAGE_CHOICES = [
    app_commands.Choice(name=_("The server's Discord language"), value=AUTO),
    *(app_commands.Choice(name=ENDONYMS.get(lang, lang), value=lang) for lang in supported()),
]


def language_name(lang: str) -> str:
    return ENDONYMS.get(lang, lang)


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ConfigCog(
    commands.GroupCog,
    name="Config",
    group_name=_("config"),
    group_description=_("Server settings for Tsuki"),
):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=_("language"), description=_("The language of this server's tables and public posts")
    )
    @app_commands.describe(language=_("A language, or the server's Discord language (leave empty to see it)"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str | None = None) -> None:
        loc = user_locale(interaction)  # the answer is private: the admin's own language
        assert interaction.guild_id is not None
        if language is None:
            settings = await store.get_guild_settings(self.bot.db, interaction.guild_id)
            current = await public_locale(self.bot.db, interaction)
            key = (
                "config.language.current_chosen"
                if chosen_language(settings)
                else "config.language.current_auto"
            )
            return await ephemeral(interaction, t(loc, key, language=language_name(current)))
        if language != AUTO and language not in supported():
            return await refuse(interaction, "config.language.unknown", language=language)
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            return await refuse(interaction, "config.language.not_allowed")
        await store.set_guild_setting(
            self.bot.db, interaction.guild_id, SETTING, None if language == AUTO else language
        )
        current = await public_locale(self.bot.db, interaction)
        key = "config.language.set_auto" if language == AUTO else "config.language.set"
        await ephemeral(interaction, t(loc, key, language=language_name(current)))


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(ConfigCog(bot))

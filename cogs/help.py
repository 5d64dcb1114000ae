"""``/help``: what Tsuki plays and how, for a newcomer, in their language (only they see it).

Also routes the **Options** / **Rules** buttons of ``/<game> rules`` (:mod:`cogs.table.rules_view`).
Command names in the help are those the reader's Discord shows: ``/koikoi start`` reads
``/koikoi commencer`` in French, from the same strings that localise the commands. The games
are the registry's (:mod:`cogs.registry`), each with its spec's ``help_line``; the examples name
the first of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.registry import SPECS
from cogs.table import rules_view
from cogs.table.components import Routed
from cogs.table.manager import TableManager
from cogs.table.replies import user_locale
from i18n import normalize, t, table

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

COLOUR = discord.Colour.from_rgb(178, 34, 52)


def command(locale: str, path: str) -> str:
    """``"koikoi start"`` → ``"/koikoi start"`` as the reader's Discord names it."""
    strings = table(normalize(locale))
    return "/" + " ".join(strings.get(f"cmd.{word}", word) for word in path.split())


def section(embed: discord.Embed, locale: str, name: str, **values: str) -> None:
    """A section of the help: heading ``help.<name>`` over text ``help.<name>_text``."""
    text = t(locale, f"help.{name}_text", **values)
    embed.add_field(name=t(locale, f"help.{name}"), value=text, inline=False)


def help_embeds(locale: str) -> list[discord.Embed]:
    """Two embeds: the games, how to play them and how to learn (``/<game> learn``, ``hints=on``);
    then the other commands."""
    loc = locale

    def cmd(path: str) -> str:
        return f"`{command(loc, path)}`"

    games = "\n".join(spec.help_line(loc, cmd) for spec in SPECS.values())
    example = next(iter(SPECS))  # the commands the help shows as examples are the first game's
    first = discord.Embed(title=t(loc, "help.title"), description=t(loc, "help.intro"), colour=COLOUR)
    first.add_field(name=t(loc, "help.games"), value=games, inline=False)
    section(
        first,
        loc,
        "start",
        start=cmd(f"{example} start"),
        join=t(loc, "table.lobby.join"),
        add_cpu=t(loc, "table.lobby.add_cpu"),
        begin=t(loc, "table.lobby.start"),
    )
    section(
        first,
        loc,
        "buttons",
        hand=t(loc, "table.my_hand"),
        back=t(loc, "table.im_back"),
        rematch=t(loc, "table.rematch"),
    )
    section(first, loc, "move", move=cmd("move"), hand=cmd("hand"))
    options = command(loc, "options").removeprefix("/")  # the option's name, as shown
    section(
        first, loc, "learn", learn=cmd(f"{example} learn"), start=cmd(f"{example} start"), options=options
    )
    second = discord.Embed(title=t(loc, "help.more"), colour=COLOUR)
    second.description = t(
        loc,
        "help.more_text",
        rules=cmd(f"{example} rules"),
        quit=cmd(f"{example} quit"),
        replace=cmd("table replace"),
        end=cmd("table end"),
        notify=cmd("notify on"),
        leaderboard=cmd("leaderboard"),
        stats=cmd("stats"),
    )
    return [first, second]


class HelpCog(commands.Cog, name="Help"):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("help"), description=_("How to play Tsuki's card games"))
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embeds=help_embeds(user_locale(interaction)), ephemeral=True)


class RulesPageButton(Routed, template=rules_view.RULES_PAGE_TEMPLATE):
    """**Options** / **Rules** under a ``/<game> rules`` reply."""

    async def on_click(self, interaction: discord.Interaction) -> None:
        tables = TableManager.of(interaction.client)
        m = self.match
        await rules_view.on_page_button(tables, interaction, m["game"], m["source"], m["page"])


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(HelpCog(bot))
    bot.add_dynamic_items(RulesPageButton)


async def teardown(bot: TsukiBot) -> None:
    bot.remove_dynamic_items(RulesPageButton)

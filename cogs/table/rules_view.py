"""``/<game> rules``: how the game is played, and on a second page the table's options.

The reply is ephemeral, in the reader's language. Its first page is the game's rules in a few
short paragraphs (``spec.rules_text``); an **Options** button turns it into the list of options
with their values and what each does, and a **Rules** button turns it back. The buttons carry
where the rules come from (``t<table id>`` for a table, ``p<preset>`` for a preset), so they keep
working after the match ended or the bot restarted: a gone table's rules are read from the store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

import store
from cogs.table import components as c
from cogs.table.replies import refuse, report_error, user_locale
from i18n import t

if TYPE_CHECKING:
    from cogs.table.manager import TableManager

RULES_PAGE_TEMPLATE = r"rp:(?P<game>[a-z0-9_]+):(?P<source>[tp][a-z0-9_]+):(?P<page>rules|options)"
DESCRIPTION_LIMIT = 4096  # Discord's limit for one embed's description
EMBEDS_LIMIT = 6000  # … and for the text of all the embeds of a message


def page_id(game: str, source: str, page: str) -> str:
    return f"rp:{game}:{source}:{page}"


async def send_rules(
    tables: TableManager, interaction: discord.Interaction, game: str, preset: str | None
) -> None:
    """The first page: this channel's table's rules, or a preset's (the seed's by default)."""
    table = tables.in_channel(interaction.channel_id)
    if preset is None and table is not None and table.game == game:
        source = f"t{table.id}"
    else:
        source = f"p{preset or 'seed'}"
    kwargs = await rules_reply(tables, game, source, "rules", user_locale(interaction))
    await interaction.response.send_message(ephemeral=True, **kwargs)


async def on_page_button(
    tables: TableManager, interaction: discord.Interaction, game: str, source: str, page: str
) -> None:
    """A click on **Options** or **Rules**: the same message shows the other page."""
    try:
        if game not in tables.specs:
            return await refuse(interaction, "error.unknown_button")
        kwargs = await rules_reply(tables, game, source, page, user_locale(interaction))
        await interaction.response.edit_message(**kwargs)
    except Exception as error:
        await report_error(interaction, error)
    return None


async def rules_reply(tables: TableManager, game: str, source: str, page: str, locale: str) -> dict[str, Any]:
    """``embeds`` and ``view`` of one page of the rules reply."""
    spec = tables.specs[game]
    rules, heading = await _rules_of(tables, game, source, locale)
    options = option_lines(game, rules, locale)
    if page == "options" and options:
        texts = [t(locale, f"{game}.rules.options"), "", *options]
        embeds = _embeds(t(locale, "rules.options_title", heading=heading), texts)
        other = ("rules", t(locale, "rules.show_rules"), "📖")
    else:
        embeds = _embeds(heading, [spec.rules_text(rules, locale)])
        embeds[-1].set_footer(text=t(locale, "rules.footer" if options else "rules.footer_no_options"))
        other = ("options", t(locale, "rules.show_options", count=len(options)), "⚙️")
    view = None
    if options:
        target, label, emoji = other
        view = c.view_of([c.button(page_id(game, source, target), label, emoji=emoji)])
    return {"embeds": embeds, "view": view}


async def _rules_of(tables: TableManager, game: str, source: str, locale: str) -> tuple[Any, str]:
    """The rules a page shows and its heading: a table's (live, else stored) or a preset's."""
    engine = tables.specs[game].engine
    kind, name = source[0], source[1:]
    if kind == "t" and name.isdigit():
        table = tables.tables.get(int(name))
        if table is not None:
            return table.rules, t(locale, f"{game}.rules.this_table")
        row = await store.get_game(tables.db, int(name))
        if row is not None and row.game == game:
            return engine.rules_from(None, row.rules), t(locale, f"{game}.rules.this_table")
        name = "seed"
    return engine.rules_from(name, None), t(locale, f"{game}.rules.preset", preset=name)


def option_lines(game: str, rules: Any, locale: str) -> list[str]:
    """One line per option: ``key`` = ``value`` — what it does (the key and value as typed in
    ``/<game> start options:key=value``)."""
    lines = []
    for key, value in rules.to_dict().items():
        if isinstance(value, bool):
            value = "on" if value else "off"
        lines.append(f"• `{key}` = `{value}` — {t(locale, f'{game}.option.{key}')}")
    return lines


def _embeds(title: str, lines: list[str]) -> list[discord.Embed]:
    """``lines`` in as few embeds as Discord allows (4096 per description, 6000 in all)."""
    pages: list[str] = []
    for line in lines:
        line = line[:DESCRIPTION_LIMIT]
        if pages and len(pages[-1]) + 1 + len(line) <= DESCRIPTION_LIMIT:
            pages[-1] += "\n" + line
        else:
            pages.append(line)
    budget = EMBEDS_LIMIT - len(title) - 100  # room for the footer
    embeds = []
    for n, text in enumerate(pages):
        text = text[: max(budget, 0)]
        if not text:
            break
        budget -= len(text)
        embeds.append(discord.Embed(title=title if n == 0 else None, description=text))
    return embeds or [discord.Embed(title=title)]

"""``/<game> rules``: how the game is played, the table's options, and a preset's sources.

The reply is ephemeral, in the reader's language, one page at a time:

- **Rules**: the game's rules in a few short paragraphs (``spec.rules_text``);
- **Options**: every option with its value and what it does;
- **Sources**, for rules that are exactly a preset with a table of sources (a game spec's
  optional ``preset_table(rules)``, Koi-Koi's ``seed``, ``nintendo`` and ``koikoi-japan``): every
  yaku and rule, its value, and the source it follows. ``/<game> rules preset:<name>`` opens on
  this page when the preset has one, since that is what the preset is.

Above the pages, a rules card (:mod:`render.rules_card`): the game on one image in the reader's
language. A button per other page turns the message into it. The buttons carry where the rules come from
(``t<table id>`` for a table, ``p<preset>`` for a preset), so they keep working after the match
ended or the bot restarted: a gone table's rules are read from the store. Pages longer than one
embed are split over several (4096 characters each, 6000 in all: ``cogs.table.limits``).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import store
from cogs.table import components as c
from cogs.table import limits
from cogs.table.replies import refuse, user_locale
from i18n import t
from render.registry import RULES_CARDS
from render.rules_card import rules_card

if TYPE_CHECKING:
    from cogs.table.manager import TableManager

# Preset names may hold a hyphen ("koikoi-japan").
RULES_PAGE_TEMPLATE = r"rp:(?P<game>[a-z0-9_]+):(?P<source>[tp][a-z0-9_-]+):(?P<page>rules|options|table)"
DESCRIPTION_LIMIT = limits.EMBED_DESCRIPTION  # Discord's limit for one embed's description
EMBEDS_LIMIT = limits.EMBED_TOTAL  # … and for the text of all the embeds of a message
# The button that turns the reply into each page: its label's key and its emoji.
PAGE_BUTTONS = {
    "rules": ("rules.show_rules", "📖"),
    "options": ("rules.show_options", "⚙️"),
    "table": ("rules.show_table", "📜"),
}


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
    # A preset asked for by name opens on its sources (when it has them: else on the rules).
    page = "rules" if preset is None else "table"
    locale = user_locale(interaction)
    kwargs = await rules_reply(tables, game, source, page, locale)
    if game in RULES_CARDS:  # the game on one card, above the text (kept on every page)
        png = await asyncio.to_thread(rules_card, game, locale)
        kwargs["files"] = [discord.File(io.BytesIO(png), filename=f"{game}-rules.png")]
    await interaction.response.send_message(ephemeral=True, **limits.fit(kwargs))


async def on_page_button(
    tables: TableManager, interaction: discord.Interaction, game: str, source: str, page: str
) -> None:
    """A click on **Options** or **Rules**: the same message shows the other page."""
    if game not in tables.specs:
        return await refuse(interaction, "error.unknown_button")
    kwargs = await rules_reply(tables, game, source, page, user_locale(interaction))
    await interaction.response.edit_message(**limits.fit(kwargs))
    return None


async def rules_reply(tables: TableManager, game: str, source: str, page: str, locale: str) -> dict[str, Any]:
    """``embeds`` and ``view`` of one page of the rules reply (``rules``, ``options`` or
    ``table``); a page these rules do not have shows the rules instead."""
    spec = tables.specs[game]
    rules, heading = await _rules_of(tables, game, source, locale)
    options = option_lines(game, rules, locale)
    sources = spec.preset_table(rules)
    pages = ["rules", *(["options"] if options else []), *(["table"] if sources else [])]
    if page not in pages:
        page = "rules"
    if page == "options":
        texts = [t(locale, f"{game}.rules.options"), "", *options]
        embeds = _embeds(t(locale, "rules.options_title", heading=heading), texts)
    elif page == "table" and sources is not None:
        name, rows = sources
        command = f"/{game.partition('_')[0]} start"
        texts = [t(locale, "rules.table_intro", preset=name, command=command), "", *table_lines(rows)]
        embeds = _embeds(t(locale, "rules.table_title", preset=name), texts)
    else:
        embeds = _embeds(heading, [spec.rules_text(rules, locale)])
        embeds[-1].set_footer(text=t(locale, "rules.footer" if options else "rules.footer_no_options"))
    view = None
    if len(pages) > 1:
        view = c.view_of(
            [_page_button(game, source, other, len(options), locale) for other in pages if other != page]
        )
    return {"embeds": embeds, "view": view}


def _page_button(game: str, source: str, page: str, options: int, locale: str) -> Any:
    key, emoji = PAGE_BUTTONS[page]
    return c.button(page_id(game, source, page), t(locale, key, count=options), emoji=emoji)


def table_lines(rows: Sequence[tuple[str, str, str]]) -> list[str]:
    """One line per row of a preset table: ``• **rule**: value — *source*`` (the engine's text,
    in English like ``docs/rules``; the sources quote their own language)."""
    esc = discord.utils.escape_markdown
    return [f"• **{esc(rule)}**: {esc(value)} — *{esc(source)}*" for rule, value, source in rows]


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
            return engine.stored_rules(row.rules), t(locale, f"{game}.rules.this_table")
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

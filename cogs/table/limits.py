"""Discord's limits on what the bot sends, checked in one place.

Discord rejects a whole message (HTTP 400, code 50035) when one part of it is too long, so
every message the bot sends or edits goes through :func:`fit`, and any text a user typed that a
message echoes back goes through :func:`quote` first. The API, all that callers need:

``fit(kwargs) -> kwargs``
    Keyword arguments for ``send`` / ``edit`` / ``send_message`` / ``edit_message`` /
    ``followup.send`` / ``edit_original_response`` (``content``, ``embed`` / ``embeds``,
    ``view`` (a classic view or a card), ``files`` / ``attachments``; anything else passes
    through), made to fit: texts are cut with an ellipsis, surplus embed fields, select options
    and files are dropped (and logged). Returns a new dict; embeds are copied, a view's items
    are fixed in place.
    Raises :class:`LimitError` only for what cutting would break: a custom_id or a select
    option's value over 100 characters (they route clicks), or more components than fit.
``quote(user_text, cap) -> str``
    Text a user typed, to show inside one of our messages: on one line, backticks neutralised
    (it is usually shown in a code span), at most ``cap`` characters ending with "…" when cut.
``cut(text, cap) -> str``
    Our own text cut to ``cap`` characters, ending with "…" when cut.

The limits themselves are the constants below (characters unless said otherwise).
"""

from __future__ import annotations

import copy
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

CONTENT = 2000  # message content
EMBEDS = 10  # embeds per message
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25  # fields per embed
FIELD_NAME = 256
FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000  # title, description, field names and values, footer and author of all embeds
COMPONENTS = 25  # interactive components per message: 5 action rows of 5 buttons
CARD_COMPONENTS = 40  # every component of a card (Components V2), its container and rows included
CARD_TEXT = 4000  # the text displays of a card, all together
ROWS = 5
SELECT_OPTIONS = 25
BUTTON_LABEL = 80
OPTION_LABEL = 100  # a select option's label, description and value
OPTION_DESCRIPTION = 100
OPTION_VALUE = 100
PLACEHOLDER = 150
CUSTOM_ID = 100
FILES = 10  # attachments per message
CHOICES = 25  # autocomplete choices per answer
CHOICE_NAME = 100  # an autocomplete choice's name and value
CHOICE_VALUE = 100

ELLIPSIS = "…"
QUOTE = 100  # default cap of user text echoed back


class LimitError(ValueError):
    """A message part that cannot be cut to Discord's limits without breaking it."""


def cut(text: str, cap: int) -> str:
    """``text`` if it fits in ``cap`` characters, else its start ending with "…" (``cap`` in all)."""
    if len(text) <= cap:
        return text
    return text[: max(cap - len(ELLIPSIS), 0)] + ELLIPSIS


def quote(user_text: str, cap: int = QUOTE) -> str:
    """User text made safe to echo: one line, no backticks, at most ``cap`` characters."""
    one_line = " ".join(str(user_text).split())
    return cut(one_line.replace("`", "ˋ"), cap)


def fit(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` for a send or an edit, within Discord's limits (see the module docstring)."""
    out = dict(kwargs)
    content = out.get("content")
    if isinstance(content, str):
        out["content"] = cut(content, CONTENT)
    if out.get("embed") is not None:
        (out["embed"],) = _fit_embeds([out["embed"]])
    if out.get("embeds"):
        out["embeds"] = _fit_embeds(list(out["embeds"]))
    if isinstance(out.get("view"), discord.ui.View):
        _fit_view(out["view"])
    elif isinstance(out.get("view"), discord.ui.LayoutView):
        _fit_card(out["view"])
    for key in ("files", "attachments"):
        items = out.get(key)
        if items is not None and len(items) > FILES:
            log.warning("a message carried %d %s; only the first %d are sent", len(items), key, FILES)
            out[key] = list(items)[:FILES]
    return out


def _fit_embeds(embeds: list[discord.Embed]) -> list[discord.Embed]:
    if len(embeds) > EMBEDS:
        log.warning("a message carried %d embeds; only the first %d are sent", len(embeds), EMBEDS)
    fitted = [_fit_embed(discord.Embed.from_dict(copy.deepcopy(e.to_dict()))) for e in embeds[:EMBEDS]]
    # The total counts every embed of the message: shorten the last ones first.
    excess = sum(_embed_size(e) for e in fitted) - EMBED_TOTAL
    for embed in reversed(fitted):
        if excess <= 0:
            break
        excess = _shrink(embed, excess)
    return fitted


def _fit_embed(embed: discord.Embed) -> discord.Embed:
    if embed.title:
        embed.title = cut(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = cut(embed.description, EMBED_DESCRIPTION)
    fields = embed.fields
    if len(fields) > EMBED_FIELDS:
        log.warning("an embed had %d fields; only the first %d are sent", len(fields), EMBED_FIELDS)
    embed.clear_fields()
    for f in fields[:EMBED_FIELDS]:
        name = cut(f.name or "", FIELD_NAME) or "\u200b"
        embed.add_field(name=name, value=cut(f.value or "", FIELD_VALUE) or "\u200b", inline=bool(f.inline))
    if embed.footer.text:
        embed.set_footer(text=cut(embed.footer.text, EMBED_FOOTER), icon_url=embed.footer.icon_url)
    if embed.author.name:
        embed.set_author(
            name=cut(embed.author.name, EMBED_AUTHOR), url=embed.author.url, icon_url=embed.author.icon_url
        )
    return embed


def _embed_size(embed: discord.Embed) -> int:
    texts = [embed.title, embed.description, embed.footer.text, embed.author.name]
    texts += [text for f in embed.fields for text in (f.name, f.value)]
    return sum(len(text) for text in texts if text)


def _shrink(embed: discord.Embed, excess: int) -> int:
    """Take ``excess`` characters off ``embed``: its description first, then its last fields."""
    if embed.description and excess > 0:
        keep = max(len(embed.description) - excess, 0)
        before = len(embed.description)
        embed.description = cut(embed.description, keep) if keep > len(ELLIPSIS) else None
        excess -= before - len(embed.description or "")
    while excess > 0 and embed.fields:
        last = embed.fields[-1]
        embed.remove_field(len(embed.fields) - 1)
        excess -= len(last.name or "") + len(last.value or "")
    return excess


def _fit_view(view: discord.ui.View) -> None:
    items = list(view.children)
    if len(items) > COMPONENTS:
        raise LimitError(f"a message holds at most {COMPONENTS} components, not {len(items)}")
    _fit_items(items)


def _fit_card(view: discord.ui.LayoutView) -> None:
    """A card (Components V2): at most 40 components in all, 4000 characters of text."""
    items = list(view.walk_children())
    if len(items) > CARD_COMPONENTS:
        raise LimitError(f"a card holds at most {CARD_COMPONENTS} components, not {len(items)}")
    texts = [item for item in items if isinstance(item, discord.ui.TextDisplay)]
    excess = sum(len(text.content) for text in texts) - CARD_TEXT
    for text in sorted(texts, key=lambda t: len(t.content), reverse=True):  # the longest gives way
        if excess <= 0:
            break
        before = len(text.content)
        text.content = cut(text.content, max(before - excess, len(ELLIPSIS)))
        excess -= before - len(text.content)
    _fit_items(items)


def _fit_items(items: list[Any]) -> None:
    for item in items:
        custom_id = getattr(item, "custom_id", None)
        if isinstance(custom_id, str) and len(custom_id) > CUSTOM_ID:
            raise LimitError(f"custom_id too long ({len(custom_id)} > {CUSTOM_ID}): {custom_id[:40]}…")
        if isinstance(item, discord.ui.Button) and item.label:
            item.label = cut(item.label, BUTTON_LABEL)
        elif isinstance(item, discord.ui.Select):
            _fit_select(item)


def _fit_select(menu: discord.ui.Select[Any]) -> None:
    if menu.placeholder:
        menu.placeholder = cut(menu.placeholder, PLACEHOLDER)
    options = menu.options
    if len(options) > SELECT_OPTIONS:
        log.warning("a select menu had %d options; only the first %d are sent", len(options), SELECT_OPTIONS)
        options = options[:SELECT_OPTIONS]
    for option in options:
        if len(option.value) > OPTION_VALUE:
            raise LimitError(f"select option value too long ({len(option.value)} > {OPTION_VALUE})")
        option.label = cut(option.label, OPTION_LABEL)
        if option.description:
            option.description = cut(option.description, OPTION_DESCRIPTION)
    menu.options = options
    menu.max_values = min(menu.max_values, len(options))
    menu.min_values = min(menu.min_values, menu.max_values)

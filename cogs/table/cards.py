"""Cards: one post that holds its text, its images and its buttons (Discord's Components V2).

A card is a container (discord.py's ``LayoutView``) holding, in reading order, a text display,
one gallery per image (each image as wide as the card: two in one gallery would halve them) and
the buttons in rows of five. A V2 message carries no ``content`` and no embeds: its images are the
message's attachments, named by ``attachment://<filename>``, and its text is the text displays'.
A message sent as a card stays one: every later edit of it must be a card too (Discord refuses to
take the flag off).

Reading a message back (the outbox after a restart, the tests) goes through :func:`walk`, which
finds buttons inside a card's rows as well as in a classic message's rows, and :func:`text_of`,
which reads a card's text displays as well as a classic message's content.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import discord

from cogs.table import limits


def card(
    text: str,
    images: Sequence[str] = (),
    controls: discord.ui.View | None = None,
    *,
    colour: discord.Colour | None = None,
) -> discord.ui.LayoutView:
    """A card showing ``text``, the attachments named ``images`` (in order) and the items of
    ``controls`` (a carrier view's buttons and select menu: a menu alone in its row, buttons
    five to a row). More than Discord's 40 components raises :class:`~cogs.table.limits.LimitError`.

    Like :func:`cogs.table.components.view_of`, the card is stopped before it is sent: its
    buttons are routed by custom_id, never by a live view kept per message."""
    items = list(controls.children) if controls is not None else []
    rows, images = _rows(items), images[: limits.FILES]
    count = 2 + len(images) + len(rows) + len(items)  # the container and its text, then the rest
    if count > limits.CARD_COMPONENTS:
        raise limits.LimitError(f"a card holds at most {limits.CARD_COMPONENTS} components, not {count}")
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=colour)
    container.add_item(discord.ui.TextDisplay(limits.cut(text or "\u200b", limits.CARD_TEXT)))
    for name in images:
        image = discord.MediaGalleryItem(f"attachment://{name}", description=name)  # its alt text, as
        container.add_item(discord.ui.MediaGallery(image))  # a plain attachment's is its name
    for row in rows:
        container.add_item(discord.ui.ActionRow(*row))
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(container)
    layout.stop()
    return layout


def payload(view: discord.ui.LayoutView, **rest: Any) -> dict[str, Any]:
    """Send or edit arguments showing the card ``view`` (and ``rest``: files, mentions…).

    ``content=None`` clears the text of a message that was classic until now (a board posted
    before the bot drew cards, in a match running across the upgrade): Discord refuses to turn a
    message with content into a card."""
    return {"content": None, "view": view, **rest}


def _rows(items: list[Any]) -> list[list[Any]]:
    """The items in rows: a select menu alone in its row, buttons five to a row."""
    rows: list[list[Any]] = []
    for item in items:
        if isinstance(item, discord.ui.Select) or not rows or len(rows[-1]) >= 5 or _is_select(rows[-1]):
            rows.append([item])
        else:
            rows[-1].append(item)
    return rows


def _is_select(row: list[Any]) -> bool:
    return any(isinstance(item, discord.ui.Select) for item in row)


def walk(components: Sequence[Any]) -> Iterator[Any]:
    """Every component of a message, nested ones included (a card's rows and their buttons, a
    section's accessory), in reading order: what the outbox and the tests read back."""
    for component in components:
        yield component
        yield from walk(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


def text_of(message: Any) -> str:
    """What a message says: its content, or a card's text displays, one after the other."""
    if message.content:
        return str(message.content)
    texts = [c.content for c in walk(message.components) if isinstance(c, discord.TextDisplay)]
    return "\n".join(texts)

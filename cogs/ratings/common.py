"""What the rating commands share: game choices, names, the week's cut-off, files with alt text.

Names never leave their server without consent: a name is a member's display name here, or the
name the player last played under on this server; only a player who opted in to the global board
(``/profile public:true``) is named from elsewhere.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.registry import SPECS
from i18n import t
from store import rating_boards
from store.db import Database

# The ``game`` choices of ``/leaderboard``, ``/stats`` and ``/history``: the decorators keep this
# very list, and each rating cog fills it from the registry when it is created
# (:func:`refresh_game_choices`), so a game registered after this import is offered too.
GAME_CHOICES: list[app_commands.Choice[str]] = []
WEEK = timedelta(days=7)
TOP = 10


def games() -> tuple[str, ...]:
    """Every game with a board, in the registry's order (read at call time)."""
    return tuple(SPECS)


def refresh_game_choices() -> None:
    """Fill :data:`GAME_CHOICES` (in place: the commands hold this list) from the registry."""
    GAME_CHOICES[:] = [
        app_commands.Choice(name=_(spec.display_name), value=game) for game, spec in SPECS.items()
    ]


refresh_game_choices()


def week_ago(now: datetime | None = None) -> str:
    """The trend's cut-off, in the stored timestamps' format."""
    return ((now or datetime.now(UTC)) - WEEK).isoformat(timespec="milliseconds")


def unrated(game: str) -> bool:
    """A game with best scores instead of a rating (the Goita memory mode)."""
    spec = SPECS.get(game)
    return spec is not None and spec.engine.rating == "unrated"


def game_name(locale: str, game: str) -> str:
    return t(locale, f"game.{game}")


def png_file(data: bytes, filename: str, alt: str) -> discord.File:
    """An image with its alt text (what a screen reader says for it)."""
    return discord.File(io.BytesIO(data), filename=filename, description=alt[:1024])


class Names:
    """Display names for one reader on one server, looked up once per user."""

    def __init__(self, db: Database, guild: discord.Guild | None, client: discord.Client) -> None:
        self.db, self.guild, self.client = db, guild, client
        self._known: dict[int, str] = {}

    async def here(self, user_id: int) -> str | None:
        """The member's name on this server, or the name they last played under here."""
        if user_id in self._known:
            return self._known[user_id]
        member = self.guild.get_member(user_id) if self.guild is not None else None
        name = member.display_name if member is not None else None
        if name is None and self.guild is not None:
            name = await rating_boards.name_on(self.db, user_id, self.guild.id)
        if name is not None:
            self._known[user_id] = name
        return name

    async def public(self, user_id: int) -> str | None:
        """A name for a player who opted in to the global board: here if known, else theirs."""
        name = await self.here(user_id)
        if name is not None:
            return name
        user = self.client.get_user(user_id)
        name = user.display_name if user is not None else await rating_boards.name_on(self.db, user_id, None)
        if name is not None:
            self._known[user_id] = name
        return name

    async def many(self, user_ids: Iterable[int], *, public: bool = False) -> dict[int, str]:
        out = {}
        for uid in user_ids:
            name = await (self.public(uid) if public else self.here(uid))
            out[uid] = name if name is not None else "?"
        return out

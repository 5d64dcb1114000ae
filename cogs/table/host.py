"""What each table service needs of the rest of the table flow, and no more.

The services (the announcer, the live hands, the spectators, the supervisor, the ownership of
tables) are built by :class:`~cogs.table.manager.TableManager`, which satisfies every protocol
here; each service types its host with the protocol below that names exactly what it uses, so
no service imports the manager or the bot, and a test can build one with a small stand-in.

After the announcer posts, the views that follow the table's turns (the live hands, the
spectators' views with their coaches) are brought up to date: each is a :class:`ViewListener`
registered on the announcer (``Announcer.listen``), refreshed in the order registered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from discord.ext import commands

    import store
    from cogs.table.model import Table
    from cogs.table.pacing import ChannelPacer
    from cogs.table.parts import Coach


class ViewListener(Protocol):
    """A kind of private view kept current after every post of the announcer."""

    async def refresh(self, table: Table) -> None:
        """Bring this table's views up to its current turn (or end them when the match is over)."""
        ...

    def redraw(self, table: Table) -> None:
        """Draw every view again at the next refresh (what they show beside the turn changed)."""
        ...


class ServiceHost(Protocol):
    """The bot (Discord) and the store: what every service reads."""

    @property
    def bot(self) -> commands.Bot: ...

    @property
    def db(self) -> store.Database: ...


class Flushes(Protocol):
    """The announcer, as the live hands use it: a flush, after which its listeners refresh."""

    def request(self, table: Table) -> None: ...


class LiveHandsHost(ServiceHost, Protocol):
    """What the live hands use: the announcer, to edit again a hand drawn while moves were made."""

    @property
    def announcer(self) -> Flushes: ...


class Guard(Protocol):
    """The supervisor, as the announcer asks it whether a table's posts may go on."""

    def lets_go(self, table: Table) -> bool: ...

    async def is_channel_lost(self, table: Table, error: BaseException) -> bool: ...

    def channel_lost(self, table: Table) -> None: ...


class AnnouncerHost(ServiceHost, Protocol):
    """What the announcer uses: the channel pacer, the supervisor's guard, the tables by
    channel (a message posted there), the lobby message (redrawn when the match is over) and the
    turn clock's idle step (a ping held while its player plays in their live hand)."""

    @property
    def pacer(self) -> ChannelPacer: ...

    @property
    def supervisor(self) -> Guard: ...

    def in_channel(self, channel_id: int | None) -> Table | None: ...

    async def refresh_lobby(self, table: Table, note_key: str | None = None) -> None: ...

    def watch_idle(self, table: Table) -> None: ...


class Posts(Protocol):
    """The announcer, as the spectators use it: the table's channel, and its view listeners."""

    async def channel(self, table: Table) -> Any: ...

    def redraw_views(self, table: Table) -> None: ...

    async def refresh_views(self, table: Table) -> None: ...


class SpectatorsHost(ServiceHost, Protocol):
    """What the spectators use: the channel pacer (the board's count) and the announcer."""

    @property
    def pacer(self) -> ChannelPacer: ...

    @property
    def announcer(self) -> Posts: ...


class Coaching(Protocol):
    """The spectators, as ``/coach`` (``coach.py``) changes who coaches whom."""

    def coached(self, table: Table, coach: Coach) -> None: ...

    def uncoached(self, table: Table, seat: int) -> Coach | None: ...

    def forget(self, table: Table, user_id: int) -> None: ...

    async def changed(self, table: Table) -> None: ...


class CoachHost(Protocol):
    """What ``/coach`` uses: the store and the spectators."""

    @property
    def db(self) -> store.Database: ...

    @property
    def spectators(self) -> Coaching: ...


class OwnershipHost(Protocol):
    """What the ownership of tables uses: the store, the tables driven here, letting go of one
    and resuming one taken over."""

    @property
    def db(self) -> store.Database: ...

    @property
    def tables(self) -> dict[int, Table]: ...

    def let_go(self, table: Table) -> None: ...

    async def resume_game(self, row: store.GameRow) -> int: ...


class SupervisorHost(Protocol):
    """What the supervisor needs of the table flow."""

    @property
    def bot(self) -> commands.Bot: ...

    @property
    def db(self) -> store.Database: ...

    @property
    def tables(self) -> dict[int, Table]: ...

    def owes_posts(self, table: Table) -> bool: ...

    def cancel_tasks(self, table: Table) -> None: ...

    def forget_live(self, table: Table) -> None: ...

    async def close_lobby(self, table: Table) -> None: ...

    async def refresh_lobby(self, table: Table, note_key: str | None = None) -> None: ...

    async def save_meta(self, table: Table, meta: dict[str, Any] | None = None) -> None: ...

    def schedule(self, table: Table) -> None: ...

    def restart_turn(self, table: Table) -> None: ...

    def update_board(self, table: Table) -> None: ...

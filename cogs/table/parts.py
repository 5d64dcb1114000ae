"""The parts of a :class:`~cogs.table.model.Table` that one service each owns.

A table's seats, rules and engine state are the match; what the table flow keeps beside them is
split by owner, so that following who changes what means reading one module:

- :class:`Outbox` (``table.outbox``): what is stored but not yet posted, and the board post.
  Written by the announcer (``announcer.py``); the manager hands it moves and notes through the
  announcer's :meth:`~cogs.table.announcer.Announcer.queue` and ``note``.
- :class:`Clock` (``table.clock``): the turn in progress and its deadline. Written by the turn
  clock (``turns.py``).
- :class:`Pings` (``table.pings``): the turn's ping and warning messages. Written by the
  announcer, which posts and deletes them.
- :class:`LiveViews` (``table.live``): the private messages kept current after every post:
  ``hands`` written by the live hands (``hands.py``), ``watchers`` and ``coaches`` by the
  spectators (``spectators.py``, whose ``/coach`` rules are in ``coach.py``).
- :class:`Supervision` (``table.supervision``): the pause and the failures in a row. Written
  by the supervisor (``supervisor.py``).

A table is built with fresh parts (a lobby), or with parts rebuilt from the store after a
restart (``rebuild.py``); from then on only its owner writes a part, and the others read it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Pending:
    """A stored move whose narration is still to be posted."""

    seq: int
    seat: int
    events: tuple[Any, ...]
    by: str  # human, cpu or timeout


@dataclass(frozen=True, slots=True)
class Coach:
    """The one spectator a seated player lets see their hand (``/coach``), for teaching."""

    seat: int
    user_id: int
    name: str


@dataclass(slots=True)
class Board:
    """The public board post: edited in place while it is the newest message of its thread."""

    message_id: int | None = None
    last: bool = False  # nothing was posted after it (our deleted pings aside)
    head: list[str] = field(default_factory=list)  # what opened this post, then its notable moves
    opening: int = 0  # how many of the head's lines opened the post (a start, its sealed deal): kept
    log: list[str] = field(default_factory=list)  # the turns narrated since
    kept: list[Any] = field(default_factory=list)  # its other attachments (a round sheet)


@dataclass(slots=True)
class Outbox:
    """The announce outbox (``announcer.py``): moves stored and applied but not yet narrated,
    oldest first, and the watermarks of what is out."""

    pending: list[Pending] = field(default_factory=list)
    announced: int = 0  # moves the board has narrated (stored as games.announced_seq)
    results_posted: bool = False
    marks_saved: bool = True  # the watermarks above are stored (else the next flush stores them first)
    notes: list[str] = field(default_factory=list)  # lines for the next post (a forfeit, a stop)
    board: Board = field(default_factory=Board)
    board_stale: bool = False  # the board's status changed with no move (a pause): edit it again
    announce_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    announcing: asyncio.Task[None] | None = None
    announce_wake: asyncio.Event = field(default_factory=asyncio.Event)  # a move came in meanwhile
    announce_retrying: bool = False  # the flush waits to retry a failed post (a move restarts it)


@dataclass(slots=True)
class Clock:
    """The turn (a run of consecutive moves by one seat): its first move and its deadline
    (``turns.py``)."""

    turn_start: int = 0  # seq of the turn's first move
    turn_deadline: float | None = None  # epoch seconds, for a human seat's timer
    turn_ends: float | None = None  # the same deadline on the event loop's clock
    turn_timed_out: bool = False  # the timer ran out: the CPU plays the rest of this turn
    warn_due: int | None = None  # turn_start of the turn whose warning is due and not yet out
    # turn_start of the turn whose auto-pass window is open: its ping waits until the window
    # closes, whether the seat's only move is a pass or not (autopass.py, for the turn clock)
    autopass_turn: int | None = None


@dataclass(slots=True)
class Pings:
    """The turn's ping and warning messages in the thread (``announcer.py``)."""

    ping_turn: int | None = None  # turn_start of the turn whose ping is posted
    ping_ids: list[int] = field(default_factory=list)  # this turn's ping and warning messages


@dataclass(slots=True)
class LiveViews:
    """The private messages kept current after every post: seat -> its live hand
    (``hands.LiveHand``, written by ``hands.py``); user id -> their spectator view
    (``spectators.Watcher``) and seat -> its coach (both written by ``spectators.py``)."""

    hands: dict[int, Any] = field(default_factory=dict)
    watchers: dict[int, Any] = field(default_factory=dict)
    coaches: dict[int, Coach] = field(default_factory=dict)


@dataclass(slots=True)
class Supervision:
    """The supervisor's part (``supervisor.py``).

    ``paused``: why an active table waits with no step scheduled (a supervisor.PauseReason: its
    texts are table.pause_reason.<it> and error.paused_<it>), e.g. the store unreachable; None:
    it runs. Saved in the meta, so a restart keeps it paused."""

    paused: str | None = None
    paused_left: float | None = None  # seconds of the human's turn timer left when it paused
    failures: dict[str, int] = field(default_factory=dict)  # slot -> its steps failed in a row

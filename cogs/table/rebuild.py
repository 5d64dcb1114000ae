"""A table rebuilt from the store after a restart (or by the process taking it over).

The game row gives the table and its seats; the stored actions, replayed through the engine,
give its state, the moves the board has not narrated yet (the outbox's ``pending``, from the
row's watermarks) and where the turn in progress began. The parts are built here, once, with the
table; from then on their owners write them (:mod:`cogs.table.parts`).
"""

from __future__ import annotations

from collections.abc import Sequence

import store
from cogs.table.model import Seat, Table
from cogs.table.parts import Clock, Outbox, Pending, Supervision
from cogs.table.spec import GameSpec


async def rebuild(
    db: store.Database, row: store.GameRow, spec: GameSpec, turn_timeout: float
) -> tuple[Table, str | None]:
    """The table of ``row`` (``turn_timeout``: the default, if its meta has none), and when its
    turn in progress began (ISO UTC; for the turn clock, when the match has begun)."""
    meta = row.meta or {}
    rules = spec.engine.stored_rules(row.rules)
    table = Table(
        id=row.id,
        game=row.game,
        spec=spec,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        host_id=row.host_id,
        rules=rules,
        options=row.options,
        locale=meta.get("locale", "en"),
        turn_timeout=float(meta.get("turn_timeout", turn_timeout)),
        seed=row.seed,
        status=row.status,
        thread_id=row.thread_id,
        lobby_message_id=meta.get("lobby_message_id"),
        host_name=meta.get("host_name", ""),
        supervision=Supervision(paused=meta.get("paused"), paused_left=meta.get("paused_left")),
    )
    seat_meta = meta.get("seats", [])
    for s in row.seats:
        seat = Seat(s.seat, s.user_id, s.display_name)
        if s.seat < len(seat_meta):
            seat.away = bool(seat_meta[s.seat].get("away"))
            seat.timeouts = int(seat_meta[s.seat].get("timeouts", 0))
            seat.level = seat_meta[s.seat].get("level") if seat.is_cpu else None
            seat.tutorial_skipped = bool(seat_meta[s.seat].get("tutorial_skipped"))
            seat.tutorial_from = int(seat_meta[s.seat].get("tutorial_from", 0))
            seat.auto_pass = bool(seat_meta[s.seat].get("auto_pass", True))
        table.seats.append(seat)
    if table.status not in ("active", "finished"):
        return table, None
    actions = await store.actions_for(db, row.id)
    return table, _replay(table, actions, row)


def _replay(table: Table, actions: Sequence[store.ActionRow], row: store.GameRow) -> str | None:
    """The state after the stored moves, the moves the board has not narrated yet (their
    events, as ``pending``) and the turn in progress: its first move, and when it began."""
    engine = table.spec.engine
    state, events = engine.begin(table.seat_count, table.rules, table.seed)
    outbox = Outbox(announced=row.announced_seq, results_posted=row.results_posted)
    if row.table_message_id is None and row.announced_seq == 0:
        outbox.pending.append(Pending(-1, 0, tuple(events), "cpu"))  # the deal was never posted
    for stored in actions:
        state, events = engine.apply(state, engine.parse_action(stored.action))
        table.moves_by_seat[stored.seat] = table.moves_by_seat.get(stored.seat, 0) + 1
        if stored.seq >= row.announced_seq:
            outbox.pending.append(Pending(stored.seq, stored.seat, tuple(events), "cpu"))
    table.state, table.seq, table.outbox = state, len(actions), outbox
    current = table.to_act()
    began, turn_start = row.started_at, 0
    for stored in reversed(actions):
        if current is None or stored.seat != current.index:
            turn_start, began = stored.seq + 1, stored.at
            break
    table.clock = Clock(turn_start=turn_start)
    return began

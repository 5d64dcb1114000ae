"""What one click on **Log** costs: replaying a whole stored match and narrating it, per game.

Run: ``python bench/round_log.py``. For each game, one long seeded random match (every move
stored as its text notation, the way the actions table keeps it) is replayed exactly as the click
does (``cogs.replay.timeline.build``, then ``cogs.table.round_log.round_lines`` in English) a few
times; prints the moves, the rounds and the CPU time per click in ms (``time.process_time``: a busy
machine does not inflate it). The click runs this in a thread after deferring its answer.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import store
from cogs.replay.timeline import build
from cogs.table.round_log import round_lines
from tsuki.bot import game_specs

SEATS = {"koikoi": 2, "roppyakken": 3, "gostop": 3, "doudizhu": 3, "goita": 4, "goita_solo": 1}
RUNS = 5


def stored_match(spec: Any, seats: int, seed: int) -> tuple[store.GameRow, list[store.ActionRow]]:
    """A finished random match as the store holds it: its row and its actions."""
    engine = spec.engine
    rules = engine.rules_from(None, {})
    state, _ = engine.begin(seats, rules, seed)
    rng = random.Random(seed)
    actions: list[store.ActionRow] = []
    while engine.outcome(state) is None:
        action = rng.choice(engine.legal_actions(state))
        actions.append(store.ActionRow(1, len(actions), engine.to_act(state) or 0, str(action), True, ""))
        state, _ = engine.apply(state, action)
    seat_rows = tuple(store.SeatRow(i, None, f"CPU {i + 1}") for i in range(seats))
    row = store.GameRow(
        id=1,
        guild_id=1,
        channel_id=1,
        thread_id=None,
        game="bench",
        status="finished",
        rules=rules.to_dict(),
        options={},
        seed=seed,
        host_id=1,
        seats=seat_rows,
        winners=(),
        meta={},
        lobby_message_id=None,
        table_message_id=None,
        created_at="",
        started_at=None,
        finished_at=None,
    )
    return row, actions


def main() -> None:
    for game, spec in game_specs().items():
        seats = SEATS.get(game, spec.engine.min_seats)
        row, actions = stored_match(spec, seats, 3)
        times = []
        for _ in range(RUNS):
            start = time.process_time()
            timeline = build(spec, row, actions)
            rounds = round_lines(spec, timeline.frames, timeline.names, "en")
            times.append((time.process_time() - start) * 1000)
        lines = sum(len(v) for v in rounds.values())
        print(
            f"{game:11} {len(actions):4} moves {len(rounds):3} rounds {lines:5} lines: "
            f"median {statistics.median(times):6.1f} ms, max {max(times):6.1f} ms per click"
        )


if __name__ == "__main__":
    main()

"""A finished match as a list of frames: the deal, then the table after each stored move.

Built by replaying the stored ``(rules, seed, actions)`` exactly as the table flow played them
(``engine.begin``, then ``engine.apply``), keeping every intermediate state (states are frozen,
so this is a list of references). Pure: no Discord, no store access, no images.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import store
from cogs.table.spec import GameSpec
from engine.core import GameError

MAX_TIMELINES = 8  # finished matches kept in memory (a long Goita match: ~200 frames of references)


@dataclass(frozen=True, slots=True)
class Frame:
    """Position ``position`` of the replay: 0 is the deal, n the table after the n-th move.

    ``round_no`` is the round the frame belongs to: the round its move was played in (a move
    that ends a round belongs to it, even when the state already shows the next deal).
    """

    position: int
    state: Any
    before: Any  # the state the move was played from (the deal's own state for frame 0)
    events: tuple[Any, ...]
    move: store.ActionRow | None
    round_no: int


@dataclass(frozen=True, slots=True)
class Timeline:
    row: store.GameRow
    frames: tuple[Frame, ...]
    broken_at: int | None  # the seq of the first stored move that does not replay (a tampered log)

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.display_name for s in sorted(self.row.seats, key=lambda s: s.seat))

    def rounds(self) -> list[int]:
        """The rounds played, in order."""
        return sorted({f.round_no for f in self.frames})

    def frames_of_round(self, round_no: int) -> list[Frame]:
        return [f for f in self.frames if f.round_no == round_no]

    def clamp(self, position: int) -> int:
        return max(0, min(position, self.last))


def round_of(spec: GameSpec, state: Any) -> int:
    """The round (or hand) a state is in; 1 for a game without rounds."""
    return spec.engine.round_of(spec.engine.view(state, None)) or 1


def build(spec: GameSpec, row: store.GameRow, actions: Sequence[store.ActionRow]) -> Timeline:
    """Every frame of the match. A stored move that does not replay ends the timeline there."""
    engine = spec.engine
    rules = engine.stored_rules(row.rules)
    state, events = engine.begin(len(row.seats), rules, row.seed)
    current = round_of(spec, state)
    frames = [Frame(0, state, state, tuple(events), None, current)]
    broken_at = None
    for action in actions:
        try:
            after, events = engine.apply(state, engine.parse_action(action.action))
        except GameError:
            broken_at = action.seq
            break
        frames.append(Frame(len(frames), after, state, tuple(events), action, current))
        state, current = after, round_of(spec, after)
    return Timeline(row, tuple(frames), broken_at)

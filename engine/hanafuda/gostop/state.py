"""The Go-Stop match state (all rounds): an immutable NamedTuple of ints, masks and tuples.

Nothing here leaves the engine except through :func:`engine.hanafuda.gostop.view.view`.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.hanafuda.gostop.rules import Rules
from engine.hanafuda.gostop.types import Phase, RoundResult


class State(NamedTuple):
    rules: Rules
    seed: int
    n: int  # seats
    round_no: int
    dealer: int
    scores: tuple[int, ...]
    history: tuple[RoundResult, ...]
    carry: int  # nagari multiplier for this round (1, 2, 4…)
    phase: Phase
    to_act: int | None
    hands: tuple[int, ...]
    field: int
    pile: tuple[int, ...]
    pile_pos: int
    captured: tuple[int, ...]
    gos: tuple[int, ...]
    go_at: tuple[int, ...]  # score at the last Go (-1: none): re-decide only above it
    go_order: tuple[int, ...]  # seats in the order of their first Go
    shakes: tuple[int, ...]  # heundeul declarations and bombs
    shaken: int  # mask of months (bit m) already shaken
    seolsa: tuple[int, ...]
    stacks: int  # mask of months (bit m) holding a seolsa stack
    flips: tuple[int, ...]  # free flips left (bomb)
    turns: tuple[int, ...]  # turns completed per seat (no joker on the first)
    pending: tuple[int, ...] | None  # FLIP_CHOICE/CLAIM/CUP: (played, play_target, flipped, steals)
    pot: tuple[int, ...]  # per month (index 1..12): jokers stacked on that month's cards
    joker_turn: int  # mask of jokers the seat to act played from hand this turn
    cup: int  # sake cup: -1 counted best for its owner, 0 chosen as animal, 1 chosen as 2 pi
    stolen: tuple[int, ...]  # pi cards each seat took from opponents by steals this round
    given: tuple[int, ...]  # pi cards each seat gave to a thief this round
    shown: tuple[int, ...]  # per seat, a mask of the cards it showed by shaking (heundeul) this round

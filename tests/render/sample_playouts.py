"""The sample images' common ground (:mod:`tests.render.samples`): the players' names and the
seeded random playouts of every engine the samples' positions come from."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import engine.goita as gt
from engine.core import GameEngine
from engine.doudizhu import ENGINE as DOUDIZHU
from engine.goita import memory as gm
from engine.hanafuda.gostop import ENGINE as GOSTOP
from engine.hanafuda.koikoi import ENGINE as KOIKOI
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
from render.rating_change import RatingShown

Render = Callable[[], bytes]
PLAYERS = ("Aki", "Benoît", "Chiyo", "Daichi")
LONG = ("Alexandrine-Marguerite", "猪鹿蝶고도리猪鹿蝶고도리", "Wolfgang Amadeus", "Hermenegildo")
# A rated match's changes per seat (the third seat a CPU): the summaries' rating lines.
RATED = (RatingShown(1086, 86), RatingShown(958, -42), None, RatingShown(12034, -120))


_ENGINES: dict[str, GameEngine[Any, Any, Any, Any]] = {
    "koikoi": KOIKOI,
    "roppyakken": ROPPYAKKEN,
    "gostop": GOSTOP,
    "doudizhu": DOUDIZHU,
    "goita": gt.ENGINE,
    "memory": gm.MEMORY,
}


@cache
def playout(name: str, seats: int, seed: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Every state of one random match of ``name`` (default rules) and the events it produced."""
    eng = _ENGINES[name]
    rng = random.Random(seed)
    state = eng.new_game(seats, eng.rules_from(None, None), seed)
    states: list[Any] = [state]
    events: list[Any] = []
    for _ in range(5000):
        legal = eng.legal_actions(state)
        if not legal:
            break
        state, happened = eng.apply(state, rng.choice(legal))
        states.append(state)
        events += happened
    return tuple(states), tuple(events)


def _view(name: str, seats: int, seed: int, test: Callable[[Any], bool], seat: str = "acting") -> Any:
    """The first view of the playout (spectator's, or the acting seat's) that passes ``test``."""
    eng = _ENGINES[name]
    for s in playout(name, seats, seed)[0]:
        public = eng.view(s, None)
        if test(public):
            return public if seat == "spectator" else eng.view(s, eng.to_act(s))
    raise LookupError(f"no {name} position found")


def _after(steps: int) -> Callable[[Any], bool]:
    counter = iter(range(10**6))
    return lambda _: next(counter) >= steps

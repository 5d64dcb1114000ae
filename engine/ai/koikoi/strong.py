"""Koi-Koi's strong level: the generic search for plays, a search of its own for koi-koi/stop.

Duels against the normal CPU (docs/cpu-levels.md) showed where the budget pays: searched
koi-koi calls alone (every play the normal CPU's) gain about 0.7 points a round, and no more
past a few hundred playouts; the rest comes from the plays, and grows with their playouts.

- **One legal move** (the last card, a forced capture): played at once.
- **A play or a capture choice**: :func:`engine.ai.search.search` over
  :data:`PLAY_SEARCH` (every legal move, sequential halving, common random numbers), with
  the normal CPU as prior: its move is kept unless the search beats it with confidence.
  The opponent's hidden hand is sampled so that its last play is one the normal CPU would
  have made from it (``engine.ai.koikoi.infer``).
- **Koi-koi or stop**: stopping is worth exactly the stop score shown in the view (the round
  ends), so every playout goes to koi-koi, from determinizations of the view. A koi-koi is
  played out twice on the same cards and random draws: with the normal CPU deciding the
  seat's later koi-koi calls, and stopping at the seat's next yaku; the better of the two
  plans is koi-koi's value (the seat will choose its later plan itself). Koi-koi is called
  when that value beats the stop score; where the difference is within ``CONFIDENCE``
  standard errors, the normal CPU's call stands.

Budgets: ``Budget(playouts=N)`` gives a play N playouts and the koi-koi decision
``DECIDE_FACTOR * N``, at most ``DECIDE_CAP`` (both fit within a second on one core up to
N = 2,000: docs/cpu-levels.md), and so does the bot's ``Budget(playouts=N, floor=F,
wall_cap=W)`` unless its wall cap cuts it (the floor scaled as N); ``Budget(seconds=T)`` gives
either decision ``MARGIN * T`` seconds of CPU time (and its floor and wall cap,
``engine.ai.search``: the koi-koi decision's floor is ``DECIDE_FACTOR`` times the budget's, at
most ``DECIDE_CAP``, as a fixed budget).
"""

from __future__ import annotations

import math
import random

from engine.ai.koikoi.heuristic import KOIKOI, SHOBU, choose_action
from engine.ai.koikoi.infer import determinize_informed
from engine.ai.koikoi.search import done, policy, value
from engine.ai.search import Budget, Meter, SearchGame, SearchStats, search_with_stats
from engine.hanafuda.koikoi import ENGINE, KoiKoiView, Phase
from engine.hanafuda.koikoi.state import State
from engine.hanafuda.koikoi.types import Action

__all__ = [
    "CONFIDENCE",
    "DECIDE_CAP",
    "DECIDE_FACTOR",
    "PLAY_SEARCH",
    "choose",
    "choose_with_stats",
    "decide_stats",
]

DECIDE_FACTOR = 2
DECIDE_CAP = 2000  # koi-koi calls gain no more past a few hundred playouts (docs/cpu-levels.md)
CONFIDENCE = 1.0
MAX_STEPS = 60  # a round has at most 16 turns of 2-3 moves

PLAY_SEARCH = SearchGame(
    engine=ENGINE,
    determinize=determinize_informed,
    policy=policy,
    value=value,
    done=done,
    max_steps=MAX_STEPS,
    prior=choose_action,
    confidence=CONFIDENCE,
)


def choose(view: KoiKoiView, rng: random.Random, budget: Budget) -> Action:
    """The strong level's action for ``view.seat`` (see the module docstring)."""
    return choose_with_stats(view, rng, budget)[0]


def choose_with_stats(view: KoiKoiView, rng: random.Random, budget: Budget) -> tuple[Action, SearchStats]:
    """:func:`choose`, with what the search did (``GameAI.strong``)."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0], SearchStats()
    if view.phase is Phase.DECIDE:
        action, found = decide_stats(view, rng, budget)
        playouts = int(found["playouts"])
        stats = SearchStats(iterations=playouts // 2, playouts=playouts)
        stats.cpu_seconds, stats.wall_seconds = found["cpu_seconds"], found["wall_seconds"]
        return action, stats
    return search_with_stats(PLAY_SEARCH, view, rng, budget)


def decide_stats(view: KoiKoiView, rng: random.Random, budget: Budget) -> tuple[Action, dict[str, float]]:
    """Koi-koi or stop, with the estimates behind it (``stop``, ``koikoi``, its standard error,
    the playouts made and the CPU and wall seconds they took)."""
    me = view.seat
    assert me is not None and view.stop_score is not None
    pts = view.stop_score.points
    stop = float(pts[me] - pts[1 - me])
    prior = choose_action(view, random.Random(0))
    r = random.Random(rng.getrandbits(64))
    # Iterations (two playouts each): at least the floor's (an untimed budget's playouts), at most
    # the playouts'; both DECIDE_FACTOR times a play's, at most DECIDE_CAP playouts.
    least = _iterations(budget.least_playouts)
    most = None if budget.playouts is None else _iterations(budget.playouts)
    meter = Meter(budget)
    plans: tuple[list[float], list[float]] = ([], [])
    apply = ENGINE.apply
    while True:
        root = PLAY_SEARCH.determinize(view, r)
        base = value(root, me)
        after, _ = apply(root, KOIKOI)
        seed = r.getrandbits(64)
        plans[0].append(_playout(root, after, me, random.Random(seed), False) - base)
        plans[1].append(_playout(root, after, me, random.Random(seed), True) - base)
        meter.tick()
        if budget.stop(len(plans[0]), least, most, meter, 1.0):
            break  # stops before an iteration that would overrun: the budget is a ceiling
    n = len(plans[0])
    means = [sum(p) / n for p in plans]
    best = plans[0] if means[0] >= means[1] else plans[1]
    mean = max(means)
    se = math.sqrt(sum((g - mean) ** 2 for g in best) / max(1, n - 1) / n)
    pick: Action = KOIKOI if mean > stop else SHOBU
    if pick != prior and abs(mean - stop) <= CONFIDENCE * se:
        pick = prior
    return pick, {"stop": stop, "koikoi": mean, "koikoi_normal": means[0], "koikoi_stop_next": means[1],
                  "se": se, "playouts": 2.0 * n, "cpu_seconds": meter.cpu_seconds,
                  "wall_seconds": meter.wall_seconds}  # fmt: skip


def _iterations(playouts: int) -> int:
    """The koi-koi decision's iterations for a play's ``playouts``."""
    return max(2, min(playouts * DECIDE_FACTOR, DECIDE_CAP) // 2)


def _playout(root: State, state: State, seat: int, rng: random.Random, stop_next: bool) -> float:
    """The round played out with the normal CPU; with ``stop_next`` the seat stops at its next
    koi-koi decision."""
    apply = ENGINE.apply
    for _ in range(MAX_STEPS):
        if done(root, state):
            break
        if stop_next and state.phase is Phase.DECIDE and state.to_act == seat:
            action: Action = SHOBU
        else:
            action = policy(state, rng)
        state, _ = apply(state, action)
    return value(state, seat)

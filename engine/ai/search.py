"""The strong CPU: determinized Monte-Carlo search from one seat's view, over the engine's own
``legal_actions``/``apply``.

How it decides (flat determinized Monte-Carlo with common random numbers and sequential halving:
the player the issue measured was of this kind; ISMCTS was not tried, as these games' play after
the root is mostly forced or well served by the heuristic policy):

1. The candidates are ``game.candidates(view)`` (default: every legal action; Dou Dizhu keeps its
   heuristic's best few of thousands of leads). One candidate: played at once, no search.
2. An *iteration* samples one determinization ``game.determinize(view, rng)``, a full engine
   state consistent with the view, then plays every surviving candidate from it to the horizon
   with the playout policy, each playout with the same RNG seed (common random numbers: the
   candidates are compared on identical deals and identical later choices, which removes most
   of the noise of a paired comparison).
3. The budget is split into ``ceil(log2 n)`` rounds; after each round the worse half of the
   candidates (by mean value over every iteration so far) is dropped (sequential halving).
4. The candidate with the best mean is played (ties: the earlier candidate), except that with a
   ``prior`` (the game's normal heuristic), the prior's move is kept through the halving and
   played unless the best beats it, paired over the same determinizations, by more than
   ``confidence`` standard errors: a small budget then plays like the heuristic where the search
   cannot tell, and a larger one overrides it where it can.

What a game provides: a :class:`SearchGame`, normally in ``engine/ai/<game>/search.py`` and
referenced from its ``engine/ai/<game>/levels.py`` registration (see ``engine.ai.levels``):

- ``engine``: its :class:`~engine.core.GameEngine`.
- ``determinize(view, rng) -> State``: a full state that shows ``view`` to ``view.seat``.
  Hidden cards are drawn **only from what the view allows** (the unseen cards, constraints the
  view reveals: Dou Dizhu passes, Go-Stop shakes, Goita's face-down pieces…). It must never
  look at the real state, and must be a function of ``(view, rng)`` alone: the no-peeking test
  (``tests/engine/ai/test_no_peeking.py``) builds two states with the same view and different
  hidden cards and requires the same decision for the same seed and playout count.
- ``policy(state, rng) -> action``: the playout move of ``state``'s seat to act. It may read
  the whole *determinized* state (it is a sample, not the truth); usually the normal heuristic
  on ``engine.view(state, seat)``, or something cheaper.
- ``value(state, seat) -> float``: the seat's standing in points (e.g. its match score minus
  the opponents'); a playout is worth ``value(end) - value(root)``.
- ``done(root, state) -> bool``: the horizon (the round or deal is over); ``max_steps`` caps a
  playout anyway (``value`` must then be meaningful mid-round).
- ``candidates(view)`` (optional): the root actions worth searching.
- ``prior(view, rng)`` (optional, with ``confidence``): the heuristic move the search must beat
  with confidence to be overridden (see step 4).

A game whose strong level is a search of its own registers it as ``GameAI.strong``
(``engine.ai.levels``; Koi-Koi's), and may call :func:`search` for the generic part.

Budgets: ``Budget(playouts=N)`` is deterministic: N playouts, whatever the clocks say (tests, the
no-peeking proof, benches). The bot's is ``Budget(playouts=N, floor=F, wall_cap=W)``
(``engine.ai.cpu_calibration``: N is what ``CPU_THINK_TIME`` seconds of CPU buy on the reference
machine, F ``CPU_MIN_PLAYOUTS``, W ``CPU_THINK_CAP``): the same N playouts, so the same decision
for the same seed, on a busy host as on an idle one, unless W seconds pass on the wall clock first
(a host so busy the decision would take too long), and never fewer than the F playouts a
``Budget(playouts=F)`` makes. ``Budget(seconds=T, floor=F, wall_cap=W)`` searches T seconds of its
own **CPU time** instead (``time.thread_time``: the thread searching, in a worker process or in a
thread of the bot), with the same floor and cap; the bot used it until a busy host was found to
make ~10-15 % fewer playouts in the same CPU time (each playout costs more CPU when the core is
shared: ``engine.ai.cpu_calibration``). With both ``playouts`` and ``seconds``, whichever ends
first. The rounds of the halving share the playouts, T and W alike. The clocks are the budget's
:class:`Clocks`, so tests give it fake ones.

Reuse across decisions: the answer for an identical question (same game, view, seed and budget)
is cached per process (the bot asks again after a restart, a stale retry, or a hint; the cache
is shared by the threads that search when ``CPU_WORKERS=0``, hence its lock), and the
heuristic policies reuse their prebuilt tables; flat search keeps no tree to carry over.
Pure: no I/O, no clocks other than the time budget's (:class:`Clocks`).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import GameEngine

__all__ = [
    "SYSTEM_CLOCKS",
    "Budget",
    "Clocks",
    "Meter",
    "SearchGame",
    "SearchStats",
    "clear_cache",
    "search",
    "search_with_stats",
]


@dataclass(frozen=True, slots=True)
class Clocks:
    """Where a time budget reads the time: ``cpu``, the CPU seconds of the thread searching
    (``time.thread_time``: in a worker process, the process's own work; in a thread of the bot,
    not the event loop's nor the drawing threads'), and ``wall``, the wall clock. Module-level
    functions, so a budget pickles to a worker process."""

    cpu: Callable[[], float] = time.thread_time
    wall: Callable[[], float] = time.perf_counter


SYSTEM_CLOCKS = Clocks()


@dataclass(frozen=True, slots=True)
class Budget:
    """Per decision: at most ``playouts`` playouts and at most ``seconds`` of CPU time (at least
    one of them), never fewer than ``floor`` playouts, cut at ``wall_cap`` wall-clock seconds
    once past the floor (see the module docstring)."""

    playouts: int | None = None
    seconds: float | None = None
    floor: int = 0
    wall_cap: float | None = None
    clocks: Clocks = SYSTEM_CLOCKS

    def __post_init__(self) -> None:
        if self.playouts is None and self.seconds is None:
            raise ValueError("a budget needs playouts or seconds")

    @property
    def timed(self) -> bool:
        """Whether the clocks may end the search (CPU seconds, or a wall cap)."""
        return self.seconds is not None or self.wall_cap is not None

    @property
    def least_playouts(self) -> int:
        """The playouts made whatever the clocks say: all of an untimed playout budget, else the
        floor (at most the playouts)."""
        if not self.timed:
            return self.playouts or 0
        return self.floor if self.playouts is None else min(self.floor, self.playouts)

    def stop(self, made: int, least: int, most: int | None, meter: Meter, share: float) -> bool:
        """Whether a search that has made ``made`` units of work (iterations…) stops: ``most``
        made (its share of ``playouts``; None: no such limit), or ``least`` made (its share of
        the floor) and the clocks spent for ``share`` of the time."""
        if most is not None and made >= most:
            return True
        return made >= least and self.timed and meter.spent(share)


class Meter:
    """One decision's time against its budget, read on the budget's clocks after each iteration.

    :meth:`spent` says whether another iteration as long as the last one would overrun a share
    of the CPU budget or of the wall cap (each searched for ``MARGIN`` of it: the last
    iteration, the determinization and the trip to and from the worker fit in the rest)."""

    __slots__ = ("_cpu", "_cpu_step", "_wall", "_wall_step", "budget", "cpu_start", "wall_start")

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.cpu_start = self._cpu = budget.clocks.cpu()
        self.wall_start = self._wall = budget.clocks.wall()
        self._cpu_step = self._wall_step = 0.0

    def tick(self) -> None:
        """Read both clocks: an iteration is over."""
        cpu, wall = self.budget.clocks.cpu(), self.budget.clocks.wall()
        self._cpu_step, self._wall_step = cpu - self._cpu, wall - self._wall
        self._cpu, self._wall = cpu, wall

    def spent(self, share: float) -> bool:
        """Whether the next iteration would take the search past ``share`` of its time."""
        b = self.budget
        if b.seconds is not None and self.cpu_seconds + self._cpu_step >= MARGIN * b.seconds * share:
            return True
        return b.wall_cap is not None and self.wall_seconds + self._wall_step >= MARGIN * b.wall_cap * share

    @property
    def cpu_seconds(self) -> float:
        """CPU seconds used up to the last tick."""
        return self._cpu - self.cpu_start

    @property
    def wall_seconds(self) -> float:
        """Wall-clock seconds up to the last tick."""
        return self._wall - self.wall_start


@dataclass(frozen=True, slots=True)
class SearchGame:
    """What the search needs from a game (see the module docstring)."""

    engine: GameEngine[Any, Any, Any, Any]
    determinize: Callable[[Any, random.Random], Any]
    policy: Callable[[Any, random.Random], Any]
    value: Callable[[Any, int], float]
    done: Callable[[Any, Any], bool]
    candidates: Callable[[Any], Sequence[Any]] | None = None
    max_steps: int = 400
    prior: Callable[[Any, random.Random], Any] | None = None
    confidence: float = 1.0


@dataclass(slots=True)
class SearchStats:
    """What one search did, for benches and tests."""

    iterations: int = 0
    playouts: int = 0
    means: dict[str, float] | None = None
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0


# A time budget is searched for this share of it (CPU time and wall cap alike): the last
# iteration, the determinization and the trip to and from the worker process fit in the rest.
MARGIN = 0.9
_CACHE: OrderedDict[Any, tuple[Any, SearchStats]] = OrderedDict()
_CACHE_SIZE = 256
_CACHE_LOCK = threading.Lock()  # searches run in several threads at once with CPU_WORKERS=0


def clear_cache() -> None:
    """Forget the answers cached for identical questions (benches that ask again on purpose)."""
    with _CACHE_LOCK:
        _CACHE.clear()


def _cached(key: Any) -> tuple[Any, SearchStats] | None:
    """The answer kept for ``key`` (now the most recent), or None."""
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is not None:
            _CACHE.move_to_end(key)
        return found


def _keep(key: Any, result: Any) -> None:
    with _CACHE_LOCK:
        _CACHE[key] = result
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def search(game: SearchGame, view: Any, rng: random.Random, budget: Budget) -> Any:
    """The action ``view.seat`` should take, found by search from its view alone."""
    return search_with_stats(game, view, rng, budget)[0]


def search_with_stats(
    game: SearchGame, view: Any, rng: random.Random, budget: Budget
) -> tuple[Any, SearchStats]:
    """:func:`search`, with what it did."""
    seat = view.seat
    cands = list(game.candidates(view) if game.candidates is not None else view.legal_actions)
    if not cands:
        cands = list(view.legal_actions)
    if len(cands) == 1:
        return cands[0], SearchStats()
    seed = rng.getrandbits(64)
    key = _cache_key(game, view, seed, budget)
    if key is not None and (found := _cached(key)) is not None:
        return found
    prior = None
    if game.prior is not None:
        choice = game.prior(view, random.Random(seed ^ 0x5EED))
        if choice not in cands:
            cands.append(choice)
        prior = cands.index(choice)
    result = _halving(game, view, seat, cands, random.Random(seed), budget, prior)
    if key is not None:
        _keep(key, result)
    return result


def _cache_key(game: SearchGame, view: Any, seed: int, budget: Budget) -> Any:
    key = (id(game), view, seed, budget)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _halving(
    game: SearchGame,
    view: Any,
    seat: int,
    cands: list[Any],
    rng: random.Random,
    budget: Budget,
    prior: int | None,
) -> tuple[Any, SearchStats]:
    n = len(cands)
    rounds = max(1, math.ceil(math.log2(n)))
    totals = [0.0] * n
    samples: list[list[float]] = [[] for _ in range(n)]
    alive = list(range(n))
    stats = SearchStats()
    meter = Meter(budget)
    for r in range(rounds):
        # This round's iterations: at least its share of the floor, at most its share of the playouts.
        least = max(1, budget.least_playouts // rounds // len(alive))
        most = None if budget.playouts is None else max(1, budget.playouts // rounds // len(alive))
        done_iters = 0
        while True:
            _iteration(game, view, seat, cands, alive, totals, samples, rng)
            stats.iterations += 1
            stats.playouts += len(alive)
            done_iters += 1
            meter.tick()
            if budget.stop(done_iters, least, most, meter, (r + 1) / rounds):
                break  # stops before an iteration that would overrun: the budget is a ceiling
        if len(alive) > 1 and r < rounds - 1:
            alive.sort(key=lambda i: (-totals[i], i))
            alive = sorted(alive[: max(1, math.ceil(len(alive) / 2))])
            if prior is not None and prior not in alive:
                alive = sorted([*alive, prior])  # the heuristic's move stays to be compared with
    best = max(alive, key=lambda i: (totals[i], -i))
    surely = prior is None or best == prior or _surely_better(samples[best], samples[prior], game.confidence)
    if not surely and prior is not None:
        best = prior
    iters = max(stats.iterations, 1)
    stats.means = {str(cands[i]): totals[i] / iters for i in alive}
    stats.cpu_seconds, stats.wall_seconds = meter.cpu_seconds, meter.wall_seconds
    return cands[best], stats


def _surely_better(best: list[float], prior: list[float], z: float) -> bool:
    """Whether ``best`` beats ``prior`` on the same determinizations (paired: common random
    numbers) by more than ``z`` standard errors."""
    diffs = [a - b for a, b in zip(best, prior, strict=True)]
    if len(diffs) < 2:
        return False
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    return mean > z * sd / math.sqrt(len(diffs))


def _iteration(
    game: SearchGame,
    view: Any,
    seat: int,
    cands: list[Any],
    alive: list[int],
    totals: list[float],
    samples: list[list[float]],
    rng: random.Random,
) -> None:
    """One determinization; every surviving candidate played out from it with the same seed."""
    root = game.determinize(view, rng)
    base = game.value(root, seat)
    playout_seed = rng.getrandbits(64)
    apply = game.engine.apply
    for i in alive:
        state, _ = apply(root, cands[i])
        gain = _playout(game, root, state, seat, random.Random(playout_seed)) - base
        totals[i] += gain
        samples[i].append(gain)


def _playout(game: SearchGame, root: Any, state: Any, seat: int, rng: random.Random) -> float:
    apply, policy, done = game.engine.apply, game.policy, game.done
    for _ in range(game.max_steps):
        if done(root, state):
            break
        state, _ = apply(state, policy(state, rng))
    return game.value(state, seat)

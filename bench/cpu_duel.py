"""Duel two CPU players in duplicate format: the same deals, seats swapped.

Run::

    python -m bench.cpu_duel --game koikoi --a strong --b normal --deals 400 --playouts 150
    python -m bench.cpu_duel --game doudizhu --a beginner --b random --deals 200

A player is a level (``beginner``, ``normal``, ``strong``), ``legacy`` (the CPU from before the
levels, when the game has one: ``bench/legacy_cpus``) or ``random`` (uniform over legal actions).
Each *deal* is a seed; it is played once with player A in each seat and B in every other seat
(two games for Koi-Koi, three for Dou Dizhu), so luck of the cards cancels out. By default a game is one
round / hand (``--rules rounds=1`` for the hanafuda games, ``hands=1`` for Dou Dizhu); pass
``--rules`` to change it (``--rules rounds=12`` plays whole matches).

Printed, with 95% intervals (normal approximation over deals):
- A's win rate: share of games where A's points beat the mean of B's seats (ties: half);
- A's points per game and the margin A − mean(B) per game; one game = one round or hand with
  the default rules;
- A's points share, ΣA / (ΣA + Σmean(B)) over every game (the issue's "share of the points in
  duplicate"), when no score is negative (Roppyakken, Goita, Koi-Koi; zero-sum games have none);
- each player's decision time, p50 and p99.
The strong level's budget is ``--playouts N`` (deterministic) or ``--seconds T`` of CPU time per decision.
Decision times are wall-clock (``--clock wall``, the default) or the process's CPU time
(``--clock process``: what a decision costs on an idle core, whatever else the machine runs).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench.legacy_cpus import legacy_cpu
from engine.ai.levels import Level, chooser
from engine.ai.search import Budget
from engine.audit import ENGINES
from engine.core import derive_seed

Chooser = Callable[[Any, random.Random], Any]
ONE_DEAL = {
    "koikoi": {"rounds": 1},
    "gostop": {"rounds": 1},
    "doudizhu": {"hands": 1},
    # No round count in these two: the lowest target ends the match with its first round (a
    # Roppyakken tie at the top plays one more).
    "roppyakken": {"target": 50, "lead": 0},
    "goita": {"target_score": 1},
}


def _random(view: Any, rng: random.Random) -> Any:
    return rng.choice(view.legal_actions)


def player(game: str, name: str, budget: Budget) -> Chooser:
    """The chooser named ``name`` for ``game``."""
    if name == "random":
        return _random
    if name == "legacy":
        legacy = legacy_cpu(game)
        if legacy is None:
            raise SystemExit(f"{game} has no legacy CPU")
        return legacy
    pick = chooser(game, Level(name), budget)
    if pick is None:
        raise SystemExit(f"{game} registers no CPU levels")
    return pick


@dataclass
class DealResult:
    points: list[float] = field(default_factory=list)  # A's points, one per seating
    margins: list[float] = field(default_factory=list)  # A − mean(B), one per seating
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})


def play_deal(args: tuple[Any, ...]) -> DealResult:
    """Every seating of one deal: A in seat ``i`` (and its partners' seats, with teams), B in the
    others. ``args``: game, A, B, rule overrides, budget, seed, seats[, clock]."""
    game, a, b, overrides, budget, seed, n_seats = args[:7]
    clock = time.process_time if args[7:] == ("process",) else time.perf_counter
    engine = ENGINES[game]
    rules = engine.rules_from(None, overrides)
    pa, pb = player(game, a, budget), player(game, b, budget)
    seats = n_seats or engine.min_seats
    out = DealResult()
    teams = engine.seat_teams(seats)
    for a_seat in sorted({teams.index(t) for t in teams}):
        state, _ = engine.begin(seats, rules, seed)
        start_scores = None
        rng = random.Random(derive_seed(seed, "duel", a_seat))
        while (result := engine.outcome(state)) is None:
            seat = engine.to_act(state)
            assert seat is not None  # the match is not over
            view = engine.view(state, seat)
            if start_scores is None:
                start_scores = engine.scores_of(view, seats)
            who = "a" if teams[seat] == teams[a_seat] else "b"
            t0 = clock()
            action = (pa if who == "a" else pb)(view, rng)
            out.times[who].append(clock() - t0)
            state, _ = engine.apply(state, action)
        # Per-team totals in the view (Goita) are not per seat: the match starts at 0 anyway.
        base = start_scores if start_scores and len(start_scores) == seats else (0,) * seats
        pts = [result.scores[i] - base[i] for i in range(seats)]
        mine = pts[a_seat]
        others = statistics.fmean(p for i, p in enumerate(pts) if teams[i] != teams[a_seat])
        out.points.append(mine)
        out.margins.append(mine - others)
    return out


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    if len(xs) < 2:
        return (xs[0] if xs else 0.0), float("nan")
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def share(a: list[float], b: list[float]) -> tuple[float, float] | None:
    """A's share of the points, Σa / Σ(a + b), and the half-width of its 95% interval (delta
    method over deals); ``None`` when a score is negative (a zero-sum game: no share)."""
    if not a or min(a) < 0 or min(b) < 0 or sum(a) + sum(b) <= 0:
        return None
    tot = [x + y for x, y in zip(a, b, strict=True)]
    r = sum(a) / sum(tot)
    if len(a) < 2:
        return r, float("nan")
    resid = [x - r * t for x, t in zip(a, tot, strict=True)]
    return r, 1.96 * statistics.stdev(resid) / (statistics.fmean(tot) * math.sqrt(len(a)))


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", required=True, choices=sorted(ENGINES))
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--playouts", type=int, default=None)
    p.add_argument("--seconds", type=float, default=None)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seats", type=int, default=None, help="players (default: the fewest)")
    p.add_argument("--progress", type=int, default=0, help="print the summary every N deals")
    p.add_argument("--rules", nargs="*", default=[], help="key=value rule overrides")
    p.add_argument("--clock", choices=("wall", "process"), default="wall", help="decision time clock")
    ns = p.parse_args(argv)
    overrides: dict[str, Any] = dict(ONE_DEAL.get(ns.game, {}))
    for kv in ns.rules:
        k, v = kv.split("=", 1)
        overrides[k] = int(v) if v.lstrip("-").isdigit() else v
    if ns.playouts is None and ns.seconds is None:
        ns.seconds = 1.0
    budget = Budget(playouts=ns.playouts, seconds=ns.seconds)
    seeds = [derive_seed(ns.seed, "deal", d) for d in range(ns.deals)]
    jobs = [(ns.game, ns.a, ns.b, overrides, budget, seed, ns.seats, ns.clock) for seed in seeds]
    t0 = time.perf_counter()
    results: list[DealResult] = []
    with ProcessPoolExecutor(ns.jobs) if ns.jobs > 1 else contextlib.nullcontext() as pool:
        done = pool.map(play_deal, jobs, chunksize=4) if pool is not None else map(play_deal, jobs)
        for result in done:
            results.append(result)
            if ns.progress and len(results) % ns.progress == 0 and len(results) < len(jobs):
                report(ns, overrides, results, time.perf_counter() - t0)
    report(ns, overrides, results, time.perf_counter() - t0)


def report(
    ns: argparse.Namespace, overrides: dict[str, Any], results: list[DealResult], elapsed: float
) -> None:
    """The summary of the deals played so far."""
    deal_points = [statistics.fmean(r.points) for r in results]
    deal_margins = [statistics.fmean(r.margins) for r in results]
    wins = [statistics.fmean(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in r.margins) for r in results]
    times = {w: [t for r in results for t in r.times[w]] for w in ("a", "b")}
    w, wh = interval(wins)
    pt, ph = interval(deal_points)
    mg, mh = interval(deal_margins)
    budget_text = f"{ns.playouts} playouts" if ns.playouts is not None else f"{ns.seconds:g} s"
    print(f"{ns.game}: A={ns.a} vs B={ns.b}, {len(results)} deals x {len(results[0].points)} seatings, "
          f"rules {overrides}, strong budget {budget_text}, {elapsed:.0f} s, {ns.clock} clock")  # fmt: skip
    print(f"  A win rate     {100 * w:5.1f}% ± {100 * wh:.1f}")
    print(f"  A points/game  {pt:+.2f} ± {ph:.2f}")
    print(f"  A − B /game    {mg:+.2f} ± {mh:.2f}")
    # Per deal, its seatings summed (the interval is over deals, like the others); B's points in
    # a seating are A's minus the margin (the mean of B's seats).
    negative = any(p < 0 or p - m < 0 for r in results for p, m in zip(r.points, r.margins, strict=True))
    b_points = [sum(r.points) - sum(r.margins) for r in results]
    sh = None if negative else share([sum(r.points) for r in results], b_points)
    if sh is not None:
        print(f"  A points share {100 * sh[0]:5.1f}% ± {100 * sh[1]:.1f}")
    for who, name in (("a", ns.a), ("b", ns.b)):
        ts = times[who]
        print(f"  {who.upper()} {name:9s} decisions {len(ts):6d}  p50 {1000 * pct(ts, 0.5):7.2f} ms"
              f"  p99 {1000 * pct(ts, 0.99):7.2f} ms")  # fmt: skip
    sys.stdout.flush()


if __name__ == "__main__":
    main()

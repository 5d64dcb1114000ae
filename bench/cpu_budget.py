"""Is a strong CPU as strong on a busy host as on an idle one? Playouts per strong decision, idle
and with the cores kept busy, under the old wall-clock budget, the CPU-time budget and the
bot's playout budget; and the calibration of that playout budget.

Run: ``python -m bench.cpu_budget [--think 1.0] [--positions 6] [--games koikoi,doudizhu]
[--spinners 2]``; ``python -m bench.cpu_budget --calibrate [--positions 12]`` (on the machine
idle) prints ``engine.ai.cpu_calibration.PLAYOUTS_PER_SECOND``: each game's mean playouts in a
decision of one CPU second (``Budget(seconds=1.0)``, no wall cap), over the positions.

For every game with a strong level, the same positions (views of the seat to act, from a match
between normal CPUs, fixed seeds) are decided by the strong level the way the bot does
(``engine.ai.levels.decide``, one decision at a time in this process), with three budgets:

- ``wall (old)``: ``--think`` seconds on the wall clock (the CPU clock of the budget replaced by
  the wall clock: the search as it was before issue 27);
- ``cpu time``: ``--think`` seconds of the searching thread's CPU time, at least
  ``CPU_MIN_PLAYOUTS`` playouts, at most ``CPU_THINK_CAP`` (5 x think) on the clock (the bot's
  budget until a busy host was found to make 10-20 % fewer playouts with it);
- ``playouts``: the bot's default budget (``cogs.table.cpu_pool.budget``): the playouts
  ``--think`` CPU seconds buy on the reference machine (``engine.ai.cpu_calibration``), with the
  same floor and wall cap.

Game by game, each position is decided with the machine as it is ("idle": other work on the
machine counts too, the load average is printed), then with ``--spinners`` processes each spinning
a core, started and stopped by this script (``bench.busy``; bounded, they stop themselves after
the phase's longest time at most), then idle again (the two idle runs pooled: the playout
policies' memo tables keep warming, and the machine's other load drifts). Printed per game and
budget: mean playouts per decision idle and busy and their ratio, the mean CPU and wall seconds
of a decision, decisions a second (one at a time, as one worker makes them), the decisions
the wall cap cut short (idle / busy), and the load average (1 min) after the idle and the busy
runs; then the playout budget's playouts per CPU second idle and busy (what the CPU-time budget
cannot hold steady: each playout costs more CPU on a shared core; but also what the policies'
memo tables remember of earlier runs: the idle run right after the warm-up replays its playouts,
which Dou Dizhu's policy memo makes ~4x cheaper, so read that line for Koi-Koi, Go-Stop,
Roppyakken and Goita).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import time
from dataclasses import dataclass, field, replace
from typing import Any

from bench.busy import busy_cores
from cogs.table import cpu_pool
from engine.ai import levels
from engine.ai.levels import Level, game_ai, has_level
from engine.ai.search import MARGIN, Budget, Clocks, clear_cache
from engine.audit import ENGINES
from tsuki.settings import available_cores, load_settings

WALL_ONLY = Clocks(cpu=time.perf_counter, wall=time.perf_counter)  # the old budget: wall seconds


@dataclass
class Run:
    """Decisions of one game, budget and load: playouts, CPU and wall seconds of each."""

    playouts: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    capped: int = 0  # searched, and stopped by the wall cap short of its CPU time
    elapsed: float = 0.0

    def add(self, other: Run) -> None:
        self.playouts += other.playouts
        self.cpu += other.cpu
        self.wall += other.wall
        self.capped += other.capped
        self.elapsed += other.elapsed

    @property
    def rate(self) -> float:
        """Decisions a second, one after another."""
        return len(self.playouts) / self.elapsed if self.elapsed else 0.0


def positions(game: str, count: int) -> list[Any]:
    """Views of the seat to act with a choice, every third move of normal-vs-normal matches."""
    ai = game_ai(game)
    assert ai is not None
    engine = ENGINES[game]
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        state, _ = engine.begin(engine.max_seats, engine.rules_from(None, None), seed)
        rng = random.Random(seed)
        step = 0
        while engine.outcome(state) is None and len(out) < count:
            view = engine.view(state, engine.to_act(state))
            if len(view.legal_actions) > 2 and step % 3 == 0:
                out.append(view)
            state, _ = engine.apply(state, ai.normal(view, rng))
            step += 1
        seed += 1
    return out


def run(game: str, views: list[Any], budget: Budget, uncapped: list[int] | None = None) -> Run:
    """Each view decided once (the search cache emptied first: every load asks the same).
    ``uncapped``: each view's playouts under ``budget`` without its wall cap (a playout budget:
    a decision that made fewer was cut by the cap)."""
    result = Run()
    began = time.perf_counter()
    for i, view in enumerate(views):
        clear_cache()
        cpu, wall = time.thread_time(), time.perf_counter()
        decision = levels.decide(game, Level.STRONG, view, 1000 + i, budget)
        cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
        result.playouts.append(decision.playouts)
        result.cpu.append(cpu)
        result.wall.append(wall)
        if uncapped is not None:  # a playout budget: fewer playouts than without the wall cap
            short = decision.playouts < uncapped[i]
        else:
            short = budget.seconds is not None and cpu < 0.8 * MARGIN * budget.seconds
        if budget.clocks is not WALL_ONLY and short and decision.playouts:
            result.capped += 1
    result.elapsed = time.perf_counter() - began
    return result


def calibrate(games: list[str], count: int) -> None:
    """Each game's playouts per CPU second in decisions of one CPU second (no wall cap), printed
    as the table of ``engine.ai.cpu_calibration``: run it with the machine idle. The rate is the
    harmonic mean over the positions (``n / sum(cpu_i / playouts_i)``): a fixed count of that
    many playouts per think second then takes, on average over the positions, the think time."""
    print(
        f"{available_cores()} cores; {count} positions per game, Budget(seconds=1.0), no wall cap", flush=True
    )
    rates: dict[str, int] = {}
    for game in games:
        views = positions(game, 2 * count)
        one_second = Budget(seconds=1.0)
        # Warm the playout policies' memo tables on other positions (a worker that has played a
        # while): the same positions again would replay their playouts from the memo (Dou
        # Dizhu's policy memo makes a repeated playout ~4x cheaper) and overstate the rate.
        run(game, views[count:], one_second)
        found = run(game, views[:count], one_second)
        per_playout = [c / p for p, c in zip(found.playouts, found.cpu, strict=True) if p]
        rates[game] = int(round(len(per_playout) / sum(per_playout), -1))
        searched = [p for p in found.playouts if p]
        print(
            f"{game:<11}{rates[game]:>6} playouts per CPU second (decisions {min(searched)}-{max(searched)},"
            f" mean {statistics.fmean(searched):.0f} in {statistics.fmean(found.cpu):.2f} s CPU;"
            f" load {os.getloadavg()[0]:.1f})",
            flush=True,
        )
    print(
        "PLAYOUTS_PER_SECOND: dict[str, int] = {" + ", ".join(f'"{g}": {r:_}' for g, r in rates.items()) + "}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--think", type=float, default=1.0, help="CPU_THINK_TIME (seconds per decision)")
    parser.add_argument("--cap", type=float, default=0.0, help="CPU_THINK_CAP (default: the bot's)")
    parser.add_argument("--positions", type=int, default=6, help="decisions per game, budget and load")
    parser.add_argument(
        "--games", default="", help="comma-separated (default: every game with a strong level)"
    )
    parser.add_argument("--spinners", type=int, default=2, help="processes spinning a core each when busy")
    parser.add_argument("--calibrate", action="store_true", help="print the playout budget's calibration")
    args = parser.parse_args()
    strong = [g for g in sorted(ENGINES) if has_level(g, Level.STRONG)]
    games = args.games.split(",") if args.games else strong
    if args.calibrate:
        calibrate(games, args.positions)
        return
    env = {"CPU_THINK_TIME": str(args.think)} | ({"CPU_THINK_CAP": str(args.cap)} if args.cap else {})
    settings = load_settings(env, dotenv_path=None)  # the bot's defaults, whatever this shell has set
    cpu_time = Budget(
        seconds=settings.cpu_think_time, floor=settings.cpu_min_playouts, wall_cap=settings.cpu_think_cap
    )
    views = {g: positions(g, args.positions) for g in games}
    # Bounded: the spinners stop themselves after the longest one busy phase could take.
    limit = 3 * args.positions * (settings.cpu_think_cap + 1) + 60
    print(
        f"{available_cores()} cores; think {settings.cpu_think_time} s of CPU,"
        f" cap {settings.cpu_think_cap} s,"
        f" floor {settings.cpu_min_playouts} playouts; {args.positions} positions per game, each decided"
        f" twice idle and once busy per budget; {args.spinners} spinning processes when busy",
        flush=True,
    )
    print(
        f"{'game':<11}{'budget':<11}{'playouts idle':>14}{'busy':>7}{'busy/idle':>10}"
        f"{'CPU s idle/busy':>17}{'wall s idle/busy':>18}{'dec/s idle/busy':>17}{'capped':>8}"
        f"{'load idle/busy':>16}",
        flush=True,
    )
    for game in games:
        bot = cpu_pool.budget(settings, game)
        budgets = {
            "wall (old)": Budget(seconds=args.think, clocks=WALL_ONLY),
            "cpu time": cpu_time,
            "playouts": bot,
        }
        # Warm the playout policies' memo tables first (a worker that has played a while), then
        # idle, busy, idle again: the memo's growth and the machine's other load drift less. The
        # warm-up is the bot's budget without its wall cap: each position's uncapped playouts.
        uncapped = run(game, views[game], replace(bot, wall_cap=None)).playouts
        results: dict[tuple[str, str], Run] = {}
        loads: dict[str, list[float]] = {"idle": [], "busy": []}
        for load in ("idle", "busy", "idle"):
            with busy_cores(args.spinners, limit) if load == "busy" else contextlib.nullcontext():
                for name, budget in budgets.items():
                    reference = uncapped if budget is bot and bot.playouts is not None else None
                    results.setdefault((name, load), Run()).add(run(game, views[game], budget, reference))
                loads[load].append(os.getloadavg()[0])
        for name in budgets:
            idle, busy = results[name, "idle"], results[name, "busy"]
            pi, pb = statistics.fmean(idle.playouts), statistics.fmean(busy.playouts)
            print(
                f"{game:<11}{name:<11}{pi:>14.0f}{pb:>7.0f}{pb / pi if pi else 0:>10.2f}"
                f"{statistics.fmean(idle.cpu):>9.2f} / {statistics.fmean(busy.cpu):<5.2f}"
                f"{statistics.fmean(idle.wall):>10.2f} / {statistics.fmean(busy.wall):<5.2f}"
                f"{idle.rate:>9.2f} / {busy.rate:<5.2f}{idle.capped:>4} / {busy.capped:<2}"
                f"{statistics.fmean(loads['idle']):>9.1f} / {statistics.fmean(loads['busy']):.1f}",
                flush=True,
            )
        per_cpu = {
            load: sum(results["playouts", load].playouts) / sum(results["playouts", load].cpu)
            for load in loads
        }
        print(
            f"{game:<11}playouts per CPU second (playout budget) idle {per_cpu['idle']:.0f},"
            f" busy {per_cpu['busy']:.0f}: {per_cpu['busy'] / per_cpu['idle']:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()

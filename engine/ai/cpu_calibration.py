"""The strong CPU's budget in playouts: what ``CPU_THINK_TIME`` seconds of CPU buy, per game, on
the reference machine, so a decision makes the same playouts, and with the same seed the same
move, on a busy host as on an idle one.

Why playouts and not CPU time: a budget of the searching thread's CPU time (``time.thread_time``)
made 10-20 % fewer playouts when other processes kept both cores busy (issue 27; Koi-Koi 0.85
busy/idle in ``bench/cpu_budget.py``). Each playout *costs more CPU* on a shared core: the thread
is preempted three times as often (every ~1 ms of its CPU, against ~3 ms idle), and each time it
comes back to cold caches and branch predictors, so a Koi-Koi playout took 13-19 % more CPU busy
with the same playouts made (``Budget(playouts=300)``, 6 positions; Dou Dizhu and Go-Stop ~10 %).
No CPU-time budget can correct that; a playout count is deterministic.

Calibration: :data:`PLAYOUTS_PER_SECOND` is each game's playouts per CPU second in strong
decisions of one CPU second (``Budget(seconds=1.0)``, no wall cap) on the reference machine, over
``bench/cpu_budget.py``'s positions (20 views with a choice from matches of normal CPUs, fixed
seeds), as the harmonic mean over the positions: a count of ``T`` times that many playouts takes,
on average over the positions, ``T`` CPU seconds there (a position late in a round plays out
faster than an early one, so a decision's CPU time now varies around ``T`` where its playouts
varied before: Dou Dizhu's 1 s decisions made 482-5,517 playouts). ``python -m bench.cpu_budget
--calibrate --positions 20`` measures and prints the table; re-run it, with the machine idle, when
a game's search or playout policy changes speed, and paste the figures here. The reference
machine: the project's 2-core machine (AMD EPYC, 2 vCPUs under KVM), Python 3.11; measured
2026-11-27 with the machine idle (load average 1.1-1.6; a first calibration under load ~10 gave
rates 5-18 % lower).

A budget of ``T`` think seconds is ``round(T * rate)`` playouts, at least the floor
(``CPU_MIN_PLAYOUTS``), with the wall cap (``CPU_THINK_CAP``) kept: a host too slow or too busy
for them stops at the cap, past the floor. On a faster machine a decision takes less than ``T``
seconds; on a slower one more, up to the cap. A game with no rate here keeps a CPU-time budget.
"""

from __future__ import annotations

from engine.ai.search import Budget

__all__ = ["PLAYOUTS_PER_SECOND", "think_budget"]

# Strong playouts per CPU second of a decision, reference machine, idle (see the module docstring).
PLAYOUTS_PER_SECOND: dict[str, int] = {
    "doudizhu": 1_300,
    "goita": 5_630,
    "gostop": 1_070,
    "koikoi": 4_570,
    "roppyakken": 1_750,
}


def think_budget(game: str, seconds: float, floor: int, wall_cap: float | None) -> Budget:
    """The strong budget of ``game`` for ``seconds`` of think time: the playouts they buy on the
    reference machine (at least ``floor``), cut at ``wall_cap`` on the clock past the floor."""
    rate = PLAYOUTS_PER_SECOND.get(game)
    if rate is None:
        return Budget(seconds=seconds, floor=floor, wall_cap=wall_cap)
    return Budget(playouts=max(floor, round(seconds * rate)), floor=floor, wall_cap=wall_cap)

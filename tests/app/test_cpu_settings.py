"""The strong CPUs' settings: a playout budget (what the think time buys on the reference
machine) with its wall cap and floor, and the worker processes sized from the cores this process
may use (explicit settings win)."""

from __future__ import annotations

import pytest

from cogs.table import cpu_pool
from engine.ai.cpu_calibration import PLAYOUTS_PER_SECOND
from engine.ai.search import Budget
from tsuki.settings import (
    Settings,
    SettingsError,
    available_cores,
    default_cpu_workers,
    default_render_workers,
    load_settings,
)


def test_the_think_time_is_a_calibrated_playout_count_capped_on_the_clock_with_a_floor() -> None:
    settings = load_settings({"CPU_THINK_TIME": "0.5"})
    assert (settings.cpu_think_time, settings.cpu_think_cap, settings.cpu_min_playouts) == (0.5, 2.5, 100)
    rate = PLAYOUTS_PER_SECOND["koikoi"]
    half = Budget(playouts=round(0.5 * rate), floor=100, wall_cap=2.5)
    assert cpu_pool.budget(settings, "koikoi") == half
    set_all = load_settings({"CPU_THINK_TIME": "2", "CPU_THINK_CAP": "5", "CPU_MIN_PLAYOUTS": "300"})
    assert cpu_pool.budget(set_all, "koikoi") == Budget(playouts=2 * rate, floor=300, wall_cap=5.0)
    fixed = Budget(playouts=20)
    assert cpu_pool.budget(Settings(cpu_playouts=20), "koikoi") == fixed, "tests: a fixed count"


@pytest.mark.parametrize(
    ("env", "says"),
    [({"CPU_THINK_CAP": "0.5"}, "CPU_THINK_CAP"), ({"CPU_MIN_PLAYOUTS": "-1"}, "CPU_MIN_PLAYOUTS")],
)
def test_bad_cpu_settings_are_refused_with_their_name(env: dict[str, str], says: str) -> None:
    with pytest.raises(SettingsError, match=says):
        load_settings(env)  # a cap below the 1 s think time would make the CPU budget moot


def test_worker_defaults_follow_the_cores() -> None:
    # Strong CPUs: every core but the event loop's (at least one, at most 8).
    assert [default_cpu_workers(n) for n in (1, 2, 3, 4, 8, 64)] == [1, 1, 2, 3, 7, 8]
    # Drawing: threads below 4 cores (memory, and the loop's core), then half the cores, at most 4.
    assert [default_render_workers(n) for n in (1, 2, 3, 4, 6, 8, 64)] == [0, 0, 0, 2, 3, 4, 4]
    assert available_cores() >= 1
    unset = load_settings({})
    assert unset.cpu_workers == default_cpu_workers(available_cores())
    assert unset.render_workers == default_render_workers(available_cores())


def test_explicit_worker_counts_win() -> None:
    settings = load_settings({"CPU_WORKERS": "0", "RENDER_WORKERS": "3"})
    assert (settings.cpu_workers, settings.render_workers) == (0, 3)

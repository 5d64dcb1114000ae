"""bench/load.py's click -> post breakdown records a post without breaking the bot it measures.

Its hook runs inside the bot's HTTP request (``bench/load_metrics.py``): an exception there fails
the board post, and the announcer draws and posts it again after its backoff (5 s), which made
every human move of a run cost a second table image and a 5 s wait."""

from __future__ import annotations

import time

from bench.load_breakdown import STAGES, Breakdown


def test_a_post_carrying_a_click_records_each_stage_once() -> None:
    breakdown = Breakdown()
    breakdown.click(7, time.perf_counter())
    breakdown.mark(7, "received")
    breakdown.stored(7, 3)
    breakdown.narrating(7, 4)
    breakdown.mark(7, "drawn")
    assert breakdown.carries(7)
    breakdown.posted(7, 0.0)
    assert all(len(breakdown.stages[stage]) == 1 for stage in STAGES)
    assert not breakdown.carries(7), "the click is done"

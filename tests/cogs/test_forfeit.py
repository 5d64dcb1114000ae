"""The results stored when a player quits (``cogs/table/forfeit.py``)."""

from __future__ import annotations

import store
from cogs.table.forfeit import forfeit_results


def test_the_quitter_and_their_partner_lose_and_the_quitter_keeps_no_gain() -> None:
    """Team game (seats 0 and 2 against 1 and 3): seat 2 quits while ahead."""
    results = [
        store.SeatResult(i, points, won=False, best_round=i) for i, points in enumerate((30, -10, 50, -70))
    ]
    stored = forfeit_results(results, (0, 1, 0, 1), quitter=2)
    assert [(r.points, r.won) for r in stored] == [(30, False), (-10, True), (0, False), (-70, True)]
    assert [r.extra["forfeit"] for r in stored] == [False, False, True, False]
    assert [r.best_round for r in stored] == [0, 1, 2, 3], "the best rounds stay"


def test_a_quitter_behind_keeps_the_loss() -> None:
    results = [store.SeatResult(0, -40, won=False), store.SeatResult(1, 40, won=True)]
    stored = forfeit_results(results, (0, 1), quitter=0)
    assert [(r.points, r.won) for r in stored] == [(-40, False), (40, True)]

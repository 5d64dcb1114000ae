"""The results a match stores when a player quits it (``/quit``, a seat given up).

The quitter (and their partner, in a team game) loses, and quitting never keeps points won so
far: the quitter's total counts only if it is a loss, so quitting while ahead cannot climb a
points leaderboard. The others keep their totals.
"""

from __future__ import annotations

from collections.abc import Sequence

import store


def forfeit_results(
    results: Sequence[store.SeatResult], teams: Sequence[int], quitter: int
) -> list[store.SeatResult]:
    """``results`` as they stand when seat ``quitter`` quits (``teams``: each seat's team)."""
    return [
        store.SeatResult(
            r.seat,
            min(r.points, 0) if r.seat == quitter else r.points,
            teams[r.seat] != teams[quitter],
            r.best_round,
            {**r.extra, "forfeit": r.seat == quitter},
        )
        for r in results
    ]

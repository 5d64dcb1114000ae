"""The CPUs as they were before the levels (issue 19): the ``legacy`` player of ``bench/cpu_duel.py``.

Bench-only: the bot never imports this package, so these players are neither loaded nor
registered with the live levels (``engine.ai.levels``). Goita's, Go-Stop's and Roppyakken's are
whole modules here (do not tune them); Koi-Koi's and Dou Dizhu's are a switch inside the live
heuristic (``choose_action_legacy``: the same code with the old koi-koi call or bid thresholds),
so they stay there and are only named here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bench.legacy_cpus import goita, gostop, roppyakken
from engine.ai.doudizhu.heuristic import choose_action_legacy as doudizhu_legacy
from engine.ai.koikoi.heuristic import choose_action_legacy as koikoi_legacy

__all__ = ["LEGACY_CPUS", "legacy_cpu"]

Chooser = Callable[[Any, random.Random], Any]

LEGACY_CPUS: dict[str, Chooser] = {
    "koikoi": koikoi_legacy,
    "doudizhu": doudizhu_legacy,
    "goita": goita.choose_action,
    "gostop": gostop.choose_action,
    "roppyakken": roppyakken.choose_action,
}


def legacy_cpu(game: str) -> Chooser | None:
    """``game``'s CPU from before the levels (``None``: it has none)."""
    return LEGACY_CPUS.get(game)

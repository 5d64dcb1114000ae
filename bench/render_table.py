"""Render speed and PNG size of the Koi-Koi images over a few hundred synthetic positions.

Run: ``python bench/render_table.py [count]`` (default 300). Prints the one-off warm-up (the 48
faces at every size used, and the palette), then median / p95 render time and PNG size for the
table, the hand and the round sheet. Views are random card splits (``tests/render/factory.py``): no engine.
"""

from __future__ import annotations

import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import measure
from render.hanafuda.koikoi import render_hand, render_round_sheet, render_table, warm
from tests.render.factory import NAMES, random_result, random_view


def main(count: int = 300) -> None:
    start = time.perf_counter()
    warm()
    print(f"warm-up (every face size + the palette, once per process): {(time.perf_counter() - start):.2f} s")
    views = [random_view(seed) for seed in range(1, count + 1)]
    measure("table", [partial(render_table, v, names=NAMES) for v in views])
    french = views[: count // 3]
    measure("table (fr)", [partial(render_table, v, names=NAMES, locale="fr") for v in french])
    hands = [random_view(seed, seat=seed % 2) for seed in range(1, count + 1)]
    measure("hand", [partial(render_hand, v) for v in hands])
    results = [random_result(seed) for seed in range(1, count + 1)]
    measure("round sheet", [partial(render_round_sheet, r, names=NAMES, scores=(20, 12)) for r in results])


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)

"""Render speed and PNG size of the Roppyakken, Go-Stop, Dou Dizhu and Goita tables and hands,
from real positions (Koi-Koi: ``bench/render_table.py``).

Run: ``python bench/render_games.py [count]`` (default 200); CPU time per image (``bench/timing.py``).
Every image kind of every game, before and after a change: ``bench/render_pipeline.py``.
Positions come from random playouts of the engines (every few moves a spectator's table and the
acting seat's hand are kept), so the pictures hold what a match really shows: captured piles,
tricks, kitties, face-down pieces, attacks.
"""

from __future__ import annotations

import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.goita as gt
from bench.timing import measure, positions
from engine.doudizhu import ENGINE as DOUDIZHU
from engine.hanafuda.gostop import ENGINE as GOSTOP
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
from render import doudizhu as doudizhu
from render import goita as goita
from render.hanafuda import gostop as gostop
from render.hanafuda import roppyakken as roppyakken

NAMES = ("Aki", "Benoît", "Chiyo", "Daichi")


def main(count: int = 200) -> None:
    for name, module, engine, seats in (
        ("Roppyakken (3 players)", roppyakken, ROPPYAKKEN, 3),
        ("Go-Stop (3 players)", gostop, GOSTOP, 3),
        ("Go-Stop (2 players)", gostop, GOSTOP, 2),
        ("Dou Dizhu", doudizhu, DOUDIZHU, 3),
        ("Goita (4 players)", goita, gt.ENGINE, 4),
        ("Goita (2 players)", goita, gt.ENGINE, 2),
    ):
        start = time.perf_counter()
        module.warm()
        print(f"{name}: warm-up {(time.perf_counter() - start):.2f} s")
        pairs = positions(engine, seats, count)
        names = NAMES[:seats]
        table, hand = module.render_table, module.render_hand
        measure(f"{name} table", [partial(table, v, names=names) for v, _ in pairs], width=29)
        measure(f"{name} hand", [partial(hand, v) for _, v in pairs], width=29)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)

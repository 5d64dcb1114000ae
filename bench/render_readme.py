"""Draw the README screenshots (docs/images/*.png) from fixed positions, so that they can be redrawn
after any visual change and show what the bot posts today.

Run: ``python bench/render_readme.py [folder]`` (default ``docs/images``). Every image is a pure
function of a seeded position: the Koi-Koi showcase of ``tests/render/factory.py``, random
playouts of the engines stopped at a given move (the same ones the render tests use), and the
names the demo gives CPU seats where the picture came from a demo before. Prints each file's
size and its inline scale (the 550 px Discord shows).
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from engine.core import GameEngine
from engine.goita import memory as gm
from engine.hanafuda.gostop import ENGINE as GOSTOP
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
from render import doudizhu as dd
from render import goita as go
from render.hanafuda import gostop as gs
from render.hanafuda import koikoi as kk
from render.hanafuda import roppyakken as rp
from render.widgets import INLINE_W
from tests.render.factory import NAMES, showcase_view
from tests.render.samples import _dd_mid as dd_mid
from tests.render.samples import doudizhu_view, goita_view, playout

CPUS = ("CPU 1", "CPU 2", "CPU 3", "CPU 4")


def after(engine: GameEngine[Any, Any, Any, Any], seats: int, seed: int, steps: int) -> Any:
    """The spectator's view after ``steps`` random legal moves of a match dealt with ``seed``."""
    rng = random.Random(seed)
    state = engine.new_game(seats, engine.rules_from(None, None), seed)
    for _ in range(steps):
        state, _ = engine.apply(state, rng.choice(engine.legal_actions(state)))
    return engine.view(state, None)


IMAGES: dict[str, Callable[[], bytes]] = {
    "koikoi-table.png": lambda: kk.render_table(showcase_view(), names=NAMES),
    "roppyakken-table.png": lambda: rp.render_table(
        after(ROPPYAKKEN, 3, 8, 37), names=("Aki", "Ben", "Chiyo")
    ),
    # a seolsa stack with a bonus card stacked on it (the pot), framed on the field
    "gostop-table.png": lambda: gs.render_table(after(GOSTOP, 3, 384, 120), names=("Aki", "Ben", "Chiyo")),
    "doudizhu-table.png": lambda: dd.render_table(doudizhu_view(dd_mid, "spectator"), names=CPUS[:3]),
    "goita-table.png": lambda: go.render_table(goita_view(4, "spectator"), names=CPUS),
    # a discard turn with two guards still standing
    "goita-memory.png": lambda: go.render_memory(gm.view(playout("memory", 1, 4)[0][10], 0), names=CPUS[:1]),
}


def main(folder: str = "docs/images") -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name, draw in IMAGES.items():
        png = draw()
        (out / name).write_bytes(png)
        width = Image.open(io.BytesIO(png)).width
        print(f"{name:<22} {len(png) / 1024:5.1f} KiB   {width} px wide, shown at {INLINE_W / width:.2f}")


if __name__ == "__main__":
    main(*sys.argv[1:])

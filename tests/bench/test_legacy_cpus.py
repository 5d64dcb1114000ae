"""The CPUs from before the levels (``bench/legacy_cpus``): the duel bench's ``legacy`` player.

They live in ``bench/`` so the bot neither loads nor registers them; these tests keep them
playing legal moves, so ``python -m bench.cpu_duel --b legacy`` still measures something.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from bench.legacy_cpus import legacy_cpu
from engine.audit import ENGINES
from engine.goita import Down, Phase, Piece, Rules, view
from tests.engine.goita.stacked import fill, table

ROOT = Path(__file__).resolve().parents[2]
# The games whose CPU had levels added (issue 19), each with its CPU from before.
GAMES = ("doudizhu", "goita", "gostop", "koikoi", "roppyakken")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_keeps_a_legacy_cpu_that_plays_legal_moves(game: str) -> None:
    legacy = legacy_cpu(game)
    assert legacy is not None
    engine = ENGINES[game]
    state, _ = engine.begin(engine.max_seats, engine.rules_from(None, None), 7)
    rng = random.Random(7)
    for _ in range(60):
        seat = engine.to_act(state)
        if engine.outcome(state) is not None or seat is None:
            break
        seat_view = engine.view(state, seat)
        action = legacy(seat_view, rng)
        assert action in seat_view.legal_actions
        state, _ = engine.apply(state, action)


def test_the_legacy_goita_cpu_hides_the_lance_where_the_normal_one_hides_a_pawn() -> None:
    """The search audit's finding (``tests/engine/ai/test_goita_levels.py``): the old CPU kept
    its Pawn pairs and hid the single Lance."""
    s = table(fill("RSSLPPPP"), rules=Rules(redeal_pawns=0))
    assert s.phase is Phase.DOWN and s.to_act == 0
    legacy = legacy_cpu("goita")
    assert legacy is not None
    assert legacy(view(s, 0), random.Random(0)) == Down(Piece.L)


def test_the_bot_loads_no_legacy_cpu() -> None:
    """Every game's levels and the CPU pool load without importing anything from ``bench``."""
    code = (
        "import sys\n"
        "import cogs.table.cpu_pool\n"
        "from engine.ai.levels import game_ai\n"
        f"assert all(game_ai(g) is not None for g in {GAMES!r})\n"
        "print(sorted(m for m in sys.modules if m == 'bench' or m.startswith('bench.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"

"""No peeking: every registered strong CPU decides from its seat's view alone.

Generic over the registry (``engine.ai.levels``): for each game with a search, real positions
are reached by play; a second state with the *same view* for the seat to act but *different
hidden cards* is built with the game's own ``determinize`` (which this test also checks: the
sampled state must show exactly that view, while another seat sees something else). With a
fixed seed and a fixed playout count, the strong chooser must then give the identical decision
from the two states' views. Registering a game with a ``search`` covers it here.
"""

from __future__ import annotations

import random

import pytest

from engine.ai import search
from engine.ai.levels import Level, chooser, game_ai
from engine.ai.search import Budget
from engine.audit import ENGINES

GAMES = [g for g in sorted(ENGINES) if (ai := game_ai(g)) is not None and ai.search is not None]
PLAYOUTS = 24


def _positions(game: str, seed: int, count: int) -> list[object]:
    """States met in one match between normal CPUs (every few moves)."""
    ai = game_ai(game)
    assert ai is not None
    engine = ENGINES[game]
    rules = engine.rules_from(None, None)
    state, _ = engine.begin(engine.max_seats, rules, seed)
    rng = random.Random(seed)
    out: list[object] = []
    step = 0
    while engine.outcome(state) is None and len(out) < count:
        seat = engine.to_act(state)
        view = engine.view(state, seat)
        if len(view.legal_actions) > 1 and step % 3 == 0:
            out.append(state)
        state, _ = engine.apply(state, ai.normal(view, rng))
        step += 1
    return out


@pytest.mark.parametrize("game", GAMES)
def test_same_view_other_hidden_cards_same_decision(game: str) -> None:
    ai = game_ai(game)
    assert ai is not None and ai.search is not None
    engine = ENGINES[game]
    strong = chooser(game, Level.STRONG, Budget(playouts=PLAYOUTS))
    assert strong is not None
    differed = 0
    for seed in range(3):
        for state in _positions(game, seed, 6):
            seat = engine.to_act(state)
            view = engine.view(state, seat)
            other = ai.search.determinize(view, random.Random(seed * 1000 + 7))
            assert engine.view(other, seat) == view, "determinize must reproduce the seat's view"
            hidden_a = [engine.view(state, s) for s in range(engine.max_seats) if s != seat]
            hidden_b = [engine.view(other, s) for s in range(engine.max_seats) if s != seat]
            differed += hidden_a != hidden_b
            a = strong(engine.view(state, seat), random.Random(seed))
            search.clear_cache()  # decide afresh: no answer remembered from the first state
            b = strong(engine.view(other, seat), random.Random(seed))
            assert a == b
            assert a in view.legal_actions
    assert differed, "the second states should hide different cards"

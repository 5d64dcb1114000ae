"""Learn-mode hints (engine/hints) never reveal a card the player cannot see.

Each game's CPU search samples full states consistent with a seat's view (its ``determinize``:
the other hands and the pile dealt again at random). Such a state looks the same to the seat,
its hidden cards differ, and its hints must be identical: a hint that read a hidden card would
change with them. Every seat to act is checked along whole deals, in every seat count.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from engine.ai.levels import game_ai
from engine.ai.search import SearchGame
from engine.hints import Line, Progress
from engine.hints import doudizhu as dd_hints
from engine.hints import goita as goita_hints
from engine.hints import gostop as gs_hints
from engine.hints import koikoi as kk_hints
from engine.hints import roppyakken as rp_hints

CASES = [
    ("koikoi", kk_hints, 2),
    ("roppyakken", rp_hints, 2),
    ("roppyakken", rp_hints, 3),
    ("gostop", gs_hints, 2),
    ("gostop", gs_hints, 3),
    ("doudizhu", dd_hints, 3),
    ("goita", goita_hints, 4),
    ("goita", goita_hints, 2),
]


def _search(game: str) -> SearchGame:
    ai = game_ai(game)
    assert ai is not None and ai.search is not None
    return ai.search


def _walk(game: str, seats: int, seed: int, moves: int = 160):
    """(engine, state, seat to act) along one match of random legal moves."""
    engine = _search(game).engine
    state = engine.new_game(seats, engine.rules_from(None, None), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = engine.to_act(state)
        if seat is None:
            return
        yield engine, state, seat
        state, _ = engine.apply(state, rng.choice(engine.view(state, seat).legal_actions))


@pytest.mark.parametrize(("game", "module", "seats"), CASES)
def test_states_sharing_a_view_give_the_same_hints(game: str, module: ModuleType, seats: int) -> None:
    search = _search(game)
    checked = 0
    for engine, state, seat in _walk(game, seats, seed=3):
        view = engine.view(state, seat)
        hints = module.hints(view)
        assert hints, f"{game}: no hint at all for the seat to act"
        for k in range(2):
            other = search.determinize(view, random.Random(k))
            assert other != state  # its hidden cards differ…
            assert engine.view(other, seat) == view  # …and the seat cannot tell
            assert module.hints(engine.view(other, seat)) == hints
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("game", "module", "seats"), CASES)
def test_every_hint_is_plain_data(game: str, module: ModuleType, seats: int) -> None:
    """Lines hold ints, strings, progress and actions only (the cogs put them into words)."""
    for engine, state, seat in _walk(game, seats, seed=5, moves=60):
        for hint in module.hints(engine.view(state, seat)):
            assert isinstance(hint, Line)
            for _name, value in hint.params:
                values = value if isinstance(value, tuple) else (value,)
                for v in values:
                    assert v is None or isinstance(v, int | str | Progress) or hasattr(v, "__str__")


def test_a_spectator_gets_no_hint() -> None:
    for game, module, seats in CASES:
        for engine, state, _seat in _walk(game, seats, seed=1, moves=1):
            assert module.hints(engine.view(state, None)) == ()


def test_goita_king_blocks_all_but_lance_and_pawn() -> None:
    from engine.goita.types import Piece

    assert set(goita_hints.blocks(Piece.K)) == {Piece.K, Piece.R, Piece.B, Piece.G, Piece.S, Piece.N}
    assert goita_hints.blocks(Piece.P) == (Piece.P,)

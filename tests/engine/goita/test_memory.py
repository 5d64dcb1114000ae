"""The seed's solo / co-op memory mode: guards, pairs, discards, the 76-point maximum."""

from __future__ import annotations

import random

import pytest

from engine.core import BadRules, GameOver, IllegalAction
from engine.goita import SET_COUNTS, Piece
from engine.goita.memory import (
    CORNERS,
    EMPTY,
    MAX_SCORE,
    MEMORY,
    Captured,
    Discard,
    Finished,
    Flip,
    MemoryRules,
    MemoryState,
    apply,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    rules_from,
    view,
)


def stacked(grid: str) -> MemoryState:
    """A game whose 32 positions hold ``grid`` (letters, row by row; corners are the guards)."""
    kinds = tuple(int(Piece.parse(c)) for c in grid.replace(" ", ""))
    assert sorted(kinds) == sorted(k for k, n in enumerate(SET_COUNTS) for _ in range(n))
    return new_game(1, MemoryRules(), 0)._replace(grid=kinds)


def test_four_different_guards_at_the_corners() -> None:
    """« On commence par tirer au hasard 4 cartes différentes … Ces 4 cartes sont les Gardes,
    positionnées aux 4 angles d'un tableau de 4 rangées de 8 cartes »"""
    for seed in range(30):
        s = new_game(1, MemoryRules(), seed)
        assert len({s.grid[p] for p in CORNERS}) == 4 and s.guards == frozenset(CORNERS)
        assert sorted(s.grid) == sorted(k for k, n in enumerate(SET_COUNTS) for _ in range(n))
        v = view(s, 0)
        assert [p for p, c in enumerate(v.cells) if c is not None] == list(CORNERS)


def test_a_pair_is_captured_and_a_guard_pairs_too() -> None:
    """« Si, parmi toutes les cartes visibles (y compris les gardes) il y a des paires identiques,
    on les mets de côté pour le calcul des points à la fin de la partie. »"""
    s = stacked("KPPPPPPR PPPPNNNN LLLLGGGG SSSSBKRB")  # guards K R S B
    s, _ = apply(s, Flip(1))
    assert view(s, 0).cells[1] is Piece.P
    s, events = apply(s, Flip(2))
    assert Captured((Piece.P, Piece.P), (1, 2)) in events and s.grid[1] == s.grid[2] == EMPTY
    assert view(s, 0).score == 2 and s.turned == ()
    # A Silver turned next to the Silver guard at 24 is captured with it.
    s, _ = apply(s, Flip(25))
    s, events = apply(s, Flip(3))
    assert any(isinstance(e, Captured) and e.positions == (25, 24) for e in events)
    assert 24 not in s.guards and s.grid[3] != EMPTY  # the unpaired pawn went back face down
    assert view(s, 0).cells[3] is None


def test_no_pair_means_a_discard_and_the_pieces_go_back() -> None:
    """« Si parmi toutes les cartes visibles il n'y a aucune paire identique, on doit RETIRER une
    carte (soit une carte visible, soit une carte face cachée). … Les cartes que l'on vient de
    retourner sont remises face cachées (sauf les Gardes qui restent toujours visibles). »"""
    s = stacked("KPPPPPPR NPPPPNNN LLLLGGGG SSSSBKRB")
    s, _ = apply(s, Flip(1))
    s, _ = apply(s, Flip(8))  # P and N: no pair with each other nor with the guards K R S B
    assert s.phase == "discard" and len(legal_actions(s)) == 32
    s2, _ = apply(s, Discard(20))  # a face-down piece
    assert s2.discard == (int(Piece.G),) and s2.turned == () and view(s2, 0).cells[1] is None
    s3, _ = apply(s, Discard(0))  # a guard
    assert 0 not in s3.guards and view(s3, 0).discard == (Piece.K,)


def test_random_games_end_with_at_most_76_and_conserve_pieces() -> None:
    """« On continue ainsi jusqu'à ce que toutes les cartes aient été capturées. … Le score maximum
    est de 76 points. »"""
    assert MAX_SCORE == 76
    for seed in range(40):
        rng = random.Random(seed)
        s = MEMORY.new_game(1 + seed % 4, MemoryRules(), seed)
        log = []
        while s.phase != "over":
            legal = legal_actions(s)
            for a in legal[:3]:
                assert parse_action(str(a)) == a
            a = rng.choice(legal)
            s, events = apply(s, a)
            log.append(str(a))
        assert len(s.captured) + len(s.discard) == 32
        o = outcome(s)
        assert o is not None and 0 <= o.scores[0] <= 76 and o.winners == tuple(range(s.seats))
        assert isinstance(events[-1], Finished)
        assert MEMORY.replay(s.seats, MemoryRules(), seed, log) == s
        with pytest.raises(GameOver):
            apply(s, Flip(0))


def test_capturing_everything_scores_76() -> None:
    """« Le score maximum est de 76 points »: a player who knew the grid (the test reads the state)
    pairs everything and scores exactly 76."""
    s = new_game(1, MemoryRules(), 5)
    while s.phase != "over":
        down = [p for p in range(32) if Flip(p) in legal_actions(s)]
        if s.turned:
            k = s.grid[s.turned[0]]
            pos = next((p for p in down if s.grid[p] == k), down[0])
        else:
            guards = {s.grid[g] for g in s.guards}
            pairs = [p for p in down if sum(s.grid[q] == s.grid[p] for q in down) >= 2]
            pos = next((p for p in down if s.grid[p] in guards), pairs[0] if pairs else down[0])
        s, _ = apply(s, Flip(pos))
        assert s.phase != "discard"
    done = outcome(s)
    assert done is not None and done.scores == (76,) and len(s.captured) == 32


def test_view_hides_face_down_pieces_and_bad_moves() -> None:
    s = new_game(2, MemoryRules(), 1)
    v = view(s, None)
    assert sum(c is not None for c in v.cells) == 4 and v.legal_actions == ()
    with pytest.raises(IllegalAction):
        apply(s, Flip(0))  # a guard is not face down
    with pytest.raises(IllegalAction):
        apply(s, Discard(3))
    for bad in ("flip:32", "flip", "swap:1"):
        with pytest.raises(IllegalAction):
            parse_action(bad)
    with pytest.raises(BadRules):
        rules_from(None, {"guards": 3})
    with pytest.raises(BadRules):
        new_game(5, MemoryRules(), 0)

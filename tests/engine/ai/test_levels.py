"""The level framework: parsing, the registry's fallbacks, the generic beginner, the search."""

from __future__ import annotations

import random

import pytest

from engine.ai import levels
from engine.ai.levels import Level, chooser, game_ai, has_level, parse_level
from engine.ai.search import Budget, search_with_stats
from engine.audit import ENGINES
from tests.typed import AnyView


def test_parse_level() -> None:
    assert parse_level("Strong") is Level.STRONG
    assert parse_level(" beginner ") is Level.BEGINNER
    assert parse_level("hard") is Level.STRONG and parse_level("easy") is Level.BEGINNER
    assert parse_level(None) is Level.NORMAL and parse_level("") is Level.NORMAL
    with pytest.raises(ValueError):
        parse_level("grandmaster")


def test_a_game_without_levels_gets_no_chooser() -> None:
    assert game_ai("no_such_game") is None
    assert chooser("no_such_game", Level.STRONG) is None
    assert not has_level("no_such_game", Level.NORMAL)


@pytest.mark.parametrize("game", ["koikoi", "doudizhu"])
def test_every_level_is_registered(game: str) -> None:
    for level in Level:
        assert has_level(game, level)


def _positions(game: str, seeds: range, every: int = 2) -> list[AnyView]:
    ai = game_ai(game)
    assert ai is not None
    engine = ENGINES[game]
    out = []
    for seed in seeds:
        state, _ = engine.begin(engine.max_seats, engine.rules_from(None, None), seed)
        rng = random.Random(seed)
        n = 0
        while engine.outcome(state) is None and n < 120:
            view = engine.view(state, engine.to_act(state))
            if n % every == 0 and len(view.legal_actions) > 1:
                out.append(view)
            state, _ = engine.apply(state, ai.normal(view, rng))
            n += 1
    return out


@pytest.mark.parametrize("game", ["koikoi", "doudizhu"])
def test_the_beginner_never_plays_an_absurd_move(game: str) -> None:
    ai = game_ai(game)
    assert ai is not None and ai.absurd is not None
    beginner = chooser(game, Level.BEGINNER)
    assert beginner is not None
    rng = random.Random(1)
    differs = 0
    for view in _positions(game, range(6)):
        sane = [a for a in view.legal_actions if not ai.absurd(view, a)]
        for _ in range(3):
            action = beginner(view, rng)
            assert action in view.legal_actions
            if sane:
                assert not ai.absurd(view, action), (view, action)
            differs += action != ai.normal(view, random.Random(0))
    assert differs, "the beginner sometimes plays otherwise than the normal CPU"


@pytest.mark.parametrize("game", ["koikoi", "doudizhu"])
def test_search_is_deterministic_for_a_playout_budget(game: str) -> None:
    ai = game_ai(game)
    assert ai is not None and ai.search is not None
    views = _positions(game, range(2), every=7)[:4]
    searched = 0
    for view in views:
        a, stats = search_with_stats(ai.search, view, random.Random(5), Budget(playouts=30))
        levels_b = levels.choose(game, "strong", view, 0, Budget(playouts=30))
        assert a in view.legal_actions and levels_b in view.legal_actions
        assert search_with_stats(ai.search, view, random.Random(5), Budget(playouts=30))[0] == a
        if ai.strong is not None:  # the game's own strong level (Koi-Koi's), with the budget
            assert levels_b == ai.strong(view, random.Random(0), Budget(playouts=30))[0]
        cands = ai.search.candidates(view) if ai.search.candidates is not None else view.legal_actions
        if len(cands) > 1:  # one candidate is played without search
            # Every iteration plays each surviving candidate: at least two in the first round.
            assert stats.iterations >= 1 and stats.playouts > stats.iterations
            searched += 1
    assert searched, "some views were searched"


def test_a_budget_needs_playouts_or_seconds() -> None:
    with pytest.raises(ValueError):
        Budget()

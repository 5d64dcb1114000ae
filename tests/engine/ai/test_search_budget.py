"""The strong CPU's time budget counts the search's own CPU time, not the wall clock: a decision
makes the same playouts, and so the same move, on a busy host as on an idle one (issue 27: a
1-second wall-clock budget made a tenth of its playouts when the cores were busy). The wall cap
still bounds a decision, but never before the floor's playouts.

The clocks are injected (``engine.ai.search.Clocks``): each reading of the fake CPU clock is one
millisecond of work, and a busy host's wall clock runs faster than that, or jumps.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.ai import levels
from engine.ai.koikoi import strong as koikoi_strong
from engine.ai.levels import Level, game_ai
from engine.ai.search import MARGIN, Budget, Clocks, search_with_stats
from engine.audit import ENGINES
from engine.hanafuda.koikoi import KoiKoiView, Phase
from tests.typed import AnyView

STEP = 0.001  # CPU seconds the fake clock advances at each reading


class FakeClocks:
    """A CPU clock that advances ``STEP`` a reading, and a wall clock that advances ``ratio``
    times as much (a busy host: the search gets ``1 / ratio`` of a core), plus ``jump``."""

    def __init__(self, ratio: float = 1.0, jump: float = 0.0) -> None:
        self.ratio, self.jump = ratio, jump
        self.cpu_now = self.wall_now = 0.0

    def cpu(self) -> float:
        self.cpu_now += STEP
        return self.cpu_now

    def wall(self) -> float:
        self.wall_now += STEP * self.ratio + self.jump
        return self.wall_now

    def clocks(self) -> Clocks:
        return Clocks(cpu=self.cpu, wall=self.wall)


def _views(game: str, count: int) -> list[AnyView]:
    """Views with several candidates, from a match between normal CPUs."""
    ai = game_ai(game)
    assert ai is not None and ai.search is not None
    engine = ENGINES[game]
    state, _ = engine.begin(engine.max_seats, engine.rules_from(None, None), 11)
    rng = random.Random(11)
    out: list[AnyView] = []
    while engine.outcome(state) is None and len(out) < count:
        view = engine.view(state, engine.to_act(state))
        cands = ai.search.candidates(view) if ai.search.candidates is not None else view.legal_actions
        if len(cands) > 2:
            out.append(view)
        state, _ = engine.apply(state, ai.normal(view, rng))
    return out


def _search(game: str, view: object, budget: Budget) -> tuple[object, int, int]:
    ai = game_ai(game)
    assert ai is not None and ai.search is not None
    action, stats = search_with_stats(ai.search, view, random.Random(3), budget)
    return action, stats.iterations, stats.playouts


SEARCHED = ["koikoi", "doudizhu", "gostop"]


@pytest.mark.parametrize("game", SEARCHED)
def test_the_budget_counts_cpu_time_so_a_busy_host_searches_as_much(game: str) -> None:
    """Idle (wall = CPU) or busy (the wall clock runs 3 or 10 times faster): the same
    iterations, playouts and move, as many as the CPU seconds allow."""
    seconds = 0.04
    for view in _views(game, 2):
        runs = []
        for ratio in (1.0, 3.0, 10.0):
            budget = Budget(seconds=seconds, floor=0, wall_cap=10.0, clocks=FakeClocks(ratio).clocks())
            runs.append(_search(game, view, budget))
        assert runs[0] == runs[1] == runs[2]
        iterations = runs[0][1]
        assert abs(iterations - MARGIN * seconds / STEP) <= 4, "the CPU seconds set the iterations"


@pytest.mark.parametrize("game", SEARCHED)
def test_a_jumping_wall_clock_stops_the_search_at_the_floor_not_before(game: str) -> None:
    """The wall clock leaps 100 s at each reading (a host that stalls the search): the wall cap
    stops the search as soon as the floor is made, and the floor makes what a fixed budget of
    as many playouts makes: the same iterations and the same move."""
    floor = 40
    for view in _views(game, 2):
        jumping = FakeClocks(jump=100.0).clocks()
        capped = _search(game, view, Budget(seconds=5.0, floor=floor, wall_cap=3.0, clocks=jumping))
        assert capped == _search(game, view, Budget(playouts=floor))
        # Without the cap, the same clocks search on for the CPU budget.
        uncapped = _search(
            game, view, Budget(seconds=0.08, floor=floor, clocks=FakeClocks(jump=100.0).clocks())
        )
        assert uncapped[1] > capped[1]


def test_without_a_floor_the_wall_cap_bounds_the_search_to_an_iteration_a_round() -> None:
    view = _views("doudizhu", 1)[0]
    budget = Budget(seconds=5.0, wall_cap=3.0, clocks=FakeClocks(jump=100.0).clocks())
    ai = game_ai("doudizhu")
    assert ai is not None and ai.search is not None
    _, stats = search_with_stats(ai.search, view, random.Random(3), budget)
    assert 1 <= stats.iterations <= 4  # one per halving round (at most ceil(log2 9) = 4 rounds)


def _decide_view() -> KoiKoiView:
    engine = ENGINES["koikoi"]
    ai = game_ai("koikoi")
    assert ai is not None
    for seed in range(40):
        state, _ = engine.begin(2, engine.rules_from(None, None), seed)
        rng = random.Random(seed)
        while engine.outcome(state) is None:
            view = engine.view(state, engine.to_act(state))
            if view.phase is Phase.DECIDE and view.hand:
                return view
            state, _ = engine.apply(state, ai.normal(view, rng))
    raise AssertionError("no koi-koi decision met")


def test_the_koikoi_call_counts_cpu_time_and_keeps_its_floor() -> None:
    """Koi-Koi's own koi-koi/stop search: the same budget rules (busy = idle; a jumping wall
    clock stops it at the floor, which is what the fixed budget of the same playouts makes)."""
    view = _decide_view()

    def decide(budget: Budget) -> tuple[object, float]:
        action, found = koikoi_strong.decide_stats(view, random.Random(5), budget)
        return action, found["playouts"]

    budget = Budget(seconds=0.08, wall_cap=10.0)
    idle = decide(replace(budget, clocks=FakeClocks(1.0).clocks()))
    busy = decide(replace(budget, clocks=FakeClocks(3.0).clocks()))
    assert idle == busy and abs(idle[1] / 2 - MARGIN * 0.08 / STEP) <= 2
    floor = 30
    jumping = Budget(seconds=5.0, floor=floor, wall_cap=3.0, clocks=FakeClocks(jump=100.0).clocks())
    assert decide(jumping) == decide(Budget(playouts=floor))


def test_a_decision_reports_its_playouts_and_its_cpu_and_wall_time() -> None:
    """What the bot logs: the playouts of a strong decision (none for a normal one) and its
    seconds read on the budget's clocks (here the wall ran 3 times the CPU time)."""
    view = _views("doudizhu", 1)[0]
    clocks = FakeClocks(3.0).clocks()
    decision = levels.decide(
        "doudizhu", "strong", view, 4, Budget(seconds=0.03, wall_cap=10.0, clocks=clocks)
    )
    assert decision.level is Level.STRONG and decision.game == "doudizhu"
    assert decision.action in view.legal_actions and decision.playouts > 0
    assert decision.wall_seconds == pytest.approx(3 * decision.cpu_seconds)
    assert decision.cpu_seconds >= MARGIN * 0.03
    normal = levels.decide("doudizhu", "normal", view, 4, Budget(playouts=10))
    assert normal.playouts == 0 and normal.action == levels.choose("doudizhu", "normal", view, 4)


# The bot's budget (``engine.ai.cpu_calibration``): a playout count with a floor and a wall cap.
STRONG = [g for g in sorted(ENGINES) if levels.has_level(g, Level.STRONG)]


class SharedCoreClocks(FakeClocks):
    """A busy host as it really is: the wall clock runs ``ratio`` times the CPU clock, and each
    reading of the CPU clock is ``cost`` times a millisecond (every playout costs more CPU on a
    shared core: what a CPU-time budget could not correct)."""

    def __init__(self, ratio: float, cost: float) -> None:
        super().__init__(ratio)
        self.cost = cost

    def cpu(self) -> float:
        self.cpu_now += STEP * self.cost
        return self.cpu_now

    def wall(self) -> float:
        self.wall_now += STEP * self.cost * self.ratio
        return self.wall_now


def _strong_views(game: str) -> list[AnyView]:
    """Views with a choice to search, from a match between normal CPUs; Koi-Koi's koi-koi call too."""
    ai = game_ai(game)
    assert ai is not None and ai.search is not None
    engine = ENGINES[game]
    state, _ = engine.begin(engine.max_seats, engine.rules_from(None, None), 11)
    rng = random.Random(11)
    out: list[AnyView] = []
    while engine.outcome(state) is None and len(out) < 3:
        view = engine.view(state, engine.to_act(state))
        cands = ai.search.candidates(view) if ai.search.candidates is not None else view.legal_actions
        if len(cands) > 2:
            out.append(view)
        state, _ = engine.apply(state, ai.normal(view, rng))
    return [*out, _decide_view()] if game == "koikoi" else out


def _decisions(game: str, views: list[AnyView], budget: Budget) -> list[tuple[object, int]]:
    out = []
    for i, view in enumerate(views):
        decision = levels.decide(game, Level.STRONG, view, 70 + i, budget)
        out.append((decision.action, decision.playouts))
    return out


@pytest.mark.parametrize("game", STRONG)
def test_the_bots_playout_budget_decides_the_same_however_fast_the_host(game: str) -> None:
    """Issue 27: "with a fixed seed makes the same decisions busy or idle". The bot's budget is
    a playout count (with its floor and wall cap): an idle host, one where the search gets a
    third of a core and each playout costs 20 % more CPU, and one five times faster make the
    same playouts and the same moves (the cap, 1 s, is never reached)."""
    views = _strong_views(game)
    budget = Budget(playouts=30, floor=10, wall_cap=1.0)
    runs = [
        _decisions(game, views, replace(budget, clocks=SharedCoreClocks(ratio, cost).clocks()))
        for ratio, cost in ((1.0, 1.0), (3.0, 1.2), (1.0, 0.2))
    ]
    assert runs[0] == runs[1] == runs[2]
    assert runs[0] == _decisions(game, views, Budget(playouts=30)), "the cap never cut it"
    assert all(playouts > 0 for _, playouts in runs[0]), "each decision searched"


@pytest.mark.parametrize("game", STRONG)
def test_the_wall_cap_cuts_a_playout_budget_at_its_floor_not_before(game: str) -> None:
    """A host that stalls (the wall clock leaps 100 s a reading): the playout budget stops at
    its floor, the decisions a fixed budget of the floor's playouts makes."""
    views = _strong_views(game)
    jumping = Budget(playouts=60, floor=12, wall_cap=5.0, clocks=FakeClocks(jump=100.0).clocks())
    capped = _decisions(game, views, jumping)
    assert capped == _decisions(game, views, Budget(playouts=12))
    assert sum(p for _, p in capped) < sum(p for _, p in _decisions(game, views, Budget(playouts=60)))

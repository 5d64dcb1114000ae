"""Random playouts over thousands of seeds: invariants, legality, replay and hidden information."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from engine.core import GameOver, IllegalAction
from engine.hanafuda.cards import CARDS, FULL_DECK_MASK, Card, mask
from engine.hanafuda.koikoi import (
    ENGINE,
    PRESETS,
    Action,
    Capture,
    KoiKoi,
    KoiKoiView,
    Phase,
    Play,
    Rules,
    Shobu,
    State,
    apply,
    legal_actions,
    new_game,
    outcome,
    view,
)

CONFIGS: list[Rules] = [
    PRESETS["seed"],
    PRESETS["nintendo"],
    PRESETS["koikoi-japan"],
    Rules(lightning_wild=True, empty_hands="dealer_out", oyaken=1, viewing="one", rain_spoils_viewing=True),
    Rules(lightning_wild=True, empty_hands="all_lost", all_lost_dealer="changes", opponent_koikoi="per_call"),
    Rules(
        five_to_six=True,
        fifteen_point_yaku=True,
        opponent_koikoi="anyone",
        sake_cup="animal",
        lucky_hands=False,
    ),
    Rules(viewing="off", opponent_koikoi="self", double_at=0, oyaken=6),
]

UNIVERSE: list[Action] = [
    *(Play(c) for c in CARDS),
    *(Play(c, t) for c in CARDS for t in CARDS),
    *(Capture(t) for t in CARDS),
    KoiKoi(),
    Shobu(),
]


def conserved(s: State) -> bool:
    """The 48 cards are each in exactly one place."""
    parts = [*s.hands, s.field, *s.captured, mask(s.pile[s.pile_pos :])]
    if s.pending >= 0:
        parts.append(1 << s.pending)
    union = 0
    for p in parts:
        union |= p
    return union == FULL_DECK_MASK and sum(p.bit_count() for p in parts) == 48


def playout(rules: Rules, seed: int, rng: random.Random) -> Iterator[tuple[State, tuple[Action, ...]]]:
    """Yield each state before a move with its legal actions; the last has none."""
    s = new_game(2, rules, seed)
    for _ in range(2000):
        legal = legal_actions(s)
        yield s, legal
        if not legal:
            return
        s, _ = apply(s, rng.choice(legal))
    raise AssertionError(f"match did not end (seed {seed})")


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_random_playouts_keep_the_invariants(config: int) -> None:
    """48 cards conserved at every step, termination, legal_actions empty exactly at the end."""
    rules = dataclasses.replace(CONFIGS[config], rounds=3)
    rng = random.Random(config)
    reasons: set[str] = set()
    for seed in range(450):
        for s, legal in playout(rules, seed * 31 + config, rng):
            assert conserved(s), seed
            assert (not legal) == (s.phase is Phase.OVER) == (s.to_act is None)
            assert (outcome(s) is None) == bool(legal)
        assert len(s.history) == 3
        assert s.scores == tuple(sum(r.points[i] for r in s.history) for i in (0, 1))
        reasons.update(r.reason for r in s.history)
    assert {"shobu", "draw"} <= reasons or "all_lost" in reasons


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_legal_actions_and_apply_never_disagree(config: int) -> None:
    """Every legal action applies; every other action raises IllegalAction (GameOver at the end)."""
    rules = CONFIGS[config]
    rng = random.Random(100 + config)
    checked = 0
    for seed in range(6):
        for step, (s, legal) in enumerate(playout(rules, 1000 + seed, rng)):
            if not legal:
                for action in rng.sample(UNIVERSE, 20):
                    with pytest.raises(GameOver):
                        apply(s, action)
                continue
            for action in legal:
                apply(s, action)
            allowed = set(legal)
            # The whole action space now and then, a random sample otherwise.
            candidates = UNIVERSE if step % 40 == 0 else rng.sample(UNIVERSE, 30)
            for action in candidates:
                if action in allowed:
                    continue
                with pytest.raises(IllegalAction):
                    apply(s, action)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_replay_from_rules_seed_and_notation(config: int) -> None:
    """``(rules, seed, [str(action) ...])`` rebuilds the very same state."""
    rules = CONFIGS[config]
    rng = random.Random(200 + config)
    for seed in range(40):
        s = new_game(2, rules, seed)
        log: list[str] = []
        while s.phase is not Phase.OVER:
            action = rng.choice(legal_actions(s))
            log.append(str(action))
            s, _ = apply(s, action)
            if len(log) % 50 == 0:
                assert ENGINE.replay(2, rules, seed, log) == s
        assert ENGINE.replay(2, rules, seed, log) == s
        assert outcome(s) == ENGINE.outcome(ENGINE.replay(2, rules, seed, log))


def cards_in(obj: object, skip: frozenset[str] = frozenset()) -> set[int]:
    """Every Card reachable from a view's fields (tuples and dataclasses walked)."""
    found: set[int] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, Card):
            found.add(int(x))
        elif isinstance(x, tuple | list):
            stack.extend(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend(getattr(x, f.name) for f in dataclasses.fields(x) if f.name not in skip)
    return found


def check_view(s: State, seat: int | None) -> KoiKoiView:
    v = view(s, seat)
    assert not any(isinstance(getattr(v, f.name), State) for f in dataclasses.fields(v))
    hidden = mask(s.pile[s.pile_pos :])
    for other in (0, 1):
        if other != seat:
            hidden |= s.hands[other]
    # The current round's hidden cards appear nowhere (history holds past rounds only).
    leaked = cards_in(v, frozenset({"history", "rules"})) & {c for c in range(48) if hidden >> c & 1}
    assert not leaked, f"seat {seat} sees {sorted(map(str, (CARDS[c] for c in leaked)))}"
    assert (v.hand is None) == (seat is None)
    if seat is not None:
        assert mask(v.hand or ()) == s.hands[seat]
    assert v.legal_actions == (legal_actions(s) if seat is not None and seat == s.to_act else ())
    assert v.hand_counts == (s.hands[0].bit_count(), s.hands[1].bit_count())
    assert v.draw_pile == len(s.pile) - s.pile_pos
    assert (v.stop_score is not None) == (s.phase is Phase.DECIDE)
    return v


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_views_never_leak_hidden_cards(config: int) -> None:
    rules = dataclasses.replace(CONFIGS[config], rounds=4)
    rng = random.Random(300 + config)
    for seed in range(12):
        for s, _ in playout(rules, 5000 + seed, rng):
            for seat in (0, 1, None):
                v = check_view(s, seat)
            if s.phase is Phase.DECIDE:
                stop = v.stop_score
                assert stop is not None and stop.winner == s.to_act and stop.points[s.to_act] > 0
            # History results only show what was public when their round ended.
            for result in v.history:
                for y in result.yaku:
                    if y.yaku not in ("teshi", "kuttsuki"):
                        assert set(y.cards) <= set(result.captured[result.winner or 0]) or y.yaku == "oyaken"

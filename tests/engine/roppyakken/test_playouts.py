"""Random playouts over many seeds, 2 and 3 players: invariants, legality, replay, no leak."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from engine.core import GameOver, IllegalAction
from engine.hanafuda.cards import CARDS, FULL_DECK_MASK, Card, mask
from engine.hanafuda.roppyakken import (
    ENGINE,
    PRESETS,
    Action,
    Capture,
    Lay,
    Phase,
    Play,
    Rules,
    State,
    apply,
    legal_actions,
    new_game,
    outcome,
    view,
)

CONFIGS: list[Rules] = [
    Rules(),
    PRESETS["sanbyakuken"],
    Rules(
        sake_deer_lights=True, hand_four="misdeal", tie_break="score", nanatan_willow=False, lead=0,
        gaji_capture="optional", gaji_on_field_wild=True,
    ),
    Rules(
        teyaku=False, teppo=0, shima=0, target=1000, lead=100, tie_break="yaku", gaji_capture="optional",
        gaji_no_triples=True,
    ),
]  # fmt: skip
CASES = [(seats, c) for seats in (2, 3) for c in range(len(CONFIGS))]

UNIVERSE: list[Action] = [
    *(Play(c) for c in CARDS),
    *(Play(c, t) for c in CARDS for t in CARDS),
    *(Capture(t) for t in CARDS),
    *(Lay(c) for c in CARDS),
    Lay(),
]


def conserved(s: State) -> bool:
    parts = [*s.hands, s.field, *s.captured, mask(s.pile[s.pile_pos :])]
    if s.pending >= 0:
        parts.append(1 << s.pending)
    union = 0
    for p in parts:
        union |= p
    return union == FULL_DECK_MASK and sum(p.bit_count() for p in parts) == 48


def playout(
    seats: int, rules: Rules, seed: int, rng: random.Random
) -> Iterator[tuple[State, tuple[Action, ...]]]:
    s = new_game(seats, rules, seed)
    for _ in range(5000):
        legal = legal_actions(s)
        yield s, legal
        if not legal:
            return
        s, _ = apply(s, rng.choice(legal))
    raise AssertionError(f"match did not end (seed {seed})")


@pytest.mark.parametrize(("seats", "config"), CASES)
def test_random_playouts_keep_the_invariants(seats: int, config: int) -> None:
    """48 cards conserved at every step, termination, legal_actions empty exactly at the end,
    totals = sum of round points, the winner over the target."""
    rules = CONFIGS[config]
    rng = random.Random(config)
    for seed in range(150):
        for s, legal in playout(seats, rules, seed * 31 + config, rng):
            assert conserved(s), seed
            assert (not legal) == (s.phase is Phase.OVER) == (s.to_act is None)
            assert (outcome(s) is None) == bool(legal)
            if s.phase is Phase.PLAY:
                counts = sorted(h.bit_count() for h in s.hands)
                assert counts[-1] - counts[0] <= 1
        assert s.scores == tuple(sum(r.points[i] for r in s.history) for i in range(seats))
        (winner,) = s.winners
        assert s.scores[winner] >= rules.target
        for r in s.history:
            assert r.points == tuple(x.total for x in r.seats)


@pytest.mark.parametrize(("seats", "config"), CASES)
def test_legal_actions_and_apply_never_disagree(seats: int, config: int) -> None:
    """DESIGN.md: « legal_actions and apply never disagree » — every legal action applies; every
    other action raises IllegalAction (GameOver at the end)."""
    rules = CONFIGS[config]
    rng = random.Random(100 + config)
    checked = 0
    for seed in range(5):
        for step, (s, legal) in enumerate(playout(seats, rules, 1000 + seed, rng)):
            if not legal:
                for action in rng.sample(UNIVERSE, 20):
                    with pytest.raises(GameOver):
                        apply(s, action)
                continue
            for action in legal:
                apply(s, action)
            allowed = set(legal)
            candidates = UNIVERSE if step % 25 == 0 else rng.sample(UNIVERSE, 30)
            for action in candidates:
                if action not in allowed:
                    with pytest.raises(IllegalAction):
                        apply(s, action)
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize(("seats", "config"), CASES)
def test_replay_from_rules_seed_and_notation(seats: int, config: int) -> None:
    """DESIGN.md: « (rules, seed, actions) replays any game exactly »."""
    rules = CONFIGS[config]
    rng = random.Random(200 + config)
    for seed in range(25):
        s = new_game(seats, rules, seed)
        log: list[str] = []
        while s.phase is not Phase.OVER:
            action = rng.choice(legal_actions(s))
            log.append(str(action))
            s, _ = apply(s, action)
        assert ENGINE.replay(seats, rules, seed, log) == s


def cards_in(obj: object, skip: frozenset[str] = frozenset()) -> set[int]:
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


@pytest.mark.parametrize(("seats", "config"), CASES)
def test_views_never_leak_hidden_cards(seats: int, config: int) -> None:
    """DESIGN.md: « no seat's view holds another seat's hidden cards or the deck order » — every
    field of every view (each seat and a spectator) at every step; teyaku cards are public once
    shown."""
    rules = CONFIGS[config]
    rng = random.Random(300 + config)
    for seed in range(8):
        for s, _ in playout(seats, rules, 5000 + seed, rng):
            shown = 0
            for items in s.teyaku:
                for item in items:
                    shown |= mask(item.cards)
            for seat in (*range(seats), None):
                v = view(s, seat)
                hidden = mask(s.pile[s.pile_pos :])
                for other in range(seats):
                    if other != seat:
                        hidden |= s.hands[other]
                if s.phase is not Phase.OVER:
                    hidden &= ~shown
                hidden_cards = {c for c in range(48) if hidden >> c & 1}
                leaked = cards_in(v, frozenset({"history", "rules"})) & hidden_cards
                assert not leaked, (seat, sorted(map(str, (CARDS[c] for c in leaked))))
                assert (v.hand is None) == (seat is None)
                if seat is not None:
                    assert mask(v.hand or ()) == s.hands[seat]
                assert v.legal_actions == (legal_actions(s) if seat == s.to_act and seat is not None else ())
                assert v.draw_pile == len(s.pile) - s.pile_pos

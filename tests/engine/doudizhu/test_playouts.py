"""Random playouts over many seeds: conservation, termination, legal/apply agreement, exact
replay through ``ENGINE.replay``, and no hidden information in any view."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from engine.core import GameOver, IllegalAction
from engine.doudizhu import (
    ENGINE,
    PASS,
    PRESETS,
    Action,
    Bid,
    Card,
    Move,
    Phase,
    Played,
    Rules,
    State,
    apply,
    legal_actions,
    new_game,
    outcome,
    view,
)
from engine.doudizhu.cards import FULL_DECK_MASK, mask
from engine.doudizhu.moves import encode, leads
from tests.typed import unchecked

CONFIGS = [PRESETS["seed"], PRESETS["classic"], Rules(max_redeals=2, bomb_over_bomb=False)]
UNIVERSE: list[Action] = [*(Bid(v) for v in (1, 2, 3)), PASS, *leads(encode([4] * 13 + [1, 1]))[:3000:7]]


def playout(rules: Rules, seed: int, rng: random.Random) -> Iterator[tuple[State, tuple[Action, ...]]]:
    s = new_game(3, rules, seed)
    for _ in range(5000):
        legal = legal_actions(s)
        yield s, legal
        if not legal:
            return
        s, _ = apply(s, rng.choice(legal))
    raise AssertionError(f"match did not end (seed {seed})")


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_random_playouts_keep_the_invariants(config: int) -> None:
    """54 cards in exactly one place (hands, kitty before the bidding ends, played tricks) at
    every step; termination; legal_actions empty exactly at the end; scores add up to zero."""
    rules = dataclasses.replace(CONFIGS[config], hands=2)
    rng = random.Random(config)
    for seed in range(120):
        for s, legal in playout(rules, seed * 7 + config, rng):
            assert (not legal) == (s.phase is Phase.OVER) == (s.to_act is None)
            assert (outcome(s) is None) == bool(legal)
            if s.phase is Phase.OVER:
                continue
            played = 0
            for trick in (*s.tricks, s.trick):
                for p in trick:
                    assert not played & mask(p.cards)
                    played |= mask(p.cards)
            parts = [*s.masks, played]
            if s.landlord < 0:
                parts.append(mask(s.kitty))
            union = 0
            for part in parts:
                assert not union & part
                union |= part
            assert union == FULL_DECK_MASK
            assert all(encode_of(s.masks[i]) == s.encs[i] for i in range(3))
        assert len(s.history) == 2 and sum(s.scores) == 0
        assert s.scores == tuple(sum(r.points[i] for r in s.history) for i in range(3))


def encode_of(m: int) -> int:
    from engine.doudizhu.state import enc_of_mask

    return enc_of_mask(m)


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_legal_actions_and_apply_never_disagree(config: int) -> None:
    """Every legal action applies; every other action of a sample raises IllegalAction
    (GameOver at the end); each generated move is of the kind it answers (or a bomb/rocket)."""
    rules = CONFIGS[config]
    rng = random.Random(50 + config)
    for seed in range(8):
        for s, legal in playout(dataclasses.replace(rules, hands=1), 900 + seed, rng):
            if not legal:
                for action in rng.sample(UNIVERSE, 10):
                    with pytest.raises(GameOver):
                        apply(s, action)
                continue
            assert len(set(legal)) == len(legal)
            for action in legal:
                apply(s, action)
                if isinstance(action, Move) and s.last is not None:
                    assert action.kind in (s.last.kind, "bomb", "rocket")
            allowed = set(legal)
            for action in rng.sample(UNIVERSE, 40):
                if action not in allowed:
                    with pytest.raises(IllegalAction):
                        apply(s, action)


def test_exact_replay_from_the_action_log() -> None:
    """``(rules, seed, actions)`` replays a match exactly (text notation through parse_action)."""
    rng = random.Random(3)
    for seed in range(40):
        rules = CONFIGS[seed % len(CONFIGS)]
        s, _ = ENGINE.begin(3, rules, seed)
        log: list[str] = []
        while s.phase is not Phase.OVER:
            a = rng.choice(ENGINE.legal_actions(s))
            log.append(str(a))
            assert ENGINE.parse_action(str(a)) == a
            s, _ = ENGINE.apply(s, a)
        assert ENGINE.replay(3, rules, seed, log) == s


def _cards_in(obj: object, found: set[int], skip: tuple[str, ...] = ("hand", "history")) -> None:
    """Cards anywhere in ``obj`` except its own hand and finished hands' results (the cards left
    at the end of an earlier hand are public and belong to another deal)."""
    if isinstance(obj, Card):
        found.add(int(obj))
    elif isinstance(obj, tuple | list):
        for x in obj:
            _cards_in(x, found)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            if f.name not in skip:
                _cards_in(getattr(obj, f.name), found)


def test_no_view_leaks_another_hand() -> None:
    """A seat's view holds its own hand, counts, the face-up card, the kitty once revealed and
    the played tricks: never a card another seat still holds, never the deck order or seed."""
    rng = random.Random(9)
    for seed in range(60):
        for s, _legal in playout(Rules(hands=2), 300 + seed, rng):
            for seat in (None, 0, 1, 2):
                v = view(s, seat)
                assert v.hand_counts == tuple(x.bit_count() for x in s.masks)
                if seat is not None:
                    assert mask(v.hand or ()) == s.masks[seat]
                    assert v.legal_actions == (legal_actions(s) if s.to_act == seat else ())
                seen: set[int] = set()
                _cards_in(v, seen)
                public = {s.face_up} | (set(s.kitty) if s.landlord >= 0 else set())
                for other in range(3):
                    if other == seat:
                        continue
                    hidden = mask(c for c in range(54) if s.masks[other] >> c & 1 and c not in public)
                    assert not mask(seen) & hidden, (seed, seat, other)
                assert not hasattr(v, "seed") and not hasattr(v, "deck")


def test_events_narrate_every_card_played() -> None:
    """The Played events of a hand account for exactly the cards that left the hands."""
    rng = random.Random(5)
    for seed in range(20):
        s = new_game(3, Rules(hands=1), seed)
        total = 0
        while s.phase is not Phase.OVER:
            s, events = apply(s, rng.choice(legal_actions(s)))
            total += sum(len(e.cards) for e in events if isinstance(e, Played))
        left = sum(len(x) for x in s.history[0].left)
        assert total + left == 54


def test_forged_actions_are_refused() -> None:
    """``apply`` checks what it is given: a Move whose fields do not match its cards, a bid of
    0 or 4, a string, a move during the bidding and a bid during play."""
    s = new_game(3, Rules(), 2)
    for bad in (Bid(0), Bid(4), Bid(True), "bid1", Move("single", 0, 1, 1)):
        with pytest.raises(IllegalAction):
            apply(s, unchecked(bad))
    s, _ = apply(s, Bid(3))
    hand = s.encs[s.landlord]
    single = next(m for m in legal_actions(s) if isinstance(m, Move) and m.kind == "single")
    for wrong in (
        Bid(1),
        Move("pair", single.key, 1, single.enc),
        Move("single", 0, 1, -1),
        Move("single", 0, 1, 1 << 70),
        PASS,
    ):
        with pytest.raises(IllegalAction):
            apply(s, wrong)
    assert s.encs[s.landlord] == hand

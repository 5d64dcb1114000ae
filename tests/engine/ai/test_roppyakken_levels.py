"""Roppyakken CPU levels: the determinization reproduces the seat's view from the view alone
(teyaku cards stay with their owner), the beginner never plays an absurd move, strong runs."""

from __future__ import annotations

import random

import pytest

from engine.ai.levels import Level, chooser
from engine.ai.roppyakken.determinize import determinize, unseen
from engine.ai.roppyakken.heuristic import choose_action
from engine.ai.roppyakken.levels import absurd
from engine.ai.roppyakken.search import policy
from engine.ai.search import Budget
from engine.hanafuda.cards import CARDS, Card, mask
from engine.hanafuda.roppyakken import ENGINE, Phase, Play, State, apply, legal_actions, view

PRESETS = [None, "sanbyakuken"]


def _positions(seats: int, preset: str | None, seed: int) -> list[State]:
    """Every state of one round between normal CPUs."""
    s = ENGINE.new_game(seats, ENGINE.rules_from(preset, None), seed)
    rng = random.Random(seed)
    out = []
    r0 = s.round_no
    while s.phase is not Phase.OVER and s.round_no == r0:
        out.append(s)
        s, _ = apply(s, choose_action(view(s, s.to_act), rng))
    return out


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("preset", PRESETS)
def test_determinized_state_shows_the_same_view(seats: int, preset: str | None) -> None:
    """The key property: whatever hidden cards are drawn, the seat sees exactly its view."""
    samples = 0
    for seed in range(4):
        for s in _positions(seats, preset, seed)[::2]:
            for seat in range(seats):
                v = view(s, seat)
                d = determinize(v, random.Random(seed * 31 + seat))
                assert view(d, seat) == v
                assert len(d.pile) - d.pile_pos == v.draw_pile
                samples += 1
    assert samples > 40


def test_hidden_cards_come_from_the_unseen_ones_and_vary() -> None:
    s = _positions(2, None, 3)[3]
    seat = s.to_act
    assert seat is not None
    v = view(s, seat)
    other = 1 - seat
    hands = set()
    for k in range(20):
        d = determinize(v, random.Random(k))
        pile = mask(d.pile[d.pile_pos :])
        assert d.hands[other] | pile == unseen(v) and not d.hands[other] & pile
        hands.add(d.hands[other])
    assert len(hands) > 10
    assert unseen(v) == s.hands[other] | mask(s.pile[s.pile_pos :])


def _teyaku_state() -> State:
    """A round where seat 1 showed a teyaku (three cards of a month) at the deal."""
    for seed in range(500):
        s = ENGINE.new_game(2, ENGINE.rules_from(None, None), seed)
        if s.teyaku[1] and s.to_act == 0:
            return s
    raise AssertionError("no teyaku in 500 deals")


def test_teyaku_cards_stay_in_the_hand_that_showed_them() -> None:
    s = _teyaku_state()
    shown = 0
    for item in s.teyaku[1]:
        shown |= mask(item.cards)
    v = view(s, 0)
    for k in range(20):
        d = determinize(v, random.Random(k))
        assert d.hands[1] & shown == shown


def test_no_unshown_triple_in_a_sampled_hand() -> None:
    """A seat that showed no teyaku was dealt no three cards of a month (tesan is on)."""
    for s in _positions(2, None, 11)[:6]:
        seat = s.to_act
        assert seat is not None
        v = view(s, seat)
        other = 1 - seat
        if s.teyaku[other]:
            continue
        for k in range(20):
            d = determinize(v, random.Random(k))
            assert all((d.hands[other] >> (4 * m) & 15).bit_count() < 3 for m in range(12))


def test_playouts_run_from_a_sample_to_the_round_end() -> None:
    rng = random.Random(4)
    for s in _positions(3, "sanbyakuken", 2)[::3]:
        d = determinize(view(s, s.to_act), rng)
        r0 = d.round_no
        while d.phase is not Phase.OVER and d.round_no == r0:
            d, _ = apply(d, rng.choice(legal_actions(d)))


@pytest.mark.parametrize("seats", [2, 3])
def test_beginner_plays_legal_moves_and_never_an_absurd_one(seats: int) -> None:
    beginner = chooser("roppyakken", Level.BEGINNER)
    assert beginner is not None
    rng = random.Random(seats)
    for seed in range(6):
        for s in _positions(seats, None, seed):
            v = view(s, s.to_act)
            a = beginner(v, rng)
            assert a in v.legal_actions
            assert not absurd(v, a)


def test_strong_with_a_fixed_playout_count_is_legal_and_repeatable() -> None:
    strong = chooser("roppyakken", Level.STRONG, Budget(playouts=16))
    assert strong is not None
    for s in _positions(2, None, 6)[:8:3]:
        v = view(s, s.to_act)
        a = strong(v, random.Random(1))
        assert a in v.legal_actions
        assert strong(v, random.Random(1)) == a


def test_playout_policy_plays_as_the_normal_cpu_on_the_view() -> None:
    """The playouts' policy reads the sampled state's masks: the same moves as on the view."""
    for seats in (2, 3):
        for preset in PRESETS:
            for s in _positions(seats, preset, 9):
                assert policy(s, random.Random(1)) == choose_action(view(s, s.to_act), random.Random(1))


def test_beginner_never_takes_a_plain_over_a_light() -> None:
    """Two cards of the month on the field, a light and a plain: taking the plain throws 50
    points away (absurd); the beginner always takes the light."""
    beginner = chooser("roppyakken", Level.BEGINNER)
    assert beginner is not None
    s = _positions(2, None, 1)[0]
    seat = s.to_act
    assert seat is not None
    crane, plain_a, plain_b = Card.parse("1a"), Card.parse("1c"), Card.parse("1d")
    others = [c for c in range(48) if c not in (crane, plain_a, plain_b)]
    hand = 1 << plain_a | mask(others[:7])
    field = 1 << crane | 1 << plain_b | mask(others[7:13])
    hands = list(s.hands)
    hands[seat] = hand
    hands[1 - seat] = mask(others[13:21])
    s = s._replace(hands=tuple(hands), field=field, pile=tuple(CARDS[c] for c in others[21:]), pile_pos=0)
    v = view(s, seat)
    take_light, take_plain = Play(CARDS[plain_a], CARDS[crane]), Play(CARDS[plain_a], CARDS[plain_b])
    assert take_light in v.legal_actions and take_plain in v.legal_actions
    assert absurd(v, take_plain) and not absurd(v, take_light)
    assert all(beginner(v, random.Random(k)) != take_plain for k in range(30))

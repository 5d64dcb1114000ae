"""Go-Stop CPU levels: the determinization reproduces the seat's view from the view alone, the
beginner never plays an absurd move, the normal level's go/stop calls, the strong level runs."""

from __future__ import annotations

import random

import pytest

from engine.ai.gostop.determinize import determinize, unseen
from engine.ai.gostop.heuristic import choose_action, stop_reason
from engine.ai.gostop.levels import AI, absurd
from engine.ai.gostop.search import policy
from engine.ai.levels import Level, chooser
from engine.ai.search import Budget
from engine.hanafuda.gostop import (
    Bomb,
    Go,
    Phase,
    Play,
    Rules,
    Shake,
    State,
    Stop,
    apply,
    cards_of,
    legal_actions,
    new_game,
    view,
)
from engine.hanafuda.gostop.cards import BONUS_MASK, parse_card
from engine.hanafuda.koikoi.state import bits
from tests.typed import acting

RULES = [Rules(), Rules(bonus_cards=3, sake_cup="choose"), Rules(bonus_cards=0, free_discard=True)]


def _positions(seats: int, rules: Rules, seed: int) -> list[State]:
    """Every state of one round between normal CPUs."""
    s = new_game(seats, rules, seed)
    rng = random.Random(seed)
    out = []
    r0 = s.round_no
    while s.phase is not Phase.OVER and s.round_no == r0:
        out.append(s)
        s, _ = apply(s, choose_action(view(s, s.to_act), rng))
    return out


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("rules", RULES)
def test_determinized_state_shows_the_same_view(seats: int, rules: Rules) -> None:
    """The key property: whatever hidden cards are drawn, the seat sees exactly its view."""
    samples = 0
    for seed in range(4):
        for s in _positions(seats, rules, seed)[::2]:
            for seat in range(seats):
                v = view(s, seat)
                d = determinize(v, random.Random(seed * 31 + seat))
                assert view(d, seat) == v
                assert len(d.pile) - d.pile_pos == v.pile_count
                samples += 1
    assert samples > 50


def test_hidden_cards_come_from_the_unseen_ones_and_vary() -> None:
    s = _positions(2, Rules(), 3)[4]
    seat = acting(s.to_act)
    v = view(s, seat)
    hidden = unseen(v)
    other = 1 - seat
    shown = sum(1 << parse_card(c) for c in v.shown[other])  # shaken: seen, and still in that hand
    hands = set()
    for k in range(20):
        d = determinize(v, random.Random(k))
        pile = 0
        for c in d.pile[d.pile_pos :]:
            pile |= 1 << c
        assert d.hands[other] & shown == shown
        assert d.hands[other] & ~shown | pile == hidden and not d.hands[other] & pile
        hands.add(d.hands[other])
    assert len(hands) > 10  # a sample, not the truth
    assert hidden == s.hands[other] & ~shown | sum(1 << c for c in s.pile[s.pile_pos :])


def test_a_determinization_depends_on_the_view_and_the_rng_only() -> None:
    """Two real states showing the seat the same view (hidden cards swapped) give the same
    sample for the same RNG seed."""
    s = _positions(2, Rules(), 5)[2]
    seat = acting(s.to_act)
    other = 1 - seat
    a = bits(s.hands[other] & ~BONUS_MASK)[0]
    pile = list(s.pile)
    j = next(i for i in range(s.pile_pos, len(pile)) if pile[i] < 48)
    b = pile[j]
    pile[j] = a
    hands = list(s.hands)
    hands[other] = hands[other] ^ (1 << a) ^ (1 << b)
    t = s._replace(hands=tuple(hands), pile=tuple(pile))
    assert view(t, seat) == view(s, seat) and t != s
    assert determinize(view(s, seat), random.Random(9)) == determinize(view(t, seat), random.Random(9))


def test_sampled_hands_never_hold_a_chongtong() -> None:
    """Four cards of a month in a dealt hand end the deal at once: no sample has them."""
    for s in _positions(2, Rules(), 8)[:6]:
        v = view(s, s.to_act)
        for k in range(30):
            d = determinize(v, random.Random(k))
            opp = d.hands[1 - acting(s.to_act)]
            assert all((opp >> (4 * m) & 15) != 15 for m in range(12))


def test_cards_shown_by_a_shake_stay_in_the_shakers_sampled_hand() -> None:
    """Heundeul shows three cards: every sample keeps those still unplayed in the shaker's hand
    (and no other hand or the pile gets them); the rest of that hand is dealt from the unseen
    cards, and a shaken month cannot be shaken again in the sample."""
    for seats in (2, 3):
        for seed in range(40):
            s = new_game(seats, Rules(), seed)
            shaker = s.to_act
            shakes = [a for a in legal_actions(s) if isinstance(a, Shake)]
            if not shakes:
                continue
            s, _ = apply(s, shakes[0])
            s, _ = apply(s, choose_action(view(s, shaker), random.Random(seed)))
            if s.phase is Phase.OVER or s.round_no != 1 or s.to_act == shaker:
                continue
            v = view(s, s.to_act)
            assert shaker is not None
            shown = sum(1 << parse_card(c) for c in v.shown[shaker])
            assert shown, "a shaken card left in hand is public"
            rest = set()
            for k in range(12):
                d = determinize(v, random.Random(k))
                assert view(d, s.to_act) == v
                assert d.hands[shaker] & shown == shown
                assert d.shaken >> shakes[0].month & 1
                rest.add(d.hands[shaker] & ~shown)
            assert len(rest) > 1  # the other cards of that hand are still a sample
            break
        else:
            raise AssertionError(f"no deal with a shake for {seats} players")


def test_playouts_run_from_a_sample_to_the_round_end() -> None:
    rng = random.Random(4)
    for s in _positions(3, Rules(bonus_cards=3), 2)[::3]:
        d = determinize(view(s, s.to_act), rng)
        r0 = d.round_no
        while d.phase is not Phase.OVER and d.round_no == r0:
            d, _ = apply(d, rng.choice(legal_actions(d)))


@pytest.mark.parametrize("seats", [2, 3])
def test_beginner_plays_legal_moves_and_never_an_absurd_one(seats: int) -> None:
    beginner = chooser("gostop", Level.BEGINNER)
    assert beginner is not None
    rng = random.Random(seats)
    for seed in range(8):
        s = new_game(seats, Rules(rounds=1), seed)
        while s.phase is not Phase.OVER:
            v = view(s, s.to_act)
            a = beginner(v, rng)
            assert a in v.legal_actions
            if any(not absurd(v, x) for x in v.legal_actions):
                assert not absurd(v, a), (str(a), v.hand, v.field)
            s, _ = apply(s, a)


def _state(hand: str, field: str) -> State:
    """A 2-player round with seat 0 to act holding ``hand`` over ``field``."""
    s = new_game(2, Rules(), 1)
    me = cards_of(hand)
    table = cards_of(field)
    used = set(me) | set(table)
    rest = [c for c in range(48) if c not in used]
    s = s._replace(
        hands=(sum(1 << c for c in me), sum(1 << c for c in rest[:10])),
        field=sum(1 << c for c in table),
        pile=tuple(rest[10:]),
        pile_pos=0,
        to_act=0,
        captured=(0, 0),
        turns=(1, 1),
    )
    return s


def test_beginner_never_breaks_a_bomb_nor_goes_on_with_one_card() -> None:
    beginner = chooser("gostop", Level.BEGINNER)
    assert beginner is not None
    s = _state("1a 1b 1c 2a 3a", "1d 2b 5a")
    v = view(s, 0)
    assert Bomb(1) in v.legal_actions and absurd(v, Play(0)) and not absurd(v, Bomb(1))
    for k in range(30):
        a = beginner(v, random.Random(k))
        assert not (isinstance(a, Play) and a.card < 4)
    s = _state("7a", "5a 6a")._replace(phase=Phase.DECIDE)
    v = view(s, 0)
    assert absurd(v, Go()) and all(beginner(v, random.Random(k)) == Stop() for k in range(10))


def test_playout_policy_plays_as_the_normal_cpu_on_the_view() -> None:
    """The playouts' policy reads the sampled state's masks: the same moves as on the view."""
    for rules in RULES:
        for seats in (2, 3):
            for s in _positions(seats, rules, 9):
                assert policy(s, random.Random(1)) == choose_action(view(s, s.to_act), random.Random(1))


def _go(**kw: int) -> bool:
    base = {"seats": 2, "threshold": 7, "opp_best": 0, "cards_left": 5, "pile": 12, "gos": 0, "shakes": 0}
    return stop_reason(**{**base, **kw}) is None


def test_stop_reason_situations() -> None:
    """The go/stop calls the search audit settled (two players, threshold 7)."""
    assert _go()  # early, the opponent far: go on
    assert not _go(opp_best=3)  # an opponent within four points: stop
    assert not _go(cards_left=1)  # nothing left to improve with: stop
    assert not _go(cards_left=2)  # two cards, no Go yet: stop
    assert _go(cards_left=2, gos=1, opp_best=1)  # after a Go, against nothing: go again
    assert not _go(cards_left=2, gos=1, opp_best=2)
    assert not _go(cards_left=3, shakes=1)  # the shake doubles the stop already
    assert _go(cards_left=3, shakes=1, gos=1)
    assert not _go(seats=3, threshold=3)  # three players: always stop


def test_the_stop_reason_is_the_first_input_that_decides_it() -> None:
    """What the hints explain (``learn.why.<reason>``): the input that makes the CPU stop."""
    base = {"seats": 2, "threshold": 7, "opp_best": 0, "cards_left": 5, "pile": 12, "gos": 0, "shakes": 0}

    def reason(**kw: int) -> str | None:
        return stop_reason(**{**base, **kw})

    assert reason() is None
    assert reason(seats=3, threshold=3, cards_left=1) == "three_players"
    assert reason(cards_left=1, opp_best=5) == "no_cards" and reason(pile=2) == "no_cards"
    assert reason(opp_best=3) == "opp_close"
    assert reason(cards_left=2) == "risk" and reason(cards_left=3, shakes=1) == "risk"


def test_normal_decides_from_the_view_with_those_rules() -> None:
    s = _state("7a 7b", "5a 6a")
    mine = sum(1 << c for c in cards_of("1a 3a 8a 12a 1c 1d 2c 2d 3c 3d 4c 4d 5c 5d"))
    s = s._replace(phase=Phase.DECIDE, captured=(mine, 0), gos=(1, 0), go_at=(5, -1))
    assert choose_action(view(s, 0), random.Random(0)) == Go()
    s = s._replace(gos=(0, 0), go_at=(-1, -1))
    assert choose_action(view(s, 0), random.Random(0)) == Stop()


def test_strong_with_a_fixed_playout_count_is_legal_and_repeatable() -> None:
    strong = chooser("gostop", Level.STRONG, Budget(playouts=16))
    assert strong is not None and AI.search is not None
    for s in _positions(2, Rules(), 6)[:8:3]:
        v = view(s, s.to_act)
        a = strong(v, random.Random(1))
        assert a in v.legal_actions
        assert strong(v, random.Random(1)) == a


def test_beginner_never_leaves_an_opponent_a_finished_set() -> None:
    """The opponent holds two of the godori birds: laying the third on the table (nothing pairs
    with the hand) is absurd while another card gives nothing away."""
    beginner = chooser("gostop", Level.BEGINNER)
    assert beginner is not None
    s = _state("8b 10c", "1a 3a")  # 8b: the third bird; nothing on the table pairs
    s = s._replace(captured=(0, sum(1 << c for c in cards_of("2a 4a"))))
    v = view(s, 0)
    bird = cards_of("8b")[0]
    assert absurd(v, Play(bird)) and not absurd(v, Play(cards_of("10c")[0]))
    assert all(beginner(v, random.Random(k)) != Play(bird) for k in range(30))

"""Combinations: each kind and its edge cases, the RLCard action space, and property tests of
the move generator against the independent brute-force checker in ``brute.py``."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction
from engine.doudizhu import answers, beats, classify, leads, parse_move
from engine.doudizhu.moves import KINDS, counts, encode, fits, parse_ranks
from tests.engine.doudizhu.brute import beats as brute_beats
from tests.engine.doudizhu.brute import interpretations, submultisets

FULL = encode([4] * 13 + [1, 1])
FULL_LEADS = [m for m in leads(FULL) if m.size <= 20]


@pytest.mark.parametrize(
    ("text", "kind", "key", "length"),
    [
        ("3", "single", 0, 1),
        ("R", "single", 14, 1),
        ("22", "pair", 12, 1),
        ("TTT", "trio", 7, 1),
        ("3335", "trio_single", 0, 1),
        ("222R", "trio_single", 12, 1),
        ("33355", "trio_pair", 0, 1),
        ("34567", "straight", 0, 5),
        ("3456789TJQKA", "straight", 0, 12),
        ("TJQKA", "straight", 7, 5),
        ("334455", "pair_chain", 0, 3),
        ("QQKKAA", "pair_chain", 9, 3),
        ("333444", "airplane", 0, 2),
        ("KKKAAA", "airplane", 10, 2),
        ("33344456", "airplane_single", 0, 2),
        ("33344455", "airplane_single", 0, 2),  # a pair may serve as the two singles
        ("3334445B", "airplane_single", 0, 2),
        ("333444555777", "airplane_single", 0, 3),  # three of a non-adjacent rank as wings
        ("3334445566", "airplane_pair", 0, 2),
        ("33344422AA", "airplane_pair", 0, 2),
        ("444435", "four_two_single", 1, 1),
        ("444455", "four_two_single", 1, 1),
        ("44443B", "four_two_single", 1, 1),
        ("44443355", "four_two_pair", 1, 1),
        ("5555", "bomb", 2, 1),
        ("2222", "bomb", 12, 1),
        ("BR", "rocket", 13, 1),
    ],
)
def test_each_kind_is_recognised(text: str, kind: str, key: int, length: int) -> None:
    """Every combination of the seed and RULINGS.md, with its key (the rank to beat) and length."""
    m = parse_move(text)
    assert (m.kind, m.key, m.length) == (kind, key, length)
    assert parse_move(str(m)) == m
    assert sorted(str(m)) == sorted(text.upper())


@pytest.mark.parametrize(
    "text",
    [
        "34",  # two different singles
        "BB",  # only one black joker in the deck
        "3456",  # straight too short
        "JQKA2",  # no 2 in a chain
        "QKA2B",  # no joker in a chain
        "3355",  # pair chains: consecutive ranks, at least 3
        "3344",
        "KKAA22",  # no 2 in a pair chain
        "AAA222",  # no 2 in an airplane
        "333555",  # triples not consecutive
        "3333444",  # a bomb takes no kicker
        "33334",
        "3334445",  # airplane with one wing short
        "3334445566B",  # mixed wings
        "33344456677",
        "333444BR",  # the rocket is never a kicker
        "4444BR",
        "3334445555",  # four of a rank are not two wings
        "44443333",  # two fours are not a four with two pairs
        "3334445556667779",  # three 7s next to the chain would make a longer airplane
        "22BR",
    ],
)
def test_non_combinations_are_refused(text: str) -> None:
    """Edge cases that are no combination: refused by ``parse_move`` and by the checker."""
    with pytest.raises(IllegalAction):
        parse_move(text)
    try:
        enc = parse_ranks(text)
    except IllegalAction:
        return
    assert interpretations(counts(enc)) == set()


def test_the_rlcard_action_space_is_reproduced() -> None:
    """RLCard's 27,472 actions (27,471 combinations + pass), kind by kind, on a hand holding
    every card (combinations of at most 20 cards, the largest hand)."""
    found: dict[str, int] = dict.fromkeys(KINDS, 0)
    for m in FULL_LEADS:
        found[m.kind] += 1
    assert found == {
        "single": 15,
        "pair": 13,
        "trio": 13,
        "trio_single": 182,
        "trio_pair": 156,
        "straight": 36,
        "pair_chain": 52,
        "airplane": 45,
        "airplane_single": 21822,
        "airplane_pair": 2939,
        "four_two_single": 1326,
        "four_two_pair": 858,
        "bomb": 13,
        "rocket": 1,
    }


def test_every_combination_has_exactly_one_reading_and_the_generator_agrees() -> None:
    """Over the whole action space: the brute-force checker reads each generated move as
    exactly the generator's (kind, key, length), and the notation round-trips."""
    seen: set[int] = set()
    for m in FULL_LEADS:
        assert m.enc not in seen
        seen.add(m.enc)
        assert interpretations(counts(m.enc)) == {(m.kind, m.key, m.length)}, str(m)
        assert classify(m.enc) == m


def random_hand(rng: random.Random, n: int) -> list[int]:
    deck = [r for r in range(13) for _ in range(4)] + [13, 14]
    c = [0] * 15
    for r in rng.sample(deck, n):
        c[r] += 1
    return c


def random_dense_hand(rng: random.Random, n: int) -> list[int]:
    """Few ranks, many copies: triples, bombs and airplanes are common."""
    ranks = [*rng.sample(range(8), 4), 13, 14]
    deck = [r for r in ranks for _ in range(4 if r < 13 else 1)]
    c = [0] * 15
    for r in rng.sample(deck, min(n, len(deck))):
        c[r] += 1
    return c


@pytest.mark.parametrize("batch", range(4))
def test_leads_are_exactly_the_brute_force_combinations(batch: int) -> None:
    """Property: on random small hands, ``leads`` lists each combination the hand holds once,
    nothing else, and every multiset has at most one reading."""
    rng = random.Random(batch)
    for i in range(60):
        c = random_dense_hand(rng, 8 + i % 8) if i % 2 else random_hand(rng, 6 + i % 9)
        enc = encode(c)
        generated = leads(enc)
        assert len({m.enc for m in generated}) == len(generated)
        expected = {}
        for sub in submultisets(c):
            readings = interpretations(sub)
            assert len(readings) <= 1, sub
            if readings:
                expected[encode(sub)] = next(iter(readings))
        assert {m.enc: (m.kind, m.key, m.length) for m in generated} == expected


@pytest.mark.parametrize("batch", range(4))
def test_answers_are_exactly_the_brute_force_answers(batch: int) -> None:
    """Property: for random hands and random moves to beat, ``answers`` lists every beating
    combination once; each is of the answered kind (and length), or a bomb / the rocket."""
    rng = random.Random(100 + batch)
    for i in range(50):
        c = random_dense_hand(rng, 10 + i % 7) if i % 2 else random_hand(rng, 8 + i % 8)
        pool = FULL_LEADS if i % 3 else leads(encode(random_dense_hand(rng, 14)))
        lasts = rng.sample(pool, min(8, len(pool)))
        subs = {encode(s): interpretations(s) for s in submultisets(c)}
        for last in lasts:
            got = answers(encode(c), last)
            assert len({m.enc for m in got}) == len(got)
            for m in got:
                assert m.kind in (last.kind, "bomb", "rocket")
                if m.kind == last.kind and m.kind != "rocket":
                    assert m.length == last.length and m.key > last.key
                assert beats(m, last) and fits(m.enc, encode(c))
            want = {
                e
                for e, r in subs.items()
                if r and brute_beats(next(iter(r)), (last.kind, last.key, last.length))
            }
            assert {m.enc for m in got} == want, (str(last), c)


def test_bomb_and_rocket_order() -> None:
    """« La bombe … peut être jouée à la place de n'importe quelle autre combinaison … à moins
    qu'une super-bombe constituée des 2 jokers ne soit jouée. »"""
    bomb, higher, rocket = parse_move("5555"), parse_move("2222"), parse_move("BR")
    for other in ("3", "22", "AAA", "34567", "333444", "3334445566", "444435", "KKKK34"):
        assert beats(bomb, parse_move(other)) and not beats(parse_move(other), bomb)
    assert beats(higher, bomb) and not beats(bomb, higher)
    assert beats(rocket, higher) and not beats(higher, rocket)
    assert not beats(parse_move("R"), rocket)
    # Option bomb_over_bomb=False: a bomb stands until the rocket; it still beats other kinds.
    assert (
        not beats(higher, bomb, False) and beats(rocket, bomb, False) and beats(bomb, parse_move("3"), False)
    )
    hand = parse_ranks("33339999BR")
    assert {str(x) for x in answers(hand, bomb)} == {"9999", "BR"}
    assert {str(x) for x in answers(hand, bomb, False)} == {"BR"}


def test_chains_follow_only_the_same_length_and_lowest_rank_decides() -> None:
    """« Dans le cas des chaines la carte de plus bas rang détermine le rang de la chaine. »"""
    assert beats(parse_move("45678"), parse_move("34567"))
    assert not beats(parse_move("456789"), parse_move("34567"))
    assert not beats(parse_move("34567"), parse_move("34567"))
    assert beats(parse_move("445566"), parse_move("334455"))
    assert not beats(parse_move("33344456"), parse_move("33344455"))
    assert beats(parse_move("44455536"), parse_move("333444KA"))


def test_parse_errors_are_illegal_actions() -> None:
    for bad in ("", "x", "33333", "BB", "1"):
        with pytest.raises(IllegalAction):
            parse_move(bad)

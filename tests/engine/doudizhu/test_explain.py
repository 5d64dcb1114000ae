"""Why a selection is no legal play: one reason per way of going wrong, each from the seed.

``why_not`` only explains; ``classify`` and ``beats`` decide. So the property test checks that
it says ``None`` exactly when the cards form a combination that beats the move.
"""

from __future__ import annotations

import random

import pytest

import i18n
from engine.doudizhu import beats, classify, parse_move
from engine.doudizhu.explain import why_not
from engine.doudizhu.moves import encode, parse_ranks


def reason(text: str, last: str | None = None) -> str | None:
    found = why_not(parse_ranks(text), parse_move(last) if last else None)
    return None if found is None else found[0]


@pytest.mark.parametrize(
    ("cards", "key"),
    [
        # « une paire » is two cards of one rank
        ("35", "pair_same_rank"),
        ("3B", "pair_same_rank"),
        ("334", "trio_same_rank"),
        # « une chaine de minimum 5 cartes simples qui se suivent »
        ("3456", "straight_short"),
        ("34568", "chain_gap"),
        # « une chaine de minimum 3 doubles consécutives »
        ("3344", "pair_chain_short"),
        ("335577", "chain_gap"),
        # « une chaine de minimum 2 triples consécutives »
        ("333555", "chain_gap"),
        # RULINGS: chains never contain a 2 or a joker
        ("JQKA2", "chain_no_two"),
        ("KKAA22", "chain_no_two"),
        ("AAA222", "chain_no_two"),
        # « S'il joue une triple, il peut y joindre une carte simple ou une paire »
        ("33356", "trio_kickers"),
        ("333567", "trio_kickers"),
        # RULINGS: the rocket is never a kicker
        ("333BR", "rocket_kicker"),
        ("4444BR", "rocket_kicker"),
        # one single or one pair per triple of the airplane
        ("333444567", "airplane_wings"),
        ("3334445", "airplane_wings"),
        # kickers of other ranks than the triples
        ("33334445", "kicker_same_rank"),
        # « S'il joue une quadruple, il peut y joindre deux cartes simples ou deux paires »
        ("44445", "four_kickers"),
        ("4444567", "four_kickers"),
        ("44443333", "one_bomb"),
        ("3345", "mixed"),
    ],
)
def test_not_a_combination_says_why(cards: str, key: str) -> None:
    assert classify(parse_ranks(cards)) is None
    assert reason(cards) == key


@pytest.mark.parametrize(
    ("cards", "last", "key"),
    [
        # « respecter la catégorie entamée … et jouer plus haut dans la même catégorie »
        ("55", "77", "too_low"),
        ("77", "77", "too_low"),
        ("55", "777", "wrong_kind"),
        ("34567", "345678", "chain_length"),
        # « … à moins qu'une super-bombe constituée des 2 jokers ne soit jouée »
        ("5555", "7777", "beat_bomb"),
        ("22", "3333", "beat_bomb"),
        ("2", "BR", "rocket_unbeatable"),
        ("AAAA", "BR", "rocket_unbeatable"),
    ],
)
def test_a_combination_that_does_not_beat_says_why(cards: str, last: str, key: str) -> None:
    assert reason(cards, last) == key


@pytest.mark.parametrize(
    ("cards", "last"),
    [("34567", None), ("88", "77"), ("3333", "22"), ("BR", "2222"), ("45678", "34567"), ("33344", None)],
)
def test_legal_plays_have_no_reason(cards: str, last: str | None) -> None:
    assert reason(cards, last) is None


def test_reasons_carry_the_cards_and_the_counts() -> None:
    assert why_not(parse_ranks("3456"), None) == ("straight_short", {"cards": "3456", "count": 4, "need": 5})
    assert why_not(parse_ranks("55"), parse_move("77")) == (
        "too_low",
        {"move": "55", "last": "77", "kind": "pair"},
    )
    assert why_not(0, None) == ("empty", {})
    # Option bomb_over_bomb=False: a higher bomb is refused with its own reason.
    bomb = {"move": "9999", "last": "5555", "kind": "bomb"}
    assert why_not(parse_ranks("9999"), parse_move("5555")) is None
    assert why_not(parse_ranks("9999"), parse_move("5555"), False) == ("bomb_stands", bomb)
    assert why_not(parse_ranks("3333"), parse_move("5555")) == ("beat_bomb", {**bomb, "move": "3333"})
    assert why_not(parse_ranks("BR"), parse_move("5555"), False) is None


def test_reason_is_none_exactly_when_classify_and_beats_allow_it() -> None:
    rng = random.Random(3)
    lasts = [None, *(parse_move(t) for t in ("7", "99", "QQQ", "34567", "334455", "5555", "BR", "33344"))]
    keys = set(i18n.table("en"))
    for _ in range(3000):
        size = rng.randint(1, 8)
        c = [0] * 15
        while sum(c) < size:
            r = rng.randrange(15)
            if c[r] < (1 if r >= 13 else 4):
                c[r] += 1
        enc = encode(c)
        last = rng.choice(lasts)
        move = classify(enc)
        legal = move is not None and (last is None or beats(move, last))
        found = why_not(enc, last)
        assert (found is None) == legal, (c, last, found)
        if found is not None:
            assert f"error.doudizhu_{found[0]}" in keys, found

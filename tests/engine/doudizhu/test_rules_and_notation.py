"""Rules options, presets and ``from_dict``; card and action notation round-trips."""

from __future__ import annotations

import pytest

from engine.core import BadRules, IllegalAction
from engine.doudizhu import CARDS, ENGINE, PASS, PRESETS, Bid, Card, Rules, parse_action, rules_from
from engine.doudizhu.moves import encode, leads


def test_seed_preset_is_the_default_and_classic_differs() -> None:
    assert PRESETS["seed"] == Rules() == rules_from(None)
    assert rules_from("classic") == Rules(bomb_multiplier="each", spring=True)
    assert rules_from("classic", {"hands": 5}).hands == 5
    assert Rules.from_dict(Rules().to_dict()) == Rules()


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"nope": 1}, "unknown_rule"),
        ({"hands": 0}, "bad_rule"),
        ({"hands": True}, "bad_rule"),
        ({"bomb_multiplier": "twice"}, "bad_rule"),
        ({"spring": 1}, "bad_rule"),
    ],
)
def test_from_dict_rejects_unknown_keys_and_bad_values(data: dict[str, object], key: str) -> None:
    with pytest.raises(BadRules) as err:
        Rules.from_dict(data)
    assert err.value.key == key


def test_unknown_preset() -> None:
    with pytest.raises(BadRules):
        ENGINE.rules_from("nope", None)


def test_engine_bundle() -> None:
    assert (ENGINE.name, ENGINE.min_seats, ENGINE.max_seats) == ("doudizhu", 3, 3)


def test_cards_round_trip() -> None:
    assert len({str(c) for c in CARDS}) == 54
    for c in CARDS:
        assert Card.parse(str(c)) == c and eval(repr(c)) == c
    assert str(Card.parse("10h")) == "Th" and Card.parse("rj") == CARDS[53]
    with pytest.raises(IllegalAction):
        Card.parse("1s")


def test_actions_round_trip() -> None:
    for a in (PASS, Bid(1), Bid(2), Bid(3), *leads(encode([4] * 13 + [1, 1]))[::97]):
        assert parse_action(str(a)) == a
    assert parse_action("  PASS ") == PASS and parse_action("bid 2") == Bid(2)
    assert parse_action("43334") == parse_action("33344")
    assert str(parse_action("53335")) == "33355"
    assert str(parse_action("654783")) != ""
    with pytest.raises(IllegalAction):
        parse_action("bid4")

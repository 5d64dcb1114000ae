"""Rules: defaults, presets, from_dict/to_dict and their errors, rules_from."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core import BadRules
from engine.hanafuda.koikoi import ENGINE, PRESETS, Rules, new_game, rules_from
from engine.hanafuda.koikoi.rules import CHOICES, option_names
from tests.typed import unchecked


def test_seed_is_the_default_preset() -> None:
    assert PRESETS["seed"] == Rules() == rules_from(None) == rules_from("seed")
    r = Rules()
    assert (r.rounds, r.goko, r.sanko, r.double_at, r.opponent_koikoi) == (12, 10, 5, 8, "double")
    assert (r.viewing, r.empty_hands, r.oyaken, r.lightning_wild) == ("on", "koikoi_caller", 0, False)


def test_presets_set_what_the_docs_say() -> None:
    changed = {
        name: {k: v for k, v in p.to_dict().items() if v != Rules().to_dict()[k]}
        for name, p in PRESETS.items()
    }
    assert changed == {
        "seed": {},
        "nintendo": {"deal_by": 2, "tsukifuda": 0, "double_at": 7, "empty_hands": "all_lost"},
        "koikoi-japan": {
            "rounds": 8,
            "hanami": 1,
            "tsukimi": 1,
            "tsukifuda": 0,
            "lucky_hands": False,
            "double_at": 0,
            "opponent_koikoi": "none",
            "empty_hands": "all_lost",
            "oyaken": 1,
            "group_scoring": "stack",
            "viewing_after_koikoi": 3,
            "koikoi_bonus": "plus_n",
            "decision": "points_rose",
            "misdeal": "four_anywhere",
            "zero_sum": True,
            "starting_score": 30,
            "end_at_zero": True,
        },
    }


@pytest.mark.parametrize("name", list(PRESETS))
def test_to_dict_from_dict_round_trip(name: str) -> None:
    rules = PRESETS[name]
    assert Rules.from_dict(rules.to_dict()) == rules
    assert list(rules.to_dict()) == list(option_names())


def test_from_dict_fills_missing_keys_with_seed_defaults() -> None:
    assert Rules.from_dict({"rounds": 6}) == Rules(rounds=6)


def test_unknown_key_is_rejected_by_name() -> None:
    with pytest.raises(BadRules) as err:
        Rules.from_dict({"rounds": 6, "jokers": 2})
    assert err.value.key == "unknown_rule" and err.value.params == {"option": "jokers"}
    assert "'jokers'" in str(err.value) and "rounds" in str(err.value)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("rounds", 0),
        ("rounds", 121),
        ("target_score", -5),
        ("rounds", "12"),
        ("rounds", True),
        ("rounds", 6.0),
        ("goko", -1),
        ("oyaken", 100),
        ("double_at", None),
        ("viewing", "maybe"),
        ("empty_hands", "nobody"),
        ("opponent_koikoi", 2),
        ("lightning_wild", "yes"),
        ("lucky_hands", 1),
        ("sake_cup", "chaff"),
        ("group_scoring", "both"),
        ("koikoi_bonus", "double"),
        ("decision", "always"),
        ("misdeal", "hand"),
        ("deal_by", 3),
        ("deal_by", 0),
        ("viewing_after_koikoi", -1),
        ("starting_score", 10000),
        ("zero_sum", 1),
    ],
)
def test_bad_values_are_rejected_naming_the_key(key: str, value: object) -> None:
    with pytest.raises(BadRules) as err:
        Rules.from_dict({key: value})
    assert err.value.key == "bad_rule" and err.value.params == {"option": key}
    assert repr(key) in str(err.value)


@pytest.mark.parametrize(("key", "allowed"), list(CHOICES.items()))
def test_every_choice_is_accepted(key: str, allowed: tuple[str, ...]) -> None:
    for value in allowed:
        assert getattr(Rules.from_dict({key: value}), key) == value


def test_from_dict_needs_a_mapping() -> None:
    with pytest.raises(BadRules):
        Rules.from_dict(unchecked([("rounds", 6)]))


def test_rules_from_preset_and_overrides() -> None:
    r = rules_from("nintendo", {"oyaken": 1, "rounds": 6})
    assert (r.double_at, r.oyaken, r.rounds) == (7, 1, 6)
    assert ENGINE.rules_from("koikoi-japan", None) == PRESETS["koikoi-japan"]
    with pytest.raises(BadRules) as err:
        rules_from("nintendo", {"bogus": 1})
    assert err.value.params == {"option": "bogus"}


def test_unknown_preset_lists_the_valid_ones() -> None:
    with pytest.raises(BadRules) as err:
        rules_from("hawaii")
    assert err.value.key == "unknown_preset"
    for name in PRESETS:
        assert name in str(err.value)


def test_rules_are_frozen_and_hashable() -> None:
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        unchecked(r).rounds = 3
    assert hash(r) == hash(Rules()) and len({r, Rules(rounds=3)}) == 2


def test_new_game_refuses_other_seat_counts_and_foreign_rules() -> None:
    with pytest.raises(BadRules) as err:
        new_game(3, Rules(), 1)
    assert err.value.key == "bad_seats"
    with pytest.raises(BadRules):
        new_game(2, unchecked({"rounds": 3}), 1)
    assert (ENGINE.name, ENGINE.min_seats, ENGINE.max_seats) == ("koikoi", 2, 2)


def test_end_at_zero_needs_a_starting_score() -> None:
    """A match that ends « when a player is at 0 or below » needs totals that start above 0."""
    with pytest.raises(BadRules) as err:
        Rules.from_dict({"end_at_zero": True})
    assert err.value.key == "bad_rule" and err.value.params == {"option": "end_at_zero"}
    assert Rules.from_dict({"end_at_zero": True, "starting_score": 30}).end_at_zero

"""Rules: seed defaults, presets, ``from_dict``/``rules_from`` rejecting bad input clearly."""

from __future__ import annotations

import pytest

from engine.core import BadRules
from engine.goita import ENGINE, PRESETS, Rules, rules_from
from tests.typed import unchecked


def test_presets_and_round_trip() -> None:
    assert set(PRESETS) == {"seed", "association"}
    assert rules_from() == Rules() == PRESETS["seed"]
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules
    r = ENGINE.rules_from("association", {"target_score": 100})
    assert r.target_score == 100 and r.king == 50 and r.teyaku


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"colour": 1}, "unknown_rule"),
        ({"king": 0}, "bad_rule"),
        ({"king": True}, "bad_rule"),
        ({"teyaku": 1}, "bad_rule"),
        ({"king_attack_with_both": "yes"}, "bad_rule"),
        ({"no_king_face_down": 1}, "bad_rule"),
        ({"next_leader": "dealer"}, "bad_rule"),
        ({"three_player_removal": "kings"}, "bad_rule"),
        ({"target_score": "15"}, "bad_rule"),
    ],
)
def test_bad_options_are_refused_with_a_key(data: dict[str, object], key: str) -> None:
    with pytest.raises(BadRules) as err:
        Rules.from_dict(data)
    assert err.value.key == key


def test_bad_presets_and_overrides() -> None:
    with pytest.raises(BadRules) as err:
        rules_from("nintendo")
    assert err.value.key == "unknown_preset"
    with pytest.raises(BadRules):
        rules_from(None, unchecked([1]))
    with pytest.raises(BadRules):
        Rules.from_dict(unchecked([]))

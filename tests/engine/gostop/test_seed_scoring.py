"""The seed's scoring (000, Go-Stop): every group, its stacking and the sake cup, as tables."""

from __future__ import annotations

import pytest

from engine.hanafuda.gostop import evaluate
from tests.engine.gostop.stacked import mk

PI10 = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d"


@pytest.mark.parametrize(
    ("cards", "name", "points"),
    [
        # « 5 cartes 광 : 15 points ; 4 cartes 광 : 4 points ; 3 cartes 광 avec la carte du mois de
        # décembre : 2 points ; 3 cartes 광 sans la carte du mois de décembre : 3 points »
        ("1a 3a 8a 11a 12a", "gwang", 15),
        ("1a 3a 8a 11a", "gwang", 4),
        ("1a 3a 11a", "gwang", 2),
        ("1a 3a 12a", "gwang", 3),
        ("1a 3a", None, 0),
        # « 5 cartes 열끗 (animal) valent 1 point et 1 point par carte supplémentaire »
        ("5a 6a 7a 9a 10a", "yeolkkeut", 1),
        ("5a 6a 7a 9a 10a 11b", "yeolkkeut", 2),
        # « Les cartes du mois de février, avril et aout forment un 고도리 (godori) : 5 points »
        ("2a 4a 8b", "godori", 5),
        # « 5 cartes 띠 (ruban) valent 1 point et 1 point par carte supplémentaire (7 cartes : 3) »
        ("1b 4b 6b 10b 11c", "tti", 1),
        ("1b 4b 6b 10b 11c 2b 7b", "tti", 3),
        # « 초단 : les 3 cartes 띠 rouge sans poème, hors mois de décembre : 3 points »
        ("4b 5b 7b", "chodan", 3),
        # « 홍단 : les 3 cartes 띠 (ruban) rouge avec poème : 3 points »
        ("1b 2b 3b", "hongdan", 3),
        # « 천단 : les 3 cartes 띠 (ruban) bleu avec poème : 3 points »
        ("6b 9b 10b", "cheongdan", 3),
        # « 10 cartes 피 (pi) valent 1 point et 1 point par carte supplémentaire (13 cartes : 4) »
        (PI10, "pi", 1),
        (PI10 + " 6c 6d 7c", "pi", 4),
        # « Les cartes 피 (pi) du mois de novembre (sur fond rouge) et de décembre valent 2 points. »
        ("1c 1d 2c 2d 3c 3d 4c 4d 11d", "pi", 1),
        ("1c 1d 2c 2d 3c 3d 4c 4d 12b", "pi", 1),
        # « Les cartes Joker valent respectivement 2 ou 3 cartes 피 (pi) »
        ("1c 1d 2c 2d 3c J2 J3", "pi", 1),
    ],
)
def test_group_values(cards: str, name: str | None, points: int) -> None:
    total, items, _ = evaluate(mk(cards))
    assert total == points
    if name is not None:
        assert [i.name for i in items if i.points] == [name] or name in [i.name for i in items]
        assert {i.name: i.points for i in items}[name] == points


def test_groups_stack_godori_with_animals() -> None:
    """« Il est possible de cumuler des points au sein d'une même famille. Par exemple si un joueur a
    6 cartes animal dont la combinaison 고도리 (godori), il marque 7 points »"""
    total, items, _ = evaluate(mk("2a 4a 8b 5a 6a 7a"))
    assert total == 7 and {i.name for i in items} == {"yeolkkeut", "godori"}


def test_sake_cup_is_animal_or_two_pi_whichever_is_best() -> None:
    """« La carte 열끗 (animal) du mois de septembre peut être utilisé comme 1 열끗 (animal) ou 2 피
    (pi) » (RULINGS: best for its owner at each evaluation; option: the owner chooses)."""
    as_pi = evaluate(mk("9a 1c 1d 2c 2d 3c 3d 4c 4d"))
    assert as_pi[0] == 1 and as_pi[2] is True
    as_animal = evaluate(mk("9a 5a 6a 7a 10a 1c"))
    assert as_animal[0] == 1 and as_animal[2] is False
    assert evaluate(mk("9a 1c 1d 2c 2d 3c 3d 4c 4d"), 0)[0] == 0  # chosen as animal


def test_sake_cup_owner_chooses_with_the_option() -> None:
    """Option ``sake_cup="choose"`` (RULINGS: "option: the owner chooses explicitly when capturing")."""
    from engine.hanafuda.gostop import CupAs, Phase, Rules, apply, legal_actions, view
    from tests.engine.gostop.stacked import act, make_state

    s = make_state(
        hands=("9a 5a", "6a 7a"), field="9c", pile="12c", captured=("1c 1d 2c 2d 3c 3d 4c 4d", ""),
        rules=Rules(sake_cup="choose"),
    )  # fmt: skip
    s, _ = apply(s, act("9a"))
    assert s.phase is Phase.CUP and legal_actions(s) == (CupAs(False), CupAs(True))
    as_pi, _ = apply(s, CupAs(True))
    assert as_pi.cup == 1 and view(as_pi, 0).cup_as_pi is True
    assert view(as_pi, 0).round_scores[0][0].name == "pi"  # 8 + 9c + cup 2 = 11 pi: 2 points
    as_animal, _ = apply(s, CupAs(False))
    assert as_animal.cup == 0 and view(as_animal, 0).round_scores[0] == ()

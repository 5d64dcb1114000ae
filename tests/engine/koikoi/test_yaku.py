"""Scoring tables: every yaku of the seed's table, every scoring option and preset, lucky hands."""

from __future__ import annotations

import dataclasses

import pytest

from engine.hanafuda.cards import cards, mask
from engine.hanafuda.koikoi import PRESETS, Rules
from engine.hanafuda.koikoi.rules import points_table
from engine.hanafuda.koikoi.yaku import improved, lucky_hand, yaku_items, yaku_scores

SEED = Rules()
CHAFF10 = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d"


def items(text: str, rules: Rules = SEED, month: int = 12) -> dict[str, int]:
    """Yaku of captured cards ``text`` (month 12 by default: no tsukifuda unless asked)."""
    return dict(yaku_items(mask(cards(text)), month, points_table(rules)))


# The seed's table, row by row, and its "+1 point par carte … supplémentaire".
SEED_TABLE = [
    # Lumière: « une seule valeur de point est valide pour un ensemble »
    ("1a 3a 8a 11a 12a", {"goko": 10}),
    ("1a 3a 8a 12a", {"shiko": 8}),
    ("1a 3a 8a 11a", {"ameshiko": 7}),
    ("1a 3a 11a 12a", {"ameshiko": 7}),
    ("1a 3a 8a", {"sanko": 5}),
    ("3a 8a 12a", {"sanko": 5}),
    ("1a 3a 11a", {}),  # the rain man and two others: no yaku
    ("1a 3a", {}),
    # Animal/Objet
    ("6a 7a 10a", {"inoshikacho": 5}),
    ("6a 7a 10a 2a", {"inoshikacho": 6}),
    ("6a 7a 10a 2a 4a", {"inoshikacho": 7}),  # not also tane: one value per group
    ("6a 7a 10a 2a 4a 5a 8b 9a 11b", {"inoshikacho": 11}),
    ("2a 4a 5a 8b 11b", {"tane": 1}),
    ("2a 4a 5a 8b 11b 6a", {"tane": 2}),
    ("2a 4a 5a 8b", {}),
    # Ruban
    ("1b 2b 3b", {"akatan": 5}),
    ("1b 2b 3b 4b", {"akatan": 6}),
    ("1b 2b 3b 4b 5b 7b", {"akatan": 8}),  # not also tanzaku
    ("6b 9b 10b", {"aotan": 5}),
    ("6b 9b 10b 11c", {"aotan": 6}),
    ("1b 2b 3b 6b 9b 10b", {"akatan_aotan": 10}),
    ("1b 2b 3b 6b 9b 10b 4b", {"akatan_aotan": 11}),
    ("1b 2b 3b 4b 5b 6b 7b 9b 10b 11c", {"akatan_aotan": 14}),
    ("4b 5b 7b 11c 1b", {"tanzaku": 1}),
    ("4b 5b 7b 11c 1b 6b", {"tanzaku": 2}),
    ("4b 5b 7b 11c", {}),
    # Spéciaux: they stack
    ("9a 3a", {"hanami": 5}),
    ("9a 8a", {"tsukimi": 5}),
    ("9a 3a 8a", {"hanami": 5, "tsukimi": 5}),
    ("9a 3a 8a 1a", {"sanko": 5, "hanami": 5, "tsukimi": 5}),
    (CHAFF10, {"kasu": 1}),
    (CHAFF10 + " 6c", {"kasu": 2}),
    ("1c 1d 2c 2d 3c 3d 4c 4d 5c 9a", {"kasu": 1}),  # « Coupe de Saké comprise »
    ("1c 1d 2c 2d 3c 3d 4c 4d 11d 12b", {"kasu": 1}),  # lightning and yellow chaff are chaff
    ("1c 1d 2c 2d 3c 3d 4c 4d 5c", {}),
    (
        "1a 3a 8a 11a 12a 6a 7a 10a 1b 2b 3b 9a",
        {"goko": 10, "inoshikacho": 6, "akatan": 5, "hanami": 5, "tsukimi": 5},
    ),
]


@pytest.mark.parametrize(("captured", "expected"), SEED_TABLE)
def test_seed_yaku_table(captured: str, expected: dict[str, int]) -> None:
    """« Pour chacun de ces groupes (sauf "Spéciaux"), une seule valeur de point est valide pour
    un ensemble. … On reçoit les points les plus élevés qui nous sont accordés »"""
    assert items(captured) == expected


@pytest.mark.parametrize(("month", "expected"), [(3, {"tsukifuda": 4}), (4, {}), (1, {})])
def test_tsukifuda_uses_the_month_of_the_round(month: int, expected: dict[str, int]) -> None:
    """« Cartes du Mois - Les 4 cartes appartenant au mois de la manche en cours. »"""
    assert items("3b 3c 3d 3a", month=month) == expected


def test_tsukifuda_stacks_with_the_other_groups() -> None:
    """« Pour chacun de ces groupes (sauf "Spéciaux") »: the special group stacks."""
    assert items("1a 1b 1c 1d 3a 8a", month=1) == {"sanko": 5, "tsukifuda": 4}


VARIANT_TABLE = [
    # (rules, captured, expected)
    (Rules(viewing="off"), "9a 3a 8a", {}),
    (Rules(viewing="one"), "9a 3a 8a", {"hanami": 5}),
    (Rules(viewing="one"), "9a 8a", {"tsukimi": 5}),
    (Rules(rain_spoils_viewing=True), "9a 3a 8a 11d", {}),
    (Rules(rain_spoils_viewing=True), "9a 3a 8a", {"hanami": 5, "tsukimi": 5}),
    (Rules(), "9a 3a 11d", {"hanami": 5}),
    (Rules(fifteen_point_yaku=True), "1a 3a 8a 11a 12a", {"goko": 15}),
    (Rules(fifteen_point_yaku=True), "1b 2b 3b 6b 9b 10b", {"akatan_aotan": 15}),
    (Rules(fifteen_point_yaku=True), "1b 2b 3b 6b 9b 10b 4b", {"akatan_aotan": 16}),
    (Rules(fifteen_point_yaku=True), "1a 3a 8a 12a", {"shiko": 8}),
    (Rules(five_to_six=True), "1a 3a 8a", {"sanko": 6}),
    (Rules(five_to_six=True), "6a 7a 10a 2a", {"inoshikacho": 7}),
    (Rules(five_to_six=True), "1b 2b 3b", {"akatan": 6}),
    (Rules(five_to_six=True), "6b 9b 10b", {"aotan": 6}),
    (Rules(five_to_six=True), "9a 3a 8a", {"hanami": 6, "tsukimi": 6}),
    (Rules(five_to_six=True), "1a 3a 8a 11a 12a", {"goko": 10}),
    (Rules(five_to_six=True), "1a 3a 8a 11a", {"ameshiko": 7}),
    (Rules(five_to_six=True), "1b 2b 3b 6b 9b 10b", {"akatan_aotan": 10}),
    (Rules(sake_cup="animal"), "1c 1d 2c 2d 3c 3d 4c 4d 5c 9a", {}),
    (Rules(sake_cup="animal"), "2a 4a 5a 8b 9a", {"tane": 1}),
    (Rules(tsukifuda=0), "1a 1b 1c 1d", {}),
    (Rules(goko=0), "1a 3a 8a 11a 12a", {"shiko": 8}),  # a switched-off yaku leaves the next best
    (Rules(inoshikacho=0), "6a 7a 10a", {}),
    (PRESETS["koikoi-japan"], "1a 3a 8a 11a 12a", {"goko": 10}),
    (PRESETS["koikoi-japan"], "1a 3a 8a", {"sanko": 5}),
    (PRESETS["koikoi-japan"], "1a 3a 8a 12a", {"shiko": 8}),
    (PRESETS["koikoi-japan"], "1a 3a 8a 11a", {"ameshiko": 7}),
    (PRESETS["nintendo"], "1a 3a 8a 11a 12a", {"goko": 10}),
    (PRESETS["nintendo"], "1a 3a 8a", {"sanko": 5}),
]


@pytest.mark.parametrize(("rules", "captured", "expected"), VARIANT_TABLE)
def test_variant_and_preset_yaku_values(rules: Rules, captured: str, expected: dict[str, int]) -> None:
    """« Jouer sans les yakus Contemplation » ; « Limiter les yakus Contemplation à un par
    manche » ; « la capture d'une carte de Novembre empêche la réalisation des yakus
    Contemplations » ; « Augmenter les points des yakus Cinq Lumières et Rubans Bleus et Avec
    Poésie à 15 points au lieu de 10 » ; « les yakus valant 5 points sont élevés à 6 points » —
    and FudaWiki's sake cup « only counts as an Animal card, and not Chaff » and its presets."""
    assert items(captured, rules) == expected


@pytest.mark.parametrize("yaku", ["goko", "akatan_aotan"])
def test_fifteen_points_never_switches_a_yaku_back_on(yaku: str) -> None:
    """« Augmenter les points des yakus Cinq Lumières et Rubans Bleus et Avec Poésie à 15 points
    au lieu de 10. » — it raises those yaku, it does not bring back one a table switched off
    with ``0`` (the group then scores its next best, as without the variant)."""
    switched_off = {"goko": Rules(goko=0), "akatan_aotan": Rules(akatan_aotan=0)}[yaku]
    rules = dataclasses.replace(switched_off, fifteen_point_yaku=True)
    assert getattr(points_table(rules), yaku) == 0
    assert items("1a 3a 8a 11a 12a", rules) == ({"shiko": 8} if yaku == "goko" else {"goko": 15})
    assert items("1b 2b 3b 6b 9b 10b", rules) == (
        {"akatan": 8} if yaku == "akatan_aotan" else {"akatan_aotan": 15}
    )


def test_itemised_scores_name_their_cards() -> None:
    scores = yaku_scores(mask(cards("1a 3a 8a 2a 9a 1c")), 1, points_table(SEED))
    by_id = {y.yaku: y for y in scores}
    assert set(by_id) == {"sanko", "tsukimi", "hanami"}
    assert by_id["sanko"].cards == cards("1a 3a 8a") and by_id["sanko"].points == 5
    assert by_id["tsukimi"].cards == cards("8a 9a")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("", "1a 3a 8a", ("sanko",)),
        ("1a 3a 8a", "1a 3a 8a 11a", ("ameshiko",)),
        ("1a 3a 8a", "1a 3a 8a 1c", ()),
        ("2a 4a 5a 8b 11b", "2a 4a 5a 8b 11b 6a", ("tane",)),
        ("9a 8a", "9a 8a 3a", ("hanami",)),
    ],
)
def test_improved_detects_new_and_better_yaku(old: str, new: str, expected: tuple[str, ...]) -> None:
    """« Si un yaku a été formé ou amélioré, alors on a le choix de continuer la manche ou non »
    — judged group by group: a new yaku, a better one in its group (sanko → ameshiko) or one
    more card for a "+1" yaku; a card that raises nothing is no improvement."""
    t = points_table(SEED)
    assert improved(yaku_items(mask(cards(old)), 12, t), yaku_items(mask(cards(new)), 12, t)) == expected


def test_equal_swap_of_viewing_yaku_is_not_an_improvement() -> None:
    """« Limiter les yakus Contemplation à un par manche »: holding one viewing yaku, the other
    adds nothing, so it is no « yaku … formé ou amélioré »."""
    t = points_table(Rules(viewing="one"))
    before = yaku_items(mask(cards("9a 8a")), 12, t)
    after = yaku_items(mask(cards("9a 8a 3a")), 12, t)
    assert before != after and improved(before, after) == ()


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("1a 1b 1c 1d 2a 3a 4a 5a", "teshi"),
        ("1a 1b 1c 1d 2a 2b 2c 2d", "teshi"),
        ("1a 1b 2a 2b 3a 3b 4a 4b", "kuttsuki"),
        ("1a 1b 2a 2b 3a 3b 4a 5a", None),
        ("1a 1b 1c 2a 2b 3a 3b 4a", None),
        ("1a 2a 3a 4a 5a 6a 7a 8a", None),
    ],
)
def test_lucky_hands(hand: str, expected: str | None) -> None:
    """« 4 cartes de la même suite ou 4 paires de suites différentes »"""
    assert lucky_hand(mask(cards(hand))) == expected

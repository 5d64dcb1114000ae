"""The seed's card values, dekiyaku table and teyaku (001, Roppyakken), one test per rule."""

from __future__ import annotations

import pytest

from engine.hanafuda.cards import CARDS, cards, from_mask
from engine.hanafuda.roppyakken import Rules, TeyakuShown, apply, start
from engine.hanafuda.roppyakken.scoring import (
    ANIMALS,
    LIGHTS,
    PLAINS,
    RIBBONS,
    card_points,
    card_total,
    seat_score,
    teyaku,
    yaku,
)
from tests.engine.roppyakken.stacked import deal, m, make_state, play, result_of, stack_deals


def names(items: tuple) -> list[str]:
    return [i.name for i in items]


def test_card_categories_and_values() -> None:
    """« Lumières (Hikari) : 50 points (6 cartes) … animaux / objets (Tane) : 10 points (9 cartes)
    … rubans (Tan) : 10 points (10 cartes) … plaines (Kasu) : 0 point (23 cartes) »"""
    sizes = (LIGHTS.bit_count(), ANIMALS.bit_count(), RIBBONS.bit_count(), PLAINS.bit_count())
    assert sizes == (6, 9, 10, 23)
    assert LIGHTS | ANIMALS | RIBBONS | PLAINS == (1 << 48) - 1
    rules = Rules()
    assert sum(card_total(1 << c, rules) for c in CARDS) == 6 * 50 + 19 * 10
    assert card_total(m("1a 3a 4a 4b 4c"), rules) == 120
    assert [(i.name, i.points) for i in card_points(m("1a 3a 4a 4b 4c"), rules)] == [
        ("lights", 100), ("animals", 10), ("ribbons", 10)
    ]  # fmt: skip


def test_warbler_is_a_light_and_yellow_paulownia_an_animal() -> None:
    """« la fauvette japonaise, habituellement dans la catégorie des animaux / objets, est ici
    considérée comme une lumière. Il en est de même pour la plaine spéciale du mois de décembre
    … considérée … comme un animal/objet. »"""
    assert card_total(m("2a"), Rules()) == 50
    assert card_total(m("12b"), Rules()) == 10
    assert card_total(m("12c 12d 11d"), Rules()) == 0


def test_variant_sake_cup_and_deer_are_lights() -> None:
    """« Dans certaines variantes, la coupe de saké (septembre) et le cerf (octobre), sont
    considérées comme des lumières (50 points). »"""
    assert card_total(m("9a 10a"), Rules()) == 20
    assert card_total(m("9a 10a"), Rules(sake_deer_lights=True)) == 100
    assert names(card_points(m("9a 10a 4a"), Rules(sake_deer_lights=True))) == ["lights", "animals"]


YAKU_TABLE = [
    # « Shikō (四光) La grue, le rideau, la lune et le phénix 600 »
    ("shiko", "1a 3a 8a 12a", 600),
    # « Nanatan (七短) 7 rubans sur les 10 disponibles 600 »
    ("nanatan", "1b 4b 5b 6b 9b 10b 11c", 600),
    # « Ino-Shika-Cho (猪鹿蝶) Le sanglier, le cerf, et les papillons 300 »
    ("inoshikacho", "7a 10a 6a", 300),
    # « Makkiribōzu (松桐坊主) La grue, le phénix et la lune 150 »
    ("matsukiribozu", "1a 12a 8a", 150),
    # « Teppō (鉄砲) Le rideau, la lune et la coupe de saké 300 »
    ("teppo", "3a 8a 9a", 300),
    # « Hanami-de-Ippai (花見て一杯) Le rideau et la coupe de saké 100 »
    ("hanami", "3a 9a", 100),
    # « Tsukimi-de-Ippai (月見て一杯) La lune et la coupe de saké 100 »
    ("tsukimi", "8a 9a", 100),
    # « Ōzan (大三) La grue, la fauvette et le rideau 150 »
    ("ozan", "1a 2a 3a", 150),
    # « Kozan (小三) Les 3 rubans portant des inscriptions 100 »
    ("kozan", "1b 2b 3b", 100),
    # « Akatan (青短) Les 3 rubans bleus 100 » (RULINGS: it is Aotan)
    ("aotan", "6b 9b 10b", 100),
    # « Sōtan (草短) Les 3 rubans rouges (sans celui de novembre) 100 »
    ("sotan", "4b 5b 7b", 100),
    # « Ameshima (雨シマ) Les 4 cartes du mois de novembre 200 »
    ("ameshima", "11a 11b 11c 11d", 200),
]


@pytest.mark.parametrize(("name", "hand", "points"), YAKU_TABLE)
def test_seed_yaku_table(name: str, hand: str, points: int) -> None:
    """Every row of the seed's « Les Deriyaku (出来役) » table, and nothing with a card less."""
    got = yaku(m(hand), Rules())
    assert (name, points) in [(i.name, i.points) for i in got]
    for c in cards(hand)[:3]:
        assert name not in names(yaku(m(hand) & ~(1 << c), Rules()))


@pytest.mark.parametrize("month", range(1, 13))
def test_shima_for_the_seven_months(month: int) -> None:
    """« Shima (シマ) Les 4 cartes du mois de janvier, février, mars, avril, août, octobre ou
    décembre 50 »"""
    four = from_mask(0b1111 << (month - 1) * 4)
    got = [(i.name, i.points) for i in yaku(m(" ".join(map(str, four))), Rules()) if "shima" in i.name]
    if month in (1, 2, 3, 4, 8, 10, 12):
        assert got == [(f"shima_{month}", 50)]
    elif month == 11:
        assert got == [("ameshima", 200)]
    else:
        assert got == []


def test_teppo_replaces_the_viewing_yaku_and_the_rest_stacks() -> None:
    """RULINGS: « Yaku stack, except the viewing yaku: Teppō (curtain, moon, sake cup) replaces
    Hanami/Tsukimi. »"""
    got = yaku(m("1a 3a 8a 9a 12a 2a"), Rules())
    assert names(got) == ["shiko", "matsukiribozu", "teppo", "ozan"]
    assert sum(i.points for i in got) == 600 + 150 + 300 + 150
    # Teppō switched off: the two viewing yaku score again.
    assert names(yaku(m("3a 8a 9a"), Rules(teppo=0))) == ["hanami", "tsukimi"]


def test_nanatan_counts_the_willow_ribbon() -> None:
    """« 7 rubans sur les 10 disponibles » (option ``nanatan_willow=False``: FudaWiki's sets
    where the willow ribbon does not count)."""
    hand = m("1b 4b 5b 6b 9b 10b 11c")
    assert "nanatan" in names(yaku(hand, Rules()))
    assert "nanatan" not in names(yaku(hand, Rules(nanatan_willow=False)))


def test_score_is_card_points_plus_yaku() -> None:
    """« Score du joueur = (Somme des points des cartes) + (Somme des points des Yaku) »"""
    captured = m("7a 10a 6a 6b 9b 10b 4c")
    score = seat_score(captured, (), Rules())
    assert [(i.name, i.points) for i in score.card_points] == [("animals", 30), ("ribbons", 30)]
    assert [(i.name, i.points) for i in score.yaku] == [("inoshikacho", 300), ("aotan", 100)]
    assert score.total == 460
    # And the engine's round result carries that breakdown for every seat.
    s = make_state(hands=("5c", "5d"), field="1c", captured=("7a 10a 6a 6b 9b 10b", ""), pile="2c 3c")
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("5d"))
    r = result_of(events)
    assert r.points == (460, 0) and r.seats[0].total == 460


def test_teyaku_three_of_a_month_and_two_triples() -> None:
    """« Le brelan (同種札三枚) (3 cartes de mois identiques) : 200 points » (RULINGS: two
    triples 400)."""
    assert [(i.name, i.points) for i in teyaku(m("1a 1b 1c 2a 3a 4a 5a 6a"), Rules())] == [("tesan", 200)]
    assert [(i.name, i.points) for i in teyaku(m("1a 1b 1c 2a 2b 2c 5a 6a"), Rules())] == [("futatesan", 400)]
    assert teyaku(m("1a 1b 2c 2a 3b 3c 5a 6a"), Rules()) == ()
    assert teyaku(m("1a 1b 1c 2a 3a 4a 5a 6a"), Rules(teyaku=False)) == ()


def test_teyaku_all_plains() -> None:
    """« La main de plaines (すべてカス) (toutes les cartes sont des plaines) : 400 points » — the
    yellow paulownia is not a plain here. (A triple of plains cannot exist: a month has at most
    two plains, so "stacks with a triple" never arises.)"""
    assert [(i.name, i.points) for i in teyaku(m("1c 1d 2c 3c 4c 5c 11d 12c"), Rules())] == [("sogasu", 400)]
    assert teyaku(m("1c 1d 2c 3c 4c 5c 11d 12b"), Rules()) == ()


def test_teyaku_is_shown_at_the_deal_and_scored_with_the_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Au début d'une manche, les joueurs peuvent marquer des points s'ils possèdent certaines
    combinaisons de cartes en main. Pour gagner les points …, un joueur doit dévoiler les cartes
    le composant aux autres joueurs. »"""
    from engine.hanafuda.roppyakken import first_dealer

    dealer = first_dealer(2, 2)
    hands = ("1a 1b 1c 2a 3a 4a 5a 6a", "2b 3b 4b 5b 6b 7b 8b 9a")
    stack_deals(monkeypatch, [deal(hands=hands, field="9b 10a 11a 12a 10b 11b 12b 7c", dealer=dealer)])
    s, events = start(2, Rules(), 2)
    shown = [e for e in events if isinstance(e, TeyakuShown)]
    assert len(shown) == 1 and shown[0].seat == 0
    assert shown[0].teyaku[0].cards == cards("1a 1b 1c")
    assert s.teyaku[0][0].points == 200

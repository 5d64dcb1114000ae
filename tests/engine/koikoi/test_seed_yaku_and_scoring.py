"""The seed's rules (004, Koi-Koi) for yaku, koi-koi/shōbu and the multipliers, one test per
rule, on stacked decks.

Each docstring quotes the French sentence of the seed that the test checks; the rules doc
(``docs/rules/koikoi.md``) points back here. Shared helpers: ``stacked.py``.
"""

from __future__ import annotations

import pytest

from engine.hanafuda.cards import card
from engine.hanafuda.koikoi import (
    PRESETS,
    Capture,
    KoiKoi,
    KoiKoiCalled,
    Phase,
    RoundStarted,
    Rules,
    Shobu,
    ShobuCalled,
    YakuMade,
    apply,
    legal_actions,
    start,
    view,
)
from engine.hanafuda.koikoi.rules import points_table
from engine.hanafuda.koikoi.yaku import yaku_items
from tests.engine.koikoi.stacked import ended, m, make_state, play

# --- Vérification des yakus --------------------------------------------------------------------


def test_no_yaku_the_opponent_plays_next() -> None:
    """« Si ce n'est pas le cas, le jeu se poursuit et c'est au tour de l'adversaire, qui
    répétera les mêmes étapes décrites ci-dessus. »"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="1c 3c", pile="8c", captured=("2a 4a", ""))
    s, events = apply(s, play("1a"))
    assert s.phase is Phase.PLAY and s.to_act == 1
    assert not any(isinstance(e, YakuMade) for e in events)


@pytest.mark.parametrize(
    ("captured", "hand", "field", "new"),
    [
        ("1a 3a", "8b", "8a", ("sanko",)),  # formed
        ("2a 4a 5a 6a 8b", "11b", "11c", ("tane",)),  # improved: 5 animals -> 6 animals
        ("1a 3a 8a", "11b", "11a", ("ameshiko",)),  # improved within a group: sanko -> ameshiko
        ("6a 7a", "10c", "10a", ("inoshikacho",)),  # formed
        ("6a 7a 10a", "8c", "8b", ("inoshikacho",)),  # « +1 point par carte Animal/Objet supplémentaire »
        ("1b 2b 3b", "4c", "4b", ("akatan",)),  # « +1 point par carte Ruban supplémentaire »
        ("6b 9b 10b", "5d", "5b", ("aotan",)),  # idem
        ("1b 2b 3b 6b 9b", "10c", "10b", ("akatan_aotan",)),  # akatan +2 -> akatan+aotan 10
        ("4b 5b 7b 11c 1b", "9c", "9b", ("tanzaku",)),  # 6 ribbons: tanzaku 2
        ("1c 1d 2d 3c 3d 4c 4d 5d 8c 8d", "10c", "10d", ("kasu",)),  # 10 chaff -> 12: kasu 3
        ("9a", "3b", "3a", ("hanami",)),  # special group
        ("1a 1b", "1c", "1d", ("tsukifuda",)),  # round 1: the four January cards
    ],
)
def test_formed_or_improved_yaku_offers_the_choice(
    captured: str, hand: str, field: str, new: tuple[str, ...]
) -> None:
    """« Si un yaku a été formé ou amélioré, alors on a le choix de continuer la manche ou non »
    — every "+1 point par carte … supplémentaire" is an improvement too."""
    s = make_state(hands=(f"{hand} 5c", "2c 6c"), field=f"{field} 7c", pile="12c", captured=(captured, ""))
    s, events = apply(s, play(hand))
    assert s.phase is Phase.DECIDE and s.to_act == 0
    assert legal_actions(s) == (KoiKoi(), Shobu())
    made = [e for e in events if isinstance(e, YakuMade)]
    assert len(made) == 1 and made[0].new == new and made[0].can_koikoi


@pytest.mark.parametrize("choice", [None, "8a", "8c"])
def test_a_yaku_formed_by_the_drawn_card_offers_the_choice(choice: str | None) -> None:
    """« Après avoir joué une carte de sa main et fait une capture si possible, on pioche une
    carte et on essaye de capturer comme précédemment … À ce stade, il faut évaluer les cartes
    que l'on a capturées … Si un yaku a été formé ou amélioré, alors on a le choix » — the check
    comes after both cards, so a capture by the drawn card counts (after a choice of target too)."""
    field = "8a 7c" if choice is None else "8a 8c 7c"
    s = make_state(hands=("5c 6d", "2c 6c"), field=field, pile="8b", captured=("1a 3a", ""))
    s, events = apply(s, play("5c"))  # captures nothing; the drawn 8b meets the moon 8a
    if choice is not None:
        assert s.phase is Phase.DRAW_CHOICE
        s, events = apply(s, Capture(card(choice)))
    made = [e for e in events if isinstance(e, YakuMade)]
    if choice == "8c":  # the drawn card took the chaff: no yaku, the opponent plays
        assert s.phase is Phase.PLAY and s.to_act == 1 and not made
    else:
        assert s.phase is Phase.DECIDE and s.to_act == 0 and legal_actions(s) == (KoiKoi(), Shobu())
        assert len(made) == 1 and made[0].new == ("sanko",)


def test_a_capture_that_improves_nothing_offers_no_choice() -> None:
    """« Si ce n'est pas le cas [aucun yaku formé ou amélioré], le jeu se poursuit et c'est au
    tour de l'adversaire »"""
    s = make_state(hands=("12c 5c", "2c 6c"), field="12d 7c", pile="8c", captured=("2a 4a 5a 6a 8b", ""))
    s, events = apply(s, play("12c"))
    assert s.phase is Phase.PLAY and s.to_act == 1
    assert not any(isinstance(e, YakuMade) for e in events)


@pytest.mark.parametrize(("round_no", "month"), [(3, 3), (1, 1), (12, 12), (15, 3)])
def test_tsukifuda_is_the_month_of_the_round_number(round_no: int, month: int) -> None:
    """« Cartes du Mois - Les 4 cartes appartenant au mois de la manche en cours. » (RULINGS:
    « tsukifuda uses the month of the round number »; past 12 rounds, with a target score, the
    months cycle.)"""
    rules = Rules(rounds=120, target_score=500)
    s = make_state(
        hands=("3c 5c", "2c 6c"),
        field="3d 7c",
        pile="12c",
        captured=("3a 3b", ""),
        round_no=round_no,
        rules=rules,
    )
    assert s.month == month and view(s, 0).month == month
    s, events = apply(s, play("3c"))  # seat 0 now holds the four March cards
    if month != 3:
        assert s.phase is Phase.PLAY and s.to_act == 1
        return
    assert s.phase is Phase.DECIDE
    made = [e for e in events if isinstance(e, YakuMade)]
    assert made[0].new == ("tsukifuda",)
    _, events = apply(s, Shobu())
    result = ended(events).result
    assert [(y.yaku, y.points) for y in result.yaku] == [("tsukifuda", 4)] and result.points == (4, 0)


def test_each_round_announces_its_month() -> None:
    """« Cartes du Mois - Les 4 cartes appartenant au mois de la manche en cours. » — round *n*
    is month *n*: the events and every view of a real match say so."""
    s, events = start(2, Rules(), 21)
    seen = [e for e in events if isinstance(e, RoundStarted)]
    while s.phase is not Phase.OVER:
        assert view(s, None).month == s.round_no == s.month
        s, events = apply(s, legal_actions(s)[-1])
        seen += [e for e in events if isinstance(e, RoundStarted)]
    assert [(e.round_no, e.month) for e in seen] == [(n, n) for n in range(1, 13)]


def test_sake_cup_is_an_animal_and_a_chaff() -> None:
    """« la carte Coupe de Saké compte d'une part comme une carte Animaux/Objets, et d'autre
    part comme une carte Normale pour faire des yakus »"""
    t = points_table(Rules())
    both = m("2a 4a 5a 6a 9a 1c 1d 2c 2d 3c 3d 4c 4d 5c")
    assert dict(yaku_items(both, 1, t)) == {"tane": 1, "kasu": 1}
    without = both & ~m("9a")
    assert yaku_items(without, 1, t) == ()


def test_koikoi_continues_with_the_opponent() -> None:
    """« Si on déclare "koi-koi", le jeu continue simplement au tour de l'adversaire. »"""
    s = make_state(hands=("8b 5c", "2c 6c"), field="8a 7c", pile="12c", captured=("1a 3a", ""))
    s, _ = apply(s, play("8b"))
    s, events = apply(s, KoiKoi())
    assert events == (KoiKoiCalled(0, 1),)
    assert s.phase is Phase.PLAY and s.to_act == 1 and s.koikoi == (1, 0) and s.last_koikoi == 0
    assert s.captured[0] == m("1a 3a 8a 8b")


def test_koikoi_may_be_called_again_and_again() -> None:
    """« Dans la plupart des ensembles de règles, on peut dire "koi-koi" autant de fois que
    souhaité par l'un ou l'autre des joueurs. »"""
    s = make_state(
        hands=("8b 12a 5c", "2c 6c 7d"), field="8a 12b 7c 4c", pile="10c 10d 11d", captured=("1a 3a", "")
    )
    s, _ = apply(s, play("8b"))  # sanko
    s, _ = apply(s, KoiKoi())
    s, _ = apply(s, play("2c"))
    s, _ = apply(s, play("12a"))  # shiko
    assert s.phase is Phase.DECIDE
    s, events = apply(s, KoiKoi())
    assert events == (KoiKoiCalled(0, 2),) and s.koikoi == (2, 0)


def test_shobu_scores_only_the_caller_who_deals_next() -> None:
    """« Si on veut arrêter la manche, on dit "shōbu". On gagne alors les points accumulés …
    Le joueur qui dit "shōbu" est le seul à gagner des points lors de cette manche et devient
    le donneur pour la manche suivante. »"""
    s = make_state(
        hands=("8b 5c", "2c 6c"),
        field="8a 7c",
        pile="12c",
        captured=("1a 3a", "1b 2b 3b"),
        dealer=1,
        to_act=0,
    )
    s, _ = apply(s, play("8b"))
    s, events = apply(s, Shobu())
    assert events[0] == ShobuCalled(0)
    result = ended(events).result
    assert (result.reason, result.winner, result.base, result.points) == ("shobu", 0, 5, (5, 0))
    assert [y.yaku for y in result.yaku] == ["sanko"]
    assert s.scores == (5, 0) and s.round_no == 2
    assert s.dealer == 0 and s.to_act == 0 and result.next_dealer == 0


# --- RULINGS: empty hand -----------------------------------------------------------------------


def test_yaku_with_an_empty_hand_ends_the_round_as_shobu() -> None:
    """RULINGS (seed silent): « A player who forms/improves yaku with an empty hand cannot
    koi-koi: the round stops (shōbu). »"""
    s = make_state(hands=("5c", "8b"), field="8a 7c", pile="12c", captured=("", "1a 3a"), dealer=0)
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("8b"))
    kinds = [type(e).__name__ for e in events]
    assert kinds[:5] == ["CardPlayed", "CardDrawn", "YakuMade", "ShobuCalled", "RoundEnded"]
    made = events[2]
    assert isinstance(made, YakuMade) and not made.can_koikoi
    assert ended(events).result.points == (0, 5) and s.dealer == 1


# --- Multiplicateurs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "captured", "base", "points"),
    [
        ("seed", "1a 3a 11a", 7, 7),  # ameshiko 7: not above 7
        ("seed", "1a 3a 12a", 8, 16),  # shiko 8: doubled
        ("nintendo", "1a 3a 11a", 7, 14),  # nintendo doubles at 7 or more
    ],
)
def test_more_than_seven_points_doubles(preset: str, captured: str, base: int, points: int) -> None:
    """« Si la valeur combinée de ses yakus capturés est supérieure à 7, le score gagné en
    appelant "shōbu" sera doublé. »"""
    s = make_state(
        hands=("8b 5c", "2c 6c"), field="8a 7c", pile="12c", captured=(captured, ""), rules=PRESETS[preset]
    )
    s, _ = apply(s, play("8b"))
    s, events = apply(s, Shobu())
    result = ended(events).result
    assert (result.base, result.points[0]) == (base, points)


@pytest.mark.parametrize(("captured", "base", "points"), [("1a 3a", 5, 10), ("1a 3a 12a", 8, 32)])
def test_over_seven_is_applied_before_the_koikoi_multiplier(captured: str, base: int, points: int) -> None:
    """« Ce multiplicateur doit être appliqué avant le suivant, dans le cas où les deux
    s'appliquent. » (5 ×2 = 10 is not doubled again for being above 7.)"""
    s = make_state(
        hands=("8b 5c", "2c 6c"),
        field="8a 7c",
        pile="12c",
        captured=(captured, ""),
        koikoi=(0, 1),
        last_koikoi=1,
    )
    s, _ = apply(s, play("8b"))
    s, events = apply(s, Shobu())
    result = ended(events).result
    assert result.base == base and result.points[0] == points
    assert [x.name for x in result.multipliers][-1] == "opponent_koikoi"


@pytest.mark.parametrize(
    ("mode", "calls", "points"), [("double", 1, 10), ("double", 2, 10), ("per_call", 2, 15)]
)
def test_opponent_koikoi_doubles(mode: str, calls: int, points: int) -> None:
    """« Si l'adversaire a appelé "koi-koi" mais que l'on a réussi à déclarer "shōbu" avant lui,
    le score gagné pour le yaku capturé sera doublé. Dans certains ensembles de règles, si l'on a
    déclaré "koi-koi" deux fois alors le score est triplé, mais dans la plupart il ne reste que
    doublé. »"""
    s = make_state(
        hands=("8b 5c", "2c 6c"), field="8a 7c", pile="12c", captured=("1a 3a", ""), koikoi=(0, calls),
        last_koikoi=1, rules=Rules(opponent_koikoi=mode),
    )  # fmt: skip
    s, _ = apply(s, play("8b"))
    s, events = apply(s, Shobu())
    assert ended(events).result.points == (points, 0)

"""The seed's "Quelques variations possibles", one test per variant, in play on stacked decks.

Scoring values of the variants are tabled in ``test_yaku.py``; here each variant is checked
where it changes the course of a round.
"""

from __future__ import annotations

from typing import Unpack

import pytest

from engine.core import IllegalAction
from engine.hanafuda.cards import card
from engine.hanafuda.koikoi import (
    LuckyHand,
    Phase,
    RoundResult,
    Rules,
    Shobu,
    apply,
    first_dealer,
    legal_actions,
    start,
)
from engine.hanafuda.koikoi.state import State
from tests.engine.koikoi.stacked import (
    QUIET,
    Deal,
    Dealt,
    all_cards,
    deal,
    m,
    make_state,
    play,
    result_of,
    stack_deals,
)


def take_curtain(rules: Rules, captured: str) -> State:
    """Seat 0 captures the cherry curtain (3a) with 3b; returns the state after the turn."""
    s = make_state(hands=("3b 5c", "2c 6c"), field="3a 7c", pile="12c", captured=(captured, ""), rules=rules)
    s, _ = apply(s, play("3b"))
    return s


# --- La carte saké -----------------------------------------------------------------------------


def test_viewing_yaku_switched_off() -> None:
    """« Jouer sans les yakus Contemplation: ceci rend le jeu plus simple et moins
    stratégique » (option ``viewing="off"``)."""
    assert take_curtain(Rules(), "9a").phase is Phase.DECIDE
    s = take_curtain(Rules(viewing="off"), "9a")
    assert s.phase is Phase.PLAY and s.to_act == 1


def test_viewing_yaku_limited_to_one_per_round() -> None:
    """« Limiter les yakus Contemplation à un par manche » (option ``viewing="one"``): holding
    the moon viewing, taking the curtain forms nothing more."""
    assert take_curtain(Rules(), "9a 8a").phase is Phase.DECIDE
    s = take_curtain(Rules(viewing="one"), "9a 8a")
    assert s.phase is Phase.PLAY and s.to_act == 1


def test_rain_spoils_the_viewing() -> None:
    """« La Pluie gâche la fête : la capture d'une carte de Novembre empêche la réalisation des
    yakus Contemplations (il ne valent pas de point) » (option ``rain_spoils_viewing``)."""
    assert take_curtain(Rules(), "9a 11c").phase is Phase.DECIDE
    s = take_curtain(Rules(rain_spoils_viewing=True), "9a 11c")
    assert s.phase is Phase.PLAY and s.to_act == 1


def test_fifteen_point_five_lights() -> None:
    """« Augmenter les points des yakus Cinq Lumières et Rubans Bleus et Avec Poésie à 15 points
    au lieu de 10. » (option ``fifteen_point_yaku``)"""
    for rules, points in ((Rules(), 20), (Rules(fifteen_point_yaku=True), 30)):
        s = make_state(
            hands=("12b 5c", "2c 6c"), field="12a 7c", pile="4c", captured=("1a 3a 8a 11a", ""), rules=rules
        )
        s, _ = apply(s, play("12b"))
        s, events = apply(s, Shobu())
        assert result_of(events).points == (points, 0)


# --- La carte Foudre ---------------------------------------------------------------------------

WILD = Rules(lightning_wild=True, rounds=1)


def test_lightning_in_hand_captures_any_field_card() -> None:
    """« Si elle est dans la main d'un joueur, elle peut servir à capturer n'importe quelle carte
    de la rivière. » (option ``lightning_wild``)"""
    s = make_state(hands=("11d 5c", "2c 6c"), field="1a 1c 4c", pile="8c", rules=WILD)
    assert legal_actions(s) == (
        play("5c"), play("11d"), play("11d>1a"), play("11d>1c"), play("11d>4c"),
    )  # fmt: skip
    s, _ = apply(s, play("11d>1a"))
    assert s.captured[0] == m("11d 1a") and s.field == m("1c 4c 8c")
    # With a November card on the field, 11d still captures it as usual.
    s = make_state(hands=("11d 5c", "2c 6c"), field="11a 1a", pile="8c", rules=WILD)
    assert play("11d") in legal_actions(s) and play("11d>1a") in legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        apply(s, play("11d>11a"))
    assert err.value.key == "target_not_needed"
    # Without the option, lightning is a plain November card.
    plain = make_state(hands=("11d 5c", "2c 6c"), field="1a 1c 4c", pile="8c")
    assert play("11d>1a") not in legal_actions(plain)
    with pytest.raises(IllegalAction) as err:
        apply(plain, play("11d>1a"))
    assert err.value.key == "bad_target"


def test_lightning_sweeps_its_month_at_the_end_of_the_round() -> None:
    """« On conserve de côté les deux cartes - la Foudre et la carte capturée - car à la fin de
    la manche, le joueur ramassera l'ensemble des cartes restées dans la rivière appartenant au
    mois de la carte capturée par la Foudre. »"""
    s = make_state(hands=("11d", "6c"), field="1a 1c 4c", pile="7c 8c", rules=WILD)
    s, _ = apply(s, play("11d>1a"))
    assert s.field & m("1c")  # still on the field during the round
    s, events = apply(s, play("6c"))
    result = result_of(events)
    assert card("1c") in result.captured[0]
    assert s.phase is Phase.OVER and s.captured[0] == m("11d 1a 1c") and not s.field & m("1c")
    assert sorted(all_cards(s)) == list(range(48))


def test_lightning_on_the_field_or_drawn_is_not_wild() -> None:
    """« Si elle est dans la rivière, cette règle est sans effet. » (and only a card in a
    player's hand is wild: a drawn lightning plays as a plain November card)"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="11d 1c", pile="8c", rules=WILD)
    assert legal_actions(s) == (play("1a"), play("5c"))
    with pytest.raises(IllegalAction):
        apply(s, play("1a>11d"))
    s = make_state(hands=("5c 6d", "2c 6c"), field="1c 4c", pile="11d", rules=WILD)
    s, _ = apply(s, play("5c"))
    assert s.field == m("1c 4c 5c 11d") and s.captured[0] == 0


# --- Mains vides -------------------------------------------------------------------------------


@pytest.mark.parametrize(("dealer_rule", "next_dealer"), [("stays", 0), ("changes", 1)])
def test_all_points_lost_when_both_hands_are_empty(dealer_rule: str, next_dealer: int) -> None:
    """« lorsque les deux joueurs n'ont plus de cartes, tous les points accumulés jusqu'ici sont
    perdus, peu importe si un joueur a appelé "koi-koi" ou non. Le donneur pour la manche
    suivante changera ou restera le même selon la règle utilisée. » (``empty_hands="all_lost"``,
    ``all_lost_dealer``)"""
    rules = Rules(empty_hands="all_lost", all_lost_dealer=dealer_rule)
    s = make_state(
        hands=("5c", "6c"), field="1c 2c 3c 4c", pile="7c 8c", captured=("", "1a 3a 8a"), koikoi=(0, 1),
        last_koikoi=1, rules=rules,
    )  # fmt: skip
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("6c"))
    result = result_of(events)
    assert (result.reason, result.winner, result.points) == ("all_lost", None, (0, 0))
    assert s.dealer == next_dealer


DEALER_OUT = Rules(empty_hands="dealer_out")


def _dealer_last_card(**kw: Unpack[Dealt]) -> tuple[State, RoundResult]:
    """Dealer 0 plays its last card (seat 1 still holds one)."""
    s = make_state(hands=("5c", "6c"), field="1c 2c 3c 4c", pile="7c 8c", rules=DEALER_OUT, **kw)
    s, events = apply(s, play("5c"))
    return s, result_of(events)


def test_dealer_out_dealer_was_last_to_call_koikoi() -> None:
    """« la manche s'arrête dès que le 1er joueur n'a plus de cartes … Il est le dernier à avoir
    appelé "koi-koi": dans ce cas, s'il n'a pas réussi à améliorer un yaku ou en avoir un
    supplémentaire, il perd les yakus accumulés et aucun des joueurs ne marque de point. Le rôle
    de donneur change de main. »"""
    s, result = _dealer_last_card(captured=("1a 3a 8a", ""), koikoi=(1, 0), last_koikoi=0)
    assert (result.reason, result.winner, result.points) == ("dealer_out", None, (0, 0))
    assert s.dealer == 1 and s.round_no == 2


def test_dealer_out_opponent_was_last_to_call_koikoi() -> None:
    """« L'adversaire est le dernier à avoir appelé "koi-koi" : dans ce cas, c'est lui qui
    remporte la manche. Il récupère ses points en comptant les multiplicateurs et devient le
    donneur pour la manche suivante. »"""
    s, result = _dealer_last_card(captured=("", "1a 3a 8a"), koikoi=(1, 1), last_koikoi=1)
    assert (result.reason, result.winner, result.base) == ("dealer_out", 1, 5)
    assert result.points == (0, 10)  # the dealer's koi-koi doubles
    assert s.dealer == 1


def test_dealer_out_nobody_called_koikoi() -> None:
    """« Aucun des joueurs n'a appelé "koi-koi" durant la manche : dans ce cas, la manche est
    déclarée comme nulle et aucun joueur ne marque de point. Le rôle de donneur change de
    main. »"""
    s, result = _dealer_last_card(captured=("1a 3a 8a", ""))
    assert (result.reason, result.winner, result.points) == ("draw", None, (0, 0))
    assert s.dealer == 1


# --- Oyaken, 5 -> 6 ----------------------------------------------------------------------------


@pytest.mark.parametrize("amount", [1, 6])
def test_oyaken_the_dealer_scores_on_a_draw(amount: int) -> None:
    """« Une variation selon laquelle si la manche est nulle, le donneur marque un point. »
    (``oyaken`` = the amount; 1 in the seed, 6 in some rule sets)"""
    s = make_state(
        hands=("6c", "5c"), field="1c 2c 3c 4c", pile="7c 8c", dealer=1, rules=Rules(oyaken=amount)
    )
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("6c"))
    result = result_of(events)
    assert (result.reason, result.winner, result.points) == ("draw", None, (0, amount))
    assert [(y.yaku, y.points) for y in result.yaku] == [("oyaken", amount)]
    assert s.scores == (0, amount) and s.dealer == 1
    # Not when the dealer lost his yaku by his own koi-koi ("aucun des joueurs ne marque").
    rules = Rules(oyaken=amount, empty_hands="dealer_out")
    s = make_state(hands=("5c", "6c"), field="1c 2c", pile="7c", rules=rules, koikoi=(1, 0), last_koikoi=0)
    _, events = apply(s, play("5c"))
    assert result_of(events).points == (0, 0)


@pytest.mark.parametrize(
    ("empty_hands", "koikoi", "reason"),
    [
        ("koikoi_caller", (0, 0), "draw"),
        ("all_lost", (0, 0), "all_lost"),
        ("all_lost", (0, 1), "all_lost"),
        ("dealer_out", (0, 0), "draw"),
    ],
)
def test_oyaken_pays_the_dealer_on_every_null_round(
    empty_hands: str, koikoi: tuple[int, int], reason: str
) -> None:
    """« Une variation selon laquelle si la manche est nulle, le donneur marque un point. » — a
    round is null whenever nobody wins it: hands out without koi-koi, « tous les points accumulés
    jusqu'ici sont perdus », or the dealer out of cards with nobody's koi-koi (« la manche est
    déclarée comme nulle »)."""
    rules = Rules(oyaken=1, empty_hands=empty_hands)
    s = make_state(
        hands=("5c", "6c"), field="1c 2c 3c 4c", pile="7c 8c", captured=("", "1a 3a 8a"), koikoi=koikoi,
        last_koikoi=1 if koikoi[1] else None, rules=rules,
    )  # fmt: skip
    s, events = apply(s, play("5c"))
    if empty_hands != "dealer_out":
        s, events = apply(s, play("6c"))
    result = result_of(events)
    assert (result.reason, result.winner, result.points) == (reason, None, (1, 0))
    assert s.scores == (1, 0)


def test_yaku_worth_five_raised_to_six() -> None:
    """« Selon certaines règles, les yakus valant 5 points sont élevés à 6 points. »
    (``five_to_six``)"""
    for rules, points in ((Rules(), 5), (Rules(five_to_six=True), 6)):
        s = make_state(
            hands=("8b 5c", "2c 6c"), field="8a 7c", pile="12c", captured=("1a 3a", ""), rules=rules
        )
        s, _ = apply(s, play("8b"))
        s, events = apply(s, Shobu())
        assert result_of(events).points == (points, 0)


# --- Lucky hands and multipliers: the options around the seed's rules -------------------------

LUCKY = "1a 1b 1c 1d 2a 3a 4a 5a"
LUCKY_DEALER: Deal = {
    "dealer_hand": LUCKY,
    "other_hand": "5b 6a 7a 8a 9a 10a 11a 12a",
    "field": "5c 6b 7b 8b 9b 10b 11b 12b",
}


@pytest.mark.parametrize(
    ("rules", "points"), [(Rules(), 6), (Rules(lucky_hand_points=12), 12), (Rules(lucky_hands=False), None)]
)
def test_lucky_hand_options(monkeypatch: pytest.MonkeyPatch, rules: Rules, points: int | None) -> None:
    """« Le joueur remporte la manche et empoche directement 6 points. » — ``lucky_hand_points``
    changes the 6 (FudaWiki: « In some descriptions, they only score 6 points, but in others …
    they score 12 points »); ``lucky_hands=False`` plays such a hand out as a normal round."""
    stack_deals(monkeypatch, [deal(**LUCKY_DEALER), deal(**QUIET)])
    dealer = first_dealer(9)
    s, events = start(2, rules, 9)
    lucky = [e for e in events if isinstance(e, LuckyHand)]
    if points is None:
        assert not lucky and s.history == () and s.round_no == 1
        assert s.phase is Phase.PLAY and s.to_act == dealer and s.hands[dealer] == m(LUCKY)
        return
    assert [e.seat for e in lucky] == [dealer]
    assert s.history[0].points[dealer] == points and s.scores[dealer] == points
    assert s.history[0].multipliers == ()  # « directement »: no multiplier


@pytest.mark.parametrize(
    ("rules", "koikoi", "captured", "points"),
    [
        (Rules(opponent_koikoi="self"), (0, 1), "1a 3a", 5),
        (Rules(opponent_koikoi="self"), (1, 0), "1a 3a", 10),
        (Rules(opponent_koikoi="anyone"), (1, 0), "1a 3a", 10),
        (Rules(opponent_koikoi="anyone"), (0, 1), "1a 3a", 10),
        (Rules(opponent_koikoi="anyone"), (0, 0), "1a 3a", 5),
        (Rules(opponent_koikoi="double"), (1, 0), "1a 3a", 5),
        (Rules(opponent_koikoi="none"), (0, 2), "1a 3a", 5),
        (Rules(opponent_koikoi="none", double_at=0), (0, 1), "1a 3a 12a", 8),
        (Rules(double_at=0), (0, 0), "1a 3a 12a", 8),
    ],
)
def test_multiplier_options(rules: Rules, koikoi: tuple[int, int], captured: str, points: int) -> None:
    """« En fonction de l'ensemble de règles utilisé, il existe deux multiplicateurs … Certaines
    personnes jouent sans multiplicateurs » (``opponent_koikoi="none"``, ``double_at=0``), and
    FudaWiki's « Multipliers »: « x2 multiplier if they called koi-koi, not if their opponent did »
    (``self``), « x2 multiplier if anyone called koi-koi during the round » (``anyone``)."""
    s = make_state(
        hands=("8b 5c", "2c 6c"), field="8a 7c", pile="12c", captured=(captured, ""), koikoi=koikoi,
        last_koikoi=0 if koikoi[0] else (1 if koikoi[1] else None), rules=rules,
    )  # fmt: skip
    s, _ = apply(s, play("8b"))
    s, events = apply(s, Shobu())
    assert result_of(events).points == (points, 0)

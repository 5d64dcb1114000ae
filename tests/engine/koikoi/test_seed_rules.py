"""One test per rule of the seed (004, Koi-Koi), on stacked decks.

Each docstring quotes the French sentence of the seed that the test checks; the rules doc
(``docs/rules/koikoi.md``) points back here.
"""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction, seeded_rng
from engine.hanafuda.cards import card, cards, mask
from engine.hanafuda.koikoi import (
    ENGINE,
    PRESETS,
    Capture,
    CardDrawn,
    KoiKoi,
    KoiKoiCalled,
    LuckyHand,
    MatchEnded,
    Phase,
    Play,
    Redealt,
    RoundEnded,
    RoundStarted,
    Rules,
    Shobu,
    ShobuCalled,
    YakuMade,
    apply,
    first_dealer,
    legal_actions,
    new_game,
    outcome,
    start,
    view,
)
from engine.hanafuda.koikoi.rounds import deal_order
from engine.hanafuda.koikoi.rules import points_table
from engine.hanafuda.koikoi.yaku import yaku_items
from tests.engine.koikoi.stacked import deal, make_state, stack_deals


def play(text: str) -> Play:
    """``play("1a")`` / ``play("1a>1c")``."""
    a = ENGINE.parse_action(text)
    assert isinstance(a, Play)
    return a


def m(text: str) -> int:
    return mask(cards(text))


def ended(events: tuple[object, ...]) -> RoundEnded:
    found = [e for e in events if isinstance(e, RoundEnded)]
    assert len(found) == 1, events
    return found[0]


# A deal with no lucky hand and no misdeal: hands and field hold at most 3 pairs.
QUIET = {
    "dealer_hand": "1a 2a 3a 4a 5a 6a 7a 8a",
    "other_hand": "1b 2b 3b 4b 5b 6b 7b 9a",
    "field": "9b 10a 11a 12a 10b 11b 12b 1c",
}


# --- Installation --------------------------------------------------------------------------


def test_first_dealer_is_earliest_month_with_redraw_on_tie() -> None:
    """« celui qui a tiré une carte du mois le plus proche de Janvier commence - en cas
    d'égalité, les joueurs concernés retirent jusqu'à ce qu'il y ait un gagnant. »"""
    seen_tie = False
    for seed in range(300):
        attempt = 0
        while True:
            a, b = seeded_rng(seed, "first_dealer", attempt).sample(range(48), 2)
            if a // 4 != b // 4:
                break
            attempt += 1
        seen_tie |= attempt > 0
        assert first_dealer(seed) == (0 if a // 4 < b // 4 else 1)
        assert start(2, Rules(), seed)[1][0] == RoundStarted(1, first_dealer(seed), 1)
    assert seen_tie, "no tie in 300 seeds: the redraw path was not exercised"
    assert {first_dealer(s) for s in range(50)} == {0, 1}


@pytest.mark.parametrize("rounds", [12, 6, 3])
def test_match_length_in_rounds(rounds: int) -> None:
    """« 12 manches de préférence, on peut baisser à 6 voire 3 manches pour des parties
    rapides »"""
    s = new_game(2, Rules(rounds=rounds), 7)
    while s.phase is not Phase.OVER:
        s, _ = apply(s, legal_actions(s)[0])
    assert len(s.history) == rounds
    assert [r.round_no for r in s.history] == list(range(1, rounds + 1))
    assert Rules().rounds == 12


def test_deal_eight_each_and_eight_on_the_table_by_fours(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Huit cartes sont distribuées à chaque joueur et huit autres sont placées face visible
    sur la table. … 4 à l'adversaire, 4 à la table, 4 pour soi, (répeter) »"""
    deck = deal(**QUIET)
    stack_deals(monkeypatch, [deck])
    s = new_game(2, Rules(), 3)
    dealer, other = s.dealer, 1 - s.dealer
    assert s.hands[dealer] == m(QUIET["dealer_hand"])
    assert s.hands[other] == m(QUIET["other_hand"])
    assert s.field == m(QUIET["field"])
    assert s.pile == tuple(deck[24:]) and len(s.pile) == 24
    # And the real shuffle deals the same shape.
    real = new_game(2, Rules(), 11)
    assert [h.bit_count() for h in real.hands] == [8, 8]
    assert real.field.bit_count() == 8 and len(real.pile) - real.pile_pos == 24


@pytest.mark.parametrize(
    ("field", "reason"),
    [
        ("1a 1b 1c 1d 2a 3a 4a 5a", "teshi"),
        ("1a 1b 2a 2b 3a 3b 4a 4b", "kuttsuki"),
    ],
)
def test_misdeal_on_the_field_redeals(monkeypatch: pytest.MonkeyPatch, field: str, reason: str) -> None:
    """« 4 cartes de la même suite sont distribuées sur le terrain [Teshi] ; 4 paires de cartes
    de suites différentes [Kuttsuki]. Si un de ces cas de figure arrive sur le terrain lors de
    la distribution, alors toutes les cartes sont remélangées et redistributées. »"""
    bad = deal(dealer_hand="5b 6a 6b 7a 7b 8a 8b 9a", other_hand="9b 10a 10b 11a 11b 12a 12b 5c", field=field)
    good = deal(**QUIET)
    calls = stack_deals(monkeypatch, [bad, good])
    s, events = start(2, Rules(), 5)
    assert calls == [(1, 0), (1, 1)]
    assert Redealt(reason) in events
    assert s.field == m(QUIET["field"])
    assert s.phase is Phase.PLAY and s.round_no == 1


@pytest.mark.parametrize(
    ("lucky", "name"),
    [("1a 1b 1c 1d 2a 3a 4a 5a", "teshi"), ("1a 1b 2a 2b 3a 3b 4a 4b", "kuttsuki")],
)
@pytest.mark.parametrize("lucky_seat_is_dealer", [True, False])
def test_lucky_hand_wins_the_round_with_six_points(
    monkeypatch: pytest.MonkeyPatch, lucky: str, name: str, lucky_seat_is_dealer: bool
) -> None:
    """« Si un des joueurs voit un de ces cas de figure dans sa main de départ - 4 cartes de la
    même suite ou 4 paires de suites différentes - , alors c'est une "main chanceuse". Le joueur
    remporte la manche et empoche directement 6 points. »"""
    plain = "5b 6a 7a 8a 9a 10a 11a 12a"
    hands = {"dealer_hand": lucky, "other_hand": plain} if lucky_seat_is_dealer else {
        "dealer_hand": plain, "other_hand": lucky}  # fmt: skip
    stack_deals(monkeypatch, [deal(**hands, field="5c 6b 7b 8b 9b 10b 11b 12b"), deal(**QUIET)])
    dealer = first_dealer(9)
    s, events = start(2, Rules(), 9)
    seat = dealer if lucky_seat_is_dealer else 1 - dealer
    assert LuckyHand(seat, name, cards(lucky)) in events
    result = s.history[0]
    assert (result.reason, result.winner, result.base) == ("lucky_hand", seat, 6)
    assert result.points[seat] == 6 and result.points[1 - seat] == 0
    assert s.scores[seat] == 6
    # The winner deals the next round, which is being played.
    assert s.round_no == 2 and s.dealer == seat and s.to_act == seat
    assert RoundStarted(2, seat, 2) in events


def test_both_lucky_hands_is_a_draw_and_the_dealer_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Le joueur remporte la manche et empoche directement 6 points. » — silent when both
    players have one; FudaWiki: "If both players hold a lucky hand, then the round is a draw …
    the next round begins with the same dealer." """
    stack_deals(
        monkeypatch,
        [
            deal(
                dealer_hand="1a 1b 1c 1d 2a 3a 4a 5a",
                other_hand="6a 6b 7a 7b 8a 8b 9a 9b",
                field="5b 6c 7c 8c 9c 10a 11a 12a",
            ),
            deal(**QUIET),
        ],
    )
    dealer = first_dealer(4)
    s, _ = start(2, Rules(), 4)
    result = s.history[0]
    assert (result.reason, result.winner, result.points) == ("draw", None, (0, 0))
    assert s.dealer == dealer and result.next_dealer == dealer


# --- Jouer -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_dealer_plays_first(seed: int) -> None:
    """« À chaque manche, le donneur (celui qui a distribué) est le premier à jouer. »"""
    s = new_game(2, Rules(), seed)
    for _ in range(4):
        assert s.to_act == s.dealer and s.phase is Phase.PLAY
        assert s.hands[s.dealer].bit_count() == 8
        round_no = s.round_no
        while s.round_no == round_no and s.phase is not Phase.OVER:
            s, _ = apply(s, legal_actions(s)[-1])


def test_one_matching_card_is_captured() -> None:
    """« Si cette carte correspond à la suite d'une carte sur le terrain de jeu, on la place sur
    celle-ci, pour indiquer que c'est celle-ci qu'on capturera. »"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="1c 3c 4c 7c", pile="8c")
    assert legal_actions(s) == (play("1a"), play("5c"))
    s, events = apply(s, play("1a"))
    assert s.captured[0] == m("1a 1c")
    assert s.field == m("3c 4c 7c 8c") and s.hands[0] == m("5c")
    assert events[0].captured == cards("1c")  # type: ignore[attr-defined]
    assert s.to_act == 1


def test_two_matching_cards_the_player_chooses() -> None:
    """« Si on peut capturer deux cartes du terrain, il faut choisir laquelle on capture avec
    notre carte. »"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="1b 1c 4c 7c", pile="8c")
    assert legal_actions(s) == (play("1a>1b"), play("1a>1c"), play("5c"))
    with pytest.raises(IllegalAction) as err:
        apply(s, play("1a"))
    assert err.value.key == "target_required"
    s, _ = apply(s, play("1a>1c"))
    assert s.captured[0] == m("1a 1c") and s.field == m("1b 4c 7c 8c")


def test_three_matching_cards_take_all_four() -> None:
    """« Si on peut capturer trois cartes du terrain, on capturera alors ces quatres cartes (en
    comptant celle qui venait de notre main). »"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="1b 1c 1d 7c", pile="8c")
    assert legal_actions(s) == (play("1a"), play("5c"))
    with pytest.raises(IllegalAction) as err:
        apply(s, play("1a>1b"))
    assert err.value.key == "target_not_needed"
    s, _ = apply(s, play("1a"))
    assert s.captured[0] == m("1a 1b 1c 1d") and s.field == m("7c 8c")


def test_no_matching_card_joins_the_field() -> None:
    """« Si aucune carte ne correspond, alors elle devient une carte du terrain et ne capture
    aucune carte. »"""
    s = make_state(hands=("5c 6d", "2c 6c"), field="1b 3c 4c 7c", pile="8c")
    s, events = apply(s, play("5c"))
    assert s.field == m("1b 3c 4c 5c 7c 8c")
    assert s.captured == (0, 0) and events[0].captured == ()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("field", "drawn", "captured", "field_after"),
    [
        ("3c 4c 7c", "3d", "3c 3d", "4c 5c 7c"),
        ("3a 3b 3c 7c", "3d", "3a 3b 3c 3d", "5c 7c"),
    ],
)
def test_drawn_card_captures_like_a_played_card(
    field: str, drawn: str, captured: str, field_after: str
) -> None:
    """« Après avoir joué une carte de sa main et fait une capture si possible, on pioche une
    carte et on essaye de capturer comme précédemment une carte du champ de jeu. »"""
    s = make_state(hands=("5c 6d", "2c 6c"), field=field, pile=drawn)
    s, events = apply(s, play("5c"))
    assert s.captured[0] == m(captured) and s.field == m(field_after)
    assert isinstance(events[1], CardDrawn) and events[1].card == card(drawn)


def test_drawn_card_never_enters_the_hand() -> None:
    """« On ne met pas la carte piochée dans sa main. Il faut forcément capturer ou laisser
    cette carte sur le terrain si aucune carte n'est capturable. »"""
    s = make_state(hands=("5c 6d", "2c 6c"), field="3b 3c 4c", pile="3d 8c")
    s, events = apply(s, play("5c"))
    # Two matches for the drawn card: the player must choose, and may do nothing else.
    assert s.phase is Phase.DRAW_CHOICE and s.to_act == 0
    assert legal_actions(s) == (Capture(card("3b")), Capture(card("3c")))
    assert events[1] == CardDrawn(0, card("3d"), (), awaiting_choice=True)
    with pytest.raises(IllegalAction):
        apply(s, play("6d"))
    assert view(s, 1).pending_draw == card("3d")
    s, _ = apply(s, Capture(card("3c")))
    assert s.hands[0] == m("6d") and s.captured[0] == m("3c 3d") and s.field == m("3b 4c 5c")
    # No match: the drawn card stays on the field, the hand does not grow.
    s, _ = apply(s, play("2c"))
    assert s.hands[1] == m("6c") and s.field >> card("8c") & 1


def test_captured_cards_are_face_up_for_everyone() -> None:
    """« Enfin, on récupère toutes les cartes capturées et on les place face visible devant
    soi, ce sera notre score. »"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="1c 3c", pile="8c", captured=("", "4a 4b"))
    s, _ = apply(s, play("1a"))
    seen = {view(s, seat).captured for seat in (0, 1, None)}
    assert seen == {(cards("1a 1c"), cards("4a 4b"))}


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


# --- Manche nulle ------------------------------------------------------------------------------


def _last_turns(**kw: object) -> object:
    """Dealer 0 and seat 1 hold one card each; nothing can be captured."""
    return make_state(hands=("5c", "6c"), field="1c 2c 3c 4c", pile="7c 8c", **kw)  # type: ignore[arg-type]


def test_hands_exhausted_without_koikoi_is_a_draw_dealer_stays() -> None:
    """« Si les deux joueurs n'ont plus de cartes en main et qu'aucun des deux n'a appelé
    "koi-koi" lors de la manche, alors elle est considérée comme nulle, aucun des joueurs ne
    marque de point et on passe à la suivante. Le donneur restera le même qu'à cette manche. »"""
    s = _last_turns(dealer=1, to_act=1, captured=("1a 3a 8a", ""))
    s, _ = apply(s, play("6c"))
    s, events = apply(s, play("5c"))
    result = ended(events).result
    assert (result.reason, result.winner, result.points) == ("draw", None, (0, 0))
    assert s.dealer == 1 and s.round_no == 2


def test_hands_exhausted_the_last_koikoi_caller_scores() -> None:
    """« si les deux joueurs n'ont plus de carte mais qu'il y a eu des annonces "koi-koi" durant
    la manche, alors le dernier joueur ayant appelé "koi-koi" remporte ses points. »
    (RULINGS: with the over-7 doubling; the opponent-koi-koi factor needs a shōbu.)"""
    s = _last_turns(captured=("2a 4a 5a 6a 8b", "1a 3a 8a 12a"), koikoi=(1, 1), last_koikoi=1)
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("6c"))
    result = ended(events).result
    assert (result.reason, result.winner, result.base) == ("exhausted", 1, 8)
    assert [(x.name, x.factor) for x in result.multipliers] == [("over_seven", 2)]
    assert result.points == (0, 16) and s.dealer == 1


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


# --- Fin de la partie --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "winners"), [((10, 4), (0,)), ((3, 9), (1,)), ((0, 5), (1,)), ((7, 2), (0,))]
)
def test_highest_total_after_the_last_round_wins(scores: tuple[int, int], winners: tuple[int, ...]) -> None:
    """« Si l'on joue avec un certain nombre de manches, le joueur avec le score le plus élevé à
    la fin de la dernière manche est déclaré vainqueur. »"""
    rules = Rules(rounds=3)
    s = _last_turns(round_no=3, scores=scores, rules=rules)
    assert outcome(s) is None
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("6c"))
    assert s.phase is Phase.OVER and s.to_act is None and legal_actions(s) == ()
    assert events[-1] == MatchEnded(scores, winners)
    result = outcome(s)
    assert result is not None and result.scores == scores and result.winners == winners
    assert s.history[-1].next_dealer is None


def test_equal_totals_both_win() -> None:
    """« le joueur avec le score le plus élevé à la fin de la dernière manche est déclaré
    vainqueur » — silent on ties: both seats are listed as winners."""
    s = _last_turns(round_no=12, scores=(6, 6))
    s, _ = apply(s, play("5c"))
    s, _ = apply(s, play("6c"))
    result = outcome(s)
    assert result is not None and result.winners == (0, 1)


def test_playing_to_a_target_score() -> None:
    """« le jeu se termine après un certain nombre de tours (12 ou 6 en général), ou une fois
    qu'un score cible a été atteint. … Si l'on joue à un total de points cible, le premier
    joueur à atteindre ce score est le gagnant. » (option ``target_score``)"""
    rules = Rules(target_score=10, rounds=120)
    s = make_state(
        hands=("8b 5c", "2c 6c"),
        field="8a 7c",
        pile="12c",
        captured=("1a 3a", ""),
        scores=(6, 9),
        rules=rules,
    )
    s, _ = apply(s, play("8b"))
    s, events = apply(s, Shobu())
    assert events[-1] == MatchEnded((11, 9), (0,))
    assert s.phase is Phase.OVER and s.history[-1].next_dealer is None
    # Random matches stop at the first round that brings a total to 10 or more.
    rng = random.Random(5)
    for seed in range(30):
        s = new_game(2, rules, seed)
        while s.phase is not Phase.OVER:
            s, _ = apply(s, rng.choice(legal_actions(s)))
        totals = [0, 0]
        for i, result in enumerate(s.history):
            totals = [totals[0] + result.points[0], totals[1] + result.points[1]]
            assert (max(totals) >= 10) == (i == len(s.history) - 1)


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


def test_deal_order_depends_on_seed_round_and_attempt_only() -> None:
    """« toutes les cartes sont remélangées et redistributées » — every deal is a fresh shuffle,
    reproducible from (seed, round, attempt)."""
    decks = {tuple(deal_order(1, r, a)) for r in (1, 2) for a in (0, 1)}
    assert len(decks) == 4
    assert all(sorted(d) == list(range(48)) for d in decks)
    assert deal_order(1, 2, 0) == deal_order(1, 2, 0)

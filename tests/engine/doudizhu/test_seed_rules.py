"""The seed's rules (003, Dou Dizhu), one test per rule, on stacked decks and built states.

Each docstring quotes the French sentence of the seed (or RULINGS.md) it checks;
``docs/rules/doudizhu.md`` points back here.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from engine.core import IllegalAction
from engine.doudizhu import (
    PASS,
    Bid,
    BidMade,
    Event,
    HandEnded,
    HandStarted,
    LandlordChosen,
    MatchEnded,
    Multiplier,
    Phase,
    Played,
    Redealt,
    Rules,
    State,
    TrickWon,
    apply,
    cards,
    legal_actions,
    new_game,
    outcome,
    rules_from,
    start,
    view,
)
from engine.doudizhu.cards import CARDS, FULL_DECK_MASK, mask
from engine.doudizhu.game import deal
from tests.engine.doudizhu.stacked import m, mv, play_state, stack_deals, stacked_deck

H0 = "3s 3h 3d 4s 4h 4d 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s"
H1 = "3c 4c 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2h 5d 6d 7d B"
H2 = "5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c 8d 9d Td Jd Qd R"
KITTY = "Kd Ad 2d"


def dealt(
    monkeypatch: pytest.MonkeyPatch, face: int = 0, rules: Rules | None = None
) -> tuple[State, tuple[Event, ...]]:
    stack_deals(monkeypatch, [(stacked_deck((H0, H1, H2), KITTY), face)])
    return start(3, rules or Rules(hands=1), 1)


def test_three_players_fifty_four_cards_seventeen_each_three_left() -> None:
    """« Le doudizhu se joue à 3 joueurs avec un jeu de 54 cartes, incluant les deux jokers … on
    distribue les cartes une par une aux trois joueurs, jusqu'à ce qu'il ne reste que 3 cartes »"""
    for seed in range(20):
        s = new_game(3, Rules(), seed)
        assert [x.bit_count() for x in s.masks] == [17, 17, 17]
        union = s.masks[0] | s.masks[1] | s.masks[2] | mask(s.kitty)
        assert union == FULL_DECK_MASK
    with pytest.raises(Exception, match="3 players"):
        new_game(2, Rules(), 1)


def test_deal_one_by_one_from_a_stacked_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """« on distribue les cartes une par une aux trois joueurs » — card i goes to seat i % 3."""
    s, _ = dealt(monkeypatch)
    assert s.masks == (m(H0), m(H1), m(H2))
    assert s.kitty == tuple(cards(KITTY))


def test_card_order_jokers_then_two_then_ace() -> None:
    """« La plus haute carte est le joker coloré, suivi du joker noir, puis du 2, de l'as, puis
    ordre classique sans distinction des couleurs. »"""
    order = "3456789TJQKA2BR"
    for low, high in pairwise(order):
        card = high if high in "BR" else high + "s"
        s = play_state(("3d", card, "4d 5d"), to_act=1, last=low, last_seat=0)
        assert mv(high) in legal_actions(s)
        s = play_state(("3d", low if low in "BR" else low + "h", "4d 5d"), to_act=1, last=high, last_seat=0)
        assert legal_actions(s) == (PASS,)
    # Suits never matter: a same-rank single does not beat.
    s = play_state(("3s 9s", "9h 4d", "5d 6d"), to_act=1, last="9", last_seat=0)
    assert mv("9") not in legal_actions(s)


def test_face_up_card_receiver_bids_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Avant de distribuer les cartes on retourne une carte au hasard au milieu du paquet …
    Celui qui tire la carte retournée peut lancer l'enchère. »"""
    for face in (0, 1, 2, 31):
        s, events = dealt(monkeypatch, face)
        assert events[0] == HandStarted(1, 0, CARDS[s.face_up], face % 3)
        assert s.to_act == face % 3 and s.phase is Phase.BID
        assert view(s, None).face_up is not None and view(s, (face + 1) % 3).first_bidder == face % 3
    # With the real shuffle every seat gets to bid first.
    assert {new_game(3, Rules(), seed).first_bidder for seed in range(30)} == {0, 1, 2}


def test_bid_three_makes_the_landlord_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Il annonce un chiffre entre 1 et 3 … S'il annonce directement 3, il devient directement
    le maitre. »"""
    s, _ = dealt(monkeypatch, face=1)
    assert legal_actions(s) == (Bid(1), Bid(2), Bid(3), PASS)
    s, events = apply(s, Bid(3))
    assert events[0] == BidMade(1, 3)
    assert isinstance(events[1], LandlordChosen) and events[1].seat == 1 and events[1].bid == 3
    assert s.phase is Phase.PLAY and s.landlord == 1 and s.to_act == 1


def test_lower_bids_can_be_beaten_by_the_next_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """« S'il annonce 1 ou 2, son enchère peut-être battue par le ou les joueurs suivants,
    sachant que 3 est l'enchère maximale. Celui qui fait l'enchère la plus élevée devient le
    dizhu » — each bid higher than the last; each seat speaks once."""
    s, _ = dealt(monkeypatch, face=0)
    s, _ = apply(s, Bid(1))
    assert s.to_act == 1 and legal_actions(s) == (Bid(2), Bid(3), PASS)
    with pytest.raises(IllegalAction, match="more than 1"):
        apply(s, Bid(1))
    s, _ = apply(s, Bid(2))
    s, events = apply(s, PASS)
    assert s.landlord == 1 and s.bid == 2 and s.to_act == 1
    assert [e.bid for e in events if isinstance(e, BidMade)] == [0]
    assert s.bids == ((0, 1), (1, 2), (2, 0))
    # The first bidder may keep it when the others pass.
    s, _ = dealt(monkeypatch, face=2)
    s, _ = apply(s, Bid(1))
    s, _ = apply(s, PASS)
    s, _ = apply(s, PASS)
    assert s.landlord == 2 and s.bid == 1


def test_landlord_takes_the_kitty_shown_to_all_and_leads(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Il jouera tout seul, mais il a le bonus de récupérer les 3 dernières cartes non
    distribuées. » « Le dizhu entame la partie. »"""
    s, _ = dealt(monkeypatch, face=0)
    assert view(s, 1).kitty is None
    s, events = apply(s, Bid(3))
    assert events[-1] == LandlordChosen(0, 3, cards(KITTY))
    assert s.masks[0] == m(H0 + " " + KITTY) and s.masks[0].bit_count() == 20
    for seat in (None, 0, 1, 2):
        assert view(s, seat).kitty == cards(KITTY)
    assert s.to_act == 0 and s.last is None and PASS not in legal_actions(s)


def test_nobody_bids_redeal(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Si aucun des joueurs n'annonce d'enchères, on redistribue. » — a new deal from the seed
    (attempt + 1), deterministic."""
    s, _ = dealt(monkeypatch, face=0)
    s, _ = apply(s, PASS)
    s, _ = apply(s, PASS)
    s, events = apply(s, PASS)
    assert events[-2] == Redealt(1, 1)
    assert isinstance(events[-1], HandStarted) and events[-1].attempt == 1
    deck, face = deal(1, 1, 1)
    assert s.masks[0] == sum(1 << deck[i] for i in range(0, 51, 3)) and s.to_act == face % 3
    assert s.phase is Phase.BID and s.bids == () and s.attempt == 1
    again = new_game(3, Rules(), 1)
    for _ in range(3):
        again, _ = apply(again, PASS)
    assert again.masks == s.masks  # same seed → same redeal


def test_max_redeals_option_scores_nothing() -> None:
    """Option ``max_redeals``: after that many redeals without a bid the hand scores 0."""
    s = new_game(3, Rules(hands=1, max_redeals=1), 5)
    for _ in range(6):
        s, events = apply(s, PASS)
    assert s.phase is Phase.OVER and s.history[0].reason == "no_bid" and s.scores == (0, 0, 0)
    assert isinstance(events[-1], MatchEnded)


@pytest.mark.parametrize(
    "lead",
    ["3", "33", "333", "3334", "33344", "34567", "334455", "333444", "33344456", "3334445566",
     "333344", "33334455", "3333", "BR"],
)  # fmt: skip
def test_the_leader_may_play_every_combination(lead: str) -> None:
    """« Il peut jouer une carte simple, une paire, une triple, une quadruple, une chaine de
    minimum 5 cartes simples …, une chaine de minimum 3 doubles consécutives, ou une chaine de
    minimum 2 triples consécutives. S'il joue une triple, il peut y joindre une carte simple ou une
    paire. S'il joue une quadruple, il peut y joindre deux cartes simples ou deux paires. »"""
    s = play_state(("3s 3h 3d 3c 4s 4h 4d 5s 5h 6s 6h 7s B R", "9s", "9h"))
    assert mv(lead) in legal_actions(s)
    s2, events = apply(s, mv(lead))
    assert isinstance(events[0], Played) and events[0].move == mv(lead)
    assert s2.encs[0] == s.encs[0] - mv(lead).enc


def test_follow_the_same_category_higher() -> None:
    """« Pour jouer il faut impérativement respecter la catégorie entamée par le premier
    joueur, et jouer plus haut dans la même catégorie. »"""
    s = play_state(("3s", "4s 4h 5s 6s 7s 8s 9s 9h 9d", "3d"), to_act=1, last="33", last_seat=0)
    legal = legal_actions(s)
    assert set(legal) == {mv("44"), mv("99"), PASS}
    for wrong in ("4", "45678", "999"):
        with pytest.raises(IllegalAction):
            apply(s, mv(wrong))
    s = play_state(("3s", "4s 5s 6s 7s 8s 9s", "3d"), to_act=1, last="34567", last_seat=0)
    assert set(legal_actions(s)) == {mv("45678"), mv("56789"), PASS}


def test_passing_does_not_stop_playing_later_and_two_passes_win_the_trick() -> None:
    """« Le pli est remporté par le dernier joueur ayant joué quand les 2 joueurs suivants
    passent consécutivement. (Remarque : passer son tour lors d'un pli n'interdit pas de jouer
    les tours suivants) » « Le joueur ayant remporté le pli précédent relance le jeu »"""
    s = play_state(("3s 5s 9s", "4s 6s Ts", "7s 8s Js"))
    s, _ = apply(s, mv("3"))
    s, _ = apply(s, PASS)  # seat 1 passes
    s, _ = apply(s, mv("7"))  # seat 2
    s, _ = apply(s, mv("9"))  # seat 0
    assert mv("T") in legal_actions(s)  # seat 1 passed before and may play now
    s, _ = apply(s, mv("T"))
    s, _ = apply(s, PASS)
    s, events = apply(s, PASS)
    assert events[-1] == TrickWon(1) and s.to_act == 1 and s.last is None
    assert len(s.tricks) == 1 and [p.seat for p in s.tricks[0]] == [0, 1, 2, 0, 1, 2, 0]
    assert PASS not in legal_actions(s)
    with pytest.raises(IllegalAction, match="lead"):
        apply(s, PASS)


def test_bomb_beats_any_combination_and_rocket_beats_the_bomb() -> None:
    """« 4 cartes identiques forment une bombe et peuvent être joués à la place de n'importe
    quelle autre combinaison. Le joueur ayant joué la bombe remporte alors le pli, à moins qu'une
    super-bombe constituée des 2 jokers ne soit jouée. »"""
    s = play_state(("3s 4s 5s 6s 7s 8s", "9s 9h 9d 9c 3h", "B R 4h"), to_act=1, last="34567", last_seat=0)
    assert mv("9999") in legal_actions(s)
    s, _ = apply(s, mv("9999"))
    assert s.last == mv("9999") and legal_actions(s) == (mv("BR"), PASS)
    s, _ = apply(s, mv("BR"))
    assert legal_actions(s) == (PASS,)


def test_higher_bomb_beats_a_lower_bomb_plus_haut_dans_la_meme_categorie() -> None:
    """Readings: « Le joueur ayant joué la bombe remporte alors le pli, à moins qu'une super-bombe
    constituée des 2 jokers ne soit jouée » names only the rocket, but « Pour jouer il faut
    impérativement respecter la catégorie entamée par le premier joueur, et jouer plus haut dans
    la même catégorie » applies to bombs too: in the seed preset a higher bomb beats a lower one
    (the usual reading). Option ``bomb_over_bomb=False``: only the rocket beats a bomb."""
    hands = ("3s 4s 5s 6s 7s 8s", "9s 9h 9d 9c 3h", "Ks Kh Kd Kc B R")
    s = play_state(hands, to_act=1, last="34567", last_seat=0)
    s, _ = apply(s, mv("9999"))
    assert set(legal_actions(s)) == {mv("KKKK"), mv("BR"), PASS}
    s2, _ = apply(s, mv("KKKK"))
    assert s2.last == mv("KKKK")
    literal = Rules(hands=1, bomb_over_bomb=False)
    assert rules_from("seed").bomb_over_bomb and rules_from("classic").bomb_over_bomb
    s = play_state(hands, to_act=1, last="34567", last_seat=0, rules=literal)
    s, _ = apply(s, mv("9999"))
    assert set(legal_actions(s)) == {mv("BR"), PASS}
    with pytest.raises(IllegalAction) as err:
        apply(s, mv("KKKK"))
    assert err.value.key == "bomb_stands"
    s, _ = apply(s, mv("BR"))
    assert s.last == mv("BR")


def test_four_with_kickers_is_no_bomb() -> None:
    """« Dans le cas de la bombe il est interdit d'associer 2 cartes ou 2 paires comme c'est le
    cas dans l'utilisation classique des quadruples. » — ``999934`` is a four with two singles:
    it follows only its own kind and beats no single."""
    s = play_state(("3s", "9s 9h 9d 9c 3h 4h", "5d"), to_act=1, last="K", last_seat=0)
    assert mv("999934") not in legal_actions(s)
    s = play_state(("3s", "9s 9h 9d 9c 3h 4h", "5d"), to_act=1, last="888856", last_seat=0)
    assert mv("999934") in legal_actions(s) and mv("9999") in legal_actions(s)


def test_landlord_wins_by_going_out_first() -> None:
    """« Le maitre gagne s'il finit son jeu en premier, les paysans gagnent si l'un d'entre eux
    finit ses cartes en premier. » « le score de base est de -1 pour chacun des paysans, +2 pour
    le dizhu si ce dernier a remporté la partie »"""
    s = play_state(("3s", "4s 5s", "6s 7s"), bid=1)
    s, events = apply(s, mv("3"))
    result = next(e for e in events if isinstance(e, HandEnded)).result
    assert result.landlord_won and result.winner == 0 and result.base == (2, -1, -1)
    assert result.points == (2, -1, -1) and s.scores == (2, -1, -1)
    done = outcome(s)
    assert isinstance(events[-1], MatchEnded) and done is not None and done.winners == (0,)


def test_peasants_win_when_one_goes_out_first() -> None:
    """« ou de +1 pour les paysans et -2 pour le dizhu s'il a perdu la partie »"""
    s = play_state(("3s 3h", "4s", "6s 7s"), bid=1, to_act=1, last="3", last_seat=0)
    s, events = apply(s, mv("4"))
    result = next(e for e in events if isinstance(e, HandEnded)).result
    assert not result.landlord_won and result.winner == 1 and result.points == (-2, 1, 1)


@pytest.mark.parametrize(("bid", "bombs", "points"), [(1, 0, 2), (2, 0, 4), (3, 0, 6), (1, 1, 4), (3, 2, 12)])
def test_score_times_bid_times_two_once_for_a_bomb(bid: int, bombs: int, points: int) -> None:
    """« Le score de base est ensuite multiplié par l'enchère avec laquelle le dizhu a été choisi
    (1, 2 ou 3), et remultiplié par 2 si une bombe a été sortie au cours de la partie. Au maximum
    12 points peuvent donc être gagnés ou perdus par le doudizhu » — RULINGS: bombs or rockets,
    ×2 once however many."""
    s = play_state(("3s", "4s 5s", "6s 7s"), bid=bid, bombs=bombs)
    s, events = apply(s, mv("3"))
    result = next(e for e in events if isinstance(e, HandEnded)).result
    assert result.points == (points, -points // 2, -points // 2)
    expected = [Multiplier("bid", bid)] + ([Multiplier("bomb", 2)] if bombs else [])
    assert list(result.multipliers) == expected and result.bombs == bombs


def test_rocket_counts_as_a_bomb_for_scoring() -> None:
    """RULINGS: « × 2 once if any bomb or rocket was played »."""
    s = play_state(("B R 3s", "4s 5s", "6s 7s"), bid=2)
    s, _ = apply(s, mv("BR"))
    s, _ = apply(s, PASS)
    s, _ = apply(s, PASS)
    s, events = apply(s, mv("3"))
    result = next(e for e in events if isinstance(e, HandEnded)).result
    assert result.bombs == 1 and result.points == (8, -4, -4)


def test_classic_doubles_per_bomb_and_for_a_spring() -> None:
    """Preset ``classic``: ×2 per bomb or rocket, ×2 for a spring (no peasant played) or an
    anti-spring (the landlord played only the opening lead)."""
    classic = Rules(hands=1, bomb_multiplier="each", spring=True)
    s = play_state(("3s", "4s 5s", "6s 7s"), bid=3, bombs=2, plays=(5, 0, 0), rules=classic)
    s, events = apply(s, mv("3"))
    r = next(e for e in events if isinstance(e, HandEnded)).result
    assert r.spring == "spring" and r.factor == 3 * 2 * 2 * 2 and r.points == (48, -24, -24)
    s = play_state(("3s 3h", "4s", "6s 7s"), to_act=1, last="3", last_seat=0, plays=(1, 0, 0), rules=classic)
    s, events = apply(s, mv("4"))
    r = next(e for e in events if isinstance(e, HandEnded)).result
    assert r.spring == "anti_spring" and r.points == (-4, 2, 2)
    s = play_state(("3s", "4s 5s", "6s 7s"), plays=(5, 1, 0), rules=classic)
    s, events = apply(s, mv("3"))
    assert next(e for e in events if isinstance(e, HandEnded)).result.spring is None


def test_a_match_of_several_hands_adds_up_and_ends_with_an_outcome() -> None:
    """Match of ``hands`` hands (option, default 3): totals add up; the highest total wins."""
    import random

    from engine.doudizhu import ENGINE

    rng = random.Random(4)
    s = new_game(3, Rules(hands=4), 9)
    log: list[str] = []
    while s.phase is not Phase.OVER:
        a = rng.choice(legal_actions(s))
        log.append(str(a))
        s, _ = apply(s, a)
    assert len(s.history) == 4 and s.scores == tuple(sum(r.points[i] for r in s.history) for i in range(3))
    assert sum(s.scores) == 0
    o = ENGINE.outcome(s)
    assert o is not None and o.scores == s.scores and all(s.scores[w] == max(s.scores) for w in o.winners)
    assert ENGINE.replay(3, Rules(hands=4), 9, log) == s

"""The seed's rules (000, Go-Stop) for the deck and the deal, one test per rule, on stacked decks.

Each docstring quotes the French sentence of the seed that the test checks; ``docs/rules/gostop.md``
points back here. Shared helpers: ``stacked.py``.
"""

from __future__ import annotations

import pytest

from engine.hanafuda.gostop import (
    J2,
    J3,
    PRESETS,
    Chongtong,
    JokerToDealer,
    Phase,
    Redealt,
    RoundEnded,
    RoundStarted,
    Rules,
    apply,
    card_str,
    new_game,
    parse_card,
    start,
)
from engine.hanafuda.gostop.cards import J2B, deck_cards
from tests.engine.gostop.stacked import Deal, act, deal_deck, make_state, mk, of_type, stack_deals

QUIET2: Deal = {
    "hands": ("1a 1b 2a 2b 3a 3b 4a 4b 5a 5b", "6a 6b 7a 7b 8a 8b 9a 9b 10a 10b"),
    "field": "11a 11b 12a 12b 1c 2c 3c 4c",
}
QUIET3: Deal = {
    "hands": ("1a 1b 2a 2b 3a 3b 4a", "5a 5b 6a 6b 7a 7b 8a", "9a 9b 10a 10b 11a 11b 12a"),
    "field": "1c 2c 3c 4c 5c 6c",
}


def test_deck_is_48_cards_plus_bonus_cards() -> None:
    """« un jeu est composé de 48 cartes auxquelles s'ajoutent des cartes bonus … il y en a
    généralement 2, mais il est tout à fait possible de s'en passer. Ce sont les jokers. »"""
    assert len(deck_cards(Rules().bonus_cards)) == 50
    assert set(deck_cards(2)) - set(range(48)) == {J2, J3}
    assert [len(deck_cards(b)) for b in range(4)] == [48, 49, 50, 51]
    assert J2B in deck_cards(3)
    for c in deck_cards(3):
        assert parse_card(card_str(c)) == c
    assert card_str(J2) == "J2" and card_str(J3) == "J3"
    s = new_game(2, Rules(bonus_cards=0), 1)
    assert max(s.pile) < 48


def test_deal_two_players_ten_each_eight_on_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Chaque joueur se voit distribuer 10 cartes (2 joueurs) … Sur la table (face visible) elles
    sont au nombre de 8 pour 2 joueurs … 5 par joueur, puis 4 sur la table, puis une seconde fois »"""
    stack_deals(monkeypatch, [deal_deck(2, **QUIET2)])
    s = new_game(2, Rules(), 0)
    assert s.hands == (mk(QUIET2["hands"][0]), mk(QUIET2["hands"][1]))
    assert s.field == mk(QUIET2["field"])
    assert len(s.pile) - s.pile_pos == 50 - 28
    real = new_game(2, Rules(), 5)
    assert [h.bit_count() for h in real.hands] == [10, 10]


def test_deal_three_players_seven_each_six_on_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """« 7 cartes (3 joueurs) … 6 pour 3 joueurs … (4 aux joueurs, 3 sur la table, puis 3 aux
    joueurs et 3 sur la table pour une partie à 3) »"""
    stack_deals(monkeypatch, [deal_deck(3, **QUIET3)])
    s = new_game(3, Rules(), 0)
    assert s.hands == tuple(mk(h) for h in QUIET3["hands"])
    assert s.field == mk(QUIET3["field"])
    real = new_game(3, Rules(), 5)
    assert [h.bit_count() for h in real.hands] == [7, 7, 7]
    assert real.field.bit_count() + (real.captured[real.dealer] >> 48).bit_count() >= 6


def test_four_of_a_month_on_table_la_partie_est_nulle_a_nagari(monkeypatch: pytest.MonkeyPatch) -> None:
    """« S'il y a 4 cartes d'une même famille sur la table, la partie est nulle et les cartes sont
    mélangées et distribuées à nouveau. » Reading: « la partie est nulle » is the seed's nagari
    (« si personne n'a atteint le seuil, la partie est nulle »; « Si une manche se solde par un
    nul, c'est un 나가리 … le gagnant de la manche suivante recevra … le double de point »): the
    round ends without winner, the dealer stays and deals again with the ×2 carry."""
    bad = deal_deck(2, hands=QUIET2["hands"], field="11a 11b 11c 11d 12a 12b 1c 2c")
    stack_deals(monkeypatch, [bad, deal_deck(2, **QUIET2)], dealer=1)
    s, events = start(2, Rules(), 0)
    assert of_type(events, Redealt) == [Redealt("four_on_table")]
    ends = of_type(events, RoundEnded)
    assert len(ends) == 1 and ends[0].result.reason == "nagari" and ends[0].result.winner is None
    assert ends[0].result.points == (0, 0) and ends[0].result.next_dealer == 1
    assert of_type(events, RoundStarted) == [RoundStarted(1, 1, 1), RoundStarted(2, 1, 2)]
    assert (s.round_no, s.dealer, s.carry) == (2, 1, 2)
    assert s.field == mk(QUIET2["field"]) and s.history == (ends[0].result,)


def test_four_of_a_month_on_table_plain_redeal_is_an_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """« … la partie est nulle et les cartes sont mélangées et distribuées à nouveau. » Option
    ``four_on_table="redeal"`` (FudaWiki: « the cards are thrown in, shuffled again, and
    re-dealt »): the same round is dealt again, no nagari and nothing carried."""
    assert Rules().four_on_table == "nagari" and PRESETS["fudawiki"].four_on_table == "redeal"
    bad = deal_deck(2, hands=QUIET2["hands"], field="11a 11b 11c 11d 12a 12b 1c 2c")
    stack_deals(monkeypatch, [bad, deal_deck(2, **QUIET2)])
    s, events = start(2, Rules(four_on_table="redeal"), 0)
    assert of_type(events, Redealt) == [Redealt("four_on_table")]
    assert of_type(events, RoundEnded) == []
    assert (s.round_no, s.carry, s.history) == (1, 1, ())
    assert s.field == mk(QUIET2["field"])


def test_table_joker_goes_to_the_dealer_who_replaces_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Si un joker est distribué sur la table, la personne qui distribue le remporte et tire une
    carte de la pioche qu'il dépose sur la table. Si il pioche à nouveau un joker, il le garde et
    pioche encore une carte. »"""
    deck = deal_deck(2, hands=QUIET2["hands"], field="11a 11b 12a 12b 1c 2c 3c J2", pile="J3 4c")
    stack_deals(monkeypatch, [deck], dealer=0)
    s, events = start(2, Rules(), 0)
    assert s.captured[0] == mk("J2 J3")
    assert s.field == mk("11a 11b 12a 12b 1c 2c 3c 4c")
    assert of_type(events, JokerToDealer) == [JokerToDealer(0, "J2", "J3"), JokerToDealer(0, "J3", "4c")]


def test_chongtong_wins_at_once_five_from_each_opponent(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Si un joueur a 4 cartes d'une même famille dans les mains, il le déclare, gagne
    immédiatement la manche et ses adversaires lui donne chacun 5 points. »"""
    hands = ("1a 1b 1c 1d 2a 2b 3a 3b 4a 4b", "6a 6b 7a 7b 8a 8b 9a 9b 10a 10b")
    stack_deals(monkeypatch, [deal_deck(2, hands=hands, field="11a 11b 12a 12b 5a 2c 3c 4c")])
    s, events = start(2, Rules(), 0)
    assert of_type(events, Chongtong) == [Chongtong(0, 1)]
    r = s.history[0]
    assert (r.reason, r.winner, r.points) == ("chongtong", 0, (5, -5))
    stack_deals(
        monkeypatch,
        [deal_deck(3, hands=("1a 1b 1c 1d 2a 2b 3a", *QUIET3["hands"][1:]), field="4b 2c 3c 4c 5c 6c")],
    )
    s3, _ = start(3, Rules(), 0)
    assert s3.history[0].points == (10, -5, -5)


def test_two_chongtong_nagari_with_two_players_third_pays_with_three(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Si 2 des joueurs sont dans ce cas de figure, la manche est nulle pour une partie à 2
    joueurs, lorsqu'il y a 3 joueurs, le dernier donne alors 5 points aux autres. »"""
    hands = ("1a 1b 1c 1d 2a 2b 3a 3b 4a 4b", "6a 6b 6c 6d 8a 8b 9a 9b 10a 10b")
    stack_deals(monkeypatch, [deal_deck(2, hands=hands, field="11a 11b 12a 12b 5a 2c 3c 4c")])
    s, _ = start(2, Rules(), 0)
    assert (s.history[0].reason, s.history[0].winner, s.history[0].points) == ("nagari", None, (0, 0))
    assert s.carry == 2  # the nagari doubles the next round
    hands3 = ("1a 1b 1c 1d 2a 2b 3a", "5a 5b 5c 5d 6a 6b 7a", "9a 9b 10a 10b 11a 11b 12a")
    stack_deals(monkeypatch, [deal_deck(3, hands=hands3, field="4b 2c 3c 4c 7c 6c")])
    s3, _ = start(3, Rules(), 0)
    r = s3.history[0]
    assert r.reason == "double_chongtong" and r.points == (5, 5, -10)


def test_three_of_a_month_on_the_table_are_taken_at_once() -> None:
    """« S'il y a 3 cartes de la même famille sur la table, les cartes sont réunies et pourront
    être récupérées en une fois. »"""
    s = make_state(hands=("1a 5a", "6a 7a"), field="1b 1c 1d 2a", pile="9c")
    s, _ = apply(s, act("1a"))
    assert s.captured[0] == mk("1a 1b 1c 1d")
    assert s.field == mk("2a 9c") and s.phase is Phase.PLAY

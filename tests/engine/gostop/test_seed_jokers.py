"""The seed's joker rules (000, Go-Stop), one test per sentence of its "Joker" section."""

from __future__ import annotations

from engine.hanafuda.gostop import (
    J2,
    J3,
    Claim,
    JokerStacked,
    Phase,
    Play,
    Rules,
    apply,
    evaluate,
    legal_actions,
)
from tests.engine.gostop.stacked import act, make_state, mk, of_type, result_of


def test_no_joker_on_the_first_turn() -> None:
    """« Les jokers ne peuvent pas être joués lors du premier tour. »"""
    s = make_state(hands=("J2 1a 5a", "6a 7a"), field="2a", pile="9c", turns=0)
    assert Play(J2) not in legal_actions(s)
    assert Play(J2) in legal_actions(s._replace(turns=(1, 1)))


def test_a_played_joker_joins_the_pi_and_the_player_draws_and_plays_again() -> None:
    """« Si un joueur joue un joker, il la dépose avec les cartes 피 (pi) qu'il a remporté et pioche
    une carte qu'il place dans sa main et rejoue. »"""
    s = make_state(hands=("J2 1a", "6a 7a"), field="2a", pile="5c 9c")
    s, _ = apply(s, act("J2"))
    assert s.captured[0] == mk("J2") and s.hands[0] == mk("1a 5c")
    assert s.phase is Phase.PLAY and s.to_act == 0


def test_a_flipped_joker_joins_the_pi_and_the_player_flips_again() -> None:
    """« Si un joueur pioche un joker, il la dépose avec les cartes PI qu'il a remporté et pioche une
    nouvelle carte. »"""
    s = make_state(hands=("1a 5a", "6a 7a"), field="1b 2a", pile="J3 9c")
    s, _ = apply(s, act("1a"))
    assert s.captured[0] == mk("1a 1b J3") and s.field == mk("2a 9c")


def test_jokers_count_two_and_three_pi() -> None:
    """« Les cartes Joker valent respectivement 2 ou 3 cartes 피 (pi) »"""
    assert evaluate(mk("J2 J3 1c 1d 2c 2d 3c"))[0] == 1
    assert evaluate(mk("J2 J3 1c 1d 2c 2d"))[0] == 0
    assert J3 - J2 == 1


def test_joker_then_third_card_of_a_pair_stays_for_whoever_completes_the_month() -> None:
    """« S'il y a 2 cartes du même mois sur la table, que le joueur joue un joker et pioche une
    troisième carte du mois, les 3 cartes et le joker seront alors remportés par celui qui
    complètera le mois. »"""
    s = make_state(hands=("J2 5a", "1d 7a"), field="1a 1b", pile="7c 1c 9c")
    s, _ = apply(s, act("J2"))  # draws 7c into the hand
    s, events = apply(s, act("5a"))  # flips 1c
    assert of_type(events, JokerStacked) == [JokerStacked(0, 1, ("J2",))]
    assert s.field & mk("1a 1b 1c") == mk("1a 1b 1c") and s.captured[0] == 0 and s.pot[1] == mk("J2")
    s, _ = apply(s, act("1d"))
    assert s.captured[1] == mk("1a 1b 1c 1d J2") and s.pot[1] == 0


def test_joker_then_fourth_card_onto_three_may_win_the_round() -> None:
    """« Si il y a 3 cartes d'un même mois sur la table, que le joueur joue un joker et pioche
    ensuite la dernière carte du mois, il a alors la possibilité de remporter la manche et marque 5
    points. »"""
    base = make_state(hands=("J2 5a", "6a 7a"), field="1a 1b 1c", pile="7c 1d 9c")
    s, _ = apply(base, act("J2"))
    s, _ = apply(s, act("5a"))
    assert s.phase is Phase.CLAIM and legal_actions(s) == (Claim(True), Claim(False))
    _, events = apply(s, Claim(True))
    r = result_of(events)
    assert (r.reason, r.winner, r.points) == ("joker_win", 0, (5, -5))
    declined, _ = apply(s, Claim(False))
    assert declined.captured[0] == mk("J2 1a 1b 1c 1d")
    assert Rules(joker_win_points=3).joker_win_points == 3

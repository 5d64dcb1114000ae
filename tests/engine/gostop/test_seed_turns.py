"""The seed's rules (000, Go-Stop) for the turn: captures, seolsa, specials, pi stealing,
heundeul and bombs, one test per rule on stacked states. Shared helpers: ``stacked.py``."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.hanafuda.gostop import (
    PRESETS,
    Bomb,
    Captured,
    Flip,
    Phase,
    PiStolen,
    Play,
    Rules,
    Seolsa,
    Shake,
    Shaken,
    State,
    Take,
    apply,
    legal_actions,
    parse_card,
    settle,
)
from tests.engine.gostop.stacked import Position, act, make_state, mk, of_type, result_of


def specials(events: tuple[object, ...]) -> list[str | None]:
    return [e.special for e in of_type(events, Captured)]


def playable(s: State) -> set[int]:
    """The cards the seat to act may play (any target)."""
    return {a.card for a in legal_actions(s) if isinstance(a, Play)}


def test_play_pairs_a_card_of_the_same_month() -> None:
    """« Les joueurs doivent faire une paire entre une carte de leur main et une carte de la table.
    … Lorsqu'un joueur forme une paire, il emporte les 2 cartes »"""
    s = make_state(hands=("1a 5a", "6a 7a"), field="1c 2a", pile="9c")
    s, _ = apply(s, act("1a"))
    assert s.captured[0] == mk("1a 1c") and s.field == mk("2a 9c") and s.to_act == 1


def test_no_match_the_card_stays_on_the_table() -> None:
    """« Si le joueur n'est pas en mesure de former une paire, il dépose alors une carte de son
    choix, et pioche pour tenter d'en former une. »"""
    s = make_state(hands=("1a 5a", "6a 7a"), field="2a", pile="2b")
    s, _ = apply(s, act("1a"))
    assert s.field == mk("1a") and s.captured[0] == mk("2a 2b")


def test_joueurs_doivent_faire_une_paire_when_they_can() -> None:
    """« Les joueurs doivent faire une paire entre une carte de leur main et une carte de la table. »
    « Si le joueur n'est pas en mesure de former une paire, il dépose alors une carte de son
    choix »: a free card only when no card of the hand pairs. A joker (no pair, a replay) and a
    free flip stay allowed."""
    s = make_state(hands=("1a 5a J2", "6a 7a"), field="1b 2a", pile="9c")
    plays = [a for a in legal_actions(s) if isinstance(a, Play)]
    assert plays == [Play(parse_card("1a")), Play(parse_card("J2"))]
    with pytest.raises(IllegalAction) as err:
        apply(s, act("5a"))
    assert err.value.key == "must_pair" and err.value.params["cards"] == ("1a",)
    # Two cards that pair: either may be played, nothing else.
    s = make_state(hands=("1a 2b 5a", "6a 7a"), field="1b 2a", pile="9c")
    assert playable(s) == {parse_card("1a"), parse_card("2b")}
    # No card pairs: any card.
    s = make_state(hands=("3a 5a", "6a 7a"), field="1b 2a", pile="9c")
    assert playable(s) == {parse_card("3a"), parse_card("5a")}
    # A free flip (after a bomb) is the player's choice: « lorsqu'il le désire ».
    s = make_state(hands=("1a 5a", "6a 7a"), field="1b 2a", pile="9c")._replace(flips=(1, 0))
    assert Flip() in legal_actions(s)


def test_free_discard_with_a_pair_in_hand_is_an_option() -> None:
    """« Si le joueur n'est pas en mesure de former une paire, il dépose alors une carte de son
    choix »: option ``free_discard`` (on in ``fudawiki``: « there is no obligation to play a card
    that matches something ») lets any card be played."""
    assert not Rules().free_discard and PRESETS["fudawiki"].free_discard
    for rules in (Rules(free_discard=True), PRESETS["fudawiki"]):
        s = make_state(hands=("1a 5a", "6a 7a"), field="1b 2a", pile="9c", rules=rules)
        assert playable(s) == {parse_card("1a"), parse_card("5a")}
        s, _ = apply(s, act("5a"))
        assert s.field == mk("1b 2a 5a 9c") and s.captured[0] == 0


def test_two_matches_the_player_chooses_for_play_and_flip() -> None:
    """« pour former une paire » — with two cards of the month on the table the player picks one
    (FudaWiki: "the player may choose which one they capture"), for the played and flipped card."""
    s = make_state(hands=("1a 5a", "6a 7a"), field="1b 1c 2a 2b", pile="2c")
    assert set(legal_actions(s)) >= {
        Play(parse_card("1a"), parse_card("1b")),
        Play(parse_card("1a"), parse_card("1c")),
    }
    with pytest.raises(IllegalAction) as err:
        apply(s, act("1a"))
    assert err.value.key == "target_required"
    s, _ = apply(s, act("1a>1c"))
    assert s.phase is Phase.FLIP_CHOICE
    assert legal_actions(s) == (Take(parse_card("2a")), Take(parse_card("2b")))
    s, _ = apply(s, act(">2b"))
    assert s.captured[0] == mk("1a 1c 2b 2c") and s.field == mk("1b 2a")


def test_seolsa_leaves_the_three_cards_on_the_table() -> None:
    """« Si le joueur forme une paire lors de la première phase, puis pioche ensuite une 3ème carte
    du même mois lors de la seconde phase, il fait un 설사 (seolsa), laisse les cartes sur la table
    et ne remporte rien. »"""
    s = make_state(hands=("1a 5a", "6a 7a"), field="1b 2a", pile="1c")
    s, events = apply(s, act("1a"))
    assert s.field == mk("1a 1b 1c 2a") and s.captured[0] == 0
    assert of_type(events, Seolsa) == [Seolsa(0, 1, 1)] and s.stacks == 1 << 1


def test_ppeok_taking_a_seolsa_stack_steals_a_pi() -> None:
    """« Si un joueur joue la dernière carte d'un mois, formé par un 설사 (seolsa), il fait un 뻑
    (beok). Il remporte les 4 cartes et ses adversaires lui donne une carte 피 (pi). »"""
    s = make_state(
        hands=("5a 6a", "1d 7a"), field="1a 1b 1c", pile="9c", captured=("2c", ""), stacks=(1,), to_act=1
    )
    s, events = apply(s, act("1d"))
    assert specials(events) == ["ppeok"]
    assert s.captured[1] == mk("1a 1b 1c 1d 2c") and s.captured[0] == 0


def test_ttadak_takes_the_four_cards_and_a_pi() -> None:
    """« S'il y a 2 cartes d'un même mois sur la table, que le joueur forme une paire avec une de
    ces cartes et qu'il pioche la dernière il fait un 따닥 (tadak). Il remporte alors les 4 cartes du
    mois et ses adversaires lui donne une carte 피 (pi). »"""
    s = make_state(hands=("1c 5a", "6a 7a"), field="1a 1b 2a", pile="1d", captured=("", "3c"))
    s, events = apply(s, act("1c>1a"))
    assert specials(events) == ["ttadak"]
    assert s.captured[0] == mk("1a 1b 1c 1d 3c") and s.field == mk("2a")


def test_jjok_pairs_the_played_card_with_the_flip() -> None:
    """« Si un joueur ne peut pas former de paire, il dépose une des cartes de sa main et si la carte
    qu'il pioche forme une paire avec celle ci, il fait un 쪽 (jjok). Il remporte alors les 2 cartes du
    mois et ses adversaires lui donne une carte 피 (pi). »"""
    s = make_state(hands=("1a 5a", "6a 7a"), field="2a", pile="1b", captured=("", "3c"))
    s, events = apply(s, act("1a"))
    assert specials(events) == ["jjok"]
    assert s.captured[0] == mk("1a 1b 3c")


def test_sseul_clearing_the_table_steals_a_pi() -> None:
    """« Si un joueur remporte toutes les cartes de la table suite aux deux phases de jeux, il fait
    un 쓸 (sseul). Ses adversaires lui donne une carte 피 (pi). »"""
    s = make_state(hands=("2b 5a", "6a 7a"), field="2a 3b", pile="3a", captured=("", "3c 4c"))
    s, events = apply(s, act("2b"))
    assert specials(events) == [None, None, "sseul"]
    assert s.field == 0 and s.captured[0] == mk("2a 2b 3a 3b 3c")


def test_pi_stealing_gives_single_pi_first_then_double_else_nothing() -> None:
    """« si les adversaires n'ont à ce moment là pas de cartes 피 (pi), ils ne donnent rien … On ne
    peut prendre à ses adversaires que des cartes 피 (pi) valant 1 point, sauf si le joueur n'a pas
    d'autres choix. »"""
    base: Position = {"hands": ("1a 5a", "6a 7a", "8a 9a"), "field": "2a", "pile": "1b"}
    s = make_state(**base, captured=("", "11d 3c", "12b"))
    s, events = apply(s, act("1a"))
    assert [(e.victim, e.card) for e in of_type(events, PiStolen)] == [(1, "3c"), (2, "12b")]
    s = make_state(**base, captured=("", "J3 10a", ""))
    s, events = apply(s, act("1a"))
    assert [(e.victim, e.card) for e in of_type(events, PiStolen)] == [(1, None), (2, None)]


def test_no_pi_stealing_on_the_last_turn() -> None:
    """« Ces cas de figures ne peuvent pas s'appliquer au dernier tour de la manche, si la partie se
    finit par épuisement des cartes »"""
    s = make_state(hands=("1a", ""), field="2a", pile="1b", captured=("", "3c"))
    s, events = apply(s, act("1a"))
    assert specials(events) == ["jjok"] and not of_type(events, PiStolen)
    assert result_of(events).reason == "nagari"


def test_heundeul_is_declared_with_three_of_a_month_and_doubles_the_win() -> None:
    """« Si un joueur a 3 cartes du même mois dans sa main, il peut alors l'annoncer par 흔들
    (heundeul). S'il remporte la manche, il doublera son score. … Si il réalise un double 흔들
    (heundeul) il double a nouveau son score. »"""
    s = make_state(hands=("1a 1b 1c 5a", "6a 7a"), field="2a", pile="9c")
    assert Shake(1) in legal_actions(s)
    s2, events = apply(s, act("shake1"))
    assert s2.shakes == (1, 0) and s2.to_act == 0 and s2.phase is Phase.PLAY
    assert of_type(events, Shaken) == [Shaken(0, ("1a", "1b", "1c"), False)]
    with pytest.raises(IllegalAction):
        apply(s2, act("shake1"))  # the same month is not shaken twice
    s3, _ = apply(s2, act("5a"))
    assert s3.to_act == 1
    caps = (mk("1a 3a 8a"), mk("2c"))
    one = settle(Rules(), 0, caps, (0, 0), (), (1, 0), 1)[4][0]
    two = settle(Rules(), 0, caps, (0, 0), (), (2, 0), 1)[4][0]
    none = settle(Rules(), 0, caps, (0, 0), (), (0, 0), 1)[4][0]
    assert (one.amount, two.amount) == (none.amount * 2, none.amount * 4)


def test_bomb_takes_the_four_steals_a_pi_and_gives_two_free_flips() -> None:
    """« Si il ne l'annonce pas et que la dernière carte du mois se retrouve sur la table, il peut
    alors jouer les 3 cartes de sa main et remporter les 4 cartes. … il pourra alors lorsqu'il le
    désire et à deux reprises, ne poser aucune carte et simplement piocher » ; « 폭탄 (poktan). Ses
    adversaires lui donne une carte 피 (pi). »"""
    s = make_state(hands=("1a 1b 1c 5a", "6a 7a"), field="1d 2a", pile="9c 10c 11c", captured=("", "3c"))
    assert Bomb(1) in legal_actions(s)
    s, events = apply(s, Bomb(1))
    assert specials(events) == ["bomb"]
    assert s.captured[0] == mk("1a 1b 1c 1d 3c") and s.flips == (2, 0) and s.shakes == (1, 0)
    s, _ = apply(s, act("6a"))
    assert Flip() in legal_actions(s)
    s, _ = apply(s, Flip())
    assert s.hands[0] == mk("5a") and s.flips == (1, 0)


def test_three_seolsa_win_the_round_with_five_points() -> None:
    """« Si durant la partie un joueur fait 3 설사 (seolsa), il marque 5 points et remporte la
    manche. »"""
    s = make_state(hands=("1a 5a", "6a 7a"), field="1b", pile="1c", seolsa=(2, 0))
    s, events = apply(s, act("1a"))
    r = result_of(events)
    assert (r.reason, r.winner, r.points) == ("three_seolsa", 0, (5, -5))


def test_shaking_needs_the_fourth_card_off_the_table_else_it_is_a_bomb() -> None:
    """« Si il ne l'annonce pas et que la dernière carte du mois se retrouve sur la table, il peut
    alors jouer les 3 cartes » — with the fourth card on the table the three cards bomb instead."""
    s = make_state(hands=("1a 1b 1c 5a", "6a 7a"), field="1d 2a", pile="9c")
    legal = legal_actions(s)
    assert Bomb(1) in legal and Shake(1) not in legal

"""One test per rule of the seed (002, FR), each quoting the seed sentence it checks.

Seats: 0 = A, 1 = B, 2 = C, 3 = D (play order, anticlockwise). Teams A/C (0&2) and B/D (1&3).
"""

from __future__ import annotations

import pytest

from engine.core import GameOver, IllegalAction
from engine.goita import (
    ENGINE,
    PRESETS,
    SET_COUNTS,
    AllPassed,
    Block,
    Down,
    MatchEnded,
    Pass,
    Passed,
    Phase,
    Piece,
    PieceLaid,
    Redealt,
    RoundEnded,
    RoundStarted,
    Rules,
    Slot,
    apply,
    deal,
    first_leader,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    view,
)
from tests.engine.goita.stacked import DEAL4, play, result_of, table
from tests.typed import event_at

# Turns where every other seat passes, for seat 0 of DEAL4 ("RBGSNLPP").
ALL_PASS = "pass pass pass"


def test_the_set_and_its_values() -> None:
    """« 32 cartes : 2 Rois (5 points), 2 Fous (4 points), 2 Tours (4 points), 4 Généraux d'Or
    (3 points), 4 Généraux d'Argent (3 points), 4 Cavaliers (2 points), 4 Lanciers (2 points),
    10 Pions (1 point) »"""
    assert SET_COUNTS == (2, 2, 2, 4, 4, 4, 4, 10) and sum(SET_COUNTS) == 32
    assert Rules().values == (5, 4, 4, 3, 3, 2, 2, 1)
    assert [str(p) for p in Piece] == list("KRBGSNLP")


def test_four_players_in_two_teams_face_to_face() -> None:
    """« Goita Shogi est un jeu de cartes pour 4 personnes par équipe de 2 joueurs qui jouent face à
    face. Exemple : équipe A/C contre équipe B/D »"""
    v = view(new_game(4, Rules(), 1), 0)
    assert v.teams == (0, 1, 0, 1) and v.scores == (0, 0)
    assert ENGINE.min_seats == 2 and ENGINE.max_seats == 4 and ENGINE.name == "goita"


def test_deal_one_by_one_anticlockwise_from_the_first_player() -> None:
    """« Le joueur situé à la gauche de ce premier joueur distribue les 32 cartes une par une dans
    le sens anti-horaire » — 8 pieces each, the first piece to the first player."""
    for seed in range(20):
        s = new_game(4, Rules(), seed)
        hands, aside = deal(Rules(), 4, seed, 1, 0, s.leader)
        assert sum(aside) == 0 and all(sum(h) == 8 for h in hands)
        assert tuple(sum(h[k] for h in hands) for k in range(8)) == SET_COUNTS
        if s.attempt == 0:
            assert s.hands == hands
    # Same seed, round and attempt: same deal; anything else: another deal.
    assert deal(Rules(), 4, 5, 1, 0, 0) == deal(Rules(), 4, 5, 1, 0, 0)
    assert deal(Rules(), 4, 5, 1, 0, 0) != deal(Rules(), 4, 5, 2, 0, 0)


def test_first_player_is_drawn_from_the_seed() -> None:
    """« On détermine le premier joueur de la manche … par toute autre méthode de votre choix. »"""
    leaders = {first_leader(seed, 4) for seed in range(40)}
    assert leaders == {0, 1, 2, 3}
    _, events = ENGINE.begin(4, Rules(), 7)
    started = events[0]
    assert isinstance(started, RoundStarted) and started.leader == first_leader(7, 4)
    assert started.dealer == (started.leader - 1) % 4


def test_first_player_lays_face_down_then_attacks_face_up() -> None:
    """« Ensuite le premier joueur pose devant lui une carte face cachée de son choix qui le restera
    jusqu'à la fin de la manche. Puis en dessous, il pose une carte face visible, appelée « carte
    attaquante ». »"""
    s = table()
    assert s.phase is Phase.DOWN and s.to_act == 0
    assert all(isinstance(a, Down) for a in legal_actions(s))
    s, events = play(s, "down:G")
    assert events == [PieceLaid(0, 1, "down", None)]
    assert s.phase is Phase.ATTACK and s.to_act == 0
    s, events = play(s, "attack:P")
    assert events == [PieceLaid(0, 2, "attack", Piece.P)]
    assert view(s, 0).tables[0][0].piece is Piece.G  # its owner sees it
    for seat in (1, 2, 3, None):
        assert view(s, seat).tables[0][0].piece is None and not view(s, seat).tables[0][0].face_up
        assert view(s, seat).tables[0][1].piece is Piece.P
    assert s.phase is Phase.RESPOND and s.to_act == 1


def test_next_player_blocks_with_the_same_piece_or_passes() -> None:
    """« Le joueur suivant a alors 2 choix : bloquer ou passer. Pour bloquer, le joueur suivant doit
    mettre une carte identique à la dernière carte attaquante posée ou un Roi, puis poser en
    dessous une nouvelle carte attaquante. »"""
    s, _ = play(table(), "down:G attack:S")
    assert legal_actions(s) == (Block(Piece.S), Block(Piece.K), Pass())
    with pytest.raises(IllegalAction) as err:
        apply(s, Block(Piece.G))
    assert err.value.key == "block_mismatch"
    s, events = play(s, "block:S")
    assert events == [PieceLaid(1, 1, "block", Piece.S)]
    assert s.phase is Phase.ATTACK and s.to_act == 1
    s, _ = play(s, "attack:N")
    assert s.phase is Phase.RESPOND and s.to_act == 2 and s.attack == Piece.N and s.attacker == 1


def test_king_blocks_anything_but_lances_and_pawns() -> None:
    """« Exception : le Roi ne peut bloquer ni les Lanciers ni les Pions. »"""
    for attack in "RBGSN":
        hands = ("RBGSNLPP", "KBGSNLPP", "KRGSNLPP", "GSNLPPPP")
        s, _ = play(table(hands), f"down:{'P' if attack != 'P' else 'L'} attack:{attack}")
        assert Block(Piece.K) in legal_actions(s)
    for attack in "LP":
        s, _ = play(table(), f"down:G attack:{attack}")
        assert Block(Piece.K) not in legal_actions(s)
        with pytest.raises(IllegalAction) as err:
            apply(s, Block(Piece.K))
        assert err.value.key == "king_block"


def test_passing_is_always_allowed_even_against_a_partner() -> None:
    """« S'il ne peut pas jouer ou ne veut pas (par exemple, il n'est pas nécessaire de bloquer son
    coéquipier), il doit alors annoncer qu'il passe. Si le joueur passe c'est au joueur suivant,
    dans l'ordre du tour, de bloquer ou de passer. »"""
    s, _ = play(table(), "down:G attack:S pass")
    assert s.to_act == 2 and Block(Piece.S) in legal_actions(s) and Pass() in legal_actions(s)
    s, events = play(s, "pass")
    assert s.to_act == 3 and event_at(events, -1, Passed).seat == 2


def test_when_all_three_pass_the_attacker_goes_again() -> None:
    """« Si le joueur qui a lancé l'attaque n'est bloqué par aucun des 3 autres joueurs, il peut de
    nouveau poser une carte face cachée puis attaquer avec une nouvelle carte. »"""
    s, events = play(table(), f"down:G attack:S {ALL_PASS}")
    assert events[-1] == AllPassed(0, False)
    assert s.phase is Phase.DOWN and s.to_act == 0
    s, _ = play(s, "down:N attack:L")
    assert [len(row) for row in s.laid] == [4, 0, 0, 0]


def test_seed_example_of_a_first_and_second_turn() -> None:
    """« le joueur A a joué un Pion; le joueur B le bloque en jouant un Pion puis relance l'attaque
    avec un Cavalier; le joueur C bloque le Cavalier avec un Roi … et il attaque avec un Lancier;
    le joueur D passe. … les joueurs A et B passent également, le joueur C pourra alors poser une
    carte face cachée en 3 et attaquer avec une nouvelle carte en 4. »"""
    hands = ("RBGSNLPP", "KGSNLPPP", "KRGSNLPP", "BGSNLPPP")
    s, _ = play(table(hands), "down:G attack:P block:P attack:N block:K attack:L pass pass pass")
    assert s.phase is Phase.DOWN and s.to_act == 2
    s, events = play(s, "down:G attack:R")
    assert events[0] == PieceLaid(2, 3, "down", None) and events[1] == PieceLaid(2, 4, "attack", Piece.R)


def test_face_down_pieces_stay_hidden_until_the_end_of_the_round_then_shown() -> None:
    """« une carte face cachée de son choix qui le restera jusqu'à la fin de la manche »: hidden
    from the other seats while the round is played, every seat's face-down pieces are in the
    round's result (and so in every view's history) once it is over."""
    moves = (
        "down:G attack:N block:N attack:L pass pass pass down:B attack:S block:S attack:G pass pass pass "
        "down:K attack:P block:P attack:L pass pass pass down:G attack:S pass pass pass down:N attack:P "
        "pass pass pass down:P"
    )
    s, events = play(table(), moves)
    assert not any(isinstance(e, RoundEnded) for e in events)
    for seat in (0, 1, 3, None):
        v = view(s, seat)
        assert v.tables[2][2] == Slot(None, False) and v.history == ()
    assert view(s, 2).tables[2][2] == Slot(Piece.K, False)
    s, events = play(s, "attack:P")
    r = result_of(events)
    assert r.winner == 3 and r.revealed == (Piece.P,) and r.points == (0, 2)
    face_down = ((Piece.G,), (Piece.B,), (Piece.K,), (Piece.G, Piece.N, Piece.P))
    assert r.face_down == face_down
    for seat in (0, 1, 2, 3, None):
        assert view(s, seat).history[-1].face_down == face_down


def test_round_ends_with_the_eighth_piece_and_the_team_scores_it() -> None:
    """« On joue ainsi de suite jusqu'à ce qu'un joueur pose sa huitième carte. Son équipe marque
    ainsi les points de la dernière carte posée »"""
    s, events = play(
        table(), f"down:P attack:P {ALL_PASS} down:N attack:L {ALL_PASS} down:S attack:G {ALL_PASS} down:B"
    )
    s, events = play(s, "attack:R")
    r = result_of(events)
    assert r.reason == "finish" and r.winner == 0 and r.team == 0 and r.piece is Piece.R
    assert r.base == 4 and r.multipliers == () and r.points == (4, 0) and r.revealed == ()
    assert s.scores == (4, 0) and s.round_no == 2


def test_seventh_face_down_equal_to_eighth_doubles() -> None:
    """« Si la carte posée à l'emplacement 7 est face cachée et identique à la carte jouée en 8
    alors le nombre de points gagnés est doublé. »"""
    _, events = play(
        table(),
        f"down:R attack:B {ALL_PASS} down:G attack:S {ALL_PASS} down:N attack:L {ALL_PASS} down:P attack:P",
    )
    r = result_of(events)
    assert r.base == 1 and [(m.name, m.points) for m in r.multipliers] == [("double", 2)]
    assert r.points == (2, 0) and r.revealed == (Piece.P,)
    _, events = play(
        table(rules=Rules(double_finish=False)),
        f"down:R attack:B {ALL_PASS} down:G attack:S {ALL_PASS} down:N attack:L {ALL_PASS} down:P attack:P",
    )
    assert result_of(events).points == (1, 0)


def test_no_double_when_the_seventh_was_a_block() -> None:
    """FudaWiki: « If, however, the player "defends" an attack with one of the pieces and places the
    other on the attacking row and wins the round, even if the 2 pieces are of the same rank, the
    points received are not doubled. »"""
    _, events = play(
        table(),
        f"down:R attack:B {ALL_PASS} down:G attack:S {ALL_PASS} down:N attack:L "
        "block:L attack:P pass pass block:P attack:P",
    )
    r = result_of(events)
    assert r.winner == 0 and r.multipliers == () and r.points == (1, 0)


def test_next_round_previous_first_player_deals_and_right_hand_player_leads() -> None:
    """« La deuxième manche peut ainsi commencer. Le premier joueur de la manche précédente devient
    le distributeur et le joueur situé à sa droite devient le nouveau premier joueur. »"""
    moves = (
        f"down:P attack:P {ALL_PASS} down:N attack:L {ALL_PASS} down:S attack:G {ALL_PASS} down:B attack:R"
    )
    for leader_rule in ("rotate", "winner"):
        hands = DEAL4[3:] + DEAL4[:3]  # seat 1 leads with DEAL4's first hand
        _, events = play(table(hands, leader=1, rules=Rules(next_leader=leader_rule)), moves)
        started = [e for e in events if isinstance(e, RoundStarted)]
        r = result_of(events)
        assert r.winner == 1 and r.next_leader == (2 if leader_rule == "rotate" else 1)
        assert started == [RoundStarted(2, r.next_leader, (r.next_leader - 1) % 4)]


def test_match_ends_when_a_team_reaches_fifteen() -> None:
    """« La partie se joue en autant de manches qu'il est nécessaire pour qu'une équipe arrive à
    15 points. Cette équipe est alors considérée vainqueur de la partie. »"""
    s, events = play(
        table(scores=(13, 14)),
        f"down:R attack:B {ALL_PASS} down:G attack:S {ALL_PASS} down:N attack:L {ALL_PASS} down:P attack:P",
    )
    assert events[-1] == MatchEnded((15, 14), (0, 2))
    assert s.phase is Phase.OVER and s.to_act is None and legal_actions(s) == ()
    assert result_of(events).next_leader is None
    o = outcome(s)
    assert o is not None and o.scores == (15, 14, 15, 14) and o.winners == (0, 2)
    with pytest.raises(GameOver):
        apply(s, Pass())
    assert outcome(table()) is None
    assert PRESETS["seed"].target_score == 15


# --- redeal (« Précisions de règles ») --------------------------------------------------------

FIVE_PAWNS = ("RBGSNLPP", "KGSPPPPP", "KRGSNLLP", "BGSNNLPP")  # seat 1 (B) holds 5 pawns


def test_five_pawns_holder_may_ask_and_partner_agrees_to_redeal() -> None:
    """« Si après la distribution, un joueur a en main 5 cartes Pions (ou plus), il peut alors, avec
    l'accord de son partenaire, décider d'annuler la manche ou de la jouer normalement. »"""
    s = table(FIVE_PAWNS)
    assert (
        s.phase is Phase.ASK
        and s.to_act == 1
        and legal_actions(s) == (parse_action("redeal"), parse_action("keep"))
    )
    s, events = play(s, "redeal")
    assert s.phase is Phase.CONSENT and s.to_act == 3 and view(s, 0).redeal_asker == 1
    s, events = play(s, "redeal")
    assert Redealt(1) in events
    assert s.attempt == 1 and s.round_no == 1 and s.leader == 0
    assert s.hands == deal(Rules(), 4, 0, 1, 1, 0)[0]


def test_partner_refusal_or_holder_keeping_plays_the_deal() -> None:
    """« … décider d'annuler la manche ou de la jouer normalement » — the partner may refuse, the
    holder may not ask."""
    for moves in ("redeal keep", "keep"):
        s, events = play(table(FIVE_PAWNS), moves)
        assert not any(isinstance(e, Redealt) for e in events)
        assert s.phase is Phase.DOWN and s.to_act == 0 and s.hands == table(FIVE_PAWNS).hands
    assert table(FIVE_PAWNS, rules=Rules(redeal_pawns=0)).phase is Phase.DOWN


BOTH_TEAMS = ("RGSPPPPP", "KGSPPPPP", "KRBGSNNL", "BGSNNLLL")  # seats 0 and 1 hold 5 pawns


def test_holders_in_both_teams_redeal_only_if_both_teams_agree() -> None:
    """FudaWiki: « If two players, one from each team, has 5 pawns in hand … If both teams'
    teammates agree to redeal, then the entire deal is reset … If at least one team's teammate
    disagrees with the redeal, then the round starts without a redeal. »"""
    s = table(BOTH_TEAMS)
    assert s.phase is Phase.ASK and s.to_act == 0
    s, _ = play(s, "redeal")
    assert s.to_act == 2
    s, _ = play(s, "redeal")
    assert s.phase is Phase.ASK and s.to_act == 1
    agreed, events = play(s, "redeal redeal")
    assert any(isinstance(e, Redealt) for e in events) and agreed.attempt == 1
    refused, events = play(s, "redeal keep")
    assert not any(isinstance(e, Redealt) for e in events) and refused.phase is Phase.DOWN
    first_refuses, events = play(table(BOTH_TEAMS), "keep")
    assert first_refuses.phase is Phase.DOWN and first_refuses.to_act == 0

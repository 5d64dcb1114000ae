"""One test per rule of the seed (002, FR) about the Kings, each quoting the seed sentence it
checks: when a King may attack, what a King laid face down counts as, the unblockable King
attack, and the association's King options. The other rules: ``test_seed_rules.py``.

Seats: 0 = A, 1 = B, 2 = C, 3 = D (play order, anticlockwise). Teams A/C (0&2) and B/D (1&3).
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.goita import (
    PRESETS,
    AllPassed,
    Attack,
    Down,
    Phase,
    Piece,
    PieceLaid,
    Rules,
    apply,
    legal_actions,
)
from engine.goita.state import HIDDEN
from tests.engine.goita.stacked import counts, play, result_of, table

# Turns where every other seat passes, for seat 0 of DEAL4 ("RBGSNLPP").
from tests.engine.goita.test_seed_rules import ALL_PASS

BOTH_KINGS = ("KKGSNLPP", "RBGSNLPP", "RBGSNLPP", "GSNLPPPP")


# The reading of « posé » before issue 25 (only Kings face up count), now an option.
FACE_UP_ONLY = Rules(king_face_down_counts=False)


def test_king_never_attacks_unless_a_king_was_already_played() -> None:
    """« Un Roi ne peut jamais être joué comme carte attaquante sauf si un Roi a déjà été posé
    précédemment. » Holding both Kings is no exception. (Option ``king_face_down_counts`` off,
    so that the refusal names the face-up rule; the seed preset's own refusal is checked in
    ``test_a_king_laid_face_down_is_pose_…``.)"""
    s, _ = play(table(rules=FACE_UP_ONLY), "down:G attack:N block:N")  # seat 1 blocks, holding one King
    assert Attack(Piece.K) not in legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        apply(s, Attack(Piece.K))
    assert err.value.key == "king_attack_after_king"
    # Once a King was played face up (seat 2 blocks with it), the other King may attack.
    s, _ = play(s, "attack:G block:K attack:P pass pass block:P")
    assert s.to_act == 1 and Attack(Piece.K) in legal_actions(s)
    # Both Kings in hand: still no King attack.
    s2, _ = play(table(BOTH_KINGS, rules=FACE_UP_ONLY), "down:G")
    assert Attack(Piece.K) not in legal_actions(s2)
    with pytest.raises(IllegalAction) as err:
        apply(s2, Attack(Piece.K))
    assert err.value.key == "king_attack_after_king"


def test_a_king_laid_face_down_does_not_count_as_played() -> None:
    """« sauf si un Roi a déjà été posé précédemment »: option ``king_face_down_counts`` off
    (the seed preset's reading before issue 25, kept for the matches stored with it), a King
    face down does not count, not even for its owner."""
    hands = ("KRGSNLPP", "KBGSNLPP", "RBGSNLPP", "GSNLPPPP")
    s, _ = play(table(hands, rules=FACE_UP_ONLY), "down:K attack:P block:P")
    assert s.to_act == 1 and Attack(Piece.K) not in legal_actions(s)
    s, _ = play(table(BOTH_KINGS, rules=FACE_UP_ONLY), "down:K")
    assert Attack(Piece.K) not in legal_actions(s)
    assert not PRESETS["association"].king_face_down_counts


def test_a_king_laid_face_down_is_pose_le_premier_joueur_pose_devant_lui_une_carte_face_cachee() -> None:
    """« Un Roi ne peut jamais être joué comme carte attaquante sauf si un Roi a déjà été posé
    précédemment. » The seed says « poser » of face-down pieces too: « le premier joueur pose
    devant lui une carte face cachée ». So in the seed preset a player holding both Kings may lay
    one face down and then attack with the other; nobody can block that King attack."""
    assert PRESETS["seed"].king_face_down_counts
    s, _ = play(table(BOTH_KINGS, rules=PRESETS["seed"]), "down:K")
    assert Attack(Piece.K) in legal_actions(s)
    s, events = play(s, "attack:K")
    assert events[-1] == AllPassed(0, True) and s.phase is Phase.DOWN and s.to_act == 0
    # Later in the round too: the King laid face down earlier still counts for its owner.
    s, _ = play(table(BOTH_KINGS), f"down:K attack:G {ALL_PASS} down:P")
    assert Attack(Piece.K) in legal_actions(s)
    # Another seat's face-down King is not known to the others: it unlocks nothing for them.
    hands = ("KRGSNLPP", "KBGSNLPP", "RBGSNLPP", "GSNLPPPP")
    s, _ = play(table(hands), "down:K attack:P block:P")
    assert s.to_act == 1 and Attack(Piece.K) not in legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        apply(s, Attack(Piece.K))
    assert err.value.key == "king_attack_after_king_laid"


def test_king_may_be_the_eighth_piece_even_if_the_other_king_was_not_played() -> None:
    """« En revanche un Roi peut être joué en 8ème carte même si l'autre Roi n'a pas été joué
    précédemment. »"""
    hands = ("KRBGSNLP", "KBGSNLPP", "RGSNLPPP", "GSNLPPPP")  # the other King stays in seat 1's hand
    s, events = play(
        table(hands),
        f"down:P attack:L {ALL_PASS} down:N attack:S {ALL_PASS} down:G attack:B {ALL_PASS} down:R",
    )
    assert all(0 not in row for row in s.laid[1:]) and s.hands[1][0] == 1
    assert legal_actions(s) == (Attack(Piece.K),)
    s, events = play(s, "attack:K")
    r = result_of(events)
    assert r.winner == 0 and r.piece is Piece.K and r.points == (5, 0)


def test_king_attack_with_both_kings_in_hand_is_the_association_option() -> None:
    """FudaWiki (association): a King may attack « If you have both Kings in hand ». Not in the
    seed (« jamais … sauf si un Roi a déjà été posé précédemment »): option
    ``king_attack_with_both``, on in ``association``."""
    assert not PRESETS["seed"].king_attack_with_both and PRESETS["association"].king_attack_with_both
    s, _ = play(table(BOTH_KINGS, rules=Rules(king_attack_with_both=True)), "down:G")
    assert Attack(Piece.K) in legal_actions(s)
    s, _ = play(table(BOTH_KINGS, rules=PRESETS["association"]), "down:G")
    assert Attack(Piece.K) in legal_actions(s)
    # One King only: still refused, with the association's wording.
    s, _ = play(table(rules=Rules(king_attack_with_both=True)), "down:G attack:N block:N")
    with pytest.raises(IllegalAction) as err:
        apply(s, Attack(Piece.K))
    assert err.value.key == "king_attack"


def test_a_king_attack_cannot_be_blocked() -> None:
    """FudaWiki: « A King used as an "attack piece" cannot be defended by the other 3 players, so the
    attacker automatically places a piece face-down on their defending row and "attacks" with
    another piece. » (Under the seed's rule nobody holds the other King anyway.)"""
    s, _ = play(table(), "down:G attack:N block:N attack:G block:K attack:P pass pass block:P")
    s, events = play(s, "attack:K")
    assert events[-1] == AllPassed(1, True)
    assert s.phase is Phase.DOWN and s.to_act == 1
    s, events = play(table(BOTH_KINGS, rules=Rules(king_attack_with_both=True)), "down:G attack:K")
    assert events[-1] == AllPassed(0, True)
    assert s.phase is Phase.DOWN and s.to_act == 0


def test_face_down_piece_of_the_players_choice_may_be_a_king() -> None:
    """« Ensuite le premier joueur pose devant lui une carte face cachée de son choix »: any piece,
    a King too, in the seed preset."""
    s = table(BOTH_KINGS)
    assert Down(Piece.K) in legal_actions(s)
    s, events = play(s, "down:K")
    assert events == [PieceLaid(0, 1, "down", None)] and s.laid[0] == (HIDDEN + int(Piece.K),)
    assert Down(Piece.K) in legal_actions(table(("KRGSNLPP", "KBGSNLPP", "RBGSNLPP", "GSNLPPPP")))
    assert Down(Piece.K) not in legal_actions(table())  # seat 0 of DEAL4 holds no King


def test_no_king_face_down_is_the_association_option() -> None:
    """FudaWiki: « not allowed to place a King face-down on the defending row ». Not in the seed
    (« une carte face cachée de son choix »): option ``no_king_face_down``, on in
    ``association``. When only Kings are left the rule cannot hold; one may then go face down."""
    assert not PRESETS["seed"].no_king_face_down and PRESETS["association"].no_king_face_down
    for rules in (Rules(no_king_face_down=True), PRESETS["association"]):
        s = table(BOTH_KINGS, rules=rules)
        assert Down(Piece.K) not in legal_actions(s)
        with pytest.raises(IllegalAction) as err:
            apply(s, Down(Piece.K))
        assert err.value.key == "king_face_down"
        s = s._replace(hands=(counts("KK"), *s.hands[1:]))
        assert legal_actions(s) == (Down(Piece.K),)

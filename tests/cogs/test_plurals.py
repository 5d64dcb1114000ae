"""Counts in the hand texts read right: "1 piece", "2 pieces"; "1 free flip", "2 free flips"."""

from __future__ import annotations

import dataclasses

from cogs.goita.spec import SPEC as GOITA
from cogs.gostop.spec import SPEC as GOSTOP
from engine import goita as gt
from engine.hanafuda import gostop as gs


def test_goita_counts_the_pieces_in_hand() -> None:
    state, _ = gt.ENGINE.begin(4, gt.rules_from("seed", {}), 1)
    view = gt.ENGINE.view(state, 0)
    one = GOITA.hand_text(dataclasses.replace(view, hand=(gt.Piece.K,)), "en")
    two = GOITA.hand_text(dataclasses.replace(view, hand=(gt.Piece.K, gt.Piece.P)), "en")
    assert "(1 piece)" in one and "(2 pieces)" in two
    assert "(1 pièce)" in GOITA.hand_text(dataclasses.replace(view, hand=(gt.Piece.K,)), "fr")


def test_gostop_counts_the_free_flips() -> None:
    state, _ = gs.ENGINE.begin(2, gs.rules_from("seed", {"rounds": 3}), 65)
    view = gs.ENGINE.view(state, 0)
    assert view.to_act == 0 and view.phase is gs.Phase.PLAY
    flipping = dataclasses.replace(view, legal_actions=(*view.legal_actions, gs.Flip()))
    one = GOSTOP.hand_text(dataclasses.replace(flipping, free_flips=(1, 0)), "en")
    two = GOSTOP.hand_text(dataclasses.replace(flipping, free_flips=(2, 0)), "en")
    assert "You have 1 free flip:" in one and "You have 2 free flips:" in two
    french = GOSTOP.hand_text(dataclasses.replace(flipping, free_flips=(1, 0)), "fr")
    assert "1 pioche libre :" in french

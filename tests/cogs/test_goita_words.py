"""Goita pieces are named by their character and word wherever a player reads them.

docs/glossary.md: `金 Gold`, `金 Général d'or`, `金` in Japanese (the word is the character).
Hands read in words (not `KRGNLPPP`), suggestions and buttons put the character and word after the
notation, narration names the piece the same way, and the chips under the hand image's pieces say
the word while the letter stays in the piece's corner.
"""

from __future__ import annotations

import pytest

from cogs.goita.spec import SPEC
from engine import goita as gt
from render.goita.hand import hand_chip_labels
from render.goita.pieces import hand_words, piece_name

LANGS = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
EXPECTED_GOLD = {
    "en": "金 Gold",
    "fr": "金 Général d'or",
    "ja": "金",
    "ko": "金 금장",
    "zh-CN": "金",
    "zh-TW": "金",
}


def _opening(seed: int = 3) -> gt.GoitaView:
    """Seat 0's view at the opening of a four-player game (it leads: its face-down choice)."""
    state = gt.new_game(4, gt.rules_from("seed", {}), seed)
    while gt.to_act(state) is not None:
        seat = gt.to_act(state)
        view = gt.view(state, seat)
        if view.phase is gt.Phase.DOWN:
            return view
        state, _ = gt.apply(state, view.legal_actions[-1])  # keep the deal (or agree to nothing)
    raise AssertionError("the game ended before a piece was laid")


@pytest.mark.parametrize("lang", LANGS)
def test_a_piece_is_named_by_its_character_then_its_word(lang: str) -> None:
    assert piece_name(lang, gt.Piece.G) == EXPECTED_GOLD[lang]
    for piece in gt.Piece:
        assert piece_name(lang, piece).startswith(gt.KANJI[piece])


def test_the_hand_reads_in_words_not_letters() -> None:
    view = _opening()
    assert view.hand
    text = SPEC.hand_text(view, "en")
    assert gt.format_pieces(view.hand) not in text, "the letters alone mean nothing to a newcomer"
    assert hand_words("en", view.hand) in text
    for piece in set(view.hand):
        assert piece_name("en", piece) in text
    pawns = view.hand.count(gt.Piece.P)
    if pawns > 1:
        assert f"し Pawn ×{pawns}" in text


def test_suggestions_keep_the_notation_first_then_character_and_word() -> None:
    view = _opening()
    for action in view.legal_actions:
        assert isinstance(action, gt.Down)
        label = SPEC.action_label(action, view, "en")
        assert label.startswith(f"down:{action.piece} — ")
        assert piece_name("en", action.piece) in label


def test_narration_names_the_piece_by_character_and_word() -> None:
    laid = gt.PieceLaid(seat=1, slot=1, role="attack", piece=gt.Piece.R)
    lines = SPEC._narrate_one(laid, ["alice", "bob", "carol", "dave"], "en")
    assert lines == ["bob attacks with 飛 Rook."]


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_image_chips_say_the_word_not_the_letter(lang: str) -> None:
    hand = list(gt.Piece)
    labels = hand_chip_labels(hand, lang)
    assert all(label != str(piece) for label, piece in zip(labels, hand, strict=True))
    assert labels[0] in piece_name(lang, gt.Piece.K)

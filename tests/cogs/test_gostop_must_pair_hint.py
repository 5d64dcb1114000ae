"""Go-Stop's hand says why some of its cards have no button: pairing is compulsory.

docs/rules/gostop.md, « Les joueurs doivent faire une paire entre une carte de leur main et une
carte de la table. »: when a card of the hand pairs with the table, only such cards may be played,
so the hand offers buttons for those cards only. Read as a new player (``bench/read_match.py``), a
ten-card hand with five buttons and the words "play a card" looked broken; the hand now says that
pairing is compulsory whenever a flower card of the hand has no button for that reason, and not
under ``free_discard`` (any card may be played) or when every card can be played. Views come from
the real engine (a seed, then every seat playing its first legal move).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cogs.gostop.spec import SPEC
from engine.hanafuda import gostop as gs
from i18n import t

LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")


def hand_where(found: Callable[[gs.GoStopView], bool], overrides: dict[str, object]) -> gs.GoStopView:
    """The first view of a seat to play (two-player deals, first legal moves) where ``found``."""
    rules = gs.rules_from(None, overrides)
    for seed in range(1, 300):
        state, _ = gs.ENGINE.begin(2, rules, seed)
        for _ in range(40):
            seat = gs.ENGINE.to_act(state)
            if seat is None:
                break
            view = gs.ENGINE.view(state, seat)
            if view.phase is gs.Phase.PLAY and view.legal_actions and found(view):
                return view
            state, _ = gs.ENGINE.apply(state, gs.ENGINE.legal_actions(state)[0])
    raise AssertionError("no such hand")


def unplayable_flowers(view: gs.GoStopView) -> set[str]:
    playable = {gs.card_str(a.card) for a in view.legal_actions if isinstance(a, gs.Play)}
    return {c for c in view.hand or () if not c.startswith("J") and c not in playable}


@pytest.mark.parametrize("locale", LOCALES)
def test_joueurs_doivent_faire_une_paire_the_hand_says_so(locale: str) -> None:
    view = hand_where(lambda v: bool(unplayable_flowers(v)), {})
    assert t(locale, "gostop.hand.must_pair") in SPEC.hand_text(view, locale)


def test_no_word_of_it_when_every_card_can_be_played() -> None:
    view = hand_where(lambda v: not unplayable_flowers(v) and len(v.hand or ()) > 1, {})
    assert t("en", "gostop.hand.must_pair") not in SPEC.hand_text(view, "en")


def test_no_word_of_it_under_free_discard() -> None:
    """Option ``free_discard``: any card may be played, whatever pairs."""
    view = hand_where(lambda v: True, {"free_discard": True})
    assert not unplayable_flowers(view)
    assert t("en", "gostop.hand.must_pair") not in SPEC.hand_text(view, "en")

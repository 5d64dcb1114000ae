"""Heundeul shows three cards to everyone: every seat's view (and a spectator's) lists the cards
a seat showed by shaking and still holds, and no other card of that hand."""

from __future__ import annotations

from engine.hanafuda.gostop import apply, view

from .stacked import act, make_state


def test_shaken_cards_are_in_every_view_until_played() -> None:
    s = make_state(hands=("1a 1b 1c 5a 6a", "7a 8a 9a"), field="2a 4a", pile="9c 10a 11a 12a")
    assert all(view(s, seat).shown == ((), ()) for seat in (0, 1, None))
    s, _ = apply(s, act("shake1"))
    for seat in (0, 1, None):
        assert view(s, seat).shown == (("1a", "1b", "1c"), ()), seat
    assert view(s, 1).hand == ("7a", "8a", "9a") and view(s, 1).hand_counts == (5, 3)
    s, _ = apply(s, act("1a"))  # a shown card played leaves the list; the others stay public
    assert view(s, 1).shown == (("1b", "1c"), ()) and view(s, 0).shown == view(s, 1).shown


def test_a_bomb_shows_nothing_that_stays_in_hand() -> None:
    s = make_state(hands=("1a 1b 1c 5a", "7a 8a"), field="1d 4a", pile="9c 10a 11a")
    s, _ = apply(s, act("bomb1"))
    assert view(s, 1).shown == ((), ())


def test_the_next_round_starts_with_nothing_shown() -> None:
    s = make_state(hands=("1a 1b 1c", "7a"), field="2a", pile="9c 10a")
    s, _ = apply(s, act("shake1"))
    assert view(s, 1).shown[0]
    while s.round_no == 1 and s.to_act is not None:
        s, _ = apply(s, view(s, s.to_act).legal_actions[0])
    assert s.round_no == 2 and all(not c for c in view(s, 0).shown)

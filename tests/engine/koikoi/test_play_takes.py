"""``play_takes``: what a play captures, as the buttons and autocomplete labels describe it."""

from __future__ import annotations

from engine.hanafuda.cards import cards
from engine.hanafuda.koikoi import legal_actions, play_takes, view
from tests.engine.koikoi.stacked import make_state, play


def test_play_takes_agrees_with_what_the_engine_captures() -> None:
    s = make_state(hands=("1a 3a 5a 8a 9a", "2c 4c 6c 7c 10c"), field="1c 3b 3c 3d 5b 5c 8b")
    v = view(s, 0)
    assert play_takes(v, play("1a")) == cards("1c"), "one match: taken"
    assert play_takes(v, play("3a")) == cards("3b 3c 3d"), "three matches: all taken"
    assert play_takes(v, play("5a>5c")) == cards("5c"), "two matches: the chosen one"
    assert play_takes(v, play("9a")) == (), "no match: it stays on the field"
    assert {str(a) for a in legal_actions(s) if str(a).startswith("5a")} == {"5a>5b", "5a>5c"}

"""The public status line lists the cards a seat showed by shaking (heundeul) while it holds them."""

from __future__ import annotations

from cogs.gostop.spec import SPEC
from engine.hanafuda.gostop import apply, view
from tests.engine.gostop.stacked import act, make_state


def test_the_status_line_shows_the_shaken_cards_until_played() -> None:
    s = make_state(hands=("11a 11b 11c 5a 6a", "7a 8a 9a"), field="2a 4a", pile="9c 10a 1a 12a")
    names = ("alice", "bob")
    assert "shown" not in SPEC.status_text(view(s, None), names, "en")
    s, _ = apply(s, act("shake11"))
    line = SPEC.status_text(view(s, 1), names, "en")  # the other seat's (public) line
    assert "shown: `12a` `12b` `12c`" in line  # Korean month numbers, as players read them
    assert "亮牌：`12a` `12b` `12c`" in SPEC.status_text(view(s, None), names, "zh-CN")
    s, _ = apply(s, act("11a"))
    assert "shown: `12b` `12c`" in SPEC.status_text(view(s, 1), names, "en")

"""A move started in the live hand shows in its image (issue 28, "Sub-choices show the choice").

After the first click of a hanafuda play whose card matches two field cards, the shared flow
draws the live hand with the clicks so far (``spec.render_live_hand(view, locale, path)``); the
spec turns them into what the game's renderer highlights (``MatchSpec.hand_focus``): the played
card and its candidates. Games without such a choice keep the default (nothing), and no path
draws the hand exactly as before.
"""

from __future__ import annotations

from typing import Any

import pytest

from cogs.doudizhu.spec import SPEC as DOUDIZHU
from cogs.goita.spec import SPEC as GOITA
from cogs.gostop.spec import SPEC as GOSTOP
from cogs.koikoi.spec import SPEC as KOIKOI
from cogs.roppyakken.spec import SPEC as ROPPYAKKEN
from cogs.table.match_spec import MatchSpec
from cogs.table.spec import GameSpec
from tests.render.samples import playout

SEATS = {"koikoi": 2, "roppyakken": 3, "gostop": 3}


def _two_target_view(spec: MatchSpec) -> tuple[Any, Any]:
    """The first view (seeded random playouts) where a hand card has two captures to pick from,
    and that play."""
    eng = spec.engine
    for seed in range(1, 60):
        for state in playout(spec.game, SEATS[spec.game], seed)[0]:
            seat = eng.to_act(state)
            if seat is None:
                continue
            view = eng.view(state, seat)
            for action in view.legal_actions:
                two_steps = len(spec.action_steps(action, view, "en")) == 2
                if getattr(action, "target", None) is not None and hasattr(action, "card") and two_steps:
                    return view, action
    raise LookupError(spec.game)


@pytest.mark.parametrize("spec", [KOIKOI, ROPPYAKKEN, GOSTOP], ids=lambda s: s.game)
def test_the_first_click_of_a_two_capture_play_draws_the_card_and_its_candidates(spec: MatchSpec) -> None:
    view, action = _two_target_view(spec)
    first = spec.action_steps(action, view, "en")[0].key
    focus = spec.hand_focus(view, (first,))
    assert set(focus) == {"played"}
    live = spec.render_live_hand(view, "en", (first,))
    assert live == spec.draw.render_hand(view, locale="en", **focus)
    assert live != spec.render_hand(view, "en")
    assert spec.render_live_hand(view, "en", ()) == spec.render_hand(view, "en"), "no path: as before"
    second = spec.action_steps(action, view, "en")[1].key
    assert spec.hand_focus(view, (first, second)) == {}, "a finished path shows nothing more"


@pytest.mark.parametrize("spec", [KOIKOI, ROPPYAKKEN, GOSTOP], ids=lambda s: s.game)
def test_a_one_step_play_has_no_focus(spec: MatchSpec) -> None:
    view, _ = _two_target_view(spec)
    single = [a for a in view.legal_actions if len(spec.action_steps(a, view, "en")) == 1]
    for action in single:
        assert spec.hand_focus(view, (spec.action_steps(action, view, "en")[0].key,)) == {}


def test_games_without_sub_choices_keep_the_default() -> None:
    """Goita moves are one click each; a Dou Dizhu combination is picked in its menu."""
    for spec in (GOITA, DOUDIZHU):
        assert type(spec).hand_focus is MatchSpec.hand_focus


def test_a_spec_without_the_hook_draws_its_plain_hand_in_the_live_hand() -> None:
    """A game that never heard of sub-choices (only ``render_hand``) keeps working."""

    class Plain(GameSpec):
        def render_hand(self, view: Any, locale: str, owner: str | None = None) -> bytes:
            return f"{view}:{locale}:{owner}".encode()

    assert Plain().render_live_hand("v", "fr", ("3a",)) == b"v:fr:None"

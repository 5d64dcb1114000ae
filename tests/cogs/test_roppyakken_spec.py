"""Roppyakken's table adapter under the issue 14 options: what a move takes follows the table's
rules, a capture of several cards names them all, and the Gaji's lay (``gaji_capture="optional"``,
the seed preset's) has its buttons and words. Views come from the real engine (a seed, then first
legal moves)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs.roppyakken.spec import SPEC, takes
from cogs.table.spec import actions_along
from engine.hanafuda import roppyakken as rk
from engine.hanafuda.cards import Card

OPTIONAL = {"gaji_capture": "optional"}  # the seed preset's value since issue 25
COMPULSORY = {"gaji_capture": "compulsory"}  # the seed's before (an option now)
GAJI = Card.parse("11a")


def view_at(overrides: dict[str, Any], seed: int, moves: int) -> rk.RoppyakkenView:
    """The view of the seat to act after ``moves`` first-legal moves of a two-player deal."""
    state, _ = rk.ENGINE.begin(2, rk.rules_from(None, overrides), seed)
    for _ in range(moves):
        state, _ = rk.apply(state, rk.ENGINE.view(state, rk.to_act(state)).legal_actions[0])
    return rk.ENGINE.view(state, rk.to_act(state))


def test_the_gaji_laid_from_the_hand_is_a_card_then_field():
    view = view_at(OPTIONAL, 2, 26)
    lay = rk.Lay(GAJI)
    assert lay in view.legal_actions
    steps = SPEC.action_steps(lay, view, "en")
    assert [s.key for s in steps] == ["11a", "field"]
    assert steps[1].label == "Lay it on the field (no capture)"
    assert SPEC.action_label(lay, view, "en") == "11a Rain man (柳に小野道風) → lay on the field, no capture"
    assert "posée sur le tapis" in SPEC.action_label(lay, view, "fr")
    # the Gaji's captures share its first step: one click on 11a, then take … or lay
    starts, complete = actions_along(SPEC, view, "en", ("11a",))
    assert lay in starts and len(starts) > 1 and not complete
    assert takes(lay, view) == ()


def test_the_gaji_just_drawn_may_be_laid():
    view = view_at(OPTIONAL, 1, 34)
    assert view.phase is rk.Phase.DRAW_CHOICE and view.pending_draw == GAJI
    lay = rk.Lay()
    assert lay in view.legal_actions
    assert [s.key for s in SPEC.action_steps(lay, view, "en")] == ["lay"]
    assert (
        SPEC.action_label(lay, view, "en")
        == "Drawn 11a Rain man (柳に小野道風) → lay on the field, no capture"
    )
    assert "or lay it on the field" in SPEC.hand_text(view, "en")


@pytest.mark.parametrize(("seed", "moves", "kind"), [(219, 1, rk.Play), (112, 1, rk.Capture)])
def test_a_capture_of_several_cards_names_every_card(seed, moves, kind):
    """``11a>11b`` takes the three Novembers: the button and the label say 11b, 11c, 11d."""
    view = view_at(OPTIONAL, seed, moves)
    action = next(a for a in view.legal_actions if isinstance(a, kind) and len(takes(a, view)) == 3)
    taken = takes(action, view)
    assert taken[0] == action.target and [c >> 2 for c in taken] == [action.target >> 2] * 3
    names = ", ".join(map(str, taken))
    assert SPEC.action_steps(action, view, "en")[-1].label == f"Take {names}"
    assert SPEC.action_label(action, view, "en").endswith(f"→ capture {names}")


def test_what_a_play_takes_follows_the_tables_rules():
    """With ``gaji_on_field_wild`` a 3a takes the Gaji lying on the field; the seed's reading
    (no option) leaves it nothing to take."""
    wild = view_at({"gaji_on_field_wild": True}, 3, 0)
    play = rk.Play(Card.parse("3a"))
    assert play in wild.legal_actions and GAJI in wild.field
    assert takes(play, wild) == (GAJI,)
    assert SPEC.action_label(play, wild, "en").startswith("3a ") and "→ capture 11a" in SPEC.action_label(
        play, wild, "en"
    )
    assert SPEC.action_steps(play, wild, "en")[0].style == "primary"
    seed = view_at({}, 3, 0)
    assert takes(play, seed) == () and "→ to the field" in SPEC.action_label(play, seed, "en")


@pytest.mark.parametrize(
    "overrides", [OPTIONAL, {**OPTIONAL, "gaji_no_triples": True, "gaji_on_field_wild": True}, COMPULSORY]
)
def test_every_legal_action_has_its_own_steps_and_a_label(overrides):
    """Over random deals: no action crashes the adapter, and the buttons tell every legal
    action apart (one click path each, no path the prefix of another's)."""
    rng = random.Random(14)
    rules = rk.rules_from(None, overrides)
    laid = 0
    for seed in range(40):
        state, _ = rk.ENGINE.begin(2, rules, seed)
        while rk.to_act(state) is not None:
            view = rk.ENGINE.view(state, rk.to_act(state))
            paths = [tuple(s.key for s in SPEC.action_steps(a, view, "en")) for a in view.legal_actions]
            assert len(set(paths)) == len(paths), paths
            for path in paths:
                assert not any(other[: len(path)] == path for other in paths if other != path), paths
            for action in view.legal_actions:
                assert SPEC.action_label(action, view, "en")
                laid += isinstance(action, rk.Lay)
            state, _ = rk.apply(state, rng.choice(view.legal_actions))
    assert (laid > 0) == (overrides.get("gaji_capture") == "optional")

"""The live hand's image key (``GameSpec.live_hand_key``) says when a hand would be drawn the same.

The live hand keeps its image when the key did not change (:mod:`cogs.table.hands`), so a key
that leaves out something the image shows would leave a stale picture in a player's hand. Here,
over seeded random matches of every game, every seat's hand at every position (and, in the
hanafuda games, part-way through a two-capture play) is keyed, and whenever a key comes back
the two hands are drawn: they must be the same image. The keys must also come back while a
seat waits: a hanafuda hand keeps its key across the other seats' moves that leave its cards
alone, which is what spares the drawing.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from itertools import pairwise
from typing import Any

import pytest

from cogs.doudizhu.spec import SPEC as DOUDIZHU
from cogs.goita.spec import SPEC as GOITA
from cogs.gostop.spec import SPEC as GOSTOP
from cogs.koikoi.spec import SPEC as KOIKOI
from cogs.roppyakken.spec import SPEC as ROPPYAKKEN
from cogs.table.match_spec import MatchSpec
from tests.render.samples import playout

GAMES = [(KOIKOI, 2), (ROPPYAKKEN, 3), (GOSTOP, 3), (GOSTOP, 2), (DOUDIZHU, 3), (GOITA, 4)]
SEEDS = (1, 2)
CHECKS = 60  # repeated keys drawn twice per game and seat count (each check draws two hands)


def _positions(spec: MatchSpec, seats: int) -> Iterator[tuple[Any, tuple[str, ...]]]:
    """Every seat's view at every position of the seeded matches, with no click and, for each
    first step of a move that takes more than one click, with that click."""
    eng = spec.engine
    for seed in SEEDS:
        for state in playout(spec.game, seats, seed)[0]:
            for seat in range(seats):
                view = eng.view(state, seat)
                yield view, ()
                firsts = {
                    steps[0].key
                    for action in view.legal_actions
                    if len(steps := spec.action_steps(action, view, "en")) > 1
                }
                for first in sorted(firsts):
                    yield view, (first,)


@pytest.mark.parametrize(("spec", "seats"), GAMES, ids=lambda g: getattr(g, "game", g))
def test_hands_with_the_same_key_are_the_same_image(spec: MatchSpec, seats: int) -> None:
    first: dict[Hashable, tuple[Any, tuple[str, ...]]] = {}
    drawn: dict[Hashable, bytes] = {}
    checked = 0
    for view, path in _positions(spec, seats):
        key = spec.live_hand_key(view, "en", path)
        assert key is not None, f"{spec.game} keys its hands"
        hash(key)
        if key not in first:
            first[key] = (view, path)
            continue
        if checked >= CHECKS:
            continue
        if key not in drawn:
            drawn[key] = spec.render_live_hand(*first[key][:1], "en", first[key][1])
        assert spec.render_live_hand(view, "en", path) == drawn[key], (
            f"{spec.game}: two hands with the key {key!r} are drawn differently"
        )
        checked += 1
    assert checked >= CHECKS // 2, f"{spec.game}: its keys seldom come back ({checked} repeats)"


def test_the_key_names_the_language() -> None:
    view = KOIKOI.engine.view(playout("koikoi", 2, 1)[0][0], 0)
    assert KOIKOI.live_hand_key(view, "en", ()) != KOIKOI.live_hand_key(view, "ja", ())


@pytest.mark.parametrize(("spec", "seats"), GAMES[:4], ids=lambda g: getattr(g, "game", g))
def test_a_waiting_hanafuda_hand_keeps_its_key_while_the_others_play(spec: MatchSpec, seats: int) -> None:
    """A hanafuda hand shows its cards and "waiting" while another seat plays: whatever that seat
    captures, the waiting seat's image stays, until its own cards or its turn change."""
    eng = spec.engine
    kept = 0
    states = playout(spec.game, seats, 3)[0]
    for before, after in pairwise(states):
        for seat in range(seats):
            old, new = eng.view(before, seat), eng.view(after, seat)
            waiting = eng.to_act(before) not in (seat, None) and eng.to_act(after) not in (seat, None)
            if not waiting or old.hand != new.hand or old.round_no != new.round_no:
                continue
            assert spec.live_hand_key(old, "en", ()) == spec.live_hand_key(new, "en", ()), (
                f"{spec.game}: seat {seat}'s waiting hand changed key as another seat played"
            )
            kept += 1
    assert kept > 0, "the match had moves made while another seat waited"


def test_a_dou_dizhu_hand_keeps_its_key_across_a_pass_and_not_across_a_play() -> None:
    """The hand shows the cards to beat: a pass after them changes nothing in it, a play does."""
    eng = DOUDIZHU.engine
    passes = plays = 0
    for seed in SEEDS:
        states = playout("doudizhu", 3, seed)[0]
        for before, after in pairwise(states):
            actor = eng.to_act(before)
            if actor is None or eng.view(before, actor).phase.name != "PLAY":
                continue
            seat = (actor + 2) % 3  # a seat that waits through this move (it acts after the next)
            old, new = eng.view(before, seat), eng.view(after, seat)
            if new.phase.name != "PLAY" or eng.to_act(after) == seat or len(new.trick) <= len(old.trick):
                continue
            same = DOUDIZHU.live_hand_key(old, "en", ()) == DOUDIZHU.live_hand_key(new, "en", ())
            if new.trick[-1].move is None:
                assert same, "a pass leaves the waiting hand as it was"
                passes += 1
            else:
                assert not same, "a play changes the cards the waiting hand must beat"
                plays += 1
    assert passes and plays

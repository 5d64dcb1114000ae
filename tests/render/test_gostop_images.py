"""Go-Stop images from real engine positions: format, size, determinism, locales, phases, 2 and 3 seats."""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Callable
from functools import cache

import pytest
from PIL import Image

from engine.hanafuda.gostop import (
    GoStopView,
    Phase,
    RoundEnded,
    RoundResult,
    Rules,
    State,
    apply,
    legal_actions,
    new_game,
    view,
)
from render.hanafuda.gostop import render_hand, render_match_summary, render_round_sheet, render_table, warm
from render.hanafuda.gostop.common import group_of, joker_face, pi_value
from render.hanafuda.gostop.table import _height as table_height

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Aki", "Ben", "Chiyo")


def _check(png: bytes, width: int | None = None, max_kib: int = 200) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.mode == "P"
    assert len(png) < max_kib * 1024
    if width is not None:
        assert img.width == width
    return img


@cache
def _play(seats: int, seed: int, steps: int, rules: Rules = Rules()) -> tuple[State, tuple[RoundEnded, ...]]:  # noqa: B008
    """The state after ``steps`` random legal actions (or the match's end) and the rounds ended."""
    rng = random.Random(seed)
    s = new_game(seats, rules, seed)
    ended: list[RoundEnded] = []
    for _ in range(steps):
        legal = legal_actions(s)
        if not legal:
            break
        s, events = apply(s, rng.choice(legal))
        ended += [e for e in events if isinstance(e, RoundEnded)]
    return s, tuple(ended)


@cache
def _find(seats: int, key: str, rules: Rules = Rules()) -> State:  # noqa: B008
    """A state matching ``key`` (a phase name, ``stacks`` or ``pot``) reached by random play."""
    tests: dict[str, Callable[[State], bool]] = {
        "stacks": lambda s: bool(view(s, None).stacks),
        "pot": lambda s: bool(view(s, None).pot),
    }
    match = tests.get(key, lambda s: s.phase.value == key)
    for seed in range(200):
        rng = random.Random(seed)
        s = new_game(seats, rules, seed)
        for _ in range(400):
            if match(s):
                return s
            legal = legal_actions(s)
            if not legal:
                break
            s, _ = apply(s, rng.choice(legal))
    pytest.skip(f"no {key} position found by random play")


def _mid(seats: int, seed: int = 3) -> GoStopView:
    s, _ = _play(seats, seed, 25)
    return view(s, s.to_act)


@pytest.mark.parametrize("seats", [2, 3])
def test_table_is_a_small_paletted_png(seats: int) -> None:
    img = _check(render_table(_mid(seats), names=NAMES[:seats]), width=1200, max_kib=100)
    assert img.height == table_height(seats) <= 0.9 * img.width  # landscape: shown 550 px wide


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_random_positions_render(seats: int, seed: int) -> None:
    locale = "fr" if seed % 2 else "en"
    for steps in (0, 7, 20, 60, 150):
        s, _ = _play(seats, seed, steps)
        for seat in (None, *range(seats)):
            v = view(s, seat)
            _check(render_table(v, names=NAMES[:seats], locale=locale), width=1200, max_kib=100)
            _check(render_hand(v, locale=locale))


def test_table_is_deterministic() -> None:
    v = _mid(3)
    assert render_table(v, names=NAMES) == render_table(v, names=NAMES)
    assert render_hand(v) == render_hand(v)


def test_locales_differ() -> None:
    v = _mid(3)
    assert render_table(v, names=NAMES, locale="en") != render_table(v, names=NAMES, locale="fr")
    assert render_hand(v, locale="en") != render_hand(v, locale="fr")
    _, ended = _play(3, 5, 3000)
    assert ended
    r = ended[-1]
    assert render_round_sheet(r.result, names=NAMES, scores=r.scores, locale="en") != render_round_sheet(
        r.result, names=NAMES, scores=r.scores, locale="fr"
    )


def test_names_and_viewpoint_are_drawn() -> None:
    s, _ = _play(3, 4, 12)
    assert render_table(view(s, 0), names=NAMES) != render_table(view(s, 0), names=("Aki", "Ben", "Dai"))
    assert render_table(view(s, None), names=NAMES) != render_table(view(s, 1), names=NAMES)


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("phase", ["flip_choice", "decide", "claim"])
def test_choice_phases_render(seats: int, phase: str) -> None:
    s = _find(seats, phase)
    v = view(s, s.to_act)
    assert v.phase.value == phase
    table = render_table(v, names=NAMES[:seats])
    _check(table, width=1200, max_kib=100)
    _check(render_hand(v))
    plain = dataclasses.replace(v, phase=Phase.PLAY, pending_played=None, pending_flip=None)
    assert render_table(plain, names=NAMES[:seats]) != table
    if phase == "flip_choice":
        assert v.pending_flip is not None


def test_cup_phase_renders() -> None:
    s = _find(2, "cup", Rules(sake_cup="choose"))
    v = view(s, s.to_act)
    _check(render_table(v, names=NAMES[:2]), width=1200)
    _check(render_hand(v, locale="fr"))


@pytest.mark.parametrize("key", ["stacks", "pot"])
def test_stacks_and_pot_are_marked(key: str) -> None:
    s = _find(3, key)
    v = view(s, 0)
    table = render_table(v, names=NAMES)
    _check(table, width=1200)
    assert render_table(dataclasses.replace(v, stacks=(), pot=()), names=NAMES) != table


def test_synthetic_pot_and_crowded_field() -> None:
    v = _mid(2)
    crowded = dataclasses.replace(
        v,
        field=tuple(f"{m}{s}" for m in range(1, 7) for s in "abc"),
        stacks=(2,),
        pot=((3, ("J2", "J3")),),
        gos=(2, 0),
        seolsa=(1, 0),
    )
    _check(render_table(crowded, names=NAMES[:2]), width=1200, max_kib=100)
    empty = dataclasses.replace(
        v, field=(), pot=(), stacks=(), captured=((), ()), hand_counts=(0, 0), round_scores=((), ())
    )
    _check(render_table(empty, names=NAMES[:2]), width=1200)


def test_hand_marks_the_seats_turn() -> None:
    v = _mid(2)
    assert v.legal_actions
    other = (v.to_act + 1) % 2 if v.to_act is not None else 0
    waiting = dataclasses.replace(v, to_act=other, legal_actions=())
    assert render_hand(v) != render_hand(waiting)
    _check(render_hand(dataclasses.replace(v, seat=None, hand=None, legal_actions=())))
    _check(render_hand(dataclasses.replace(v, hand=(), legal_actions=())))
    _check(render_hand(dataclasses.replace(v, hand=("1a", "J2", "J3", "11d"))))


@pytest.mark.parametrize("seats", [2, 3])
def test_round_sheets_and_summary(seats: int) -> None:
    _, ended = _play(seats, 5, 3000)
    assert ended
    for e in ended:
        _check(render_round_sheet(e.result, names=NAMES[:seats], scores=e.scores), width=1200)
    history = tuple(e.result for e in ended)
    scores = ended[-1].scores
    summary = render_match_summary(history, names=NAMES[:seats], scores=scores)
    _check(summary)
    assert summary != render_match_summary(
        history, names=NAMES[:seats], scores=scores, winners=(scores.index(min(scores)),)
    )
    assert summary == render_match_summary(history, names=NAMES[:seats], scores=scores)
    _check(render_match_summary((), names=NAMES[:seats], scores=(0,) * seats, locale="fr"))


def test_no_winner_round_sheet() -> None:
    nagari = RoundResult(
        round_no=2,
        reason="nagari",
        winner=None,
        items=(),
        base=0,
        go_bonus=0,
        score=0,
        payments=(),
        points=(0, 0, 0),
        dealer=1,
        next_dealer=1,
    )
    _check(render_round_sheet(nagari, names=NAMES, scores=(3, -1, -2), locale="fr"), width=1200)


def test_bonus_cards_and_groups() -> None:
    assert joker_face("J2", 68).size == joker_face("J3", 68).size
    assert joker_face("J2", 68).tobytes() != joker_face("J3", 68).tobytes()
    assert [pi_value(c) for c in ("J2", "J3", "J2b", "11d", "1c", "1a")] == [2, 3, 2, 2, 1, 0]
    assert (group_of("11a"), group_of("9a"), group_of("9a", cup_as_pi=True), group_of("5b")) == (
        "gwang",
        "yeolkkeut",
        "pi",
        "tti",
    )


def test_warm_runs() -> None:
    warm()


def test_stolen_pi_chip_shows_only_when_positive() -> None:
    v = _mid(3)
    none = dataclasses.replace(v, stolen=(0, 0, 0))
    assert render_table(dataclasses.replace(v, stolen=()), names=NAMES) == render_table(none, names=NAMES)
    for locale in ("en", "fr"):
        some = dataclasses.replace(v, stolen=(0, 2, 0))
        with_chip = render_table(some, names=NAMES, locale=locale)
        assert with_chip != render_table(none, names=NAMES, locale=locale)

"""Roppyakken images from real engine positions: format, size, determinism, locales, 2 and 3 seats."""

from __future__ import annotations

import dataclasses
import io
import random
from functools import cache

import pytest
from PIL import Image

from engine.hanafuda.cards import CARDS, Card, Kind, cards
from engine.hanafuda.roppyakken import (
    Item,
    LastMove,
    Phase,
    RoppyakkenView,
    RoundResult,
    Rules,
    SeatScore,
    State,
    apply,
    legal_actions,
    new_game,
    view,
)
from render.hanafuda.roppyakken import render_hand, render_match_summary, render_round_sheet, render_table
from render.hanafuda.roppyakken.common import kind_of
from render.hanafuda.roppyakken.table import _height as table_height
from tests.typed import acting

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
def _play(seats: int, seed: int, steps: int) -> State:
    """The state after ``steps`` random legal actions (or the match's end), default rules."""
    rng = random.Random(seed)
    s = new_game(seats, Rules(), seed)
    for _ in range(steps):
        legal = legal_actions(s)
        if not legal:
            break
        s, _ = apply(s, rng.choice(legal))
    return s


@cache
def _find(seats: int, phase: Phase) -> State:
    """A state in ``phase`` reached by random play (DRAW_CHOICE needs a few seeds)."""
    for seed in range(300):
        rng = random.Random(seed)
        s = new_game(seats, Rules(), seed)
        for _ in range(200):
            if s.phase is phase:
                return s
            legal = legal_actions(s)
            if not legal:
                break
            s, _ = apply(s, rng.choice(legal))
    raise AssertionError(f"no {phase} found")


def _mid(seats: int, seed: int = 3) -> RoppyakkenView:
    s = _play(seats, seed, 9)
    return view(s, s.to_act)


@pytest.mark.parametrize("seats", [2, 3])
def test_table_is_a_small_paletted_png(seats: int) -> None:
    img = _check(render_table(_mid(seats), names=NAMES[:seats]), width=1200, max_kib=100)
    assert img.height == table_height(seats) <= 0.9 * img.width  # landscape: shown 550 px wide


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("seed", range(6))
def test_random_positions_render(seats: int, seed: int) -> None:
    for steps in (0, 5, 13, 40):
        s = _play(seats, seed, steps)
        for seat in (None, *range(seats)):
            v = view(s, seat)
            _check(render_table(v, names=NAMES[:seats], locale="fr" if seed % 2 else "en"), width=1200)
            _check(render_hand(v, locale="fr" if seed % 2 else "en"))


def test_table_is_deterministic() -> None:
    v = _mid(3)
    assert render_table(v, names=NAMES) == render_table(v, names=NAMES)
    assert render_hand(v) == render_hand(v)


def test_locales_differ() -> None:
    v = _mid(3)
    assert render_table(v, names=NAMES, locale="en") != render_table(v, names=NAMES, locale="fr")
    assert render_table(v, names=NAMES, locale="fr") == render_table(v, names=NAMES, locale="fr-FR")
    assert render_hand(v, locale="en") != render_hand(v, locale="fr")


def test_names_and_viewpoint_are_drawn() -> None:
    s = _play(3, 4, 7)
    assert render_table(view(s, 0), names=NAMES) != render_table(view(s, 0), names=("Aki", "Ben", "Dai"))
    assert render_table(view(s, None), names=NAMES) != render_table(view(s, 1), names=NAMES)


@pytest.mark.parametrize("seats", [2, 3])
def test_draw_choice(seats: int) -> None:
    s = _find(seats, Phase.DRAW_CHOICE)
    v = view(s, s.to_act)
    assert v.pending_draw is not None and len(v.pending_targets) >= 2
    table = render_table(v, names=NAMES[:seats])
    _check(table, width=1200)
    hand = _check(render_hand(v))
    assert hand.width >= 720
    plain = dataclasses.replace(v, phase=Phase.PLAY, pending_draw=None, pending_targets=())
    assert render_table(plain, names=NAMES[:seats]) != table


def test_hand_marks_the_seats_turn() -> None:
    v = _mid(2)
    assert v.legal_actions
    waiting = dataclasses.replace(v, to_act=(acting(v.to_act) + 1) % 2, legal_actions=())
    assert render_hand(v) != render_hand(waiting)
    _check(render_hand(dataclasses.replace(v, seat=None, hand=None, legal_actions=())))
    _check(render_hand(dataclasses.replace(v, hand=(), legal_actions=())))


def test_empty_and_crowded_tables() -> None:
    v = _mid(3)
    empty = dataclasses.replace(
        v,
        field=(),
        captured=((), (), ()),
        hand_counts=(0, 0, 0),
        draw_pile=0,
        last_move=None,
        pending_draw=None,
        pending_targets=(),
        running=(),
        legal_actions=(),
    )
    _check(render_table(empty, names=NAMES), width=1200)
    half = len(CARDS) // 2
    yaku = tuple(
        Item(n, 100, cards("1a 3a 8a"))
        for n in ("shiko", "nanatan", "teppo", "ozan", "aotan", "shima_1", "shima_12", "unknown_yaku")
    )
    teyaku = (Item("tesan", 200, cards("4a 4b 4c")), Item("sogasu", 400, cards("4c")))
    big = SeatScore((Item("lights", 300, cards("1a 2a 3a 8a 11a 12a")),), yaku, teyaku, 9999)
    crowded = dataclasses.replace(
        v,
        field=CARDS[:20],
        captured=(CARDS[20 : half + 10], CARDS[half + 10 :], ()),
        hand_counts=(8, 8, 8),
        draw_pile=30,
        scores=(123456, 599, 0),
        running=(big, big, SeatScore((), (), teyaku, 600)),
        last_move=LastMove(0, CARDS[0], CARDS[1:4], CARDS[5], CARDS[6:9]),
    )
    long = ("A" * 80, "猪鹿蝶고도리" * 10, "W" * 40)
    for locale in ("en", "fr"):
        _check(render_table(crowded, names=long, locale=locale), width=1200)
    two = dataclasses.replace(
        crowded,
        seats=2,
        captured=crowded.captured[:2],
        hand_counts=(8, 8),
        scores=(0, 0),
        running=crowded.running[:2],
    )
    _check(render_table(two, names=long[:2]), width=1200)


def test_match_over_view_renders() -> None:
    s = _play(3, 11, 100_000)
    assert s.phase is Phase.OVER
    for seat in (None, 0):
        _check(render_table(view(s, seat), names=NAMES), width=1200)
        _check(render_hand(view(s, seat)))


def test_roppyakken_classes() -> None:
    kind = kind_of()
    assert kind(Card.parse("2a")) is Kind.BRIGHT
    assert kind(Card.parse("12b")) is Kind.ANIMAL
    assert kind(Card.parse("9a")) is Kind.ANIMAL
    assert kind_of(True)(Card.parse("9a")) is Kind.BRIGHT
    assert kind(Card.parse("11c")) is Kind.RIBBON
    assert kind(Card.parse("12c")) is Kind.CHAFF


@pytest.mark.parametrize("seats", [2, 3])
def test_round_sheet_and_summary_from_real_matches(seats: int) -> None:
    s = _play(seats, 21, 100_000)
    assert s.history
    for result in s.history[-3:]:
        _check(render_round_sheet(result, names=NAMES[:seats], scores=s.scores), width=1200)
        fr = render_round_sheet(result, names=NAMES[:seats], scores=s.scores, locale="fr")
        assert fr != render_round_sheet(result, names=NAMES[:seats], scores=s.scores)
    _check(render_match_summary(s.history, names=NAMES[:seats], scores=s.scores))
    _check(render_match_summary((), names=NAMES[:seats], scores=(0,) * seats, locale="fr"))


def test_sheet_with_nothing_and_with_everything() -> None:
    nothing = RoundResult(1, 0, (SeatScore((), (), (), 0),) * 3, (0, 0, 0), ((), (), ()), 1)
    _check(render_round_sheet(nothing, names=NAMES, scores=(0, 0, 0)), width=1200)
    items = tuple(Item(n, 50, cards("1a 1b 1c 1d")) for n in ("shima_1", "nanatan", "mystery", "ameshima"))
    full = SeatScore(
        (
            Item("lights", 300, cards("1a 2a 3a 8a 11a 12a")),
            Item("animals", 90, cards("4a 5a 6a 7a 8b 9a 10a 11b 12b")),
            Item("ribbons", 100, CARDS[1::4][:10]),
        ),
        items,
        (Item("futatesan", 400, cards("4a 4b 4c 5a 5b 5c")),),
        1290,
    )
    result = RoundResult(12, 1, (full, nothing.seats[0]), (1290, 0), (CARDS[:30], ()), None)
    _check(render_round_sheet(result, names=("A" * 90, "B"), scores=(1290, 0), locale="fr"), width=1200)
    many = tuple(dataclasses.replace(result, round_no=i + 1) for i in range(15))
    tie = render_match_summary(many, names=NAMES[:2], scores=(700, 700))
    assert tie != render_match_summary(many, names=NAMES[:2], scores=(701, 700))


def test_summary_names_the_engines_winner_even_when_not_top_scorer() -> None:
    """FudaWiki's tie-break (Shikō, then Nanatan) can crown a seat that is not the top total."""
    names, scores = ("Aki", "Ben"), (650, 620)
    by_total = render_match_summary((), names=names, scores=scores)
    assert render_match_summary((), names=names, scores=scores, winners=(0,)) == by_total
    assert render_match_summary((), names=names, scores=scores, winners=(1,)) != by_total

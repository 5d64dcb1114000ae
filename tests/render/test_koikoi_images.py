"""Koi-Koi images: format, determinism, locales, and positions from empty to crowded."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from engine.hanafuda.cards import CARDS, Kind, cards
from engine.hanafuda.koikoi.types import Capture, LastMove, Multiplier, Phase, RoundResult, YakuScore
from render.hanafuda.koikoi import render_hand, render_match_summary, render_round_sheet, render_table
from render.hanafuda.koikoi.table import H as TABLE_H
from tests.render.factory import NAMES, random_result, random_view, sample_result, showcase_view

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _check(png: bytes, width: int | None = None, max_kib: int = 200) -> Image.Image:
    img = _open(png)
    assert img.mode == "P"
    assert len(img.getpalette() or []) <= 256 * 3
    assert len(png) < max_kib * 1024
    if width is not None:
        assert img.width == width
    return img


def test_table_is_a_small_paletted_png() -> None:
    img = _check(render_table(showcase_view(), names=NAMES), width=1200, max_kib=120)
    assert img.height == TABLE_H <= 0.9 * img.width  # landscape: shown 550 px wide


def test_table_is_deterministic() -> None:
    view = random_view(7)
    assert render_table(view, names=NAMES) == render_table(view, names=NAMES)


def test_locales_differ() -> None:
    view = showcase_view()
    assert render_table(view, names=NAMES, locale="en") != render_table(view, names=NAMES, locale="fr")
    # a Discord locale string is accepted too
    assert render_table(view, names=NAMES, locale="fr") == render_table(view, names=NAMES, locale="fr-FR")


def test_names_are_drawn() -> None:
    view = showcase_view()
    assert render_table(view, names=("Aki", "Ben")) != render_table(view, names=("Aki", "Chiyo"))


@pytest.mark.parametrize("seed", range(12))
def test_random_positions_render(seed: int) -> None:
    _check(render_table(random_view(seed), names=NAMES), width=1200)
    _check(render_hand(random_view(seed, seat=seed % 2), locale="fr"))


@pytest.mark.parametrize("phase", list(Phase))
def test_every_phase_renders(phase: Phase) -> None:
    _check(render_table(random_view(3, phase=phase), names=NAMES), width=1200)


def test_empty_table() -> None:
    view = dataclasses.replace(
        random_view(1),
        field=(),
        captured=((), ()),
        yaku=((), ()),
        hand_counts=(0, 0),
        draw_pile=0,
        last_move=None,
        pending_draw=None,
        pending_targets=(),
        koikoi_calls=(0, 0),
    )
    _check(render_table(view, names=NAMES), width=1200)


def test_crowded_table_and_long_names() -> None:
    chaff = tuple(c for c in CARDS if c.kind is Kind.CHAFF)
    others = tuple(c for c in CARDS if c.kind is not Kind.CHAFF)
    yaku = tuple(
        YakuScore(y, 9, chaff[:3])
        for y in ("goko", "inoshikacho", "akatan_aotan", "kasu", "tane", "tanzaku", "hanami", "tsukimi")
    )
    view = dataclasses.replace(
        random_view(2),
        field=others[:20],
        captured=(chaff, others[20:]),
        yaku=(yaku, yaku[:2]),
        hand_counts=(8, 8),
        draw_pile=24,
        koikoi_calls=(3, 12),
        scores=(123456, 0),
        last_move=LastMove(0, chaff[0], chaff[1:4], others[0], others[1:4]),
    )
    long = ("A" * 80, "猪鹿蝶고도리" * 10)
    _check(render_table(view, names=long), width=1200)
    _check(render_table(view, names=long, locale="fr"), width=1200)


def test_spectator_sees_seat_zero_at_the_bottom_and_a_seat_sees_itself() -> None:
    public = showcase_view(seat=None)
    seat1 = showcase_view(seat=1)
    assert render_table(public, names=NAMES) != render_table(seat1, names=NAMES)


def test_draw_choice_marks_the_pending_card() -> None:
    view = showcase_view()
    choice = dataclasses.replace(
        view,
        phase=Phase.DRAW_CHOICE,
        pending_draw=cards("7a")[0],
        pending_targets=cards("7b 7c"),
        legal_actions=(Capture(cards("7b")[0]),),
    )
    assert render_table(choice, names=NAMES) != render_table(view, names=NAMES)


def test_hand_image() -> None:
    seat_view = showcase_view(seat=1)
    img = _check(render_hand(seat_view))
    assert img.width >= 720
    not_my_turn = dataclasses.replace(seat_view, to_act=0, legal_actions=())
    assert render_hand(seat_view) != render_hand(not_my_turn)
    _check(render_hand(showcase_view(seat=None)))  # spectator: no hand
    _check(render_hand(dataclasses.replace(seat_view, hand=())))


def test_round_sheets() -> None:
    _check(render_round_sheet(sample_result(), names=NAMES, scores=(40, 0)), width=1200)
    draw = sample_result(None, "draw")
    _check(render_round_sheet(draw, names=NAMES, scores=(0, 0), locale="fr"), width=1200)
    for seed in range(8):
        _check(render_round_sheet(random_result(seed), names=NAMES, scores=(5, 5)), width=1200)


def test_round_sheet_with_unknown_yaku_and_many_multipliers() -> None:
    result = RoundResult(
        round_no=12,
        reason="some_variant_end",
        winner=1,
        yaku=(YakuScore("not_a_yaku", 3, cards("1a 2a")),),
        base=3,
        multipliers=tuple(Multiplier(f"mult_{i}", 2) for i in range(5)),
        points=(0, 96),
        captured=(cards("1c"), cards("1a 2a")),
        koikoi_calls=(0, 0),
        dealer=0,
        next_dealer=1,
    )
    _check(render_round_sheet(result, names=NAMES, scores=(0, 96)), width=1200)


def test_match_summary() -> None:
    history = tuple(dataclasses.replace(random_result(s), round_no=s + 1) for s in range(12))
    _check(render_match_summary(history, names=NAMES, scores=(30, 12)))
    tie = render_match_summary(history[:3], names=NAMES, scores=(7, 7), locale="fr")
    assert tie != render_match_summary(history[:3], names=NAMES, scores=(8, 7), locale="fr")
    _check(render_match_summary((), names=NAMES, scores=(0, 0)))

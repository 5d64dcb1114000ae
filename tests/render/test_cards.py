"""The rating cards (leaderboard, profile, history): PNG within 80 KiB, every text readable when
shown 550 px wide, and a look at the edge cases (an empty board, a profile with no rated match)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

import i18n
from render.cards import render_leaderboard, render_profile
from render.cards.common import DOWN, UP, day
from render.cards.history import render_history
from render.labels import signed
from render.widgets import INLINE_W, MIN_INK, recording, text_ink
from tests.render import card_samples
from tests.render.card_samples import board, profile
from tests.render.text_spy import texts_drawn

MAX_BYTES = 80 * 1024


def _checked(png: bytes, drawn: list) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and len(png) <= MAX_BYTES
    scale = min(1.0, INLINE_W / image.width)
    small = [d for d in drawn if not d.decorative and text_ink(d.text, d.size) * scale < MIN_INK]
    assert not small, f"texts under {MIN_INK} px tall at {INLINE_W} px: {small[:5]}"
    return image


@pytest.mark.parametrize("seed", range(6))
def test_the_leaderboard_card_is_small_and_readable_at_550_px(seed: int) -> None:
    with recording() as drawn:
        png = render_leaderboard(board(seed))
    image = _checked(png, drawn)
    assert image.width >= INLINE_W and image.height < 1.2 * image.width
    names = {d.text for d in drawn}
    assert "998?" in names, "the provisional mark"


@pytest.mark.parametrize("seed", range(6))
def test_the_profile_card_is_small_and_readable_at_550_px(seed: int) -> None:
    with recording() as drawn:
        png = render_profile(profile(seed))
    _checked(png, drawn)


def test_empty_cards_say_so() -> None:
    empty = replace(board(0), rows=(), own_row_apart=False)
    with recording() as drawn:
        _checked(render_leaderboard(empty), drawn)
    assert empty.empty in " ".join(d.text for d in drawn), "the sentence, on as many lines as it takes"
    blank = replace(profile(0), series=(), opponents=())
    with recording() as drawn:
        _checked(render_profile(blank), drawn)
    assert {"No rated match yet", "Nobody yet"} <= {d.text for d in drawn}


@pytest.mark.parametrize("lang", i18n.supported())
def test_every_word_of_the_cards_is_drawn_whole_in_every_language(lang: str) -> None:
    """Column headers, the legend, the empty board's sentence: never cut in any language."""
    card = board(3, lang)
    with recording() as drawn:
        _checked(render_leaderboard(card, locale=lang), drawn)
    texts = [d.text for d in drawn]
    assert set(card.headers) <= set(texts), f"a column header cut in {lang}: {texts[:8]}"
    assert not [
        x
        for x in texts
        if x.endswith("…") and x not in card.headers and "x" * 10 not in x and "someone" not in x
    ], "only over-long names are cut"
    empty = replace(card, rows=(), own_row_apart=False)
    with recording() as drawn:
        _checked(render_leaderboard(empty, locale=lang), drawn)
    words = "".join(d.text for d in drawn)
    assert "".join(card.empty.split()) in "".join(words.split()), "the empty board's sentence, whole"
    assert "".join(card.legend.split()) in "".join(words.split()), "the legend, whole"
    with recording() as drawn:
        _checked(render_profile(profile(1, lang), locale=lang), drawn)
    assert not [d.text for d in drawn if d.text.endswith("…") and " — " not in d.text]


@pytest.mark.parametrize("lang", i18n.supported())
def test_the_history_card_is_small_readable_and_whole_in_every_language(lang: str) -> None:
    """Ten matches of every shape (4 seats, CPU seats, the memory mode alone, long names): within
    80 KiB, every text readable at 550 px, the words never cut, the changes coloured."""
    for seed in range(3):
        card = card_samples.history(seed, lang)
        with recording() as drawn:
            image = _checked(render_history(card, locale=lang), drawn)
        assert image.width >= INLINE_W and image.height < 1.2 * image.width
        texts = {d.text for d in drawn}
        assert {r.result for r in card.rows} <= texts, "won / lost / forfeited, whole"
        assert {r.game for r in card.rows} <= texts, "the game names, whole"
        played = [r.played for r in card.rows if r.played is not None]
        assert len(played) == len(card.rows)
        assert {day(p, lang) for p in played} <= texts, "the dates, the language's way"
        words = "".join("".join(d.text for d in drawn).split())
        assert "".join(card.legend.split()) in words, "the legend, whole (on as many lines as it takes)"
        assert card.alone in texts, "the memory mode played alone says so"
        assert card.rows[1].unrated in texts, "a match against the CPU: 'vs CPU' instead of a change"
        rated = [r.change for r in card.rows if r.change]
        assert {signed(c, lang) for c in rated} <= texts, "+12 / −9 the language's way"
        names = " ".join([card.title, *(s.name for r in card.rows for s in r.seats)])
        cut = [x for x in texts if x.endswith("…") and x[:-1] not in names]
        assert not cut, f"only names are cut: {cut}"


def test_the_history_card_colours_changes_and_marks_cpu_seats() -> None:
    card = card_samples.history(0)
    with texts_drawn() as calls:
        render_history(card)
    colours = {text: fill for text, _, fill in calls}
    up = next(r.change for r in card.rows if r.change and r.change > 0)
    down = next(r.change for r in card.rows if r.change and r.change < 0)
    assert colours[signed(up, "en")] == UP and colours[signed(down, "en")] == DOWN
    assert "±0" in colours, "a rated match that moved nothing"
    cpu = next(s for r in card.rows for s in r.seats if s.cpu)
    assert cpu.name.startswith("CPU ") and cpu.name in colours, "the CPU seat's name already says CPU"
    named = replace(
        card, rows=(replace(card.rows[1], seats=(card.rows[1].seats[0], replace(cpu, name="Tsuki"))),)
    )
    with texts_drawn() as calls:
        render_history(named)
    assert "CPU Tsuki" in {text for text, _, _ in calls}, "a CPU seat is marked as one"

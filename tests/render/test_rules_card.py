"""Rules cards (render/rules_card.py): every game in every locale, real glyphs in the locale's
regional face, readable at Discord's inline width, and shown by ``/<game> rules``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fontTools.ttLib import TTCollection
from PIL import ImageFont

import i18n
from render.fonts import FACE_INDEX, FONT_PATH
from render.rules_card import GAMES, W, render_rules_card
from render.widgets import min_size, recording
from tests.render.text_spy import texts_drawn

EXPECTED_FACE = {"en": "JP", "fr": "JP", "ja": "JP", "ko": "KR", "zh-CN": "SC", "zh-TW": "TC"}
_CMAPS: dict[str, frozenset[int]] = {}


def cmap(region: str) -> frozenset[int]:
    if region not in _CMAPS:
        collection = TTCollection(FONT_PATH, lazy=True)
        _CMAPS[region] = frozenset(collection.fonts[FACE_INDEX[region]].getBestCmap())
    return _CMAPS[region]


@pytest.fixture
def drawn() -> Iterator[list[tuple[str, Any, Any]]]:
    """``(text, font, fill)`` of every text drawn while the test runs."""
    with texts_drawn() as calls:
        yield calls


@pytest.mark.parametrize("lang", i18n.supported())
@pytest.mark.parametrize("game", GAMES)
def test_rules_card_draws_real_glyphs_in_the_locales_face(game: str, lang: str, drawn: list) -> None:
    png = render_rules_card(game, locale=lang)
    assert png.startswith(b"\x89PNG") and len(png) < 200_000
    missing, faces = set(), set()
    for text, f, _ in drawn:
        assert isinstance(f, ImageFont.FreeTypeFont), f"{text!r} drawn without our font"
        region = (f.getname()[0] or "").removeprefix("Noto Sans CJK ")
        faces.add(region)
        missing |= {ch for ch in text if not ch.isspace() and ord(ch) not in cmap(region)}
    assert not missing, f"{game} card in {lang}: no glyph for {sorted(missing)}"
    assert faces == {EXPECTED_FACE[lang]}, faces


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_rules_card_reads_at_550_px_and_says_its_own_words(game: str, lang: str) -> None:
    with recording() as texts:
        render_rules_card(game, locale=lang)
    small = [d.text for d in texts if not d.decorative and d.size < min_size(W)]
    assert not small, f"too small to read at 550 px: {small[:3]}"
    words = " ".join(d.text for d in texts)
    assert i18n.t(lang, "rules_card.turn") in words and i18n.t(lang, "rules_card.scoring") in words
    assert i18n.t(lang, f"game.{game}") in words

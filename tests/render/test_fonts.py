"""The bundled font draws every text of every image in every language, each in its own face.

Noto Sans CJK has four regional faces (JP, KR, SC, TC): the same code point takes a Japanese,
Korean, Simplified or Traditional Chinese form. Each game's table, hand and score sheet is
rendered in every locale while every ``draw.text`` call is recorded; each character drawn must be
in the face's character map (else it would be the .notdef box), and the face must be the
locale's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from fontTools.ttLib import TTCollection
from PIL import ImageFont

import engine.goita as gt
import i18n
import render.fonts as fonts
from engine.doudizhu import ENGINE as DOUDIZHU
from engine.doudizhu.types import HandEnded
from engine.doudizhu.types import Phase as DPhase
from engine.goita import RoundEnded as GoitaRoundEnded
from engine.hanafuda.gostop import RoundEnded as GostopRoundEnded
from render import doudizhu as dd
from render import goita as go
from render.cards import render_leaderboard, render_profile
from render.cards.history import render_history
from render.fonts import FACE_INDEX, FONT_PATH, face, font
from render.hanafuda import gostop as gs
from render.hanafuda import koikoi as kk
from render.hanafuda import roppyakken as rp
from tests.render import card_samples
from tests.render.factory import NAMES, sample_result, showcase_view
from tests.render.samples import (
    PLAYERS,
    _dd_mid,
    _roppyakken_results,
    doudizhu_view,
    goita_view,
    gostop_view,
    memory_view,
    playout,
    roppyakken_view,
)
from tests.render.text_spy import texts_drawn

MISSING = "\U000f0000"  # a private-use code point no font of ours has: drawn as .notdef
EXPECTED_FACE = {"en": "JP", "fr": "JP", "ja": "JP", "ko": "KR", "zh-CN": "SC", "zh-TW": "TC"}
Render = Callable[[str], bytes]


@cache
def cmap(region: str) -> frozenset[int]:
    """Code points the regional face has a glyph for."""
    collection = TTCollection(FONT_PATH, lazy=True)
    return frozenset(collection.fonts[FACE_INDEX[region]].getBestCmap())


def _region(f: ImageFont.FreeTypeFont) -> str:
    family = f.getname()[0] or ""
    assert family.startswith("Noto Sans CJK "), family
    return family.removeprefix("Noto Sans CJK ")


def images() -> Iterator[tuple[str, Render]]:
    """Each game's table, hand and score sheet, drawn in the locale given."""
    yield "koikoi/table", lambda loc: kk.render_table(showcase_view(), names=NAMES, locale=loc)
    yield "koikoi/hand", lambda loc: kk.render_hand(showcase_view(seat=1), locale=loc)
    yield (
        "koikoi/sheet",
        # large totals: digit grouping (1,234; 1 234) must use characters the font has
        lambda loc: kk.render_round_sheet(sample_result(), names=NAMES, scores=(12345, -1234), locale=loc),
    )
    yield "roppyakken/table", lambda loc: rp.render_table(roppyakken_view(3), names=PLAYERS[:3], locale=loc)
    yield "roppyakken/hand", lambda loc: rp.render_hand(roppyakken_view(3), locale=loc)

    def ropp_sheet(loc: str) -> bytes:
        results = _roppyakken_results()
        return rp.render_round_sheet(results[0], names=PLAYERS[:3], scores=(300, 200, 100), locale=loc)

    yield "roppyakken/sheet", ropp_sheet
    yield "gostop/table", lambda loc: gs.render_table(gostop_view(3), names=PLAYERS[:3], locale=loc)
    yield (
        "gostop/hand",
        lambda loc: gs.render_hand(
            dataclasses.replace(gostop_view(2), hand=("1a", "J2", "J3", "11d", "3a", "3b")), locale=loc
        ),
    )

    def gostop_sheet(loc: str) -> bytes:
        _, events = playout("gostop", 3, 5)
        ended = [e for e in events if isinstance(e, GostopRoundEnded)]
        big = max(ended, key=lambda e: len(e.result.payments) + len(e.result.items))
        return gs.render_round_sheet(big.result, names=PLAYERS[:3], scores=big.scores, locale=loc)

    yield "gostop/sheet", gostop_sheet
    yield (
        "doudizhu/table",
        lambda loc: dd.render_table(doudizhu_view(_dd_mid), names=PLAYERS[:3], locale=loc),
    )
    yield (
        "doudizhu/hand",
        lambda loc: dd.render_hand(
            doudizhu_view(lambda v: v.phase is DPhase.BID and len(v.bids) == 1), locale=loc
        ),
    )

    def doudizhu_sheet(loc: str) -> bytes:
        _, events = playout("doudizhu", 3, 1)
        ended = [e for e in events if isinstance(e, HandEnded)]
        return dd.render_round_sheet(ended[0].result, names=PLAYERS[:3], scores=ended[0].scores, locale=loc)

    yield "doudizhu/sheet", doudizhu_sheet
    yield "goita/table", lambda loc: go.render_table(goita_view(4), names=PLAYERS, locale=loc)
    yield "goita/hand", lambda loc: go.render_hand(goita_view(4), locale=loc)

    def goita_sheet(loc: str) -> bytes:
        _, events = playout("goita", 4, 2)
        ended = [e for e in events if isinstance(e, GoitaRoundEnded)]
        return go.render_round_sheet(ended[0].result, names=PLAYERS, scores=ended[0].scores, locale=loc)

    yield "goita/sheet", goita_sheet
    yield "goita/memory", lambda loc: go.render_memory(memory_view(3, 15), names=PLAYERS[:3], locale=loc)
    yield from summaries()
    yield from rating_cards()
    yield from onlooker_hands()


def onlooker_hands() -> Iterator[tuple[str, Render]]:
    """Each game's hand as a replay draws it, for an onlooker ("<name>'s hand", "<name> to play")."""
    owner = PLAYERS[1]  # Benoît: a non-ASCII letter in every face
    yield "koikoi/hand_owner", lambda loc: kk.render_hand(showcase_view(seat=1), locale=loc, owner=owner)
    yield "roppyakken/hand_owner", lambda loc: rp.render_hand(roppyakken_view(3), locale=loc, owner=owner)
    yield "gostop/hand_owner", lambda loc: gs.render_hand(gostop_view(3), locale=loc, owner=owner)
    yield (
        "doudizhu/hand_owner",
        lambda loc: dd.render_hand(
            doudizhu_view(lambda v: v.phase is DPhase.BID and len(v.bids) == 1), locale=loc, owner=owner
        ),
    )
    yield (
        "doudizhu/hand_owner_beat",
        lambda loc: dd.render_hand(doudizhu_view(_dd_mid), locale=loc, owner=owner),
    )
    yield "goita/hand_owner", lambda loc: go.render_hand(goita_view(4), locale=loc, owner=owner)


def rating_cards() -> Iterator[tuple[str, Render]]:
    """``/leaderboard``'s, ``/stats``' and ``/history``'s cards, with the bot's own words in the locale."""
    yield "cards/leaderboard", lambda loc: render_leaderboard(card_samples.board(3, loc), locale=loc)
    yield "cards/profile", lambda loc: render_profile(card_samples.profile(1, loc), locale=loc)
    yield "cards/history", lambda loc: render_history(card_samples.history(1, loc), locale=loc)


def summaries() -> Iterator[tuple[str, Render]]:
    """Each game's match summary (the last score sheet)."""
    history = tuple(dataclasses.replace(sample_result(), round_no=n) for n in (1, 2, 3))
    yield (
        "koikoi/summary",
        lambda loc: kk.render_match_summary(history, names=NAMES, scores=(30, 12), locale=loc),
    )
    yield (
        "roppyakken/summary",
        lambda loc: rp.render_match_summary(
            _roppyakken_results(), names=PLAYERS[:3], scores=(600, 310, 90), locale=loc
        ),
    )

    def gostop_summary(loc: str) -> bytes:
        _, events = playout("gostop", 3, 5)
        ended = [e for e in events if isinstance(e, GostopRoundEnded)]
        history = tuple(e.result for e in ended)
        return gs.render_match_summary(history, names=PLAYERS[:3], scores=ended[-1].scores, locale=loc)

    def doudizhu_summary(loc: str) -> bytes:
        states, _ = playout("doudizhu", 3, 1)
        final = DOUDIZHU.view(states[-1], None)
        return dd.render_match_summary(
            final.history, names=PLAYERS[:3], scores=final.scores, winners=(0,), locale=loc
        )

    def goita_summary(loc: str) -> bytes:
        states, _ = playout("goita", 4, 2)
        outcome = gt.outcome(states[-1])
        winners = outcome.winners if outcome is not None else ()
        return go.render_match_summary(
            states[-1].history, names=PLAYERS, scores=states[-1].scores, winners=winners, locale=loc
        )

    yield "gostop/summary", gostop_summary
    yield "doudizhu/summary", doudizhu_summary
    yield "goita/summary", goita_summary


IMAGES = dict(images())


@pytest.fixture
def drawn() -> Iterator[list[tuple[str, Any, Any]]]:
    """``(text, font, fill)`` of every text drawn while the test runs."""
    with texts_drawn() as calls:
        yield calls


@pytest.mark.parametrize("lang", i18n.supported())
@pytest.mark.parametrize("image", sorted(IMAGES))
def test_every_text_is_drawn_with_real_glyphs_in_the_locales_face(
    image: str, lang: str, drawn: list[tuple[str, Any, Any]]
) -> None:
    png = IMAGES[image](lang)
    assert png.startswith(b"\x89PNG")
    assert drawn, "the image draws texts"
    missing, faces = set(), set()
    for text, f, _ in drawn:
        assert isinstance(f, ImageFont.FreeTypeFont), f"{text!r} drawn without our font"
        region = _region(f)
        faces.add(region)
        missing |= {ch for ch in text if not ch.isspace() and ord(ch) not in cmap(region)}
    assert not missing, f"{image} in {lang}: no glyph for {sorted(missing)} (drawn as .notdef boxes)"
    assert faces == {EXPECTED_FACE[lang]}, f"{image} in {lang} used the faces {faces}"


def test_each_locale_has_its_regional_face() -> None:
    assert {lang: face(lang) for lang in EXPECTED_FACE} == EXPECTED_FACE
    assert face("de") == "JP" and face("zh-Hant") == "TC"
    assert {_region(font(20, lang)) for lang in ("ja", "ko", "zh-CN", "zh-TW")} == {"JP", "KR", "SC", "TC"}
    with fonts.drawing_in("ko"):
        assert _region(font(20)) == "KR"
    assert _region(font(20)) == "JP"


def test_the_faces_draw_regional_forms() -> None:
    """骨 and 直 differ between Japan, mainland China and Taiwan: the faces are really distinct."""
    glyphs = {lang: bytes(font(48, lang).getmask("骨直")) for lang in ("ja", "zh-CN", "zh-TW")}
    assert len(set(glyphs.values())) == 3


def _glyph(ch: str) -> bytes:
    mask = font(40).getmask(ch)
    return bytes(mask) + bytes(str(mask.size), "ascii")


@pytest.mark.parametrize("ch", list("猪鹿蝶고도리光こいこい盃Aé"))
def test_cjk_glyphs_render(ch: str) -> None:
    mask = font(40).getmask(ch)
    assert mask.getbbox() is not None, f"{ch!r} drew nothing"
    assert _glyph(ch) != _glyph(MISSING), f"{ch!r} is drawn as the .notdef box"


def test_glyphs_differ_from_each_other() -> None:
    glyphs = {_glyph(ch) for ch in "猪鹿蝶고도리"}
    assert len(glyphs) == 6


def test_the_cmap_check_sees_a_missing_glyph() -> None:
    assert ord("光") in cmap("JP") and ord(MISSING) not in cmap("JP")

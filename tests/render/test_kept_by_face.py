"""What the renderers keep between images is kept per regional face (docs: render/fonts.py).

A Goita piece, a hanafuda face with its badge, a composite of them on a paletted canvas: each
holds text drawn with ``font(size)``, which draws in the render call's regional face. They were
kept by piece and width only, so the first image of a process to draw one chose the glyph forms
every later image showed: after a zh-TW table, an English hand showed the Taiwanese 飛, and a
zh-TW hand drawn after an English one the Japanese 飛. Which image came first depended on how the
test workers shared the files out, so the pixel goldens failed by chance (``--dist load``; once in
a whole run). Each check below draws in one face, then the other, then the first again: the two
faces must differ where their glyphs do, and each must come back the same.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.goita.types import Piece
from engine.hanafuda.cards import CARDS, Kind
from render import canvas as C
from render.fonts import drawing_in
from render.goita import pieces as G
from render.goita.palette import goita_palette
from render.hanafuda import faces as H

ROOT = Path(__file__).resolve().parents[2]

# Pieces whose character has another form in Taiwan than in Japan at these sizes (飛 金 銀 香).
REGIONAL = (Piece.R, Piece.G, Piece.S, Piece.L)


def _in_each_face(draw: Callable[[], bytes]) -> tuple[bytes, bytes, bytes]:
    """``draw()`` in zh-TW, then in English (the Japanese face), then in zh-TW again."""
    with drawing_in("zh-TW"):
        taiwan = draw()
    with drawing_in("en"):
        japan = draw()
    with drawing_in("zh-TW"):
        again = draw()
    return taiwan, japan, again


FIRST_PALETTE = """
import hashlib, sys
from render.fonts import drawing_in
from render.goita.palette import goita_palette
with drawing_in(sys.argv[1]):
    palette = goita_palette()
print(hashlib.sha256(bytes(palette.getpalette() or [])).hexdigest())
"""


def _first_palette(locale: str) -> str:
    """The Goita palette of a fresh process whose first Goita image is in ``locale``."""
    run = subprocess.run(
        [sys.executable, "-c", FIRST_PALETTE, locale], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return run.stdout.strip()


def test_the_goita_palette_is_the_same_whichever_locale_asks_first() -> None:
    """The palette is built from sample pieces when a process's first Goita image asks for it:
    built in that image's face, a restarted bot whose first table was in zh-TW quantised every
    later image, in every locale, onto another palette than one whose first table was English.
    (In a fresh process each: in this one the sample pieces may already be kept.)"""
    assert _first_palette("zh-TW") == _first_palette("en")


@pytest.mark.parametrize("piece", REGIONAL, ids=str)
def test_a_goita_piece_shows_the_images_own_glyph_form(piece: Piece) -> None:
    taiwan, japan, again = _in_each_face(lambda: G.piece_face(piece, 96, initial=str(piece)).tobytes())
    assert taiwan != japan, "the English image showed the piece drawn for the zh-TW one"
    assert again == taiwan


@pytest.mark.parametrize("piece", REGIONAL, ids=str)
def test_an_own_face_down_piece_shows_the_images_own_glyph_form(piece: Piece) -> None:
    taiwan, japan, again = _in_each_face(lambda: G.piece_back(88, piece).tobytes())
    assert taiwan != japan
    assert again == taiwan


@pytest.mark.parametrize("piece", REGIONAL, ids=str)
def test_a_piece_pasted_on_a_table_shows_the_images_own_glyph_form(piece: Piece) -> None:
    """The paletted canvas keeps composites by their key: the key names the face too."""

    def pasted() -> bytes:
        canvas = C.new((140, 160), G.WOOD, goita_palette())
        G.paste_piece(canvas, piece, 10, 10, 92)
        return canvas.tobytes()

    taiwan, japan, again = _in_each_face(pasted)
    assert taiwan != japan
    assert again == taiwan


def test_a_hanafuda_ribbon_badge_shows_the_images_own_glyph_form() -> None:
    """The ribbons' badge 短 has a Taiwanese form of its own."""
    ribbon = next(card for card in CARDS if card.kind is Kind.RIBBON)
    taiwan, japan, again = _in_each_face(lambda: H.card_face(ribbon, 171).tobytes())
    assert taiwan != japan
    assert again == taiwan

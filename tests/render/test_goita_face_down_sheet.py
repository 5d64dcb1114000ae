"""The Goita round sheet shows every seat's face-down pieces once the round is over (seed: face
down « jusqu'à la fin de la manche »)."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageChops

from engine.goita import PRESETS, Piece, RoundEnded, RoundResult
from render.goita import render_round_sheet
from tests.engine.goita.stacked import fill, play, table

NAMES = ("Aki", "Benoît", "Chiyo", "Daichi")
# Seat 3 finishes with a double; face down: A G, B B, C K, D G N P.
MOVES = (
    "down:G attack:N block:N attack:L pass pass pass down:B attack:S block:S attack:G pass pass pass "
    "down:K attack:P block:P attack:L pass pass pass down:G attack:S pass pass pass down:N attack:P "
    "pass pass pass down:P attack:P"
)


def _ended(moves: str) -> RoundEnded:
    _, events = play(table(), moves)
    return next(e for e in events if isinstance(e, RoundEnded))


def _image(result: RoundResult, scores: tuple[int, ...], locale: str = "en") -> Image.Image:
    img = Image.open(io.BytesIO(render_round_sheet(result, names=NAMES, scores=scores, locale=locale)))
    img.load()
    return img.convert("RGB")


def test_round_sheet_shows_every_face_down_piece() -> None:
    e = _ended(MOVES)
    assert e.result.face_down == ((Piece.G,), (Piece.B,), (Piece.K,), (Piece.G, Piece.N, Piece.P))
    for locale in ("en", "fr"):
        shown = _image(e.result, e.scores, locale)
        hidden = _image(dataclasses.replace(e.result, face_down=()), e.scores, locale)
        assert shown.width == hidden.width == 1200
        assert shown.height > hidden.height  # a panel of its own


def test_round_sheet_draws_the_pieces_laid_face_down() -> None:
    """Another face-down piece changes the panel's pixels; the rest of the sheet stays the same."""
    e = _ended(MOVES)
    other = ((Piece.G,), (Piece.B,), (Piece.R,), (Piece.G, Piece.N, Piece.P))
    a = _image(e.result, e.scores)
    b = _image(dataclasses.replace(e.result, face_down=other), e.scores)
    assert a.size == b.size
    box = ImageChops.difference(a, b).getbbox()
    assert box is not None
    # Only the face-down panel differs: below the headline panel, above the team rows.
    assert box[1] > 300 and box[3] < a.height - 2 * 66


def test_teyaku_sheet_keeps_the_revealed_hand() -> None:
    """A teyaku ends the round before any piece is laid: no face-down panel, the hand is shown."""
    s = table(fill("PPPPPPGS"), rules=PRESETS["association"])
    r = s.history[-1] if s.history else None
    assert r is not None and r.reason == "teyaku" and not any(r.face_down) and r.revealed
    img = _image(r, s.scores)
    assert img.height > _image(dataclasses.replace(r, revealed=()), s.scores).height

"""Sub-choices show the choice (issue 28): when a drawn, flipped or played card matches several
field cards, the seat's private hand image shows that card and raises its candidates, glowing,
each with the code its button carries.

The hand image never showed the field, so "Pick what the drawn card 11a captures" (Roppyakken)
left the player to find the candidates on the public table. The choice comes from the seat's
own view (its legal actions): nothing new reaches the public table. Goita and Dou Dizhu have no
such choice: every Goita move is one click, and a Dou Dizhu combination is picked in its menu.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from engine.core import GameEngine
from engine.hanafuda.gostop import ENGINE as GOSTOP
from engine.hanafuda.gostop.cards import card_str
from engine.hanafuda.gostop.types import Phase as GPhase
from engine.hanafuda.gostop.types import Play as GPlay
from engine.hanafuda.gostop.types import Take
from engine.hanafuda.koikoi import ENGINE as KOIKOI
from engine.hanafuda.koikoi.types import Capture as KCapture
from engine.hanafuda.koikoi.types import Phase as KPhase
from engine.hanafuda.koikoi.types import Play as KPlay
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
from engine.hanafuda.roppyakken.types import Capture as RCapture
from engine.hanafuda.roppyakken.types import Phase as RPhase
from render.hanafuda import gostop as gs
from render.hanafuda import hand_row as HR
from render.hanafuda import koikoi as kk
from render.hanafuda import roppyakken as rp
from render.hanafuda.gostop.common import code
from render.hanafuda.gostop.hand import sub_choice as gostop_choice
from render.hanafuda.koikoi.table import sub_choice as koikoi_choice
from render.hanafuda.roppyakken.table import sub_choice as roppyakken_choice
from render.palette import ACCENT, CHOICE
from render.widgets import card_height
from tests.render.samples import playout


def _acting_views(game: str, seats: int, seeds: range) -> Any:
    engines: dict[str, GameEngine[Any, Any, Any, Any]] = {
        "koikoi": KOIKOI,
        "roppyakken": ROPPYAKKEN,
        "gostop": GOSTOP,
    }
    eng = engines[game]
    for seed in seeds:
        for state in playout(game, seats, seed)[0]:
            seat = eng.to_act(state)
            if seat is not None:
                yield eng.view(state, seat)


def _first(game: str, seats: int, test: Callable[[Any], bool]) -> Any:
    return next(v for v in _acting_views(game, seats, range(1, 40)) if test(v))


def _draw_choice(game: str) -> tuple[Any, Any, set[str], Any]:
    """A view waiting for the drawn (flipped) card's capture: (view, renderer, candidate codes,
    the card)."""
    if game == "koikoi":
        v = _first("koikoi", 2, lambda v: v.phase is KPhase.DRAW_CHOICE)
        return v, kk, {str(a.target) for a in v.legal_actions if isinstance(a, KCapture)}, str(v.pending_draw)
    if game == "roppyakken":
        v = _first("roppyakken", 3, lambda v: v.phase is RPhase.DRAW_CHOICE and len(v.legal_actions) >= 2)
        return v, rp, {str(a.target) for a in v.legal_actions if isinstance(a, RCapture)}, str(v.pending_draw)
    v = _first("gostop", 3, lambda v: v.phase is GPhase.FLIP_CHOICE)
    targets = {code(card_str(a.target)) for a in v.legal_actions if isinstance(a, Take)}
    return v, gs, targets, code(v.pending_flip)


CHOOSERS: dict[str, Callable[..., HR.Choice | None]] = {
    "koikoi": koikoi_choice,
    "roppyakken": roppyakken_choice,
    "gostop": gostop_choice,
}


def _near(colour: tuple[int, ...], target: tuple[int, int, int], tolerance: int = 40) -> bool:
    return sum(abs(a - b) for a, b in zip(colour[:3], target, strict=True)) < tolerance


def _glow_at(img: Image.Image, p: HR.Placed) -> tuple[int, int, int]:
    """The colour of the glow's crisp ring just left of a placed card, halfway down."""
    h = card_height(HR.HAND_W)
    pixel = img.getpixel((round(p.x) - 2, round(p.y + h / 2)))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def _choice_top(img_height: int, choice: HR.Choice, moves: bool) -> float:
    return img_height - HR.choice_height() - ((round(HR.HT * 1.45) + 14) if moves else 0)


@pytest.mark.parametrize("game", ["koikoi", "roppyakken", "gostop"])
def test_a_drawn_card_waiting_for_its_capture_is_shown_with_exactly_its_candidates(game: str) -> None:
    """Roppyakken: "Pick what the drawn card 11a captures": the hand shows 11a and raises exactly
    the field cards the legal captures name, glowing in the choice colour."""
    view, module, candidates, card = _draw_choice(game)
    choice = CHOOSERS[game](view, None, "en")
    assert choice is not None and choice.code == card
    assert {code for _, code in choice.candidates} == candidates and len(candidates) >= 2
    img = Image.open(io.BytesIO(module.render_hand(view))).convert("RGB")
    moves = game == "gostop" and any(not isinstance(a, GPlay) for a in view.legal_actions)
    placed = HR.choice_layout(choice, _choice_top(img.height, choice, moves))
    assert [p.code for p in placed if p.candidate] == [code for _, code in choice.candidates]
    assert [p.code for p in placed if not p.candidate] == [card]
    for p in placed:
        assert _near(_glow_at(img, p), CHOICE if p.candidate else ACCENT), p.code


@pytest.mark.parametrize("game", ["koikoi", "roppyakken", "gostop"])
def test_no_choice_row_when_nothing_is_to_pick(game: str) -> None:
    """A seat that is waiting, or plays a card with a single capture, sees its hand as before."""
    seats = 2 if game == "koikoi" else 3
    views = _acting_views(game, seats, range(1, 3))
    plain = next(v for v in views if v.phase.name == "PLAY")
    assert CHOOSERS[game](plain, None, "en") is None
    waiting = dataclasses.replace(plain, legal_actions=())
    assert CHOOSERS[game](waiting, None, "en") is None


def _played_choice(game: str) -> tuple[Any, Any, Any, set[str]]:
    """A view where a hand card matches two field cards: (view, renderer, played, targets)."""
    if game == "koikoi":
        v = _first("koikoi", 2, lambda v: any(isinstance(a, KPlay) and a.target for a in v.legal_actions))
        card = next(a.card for a in v.legal_actions if isinstance(a, KPlay) and a.target)
        targets = {str(a.target) for a in v.legal_actions if isinstance(a, KPlay) and a.card == card}
        return v, kk, card, targets
    v = _first("gostop", 3, lambda v: any(isinstance(a, GPlay) and a.target for a in v.legal_actions))
    number = next(a.card for a in v.legal_actions if isinstance(a, GPlay) and a.target is not None)
    targets = {
        code(card_str(a.target))
        for a in v.legal_actions
        if isinstance(a, GPlay) and a.card == number and a.target is not None
    }
    return v, gs, card_str(number), targets


@pytest.mark.parametrize("game", ["koikoi", "gostop"])
def test_a_played_card_with_two_captures_shows_them_and_nothing_else_changes(game: str) -> None:
    """After the first click (the hand card), the image adds the choice row under the hand: the
    hand itself is drawn exactly as without the choice, the candidates glow in the new row."""
    view, module, played, targets = _played_choice(game)
    choice = CHOOSERS[game](view, played, "en")
    assert choice is not None and {code for _, code in choice.candidates} == targets
    before = Image.open(io.BytesIO(module.render_hand(view))).convert("RGB")
    after = Image.open(io.BytesIO(module.render_hand(view, played=played))).convert("RGB")
    hand_rows = 12 + round(HR.HT * 1.6) + card_height(HR.HAND_W) + round(HR.HT * 1.45) + 16
    assert after.height == before.height + HR.choice_height()
    crop = (0, 0, before.width, hand_rows)
    assert before.crop(crop).tobytes() == after.crop(crop).tobytes(), "the hand is drawn as before"
    moves = game == "gostop" and any(not isinstance(a, GPlay) for a in view.legal_actions)
    placed = HR.choice_layout(choice, _choice_top(after.height, choice, moves))
    assert {p.code for p in placed if p.candidate} == targets
    for p in placed:
        assert _near(_glow_at(after, p), CHOICE if p.candidate else ACCENT), p.code

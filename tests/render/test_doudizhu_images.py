"""Dou Dizhu images from real engine positions: format, width, phases, locales, badges and faces."""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Callable
from functools import cache

import pytest
from PIL import Image

from engine.doudizhu import game as g
from engine.doudizhu import rules as r
from engine.doudizhu.cards import Card
from engine.doudizhu.types import DoudizhuView, HandEnded, HandResult, Phase
from render.doudizhu import badges, render_hand, render_match_summary, render_round_sheet, render_table, warm
from render.doudizhu.faces import SUIT_RED, card_back, card_face

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Aki", "Benoît", "Chiyo")


def _check(png: bytes, width: int = 1200, max_kib: int = 120) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.mode == "P"
    assert img.width == width
    assert len(png) < max_kib * 1024
    return img


@cache
def _game(seed: int) -> tuple[tuple, tuple[HandEnded, ...]]:
    """Every state of a random match (bids: open with 1, then anything) and the hands ended."""
    rng = random.Random(seed)
    s = g.new_game(3, r.rules_from("classic"), seed)
    states, ended = [s], []
    while legal := g.legal_actions(s):
        bidding = s.phase is Phase.BID and not g.view(s, None).bids
        s, events = g.apply(s, legal[0] if bidding else rng.choice(legal))
        states.append(s)
        ended += [e for e in events if isinstance(e, HandEnded)]
    return tuple(states), tuple(ended)


def _find(test: Callable[[DoudizhuView], bool], seed: int = 1) -> tuple[object, DoudizhuView]:
    for s in _game(seed)[0]:
        v = g.view(s, None)
        if test(v):
            return s, g.view(s, v.to_act)
    pytest.skip("no such position")


def _bidding(v: DoudizhuView) -> bool:
    return v.phase is Phase.BID and len(v.bids) == 1


def _mid(v: DoudizhuView) -> bool:
    return v.phase is Phase.PLAY and any(p.move is None for p in v.trick) and v.trick[-1].move is not None


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("which", ["bid", "mid", "last_trick", "over"])
def test_table_and_hand_render(which: str, locale: str) -> None:
    tests = {
        "bid": _bidding,
        "mid": _mid,
        "last_trick": lambda v: v.phase is Phase.PLAY and not v.trick and bool(v.tricks),
        "over": lambda v: v.phase is Phase.OVER,
    }
    _, v = _find(tests[which])
    _check(render_table(v, names=NAMES, locale=locale))
    if v.seat is not None:
        _check(render_hand(v, locale=locale))


def test_every_seat_and_spectator_render_along_a_match() -> None:
    states, _ = _game(3)
    for s in states[::9]:
        for seat in (None, 0, 1, 2):
            v = g.view(s, seat)
            _check(render_table(v, names=NAMES))
            _check(render_hand(v))


def test_locales_differ_and_rendering_is_deterministic() -> None:
    _, v = _find(_mid)
    en = render_table(v, names=NAMES)
    assert en == render_table(v, names=NAMES)
    assert en != render_table(v, names=NAMES, locale="fr")
    assert render_hand(v) != render_hand(v, locale="fr")


def test_landlord_badge_only_after_the_landlord_is_chosen() -> None:
    _, bid = _find(_bidding)
    assert badges(bid) == (None, None, None)
    _, play = _find(_mid)
    roles = badges(play)
    assert roles.count("landlord") == 1 and roles.count("peasant") == 2
    assert play.landlord is not None and roles[play.landlord] == "landlord"


def test_sheets_render() -> None:
    states, ended = _game(1)
    assert ended
    for e in ended:
        for locale in ("en", "fr"):
            _check(render_round_sheet(e.result, names=NAMES, scores=e.scores, locale=locale))
    final = g.view(states[-1], None)
    img = _check(render_match_summary(final.history, names=NAMES, scores=final.scores, winners=(0,)))
    assert img.height > 200
    fr = render_match_summary(final.history, names=NAMES, scores=final.scores, locale="fr")
    assert fr != render_match_summary(final.history, names=NAMES, scores=final.scores)


def test_no_bid_sheet() -> None:
    _, ended = _game(1)
    result: HandResult = dataclasses.replace(
        ended[0].result,
        reason="no_bid",
        landlord=None,
        winner=None,
        multipliers=(),
        factor=0,
        points=(0, 0, 0),
        left=((), (), ()),
    )
    en = _check(render_round_sheet(result, names=NAMES, scores=(0, 0, 0)))
    played = _check(render_round_sheet(ended[0].result, names=NAMES, scores=ended[0].scores))
    assert en.height < played.height
    _check(render_round_sheet(result, names=NAMES, scores=(0, 0, 0), locale="fr"))


def _colours(img: Image.Image) -> set[tuple[int, ...]]:
    found = img.convert("RGB").getcolors(1 << 20)
    assert found is not None
    return {c for _, c in found if isinstance(c, tuple)}  # (an RGB image's colours are tuples)


def _reddish(colours: set[tuple[int, ...]]) -> bool:
    return any(r > 150 and g < 90 and b < 90 for r, g, b in colours)


def test_faces_suits_and_jokers() -> None:
    heart, spade = card_face(Card.parse("7h"), 84), card_face(Card.parse("7s"), 84)
    assert SUIT_RED in _colours(heart)
    assert _reddish(_colours(heart))
    assert not _reddish(_colours(spade))
    black, red = card_face(Card.parse("B"), 84), card_face(Card.parse("R"), 84)
    assert black.tobytes() != red.tobytes()
    assert _reddish(_colours(red)) and not _reddish(_colours(black))
    assert card_back(84).size == heart.size == (84, round(84 * 1.4))
    assert card_face(Card.parse("7h"), 84) is heart  # cached


def test_warm_runs() -> None:
    warm()

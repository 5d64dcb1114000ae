"""The sample images every game shares (:mod:`tests.render.samples`): the rules cards, the
leaderboard / profile / history cards, replay frames and animated replays."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from PIL import Image

import engine.goita as gt
from engine.doudizhu import ENGINE as DOUDIZHU
from engine.hanafuda.gostop import ENGINE as GOSTOP
from engine.hanafuda.koikoi import ENGINE as KOIKOI
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
from render import doudizhu as dd
from render import goita as go
from render.cards import render_history, render_leaderboard, render_profile
from render.hanafuda import gostop as gs
from render.hanafuda import koikoi as kk
from render.hanafuda import roppyakken as rp
from render.replay import animate, compose, strip_scale
from render.rules_card import GAMES as RULES_GAMES
from render.rules_card import render_rules_card
from render.widgets import note, recording
from tests.render import card_samples
from tests.render.sample_playouts import PLAYERS, Render, playout


def _width(data: bytes) -> int:
    return Image.open(io.BytesIO(data)).width


def _scaled(render: Render, factor: Callable[[bytes], float]) -> bytes:
    """Render, then report its texts at the size they have once the picture is scaled by
    ``factor(picture)`` (a hand strip in a replay frame, a frame in an animation)."""
    with recording() as drawn:  # nested: the caller's recording sees only the scaled sizes
        data = render()
    scale = factor(data)
    for d in drawn:
        note(d.text, round(d.size * scale), decorative=d.decorative)
    return data


REPLAYS: dict[str, tuple[Any, Any, int, int]] = {
    "koikoi": (KOIKOI, kk, 2, 3),
    "roppyakken": (ROPPYAKKEN, rp, 3, 8),
    "gostop": (GOSTOP, gs, 3, 3),
    "doudizhu": (DOUDIZHU, dd, 3, 1),
    "goita": (gt.ENGINE, go, 4, 2),
}


def replay_frame(game: str, step: int, locale: str = "en") -> bytes:
    """A replay frame as cogs/replay draws it: the public table, every seat's hand under it."""
    eng, mod, seats, seed = REPLAYS[game]
    states, _ = playout(game, seats, seed)
    state = states[min(step, len(states) - 1)]
    names = PLAYERS[:seats]
    table: bytes = mod.render_table(eng.view(state, None), names=names, locale=locale)

    def hand_of(seat: int) -> bytes:
        png: bytes = mod.render_hand(eng.view(state, seat), locale=locale, owner=names[seat])
        return png

    def strip(hand: bytes) -> float:
        return strip_scale(_width(table), _width(hand))

    hands = [(names[s], _scaled(partial(hand_of, s), strip)) for s in range(seats)]
    return compose(table, hands, active=eng.to_act(state))


def animated_replay(game: str) -> bytes:
    """An animated replay of three frames, its texts reported at the animation's scale."""
    frames: list[bytes] = []

    def draw() -> bytes:
        frames[:] = [replay_frame(game, step) for step in (4, 8, 12)]
        return animate(frames, 400_000)

    return _scaled(draw, lambda anim: _width(anim) / _width(frames[0]))


def shared() -> Iterator[tuple[str, Render]]:
    for game in RULES_GAMES:
        yield f"rules/{game}", partial(render_rules_card, game)
        yield f"rules/{game}_ja", partial(render_rules_card, game, locale="ja")
    yield "cards/leaderboard", lambda: render_leaderboard(card_samples.board(1))
    yield "cards/leaderboard_fr", lambda: render_leaderboard(card_samples.board(2, "fr"), locale="fr")
    yield "cards/profile", lambda: render_profile(card_samples.profile(1))
    yield "cards/profile_ko", lambda: render_profile(card_samples.profile(3, "ko"), locale="ko")
    yield "cards/history", lambda: render_history(card_samples.history(1))
    yield "cards/history_fr", lambda: render_history(card_samples.history(2, "fr"), locale="fr")
    for game in REPLAYS:
        yield f"replay/{game}_frame", partial(replay_frame, game, 10)
        yield f"replay/{game}_frame_fr", partial(replay_frame, game, 30, "fr")
        yield f"replay/{game}_animated", partial(animated_replay, game)

"""A move that brings no event image (most moves) sends no job to the render threads or workers.

``GameSpec.has_event_images`` is asked on the event loop before ``event_images`` is sent off: a
job that draws nothing still waited in the render pool's queue behind the table images, once
per board post (``bench/load.py``: 1.3 such jobs per human move, each waiting as long as a real
drawing). It must agree with ``event_images`` itself at every move of seeded random matches of
every game, round ends and match ends included, or a score sheet would silently go missing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs.table import messages, render_pool
from cogs.table.public import PublicView
from tests.cogs.public_payloads import NAMES, make_table
from tsuki.bot import game_specs

SPECS = game_specs()
# game: (rule options for a short match, seats, seed)
MATCHES: dict[str, tuple[dict[str, Any], int, int]] = {
    "koikoi": ({"rounds": 2}, 2, 0),
    "roppyakken": ({"target": 50}, 3, 0),
    "gostop": ({"rounds": 1}, 2, 18),
    "doudizhu": ({"hands": 1}, 3, 0),
    "goita": ({"target_score": 5}, 4, 0),
    "goita_solo": ({}, 1, 0),
}
MOVES_AT_MOST = 2000


def match_events(game: str) -> list[tuple[tuple[Any, ...], Any]]:
    """Each move's events of a seeded random match (the deal first), with the public view after it."""
    options, seats, seed = MATCHES[game]
    engine = SPECS[game].engine
    state, events = engine.begin(seats, engine.rules_from(None, options), seed)
    play = random.Random(seed)
    out = [(tuple(events), engine.view(state, None))]
    for _ in range(MOVES_AT_MOST):
        if engine.outcome(state) is not None:
            return out
        state, events = engine.apply(state, play.choice(engine.legal_actions(state)))
        out.append((tuple(events), engine.view(state, None)))
    raise AssertionError(f"{game} seed {seed}: no end after {MOVES_AT_MOST} moves")


@pytest.mark.parametrize("game", list(MATCHES))
def test_has_event_images_says_whether_event_images_draws(game: str) -> None:
    spec = SPECS[game]
    names = NAMES[: MATCHES[game][1]]
    drawing, plain = 0, 0
    for events, public in match_events(game):
        for batch in (events, *((e,) for e in events)):  # a move's events, and each one alone
            drawn = spec.event_images(batch, public, names, "en")
            assert spec.has_event_images(batch) == bool(drawn), f"{game}: {[type(e).__name__ for e in batch]}"
            drawing, plain = drawing + bool(drawn), plain + (not drawn)
    assert plain, "moves that draw nothing were met"
    if game != "goita_solo":  # (the memory mode has no score sheet)
        assert drawing, "a round end or the match end drew its sheet"


async def test_a_move_without_event_images_sends_no_render_job(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[str] = []
    real_draw = render_pool.draw

    async def draw(game: str, spec: Any, method: str, *args: Any) -> Any:
        sent.append(method)
        return await real_draw(game, spec, method, *args)

    monkeypatch.setattr(render_pool, "draw", draw)
    spec = SPECS["koikoi"]
    table = make_table("koikoi", spec, spec.engine.rules_from(None, MATCHES["koikoi"][0]), 2, "en")
    moves = match_events("koikoi")
    quiet = next((events, public) for events, public in moves[1:] if not spec.has_event_images(events))
    sheet = next((events, public) for events, public in moves if spec.has_event_images(events))

    assert await messages.event_images(table, PublicView(quiet[1]), quiet[0]) == []
    assert sent == []
    images = await messages.event_images(table, PublicView(sheet[1]), sheet[0])
    assert images and sent == ["event_images"]

"""Drawing a replay: one frame's images, and one animated image of a round.

Blocking (Pillow): callers run these in ``asyncio.to_thread``. The match is over, so a frame
shows every hand: the game's own public table (with what lay face down on it turned up), then
each seat's hand as that seat saw it, worded for an onlooker ("Aiko's hand", "Aiko to play", not
"Your hand"), under its player's name (:func:`render.replay.compose`). The memory mode has no
hands: its frame is its table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cogs.replay.timeline import Frame, Timeline
from cogs.table.spec import GameSpec, Image
from render.rating_change import RatingShown
from render.replay import animate, compose

MAX_ANIMATED = 60  # frames drawn for one animation at most (a long hand keeps every n-th move)


def replay_view(spec: GameSpec, timeline: Timeline, frame: Frame) -> Any:
    """The public view, plus what no hand strip shows: Goita's face-down pieces (``tables``:
    each seat's row as its own view shows it) and Dou Dizhu's kitty while it is still face down
    (read from the first later frame of the same deal that shows it)."""
    engine = spec.engine
    public = engine.view(frame.state, None)
    if not dataclasses.is_dataclass(public) or isinstance(public, type):
        return public
    rows = getattr(public, "tables", None)
    if rows is not None:
        own = tuple(engine.view(frame.state, seat).tables[seat] for seat in range(len(rows)))
        public = dataclasses.replace(public, tables=own)
    if hasattr(public, "kitty") and public.kitty is None:
        kitty = _kitty_to_come(spec, timeline, frame)
        if kitty is not None:
            public = dataclasses.replace(public, kitty=kitty)
    return public


def _kitty_to_come(spec: GameSpec, timeline: Timeline, frame: Frame) -> Any:
    """The kitty of this deal, as the frame that turns it up shows it (None: never turned up,
    or the cards are dealt again first)."""
    for later in timeline.frames[frame.position + 1 :]:
        if later.round_no != frame.round_no or any(type(e).__name__ == "Redealt" for e in later.events):
            return None
        kitty = getattr(spec.engine.view(later.state, None), "kitty", None)
        if kitty is not None:
            return kitty
    return None


def frame_picture(spec: GameSpec, timeline: Timeline, frame: Frame, locale: str) -> bytes:
    """The table of ``frame`` (nothing face down) with every seat's hand under it."""
    engine, names = spec.engine, timeline.names
    table = spec.render_table(replay_view(spec, timeline, frame), names, locale)
    if getattr(engine.view(frame.state, None), "hand", False) is False:  # no hands in this game
        return table
    hands = [
        (names[s], spec.render_hand(engine.view(frame.state, s), locale, owner=names[s]))
        for s in range(len(names))
    ]
    return compose(table, hands, active=engine.to_act(frame.state))


def frame_images(
    spec: GameSpec,
    timeline: Timeline,
    frame: Frame,
    locale: str,
    ratings: Sequence[RatingShown | None] | None = None,
) -> list[Image]:
    """The frame's picture, then what the table flow posted for its move (a round's score
    sheet, the match summary with ``ratings``, each seat's rating change, as the results post
    showed it)."""
    images = [
        Image(f"replay-{timeline.row.id}-{frame.position}.png", frame_picture(spec, timeline, frame, locale))
    ]
    if frame.position > 0:
        public = spec.engine.view(frame.state, None)
        images += spec.event_images(frame.events, public, timeline.names, locale, ratings)
    return images[:10]


def round_animation(spec: GameSpec, timeline: Timeline, round_no: int, locale: str, limit: int) -> bytes:
    """An animated WebP of round ``round_no``, from its first frame to its last, within ``limit``
    bytes (see :func:`render.replay.animate` for how it shrinks)."""
    frames = timeline.frames_of_round(round_no)
    if len(frames) > MAX_ANIMATED:
        step = len(frames) / (MAX_ANIMATED - 1)
        frames = [frames[round(i * step)] for i in range(MAX_ANIMATED - 1)] + [frames[-1]]
    pictures = [frame_picture(spec, timeline, f, locale) for f in frames]
    return animate(pictures, limit)

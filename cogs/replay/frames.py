"""Drawing a replay: one frame's images, and one animated image of a round.

Blocking (Pillow): callers run these in ``asyncio.to_thread``. The match is over, so a frame
shows every hand: the game's own public table, then each seat's hand as that seat saw it
(:func:`render.replay.compose`). The memory mode has no hands: its frame is its table.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cogs.replay.timeline import Frame, Timeline
from cogs.table.spec import GameSpec, Image
from render.replay import animate, compose

MAX_ANIMATED = 60  # frames drawn for one animation at most (a long hand keeps every n-th move)


def replay_view(spec: GameSpec, state: Any) -> Any:
    """The public view, plus what only the seats saw on the table itself: Goita's face-down
    pieces (``tables``: each seat's row as its own view shows it). Other games keep everything
    hidden in hands, which the hand strips show."""
    engine = spec.engine
    public = engine.view(state, None)
    rows = getattr(public, "tables", None)
    if rows is None or not dataclasses.is_dataclass(public):
        return public
    own = tuple(engine.view(state, seat).tables[seat] for seat in range(len(rows)))
    return dataclasses.replace(public, tables=own)


def frame_picture(spec: GameSpec, timeline: Timeline, frame: Frame, locale: str) -> bytes:
    """The table of ``frame`` (face-down pieces shown) with every seat's hand under it."""
    engine, names = spec.engine, timeline.names
    table = spec.render_table(replay_view(spec, frame.state), names, locale)
    if getattr(engine.view(frame.state, None), "hand", False) is False:  # no hands in this game
        return table
    hands = [(names[s], spec.render_hand(engine.view(frame.state, s), locale)) for s in range(len(names))]
    return compose(table, hands)


def frame_images(spec: GameSpec, timeline: Timeline, frame: Frame, locale: str) -> list[Image]:
    """The frame's picture, then what the table flow posted for its move (a round's score
    sheet, the match summary)."""
    images = [
        Image(f"replay-{timeline.row.id}-{frame.position}.png", frame_picture(spec, timeline, frame, locale))
    ]
    if frame.position > 0:
        public = spec.engine.view(frame.state, None)
        images += spec.event_images(frame.events, public, timeline.names, locale)
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

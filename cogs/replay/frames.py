"""Drawing a replay: one frame's images, and one animated image of a round.

Blocking (Pillow): callers run these in ``asyncio.to_thread``. The match is over, so a frame
shows every hand: the game's own public table (with what lay face down on it turned up), then
each seat's hand as that seat saw it, worded for an onlooker ("Aiko's hand", "Aiko to play", not
"Your hand"), under its player's name (:func:`render.replay.compose`). The memory mode has no
hands: its frame is its table.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile
from typing import Any

from cogs.replay.timeline import Frame, Timeline
from cogs.table.spec import GameSpec, Image
from render.rating_change import RatingShown
from render.replay import animate, compose

MAX_ANIMATED = 60  # frames drawn for one animation at most (a long hand keeps every n-th move)


def replay_view(spec: GameSpec, timeline: Timeline, frame: Frame) -> Any:
    """The public view of ``frame`` with what no hand strip shows turned up (the game's
    :meth:`~cogs.table.spec.GameSpec.replay_view`), given the later moves of the same deal."""
    later = takewhile(lambda f: f.round_no == frame.round_no, timeline.frames[frame.position + 1 :])
    return spec.replay_view(frame.state, ((f.state, f.events) for f in later))


def frame_picture(spec: GameSpec, timeline: Timeline, frame: Frame, locale: str) -> bytes:
    """The table of ``frame`` (nothing face down) with every seat's hand under it."""
    engine, names = spec.engine, timeline.names
    table = spec.render_table(replay_view(spec, timeline, frame), names, locale)
    if not spec.has_hands:
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

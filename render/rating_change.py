"""Each player's rating change on a match summary image: the new rating and its change (+12 / −9).

The summaries take ``ratings``: one entry per seat, a :class:`RatingShown` or ``None`` (a CPU
seat, a match that moved no rating). The cog reads them from the store once the match is rated;
the renderers only draw them. With no rated seat nothing is drawn and the image stays exactly as
without ratings.

Two layouts: under the seat columns of a summary (:func:`draw_rating_rows`: the new rating,
then its change in colour, below each seat's total), and a list of one line per seat for a
summary whose columns are teams (:func:`draw_rating_list`, Goita). Every text is drawn at the
summary's own size, legible at 550 px wide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render import labels as L
from render.palette import ACCENT, KOI, RGB, TEXT, TEXT_DIM
from render.widgets import text, text_width


@dataclass(frozen=True, slots=True)
class RatingShown:
    """A seat's rating after the match (the shown, friendly-scale integer) and its change."""

    rating: int
    delta: int


Ratings = Sequence[RatingShown | None]


def seat_rating(ratings: Ratings | None, seat: int) -> RatingShown | None:
    """The seat's change, or ``None`` (no ratings given, a CPU seat, past the list)."""
    if ratings is None or not 0 <= seat < len(ratings):
        return None
    return ratings[seat]


def any_rated(ratings: Ratings | None) -> bool:
    """Whether a summary has rating lines to draw at all."""
    return ratings is not None and any(r is not None for r in ratings)


def change_colour(delta: int) -> RGB:
    """Gold for a gain, vermilion for a loss, dim for no change (the sheets' own colours)."""
    return ACCENT if delta > 0 else KOI if delta < 0 else TEXT_DIM


def rows_height(ratings: Ratings | None, size: int) -> int:
    """Room for :func:`draw_rating_rows` under a sheet's totals: two lines (the new rating, its
    change) and a gap of 8 px; 0 when no seat is rated."""
    return 2 * line_height(size) + 8 if any_rated(ratings) else 0


def line_height(size: int) -> int:
    return round(size * 1.5)


def draw_rating_rows(
    draw: ImageDraw.ImageDraw,
    ratings: Ratings | None,
    seat_x: Sequence[float],
    label_x: float,
    top: float,
    size: int,
    locale: str,
    *,
    max_width: float,
) -> None:
    """Under a summary's totals: ``Rating`` at ``label_x``, then in each seat's column (its
    ``seat_x``, the right end) the new rating and, below it, the change in colour.
    A seat without a change is left empty."""
    if not any_rated(ratings):
        return
    line = line_height(size)
    first, second = top + line / 2, top + line * 3 / 2
    text(draw, (label_x, first), L.t(locale, "render.rating.title"), size, TEXT)
    for seat, x in enumerate(seat_x):
        shown = seat_rating(ratings, seat)
        if shown is None:
            continue
        text(draw, (x, first), L.number(shown.rating, locale), size, TEXT, anchor="rm", max_width=max_width)
        change = L.signed(shown.delta, locale, zero="±0")
        text(draw, (x, second), change, size, change_colour(shown.delta), anchor="rm", max_width=max_width)


def list_height(ratings: Ratings | None, size: int) -> int:
    """Height of :func:`draw_rating_list`: a heading and one line per rated seat (0 without any)."""
    if not any_rated(ratings):
        return 0
    assert ratings is not None
    return line_height(size) * (1 + sum(r is not None for r in ratings))


def draw_rating_list(
    draw: ImageDraw.ImageDraw,
    ratings: Ratings | None,
    names: Sequence[str],
    x0: float,
    x1: float,
    top: float,
    size: int,
    locale: str,
) -> None:
    """``Rating``, then one line per rated seat between ``x0`` and ``x1``: the player's name on the
    left, the new rating and, at the right end, its change in colour."""
    if not any_rated(ratings):
        return
    line = line_height(size)
    text(draw, (x0, top + line / 2), L.t(locale, "render.rating.title"), size, TEXT)
    change_w = max(text_width(L.signed(-999, locale), size), text_width(L.signed(999, locale), size))
    rating_x = x1 - change_w - size
    cy = top + line * 3 / 2
    for seat, name in enumerate(names):
        shown = seat_rating(ratings, seat)
        if shown is None:
            continue
        rw = text(draw, (rating_x, cy), L.number(shown.rating, locale), size, TEXT, anchor="rm")
        text(draw, (x0, cy), name, size, TEXT, max_width=rating_x - rw - size - x0)
        change = L.signed(shown.delta, locale, zero="±0")
        text(draw, (x1, cy), change, size, change_colour(shown.delta), anchor="rm")
        cy += line

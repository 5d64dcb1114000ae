"""What every round-based match game's spec does the same way: its images, results and rules text.

Koi-Koi, Roppyakken and Go-Stop each render a table, a hand, a sheet per finished round and a
match summary through a ``render/<game>.py`` module with one signature, end with ``RoundEnded`` /
``MatchEnded`` events, and score a match as totals per seat. A game's spec subclasses
:class:`MatchSpec`, sets the class attributes, and writes only its buttons and words.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from types import ModuleType
from typing import Any, ClassVar

from cogs.table.spec import GameSpec, Image
from engine.core import Outcome
from i18n import t
from render.rating_change import RatingShown
from store import SeatResult


class MatchSpec(GameSpec):
    draw: ClassVar[ModuleType]  # render module: render_table, render_hand, render_round_sheet, …
    round_ended: ClassVar[type[Any]]  # the engine's RoundEnded event (.result, .scores)
    match_ended: ClassVar[type[Any]]  # the engine's MatchEnded event (.scores, .winners)

    def narrate(self, events: Sequence[Any], names: Sequence[str], locale: str) -> list[str]:
        """The lines of each event, from the game's ``_narrate_one(event, names, locale)``; a
        round's end from :meth:`_round_lines`, told with each seat's total so far unless the
        match ends with it (see :meth:`tells_totals`)."""
        totals = self.tells_totals(events)
        return [line for e in events for line in self._narrate_event(e, names, locale, totals=totals)]

    def tells_totals(self, events: Sequence[Any]) -> bool:
        """Whether the round ending in ``events`` gives each seat's total: not when the match ends
        with it. Then the match's line right after gives the totals and the status line says
        "match over" (``<game>.status.ended``): each figure once, where it belongs."""
        return not any(isinstance(e, self.match_ended) for e in events)

    def _narrate_event(self, e: Any, names: Sequence[str], loc: str, *, totals: bool) -> list[str]:
        if isinstance(e, self.round_ended):
            return self._round_lines(e, names, loc, totals=totals)
        return self._narrate_one(e, names, loc)

    def _narrate_one(self, e: Any, names: Sequence[str], loc: str) -> list[str]:
        raise NotImplementedError

    def _round_lines(self, e: Any, names: Sequence[str], loc: str, *, totals: bool = True) -> list[str]:
        """A round's end; a game whose round line gives the totals leaves them out for
        ``totals=False`` (the round that ends the match). Default: ``_narrate_one``'s lines
        (Koi-Koi's round line gives no totals)."""
        return self._narrate_one(e, names, loc)

    def render_table(self, view: Any, names: Sequence[str], locale: str) -> bytes:
        png: bytes = self.draw.render_table(view, names=tuple(names), locale=locale)
        return png

    def render_hand(self, view: Any, locale: str, owner: str | None = None) -> bytes:
        """The seat's hand as its player sees it, or, given ``owner`` (a replay), as an
        onlooker reads it: "<owner>'s hand", the status in the third person."""
        png: bytes = self.draw.render_hand(view, locale=locale, owner=owner)
        return png

    def render_live_hand(self, view: Any, locale: str, path: tuple[str, ...]) -> bytes:
        """The live hand part-way through a move: drawn with what :meth:`hand_focus` makes of
        the clicks so far."""
        focus = self.hand_focus(view, path) if path else {}
        png: bytes = self.draw.render_hand(view, locale=locale, **focus)
        return png

    def live_hand_key(self, view: Any, locale: str, path: tuple[str, ...]) -> Hashable | None:
        """The live hand's image as a value: the language, what :meth:`hand_scene` reads of the
        view, and the focus of the clicks so far (what :meth:`render_live_hand` draws with)."""
        scene = self.hand_scene(view)
        if scene is None:
            return None
        focus = self.hand_focus(view, path) if path else {}
        return locale, scene, tuple(sorted(focus.items()))

    def hand_scene(self, view: Any) -> Hashable | None:
        """Everything of the seat's own view that the game's ``render_hand`` draws, as a value:
        the hand, and what it highlights on the seat's turn, but not the field or the other
        seats' piles while the seat waits (a waiting hand looks the same whatever they play).
        Taking more than the image shows only costs a redraw; taking less would leave a stale
        image in the live hand (``tests/cogs/test_live_hand_keys.py`` draws both to check).
        Default ``None``: drawn every time."""
        return None

    def hand_focus(self, view: Any, path: tuple[str, ...]) -> dict[str, Any]:
        """What the hand image shows of a move the seat has started in the live hand (``path``,
        the step keys clicked so far): keyword arguments for the game's ``render_hand``, e.g. the
        played card whose capture is still to pick, drawn with its candidates. From the seat's
        own view only (the image is private). Default: nothing (a choice the engine waits for,
        like a drawn card's, is in the view already and drawn from it)."""
        return {}

    def warm(self) -> None:
        self.draw.warm()

    def event_images(
        self,
        events: Sequence[Any],
        view: Any,
        names: Sequence[str],
        locale: str,
        ratings: Sequence[RatingShown | None] | None = None,
    ) -> list[Image]:
        """A score sheet per finished round and, at the end, the match summary (with each
        seat's rating change when ``ratings`` is given: a rated match's results post)."""
        images: list[Image] = []
        for e in events:
            if isinstance(e, self.round_ended):
                png = self.draw.render_round_sheet(
                    e.result, names=tuple(names), scores=e.scores, locale=locale
                )
                images.append(Image(self.sheet_filename(e.result), png))
            elif isinstance(e, self.match_ended):
                png = self.draw.render_match_summary(
                    view.history,
                    names=tuple(names),
                    scores=e.scores,
                    locale=locale,
                    winners=e.winners,
                    ratings=ratings,
                )
                images.append(Image("match.png", png))
        return images

    def has_event_images(self, events: Sequence[Any]) -> bool:
        return any(isinstance(e, (self.round_ended, self.match_ended)) for e in events)

    def sheet_filename(self, result: Any) -> str:
        return f"round-{result.round_no}.png"

    def results(self, outcome: Outcome, view: Any) -> list[SeatResult]:
        """Points = final total; a win only for a sole winner; the best single round."""
        sole_winner = outcome.winners[0] if len(outcome.winners) == 1 else None
        return [
            SeatResult(
                seat=i,
                points=outcome.scores[i],
                won=i == sole_winner,
                best_round=max((r.points[i] for r in view.history), default=0),
            )
            for i in range(len(outcome.scores))
        ]

    def rules_text(self, rules: Any, locale: str) -> str:
        """How the game is played, in a few short paragraphs (the options are listed apart, by
        :func:`cogs.table.rules_view.option_lines`)."""
        return t(locale, f"{self.game}.rules.summary")

"""Goita's solo / co-op memory mode (``/goita solo``) on the shared table flow.

One game, no rounds: 1 to 4 seats take turns on one 4 × 8 grid and share one score. The hand
is the grid itself with the buttons: turning a piece is two clicks (a row, then a column), a
discard three (Discard, a row, a column). No rule logic: the engine
(``engine.goita.memory``) says which places may be turned or discarded.

Leaderboard: every seat gets the shared score as its points and best round; the game counts as
a win when the score reaches :data:`WIN_SCORE` (50 of the 76 points: about one game in five for
a player who remembers nothing, the CPU of ``engine.ai.goita.memory``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cogs.goita.spec import piece_text
from cogs.table.spec import GameSpec, Step, fit_label
from engine.ai.goita.memory import choose_action
from engine.core import Outcome
from engine.goita import memory as gm
from i18n import t
from render import goita as draw
from store import SeatResult

ROWS = "ABCD"
WIN_SCORE = 50


def place(pos: int) -> str:
    """``B5`` for position 12: rows A–D, columns 1–8, as the grid image labels them."""
    return f"{ROWS[pos // 8]}{pos % 8 + 1}"


class GoitaMemorySpec(GameSpec):
    game = "goita_solo"
    engine = gm.MEMORY
    title_key = "game.goita_solo"
    display_name = "Goita solo"
    has_hands = False  # one shared grid: a replay frame is its table

    def help_line(self, locale: str, command: Callable[[str], str]) -> str:
        return t(locale, "help.game.goita_solo", solo=command("goita solo"))

    def cpu_choose(self, view: gm.MemoryView, rng: random.Random) -> gm.MemoryAction:
        return choose_action(view, rng)

    # --- buttons ------------------------------------------------------------------------------

    def _cell(self, view: gm.MemoryView, pos: int, locale: str) -> str:
        piece = view.cells[pos]
        if piece is None:
            return t(locale, "goita_solo.button.face_down", place=place(pos))
        return t(locale, "goita_solo.button.visible", place=place(pos), piece=piece_text(piece, locale))

    def action_steps(self, action: gm.MemoryAction, view: gm.MemoryView, locale: str) -> tuple[Step, ...]:
        """Row, then column. A turn's flips and its discard never share a phase, so the same
        two steps serve both (the discard's in red, naming the piece when it is visible)."""
        row, col = divmod(action.pos, 8)
        row_label = t(locale, "goita_solo.button.row", row=ROWS[row])
        if isinstance(action, gm.Flip):
            return (Step(f"r{row}", row_label, "secondary"), Step(f"c{col}", place(action.pos), "primary"))
        return (
            Step(f"r{row}", row_label, "danger"),
            Step(f"c{col}", self._cell(view, action.pos, locale), "danger"),
        )

    def action_label(self, action: gm.MemoryAction, view: gm.MemoryView, locale: str) -> str:
        """``flip:12 — turn B5``, ``discard:0 — discard A1 Gold 金``."""
        if isinstance(action, gm.Flip):
            text = f"{action} — " + t(locale, "goita_solo.move.flip", place=place(action.pos))
        else:
            text = f"{action} — " + t(
                locale, "goita_solo.move.discard", cell=self._cell(view, action.pos, locale)
            )
        return fit_label(text)

    # --- words ------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], names: Sequence[str], locale: str) -> list[str]:
        loc = locale
        lines: list[str] = []
        for e in events:
            if isinstance(e, gm.Turned):
                lines.append(
                    t(
                        loc,
                        "goita_solo.narrate.turned",
                        name=names[e.seat],
                        place=place(e.pos),
                        piece=piece_text(e.piece, loc),
                    )
                )
            elif isinstance(e, gm.Captured):
                points = sum(gm.VALUES[int(p)] for p in e.pieces)
                lines.append(
                    t(
                        loc,
                        "goita_solo.narrate.captured",
                        piece=piece_text(e.pieces[0], loc),
                        places=" & ".join(place(p) for p in e.positions),
                        points=points,
                    )
                )
            elif isinstance(e, gm.Discarded):
                lines.append(
                    t(loc, "goita_solo.narrate.discarded", place=place(e.pos), piece=piece_text(e.piece, loc))
                )
            elif isinstance(e, gm.Finished):
                lines.append(t(loc, "goita_solo.narrate.finished", score=e.score, max=gm.MAX_SCORE))
                if e.leftovers:
                    left = ", ".join(piece_text(p, loc) for p in e.leftovers)
                    lines.append(t(loc, "goita_solo.narrate.leftovers", pieces=left))
        return lines

    def hand_text(self, view: gm.MemoryView, locale: str) -> str:
        loc = locale
        lines = [
            t(
                loc,
                "goita_solo.hand.title",
                score=view.score,
                max=gm.MAX_SCORE,
                captured=len(view.captured),
                discarded=len(view.discard),
            )
        ]
        if not view.legal_actions:
            return "\n".join(lines)
        if view.phase == "discard":
            lines.append(t(loc, "goita_solo.hand.discard"))
        elif view.turned:
            turned = view.cells[view.turned[0]]
            piece = piece_text(turned, loc) if turned is not None else "?"
            lines.append(t(loc, "goita_solo.hand.flip_second", place=place(view.turned[0]), piece=piece))
        else:
            lines.append(t(loc, "goita_solo.hand.flip_first"))
        return "\n".join(lines)

    def status_text(self, view: gm.MemoryView, names: Sequence[str], locale: str) -> str:
        face_down = sum(1 for p in range(32) if view.present[p] and view.cells[p] is None)
        line = t(
            locale,
            "goita_solo.status.line",
            score=view.score,
            max=gm.MAX_SCORE,
            face_down=face_down,
            discarded=len(view.discard),
        )
        if view.phase == "discard" and view.to_act is not None:
            line += "\n" + t(locale, "goita_solo.status.no_pair", name=names[view.to_act])
        return line

    # --- images ------------------------------------------------------------------------------

    def render_table(self, view: gm.MemoryView, names: Sequence[str], locale: str) -> bytes:
        return draw.render_memory(view, names=tuple(names), locale=locale)

    def render_hand(self, view: gm.MemoryView, locale: str, owner: str | None = None) -> bytes:
        return draw.render_memory(view, names=(), locale=locale)  # no hands: no owner to name

    def warm(self) -> None:
        draw.warm()

    # --- results and rules ----------------------------------------------------------------------

    def results(self, outcome: Outcome, view: gm.MemoryView) -> list[SeatResult]:
        """Every seat scores the shared score; a win from :data:`WIN_SCORE` points."""
        return [
            SeatResult(seat=s, points=view.score, won=view.score >= WIN_SCORE, best_round=view.score)
            for s in range(view.seats)
        ]

    def rules_text(self, rules: Any, locale: str) -> str:
        return t(locale, "goita_solo.rules.summary", win=WIN_SCORE, max=gm.MAX_SCORE)


SPEC = GoitaMemorySpec()

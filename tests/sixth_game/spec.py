"""High Card's adapter to the shared table flow: buttons, words, pictures, results."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cogs.table.spec import GameSpec, Step
from engine.core import Outcome
from i18n import t
from store import SeatResult
from tests.sixth_game import draw
from tests.sixth_game.engine import ENGINE, MatchEnded, Play, Played, TrickWon, View, choose_action


class HighCardSpec(GameSpec):
    game = "highcard"
    engine = ENGINE
    title_key = "game.highcard"
    display_name = "High Card"
    notable_events = (TrickWon,)

    def cpu_choose(self, view: View, rng: random.Random) -> Play:
        return choose_action(view, rng)

    def action_steps(self, action: Play, view: View, locale: str) -> tuple[Step, ...]:
        return (Step(str(action.card), str(action.card), "primary"),)

    def action_label(self, action: Play, view: View, locale: str) -> str:
        return t(locale, "highcard.action", card=action.card)

    def narrate(self, events: Sequence[Any], names: Sequence[str], locale: str) -> list[str]:
        lines = []
        for e in events:
            if isinstance(e, Played):
                lines.append(t(locale, "highcard.narrate.played", name=names[e.seat], card=e.card))
            elif isinstance(e, TrickWon):
                lines.append(t(locale, "highcard.narrate.trick", name=names[e.seat]))
            elif isinstance(e, MatchEnded):
                won = ", ".join(names[s] for s in e.winners)
                lines.append(t(locale, "highcard.narrate.won", names=won))
        return lines

    def hand_text(self, view: View, locale: str) -> str:
        if view.trick:
            return t(locale, "highcard.hand.answer", card=view.trick[0])
        return t(locale, "highcard.hand.lead")

    def status_text(self, view: View, names: Sequence[str], locale: str) -> str:
        return " · ".join(
            t(locale, "highcard.status", name=name, tricks=view.scores[s]) for s, name in enumerate(names)
        )

    def render_table(self, view: View, names: Sequence[str], locale: str) -> bytes:
        return draw.render_table(view, names=tuple(names), locale=locale)

    def render_hand(self, view: View, locale: str, owner: str | None = None) -> bytes:
        return draw.render_hand(view, locale=locale, owner=owner)

    def results(self, outcome: Outcome, view: View) -> list[SeatResult]:
        sole = outcome.winners[0] if len(outcome.winners) == 1 else None
        return [
            SeatResult(seat=s, points=points, won=s == sole, best_round=points)
            for s, points in enumerate(outcome.scores)
        ]

    def rules_text(self, rules: Any, locale: str) -> str:
        return t(locale, "highcard.rules.summary")


SPEC = HighCardSpec()

"""Goita Shogi's adapter to the shared table flow: buttons, narration, images, results.

No rule logic here: which blocks are legal (the same piece, or a King except against a Lance or
a Pawn), scoring, redeals and CPU decisions all come from the engine (``engine.goita``) and its
CPU player (``engine.ai.goita.heuristic``). Scores are per team (seats 1 & 3 against 2 & 4 with four
players; each seat alone with two or three); leaderboard rows credit a team's result to both
partners.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import replace
from types import ModuleType
from typing import Any, ClassVar

from cogs.goita import piece_words
from cogs.table.match_spec import MatchSpec
from cogs.table.podium import score_line
from cogs.table.spec import Step, fit_label
from engine import goita as gt
from engine.ai.goita.heuristic import choose_action
from engine.core import Outcome
from engine.hints import Hints
from engine.hints import goita as hinter
from i18n import t, tn
from render import goita as draw
from render.goita.pieces import hand_words, piece_name, values_of
from store import SeatResult

TEAM_LABELS = ("A", "B")


def piece_text(piece: gt.Piece, locale: str) -> str:
    """``金 Gold``: the piece's character and its name in ``locale`` (the images' wording)."""
    return piece_name(locale, piece)


def value_of(piece: gt.Piece, rules: gt.Rules) -> int:
    return rules.values[int(piece)]


def team_label(seats: int, names: Sequence[str], team: int, locale: str) -> str:
    """``Team A (alice & CPU 2)`` with four players, else the player's name (teams from the engine)."""
    members = " & ".join(names[s] for s in range(seats) if gt.team_of(seats, s) == team)
    if seats == 4:
        return t(locale, "goita.status.team_label", team=TEAM_LABELS[team], names=members)
    return members


def pawn_count(view: gt.GoitaView) -> int:
    return sum(1 for p in view.hand or () if p is gt.Piece.P)


class GoitaSpec(MatchSpec):
    game = "goita"
    draw: ClassVar[ModuleType] = draw
    round_ended = gt.RoundEnded
    match_ended = gt.MatchEnded
    engine = gt.ENGINE
    title_key = "game.goita"
    demo: ClassVar[dict[str, Any]] = {"opponent": "watch"}
    display_name = "Goita"
    notable_events = (gt.RedealChoice,)
    learn = (4, {"target_score": 5})
    one_post_per_turn = True  # a block and its attack (or a face-down piece and its attack) post once

    def hints(self, view: gt.GoitaView) -> Hints:
        return hinter.hints(view)

    def replay_view(self, state: Any, later: Iterable[tuple[Any, Sequence[Any]]]) -> gt.GoitaView:
        """The face-down pieces turned up: each seat's row as its own view shows it."""
        public = self.engine.view(state, None)
        own = tuple(self.engine.view(state, seat).tables[seat] for seat in range(len(public.tables)))
        return replace(public, tables=own)

    def hint_card(self, code: str, locale: str) -> str:
        """A piece in a hint: its character and name, then its code (``金 Gold `G```)."""
        piece = gt.Piece.__members__.get(code.upper())  # hints name pieces by letter
        return f"{piece_text(piece, locale)} `{code}`" if piece is not None else f"`{code}`"

    def lobby_teams(self, seat_count: int) -> tuple[str, ...] | None:
        """Partners sit opposite: seats 1 & 3 (team A) against 2 & 4 (team B)."""
        return ("A", "B", "A", "B") if seat_count == 4 else None

    def cpu_choose(self, view: gt.GoitaView, rng: random.Random) -> gt.Action:
        return choose_action(view, rng)

    # --- buttons ------------------------------------------------------------------------------

    def action_steps(self, action: gt.Action, view: gt.GoitaView, locale: str) -> tuple[Step, ...]:
        loc = locale
        if isinstance(action, gt.Block | gt.Attack):
            p = action.piece
            kind = "block" if isinstance(action, gt.Block) else "attack"
            label = t(loc, f"goita.button.{kind}", piece=piece_text(p, loc), value=value_of(p, view.rules))
            if kind == "block":
                return (Step(f"b{p}", label, "primary"),)
            last = (view.hand is not None and len(view.hand) == 1) or p is gt.Piece.K
            return (Step(f"a{p}", label, "success" if last else "danger"),)
        if isinstance(action, gt.Down):
            p = action.piece
            return (Step(f"d{p}", t(loc, "goita.button.down", piece=piece_text(p, loc)), "secondary"),)
        if isinstance(action, gt.Pass):
            return (Step("pass", t(loc, "goita.button.pass"), "secondary"),)
        asking = view.phase is gt.Phase.ASK
        if isinstance(action, gt.Redeal):
            key = "goita.button.redeal_ask" if asking else "goita.button.redeal_agree"
            return (Step("redeal", t(loc, key), "primary"),)
        key = "goita.button.keep" if asking else "goita.button.keep_refuse"
        return (Step("keep", t(loc, key), "secondary"),)

    # --- typed moves (/move, /goita play) ------------------------------------------------------

    def from_player(self, text: str) -> str:
        """A piece named in any language (``block:Roi``, ``attack:금장``) → its letter."""
        return piece_words.from_player(text)

    def action_label(self, action: gt.Action, view: gt.GoitaView, locale: str) -> str:
        """``block:G — Block: 金 Gold (3)``: the notation first, then the button's words."""
        text = f"{action} — {self.action_steps(action, view, locale)[0].label}"
        return fit_label(text)

    # --- words ------------------------------------------------------------------------------

    def _narrate_one(self, e: Any, names: Sequence[str], loc: str) -> list[str]:
        if isinstance(e, gt.RoundStarted):
            return [
                t(loc, "goita.narrate.round", n=e.round_no, leader=names[e.leader], dealer=names[e.dealer])
            ]
        if isinstance(e, gt.RedealChoice):
            key = {
                ("ask", True): "asks",
                ("ask", False): "keeps",
                ("consent", True): "agrees",
                ("consent", False): "refuses",
            }[(e.role, e.redeal)]
            return [t(loc, f"goita.narrate.redeal_{key}", name=names[e.seat])]
        if isinstance(e, gt.Redealt):
            return [t(loc, "goita.narrate.redealt")]
        if isinstance(e, gt.PieceLaid):
            if e.piece is None or e.role == "down":
                return [t(loc, "goita.narrate.down", name=names[e.seat])]
            return [t(loc, f"goita.narrate.{e.role}", name=names[e.seat], piece=piece_text(e.piece, loc))]
        if isinstance(e, gt.Passed):
            return [t(loc, "goita.narrate.passed", name=names[e.seat])]
        if isinstance(e, gt.AllPassed):
            key = "goita.narrate.all_passed_king" if e.unblockable else "goita.narrate.all_passed"
            return [t(loc, key, name=names[e.attacker])]
        if isinstance(e, gt.RoundEnded):
            return self._round_lines(e, names, loc)
        if isinstance(e, gt.MatchEnded):
            if len(names) == 4:  # the scores are per team: the winning team's first ("15–7")
                team = gt.team_of(4, e.winners[0])
                score = score_line(e.scores, (team,), locale=loc)
                winners = " & ".join(names[s] for s in e.winners)
                return [
                    t(loc, "goita.narrate.match_won_team", team=TEAM_LABELS[team], names=winners, score=score)
                ]
            score = score_line(e.scores, e.winners, names if len(names) > 2 else None, loc)
            return [t(loc, "goita.narrate.match_won", name=names[e.winners[0]], score=score)]
        return []

    def _round_lines(
        self, e: gt.RoundEnded, names: Sequence[str], loc: str, *, totals: bool = True
    ) -> list[str]:
        """Who won the round and what it scored, with the totals so far unless the match ends
        here (the match's line that follows gives them)."""
        r = e.result
        points = r.points[r.team]
        doubled = any(m.name == "double" for m in r.multipliers)
        if r.reason == "teyaku":
            items = ", ".join(t(loc, f"goita.score.{i.name}") for i in r.items)
            line = t(loc, "goita.narrate.round_teyaku", n=r.round_no, name=names[r.winner], items=items)
        else:
            piece = piece_text(r.piece, loc) if r.piece is not None else "?"
            line = t(loc, "goita.narrate.round_won", n=r.round_no, name=names[r.winner], piece=piece)
        lines = [line]
        if doubled:
            lines.append(t(loc, "goita.narrate.doubled"))
        scorer = team_label(len(names), names, r.team, loc)
        if totals:
            so_far = " – ".join(map(str, e.scores))
            lines.append(t(loc, "goita.narrate.round_points", team=scorer, points=points, totals=so_far))
        else:
            lines.append(t(loc, "goita.narrate.round_scored", team=scorer, points=points))
        return lines

    def hand_scene(self, view: gt.GoitaView) -> Hashable:
        """The pieces in their order, their values, the attack to block and, on the seat's
        turn, which pieces block it."""
        return tuple(view.hand or ()), values_of(view), view.attack, view.legal_actions

    def hand_text(self, view: gt.GoitaView, locale: str) -> str:
        loc = locale
        lines = [t(loc, "goita.hand.title", n=view.round_no, target=view.rules.target_score)]
        if view.seat is not None and view.hand is not None and view.phase is not gt.Phase.OVER:
            team = view.teams[view.seat]
            lines.append(
                tn(
                    loc,
                    "goita.hand.pieces",
                    len(view.hand),
                    hand=hand_words(loc, view.hand) or "—",
                    score=view.scores[team],
                )
            )
        if not view.legal_actions:
            return "\n".join(lines)
        phase = view.phase
        if phase is gt.Phase.ASK:
            key = "goita.hand.ask_partner" if view.seats == 4 else "goita.hand.ask"
            lines.append(t(loc, key, pawns=pawn_count(view)))
        elif phase is gt.Phase.CONSENT:
            lines.append(t(loc, "goita.hand.consent", pawns=pawn_count(view)))
        elif phase is gt.Phase.RESPOND and view.attack is not None:
            attack = piece_text(view.attack, loc)
            value = value_of(view.attack, view.rules)
            if any(isinstance(a, gt.Block) for a in view.legal_actions):
                partner = (
                    view.seats == 4
                    and view.attacker is not None
                    and view.teams[view.attacker] == view.teams[view.seat or 0]
                )
                key = "goita.hand.respond_partner" if partner else "goita.hand.respond"
                lines.append(t(loc, key, piece=attack, value=value))
            else:
                lines.append(t(loc, "goita.hand.respond_none", piece=attack, value=value))
        elif phase is gt.Phase.DOWN:
            laid = sum(len(row) for row in view.tables)
            lines.append(t(loc, "goita.hand.down_lead" if laid == 0 else "goita.hand.down_all_passed"))
        elif phase is gt.Phase.ATTACK:
            lines.append(t(loc, "goita.hand.attack"))
        return "\n".join(lines)

    def status_text(self, view: gt.GoitaView, names: Sequence[str], locale: str) -> str:
        if view.phase is gt.Phase.OVER:  # the totals are the match's line, just above: not again
            return t(locale, "goita.status.ended", n=view.round_no)
        scores = " · ".join(
            t(locale, "goita.status.team", team=team_label(view.seats, names, team, locale), score=score)
            for team, score in enumerate(view.scores)
        )
        return t(locale, "goita.status.line", n=view.round_no, target=view.rules.target_score, scores=scores)

    # --- results ------------------------------------------------------------------------------

    def results(self, outcome: Outcome, view: gt.GoitaView) -> list[SeatResult]:
        """Each seat gets its team's total; a won match counts for both partners."""
        per_seat = outcome.scores
        if len(per_seat) != view.seats:  # a forfeit passes the team totals
            per_seat = tuple(per_seat[view.teams[s]] for s in range(view.seats))
        return [
            SeatResult(
                seat=s,
                points=per_seat[s],
                won=s in outcome.winners,
                best_round=max((r.points[view.teams[s]] for r in view.history), default=0),
            )
            for s in range(view.seats)
        ]


SPEC = GoitaSpec()

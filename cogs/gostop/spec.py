"""Go-Stop's adapter to the shared table flow: buttons, narration, images, results.

No rule logic here: legality, captures, scoring, settlements and CPU decisions all come from the
engine (``engine.hanafuda.gostop``) and its CPU player (``engine.ai.gostop.heuristic``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from types import ModuleType
from typing import Any, ClassVar

from cogs.gostop.cards import card_label, card_short, cards_text, items_text, round_score, same_month
from cogs.hanafuda.spec import HanafudaSpec
from cogs.table.podium import names_and, number, score_line, signed
from cogs.table.spec import Step, fit_label
from engine.ai.gostop.heuristic import choose_action
from engine.hanafuda import gostop as gs
from engine.hanafuda.gostop.notation import from_player, korean_month, to_player
from engine.hints import Hints
from engine.hints import gostop as hinter
from i18n import t, tn
from render.hanafuda import gostop as draw


class GoStopSpec(HanafudaSpec):
    game = "gostop"
    draw: ClassVar[ModuleType] = draw
    round_ended = gs.RoundEnded
    match_ended = gs.MatchEnded
    engine = gs.ENGINE
    title_key = "game.gostop"
    demo: ClassVar[dict[str, Any]] = {"opponent": "watch"}
    demo_rounds = True
    display_name = "Go-Stop"
    notable_events = (gs.Chongtong, gs.Shaken, gs.Seolsa, gs.GoCalled, gs.StopCalled)
    learn = (2, {"rounds": 3})

    def hints(self, view: gs.GoStopView) -> Hints:
        return hinter.hints(view)

    def cpu_choose(self, view: gs.GoStopView, rng: random.Random) -> gs.Action:
        return choose_action(view, rng)

    # --- buttons ------------------------------------------------------------------------------

    def played_card(self, action: Any) -> Any:
        """The hand renderer names cards by their codes (``8b``, ``J2``)."""
        return gs.card_str(action.card)

    def action_steps(self, action: gs.Action, view: gs.GoStopView, locale: str) -> tuple[Step, ...]:
        loc = locale
        if isinstance(action, gs.Play):
            card = gs.card_str(action.card)
            captures = action.card >= 48 or bool(same_month(card, view.field))
            first = Step(card, card_label(card, loc), "primary" if captures else "secondary")
            if action.target is None:
                return (first,)
            target = gs.card_str(action.target)
            return (
                first,
                Step(target, t(loc, "gostop.button.take", card=card_label(target, loc)), "primary"),
            )
        if isinstance(action, gs.Take):
            target = gs.card_str(action.target)
            return (
                Step(f"t{target}", t(loc, "gostop.button.take", card=card_label(target, loc)), "primary"),
            )
        if isinstance(action, gs.Shake):
            return (
                Step(
                    f"shake{action.month}",
                    t(loc, "gostop.button.shake", month=korean_month(action.month)),
                    "success",
                    "🫨",
                ),
            )
        if isinstance(action, gs.Bomb):
            return (
                Step(
                    f"bomb{action.month}",
                    t(loc, "gostop.button.bomb", month=korean_month(action.month)),
                    "danger",
                    "💣",
                ),
            )
        if isinstance(action, gs.Flip):
            return (Step("flip", t(loc, "gostop.button.flip", left=self._flips(view)), "secondary", "🂠"),)
        if isinstance(action, gs.Go):
            return (Step("go", self._go_text(view, loc), "danger", "🔥"),)
        if isinstance(action, gs.Stop):
            return (Step("stop", self._stop_text(view, loc), "success", "✋"),)
        if isinstance(action, gs.Claim):
            if action.accept:
                points = view.rules.joker_win_points
                return (Step("claim", t(loc, "gostop.button.claim", points=points), "success", "🃏"),)
            return (Step("decline", t(loc, "gostop.button.decline"), "secondary"),)
        if action.as_pi:
            return (Step("cuppi", t(loc, "gostop.button.cup_pi"), "primary", "🍶"),)
        return (Step("cupanimal", t(loc, "gostop.button.cup_animal"), "primary", "🍶"),)

    def _flips(self, view: gs.GoStopView) -> int:
        return view.free_flips[view.seat] if view.seat is not None else 0

    def _go_text(self, view: gs.GoStopView, loc: str) -> str:
        seat = view.seat if view.seat is not None else 0
        count = view.gos[seat] + 1
        key = "gostop.button.go_double" if count >= 3 else "gostop.button.go"
        return t(loc, key, count=count)

    def _stop_text(self, view: gs.GoStopView, loc: str) -> str:
        seat = view.seat if view.seat is not None else 0
        return t(loc, "gostop.button.stop", points=round_score(view, seat), gos=view.gos[seat])

    # --- typed moves (/move, /gostop play) -------------------------------------------------------

    def to_player(self, text: str) -> str:
        """Engine notation → what players read and type: the faces' Korean month numbers."""
        return to_player(text)

    def from_player(self, text: str) -> str:
        """A typed move (Korean month numbers) → the engine's notation, for ``parse_action``."""
        return from_player(text)

    def action_label(self, action: gs.Action, view: gs.GoStopView, locale: str) -> str:
        """``3a Cherry curtain (벚꽃 광) → capture 3c …``, ``go — Go #1…``, ``shake3 — …``."""
        loc = locale
        if isinstance(action, gs.Play):
            card = gs.card_str(action.card)
            played = card_label(card, loc)
            if action.card >= 48:
                text = t(loc, "gostop.move.joker", card=played)
            elif action.target is not None:
                text = t(
                    loc,
                    "gostop.move.capture",
                    card=played,
                    target=card_label(gs.card_str(action.target), loc),
                )
            else:
                taken = same_month(card, view.field)
                if not taken:
                    text = t(loc, "gostop.move.to_field", card=played)
                elif len(taken) == 1:
                    text = t(loc, "gostop.move.capture", card=played, target=card_label(taken[0], loc))
                else:
                    target = ", ".join(to_player(c) for c in taken)
                    text = t(loc, "gostop.move.capture", card=played, target=target)
        elif isinstance(action, gs.Take):
            flipped = card_label(view.pending_flip, loc) if view.pending_flip else "?"
            target = card_label(gs.card_str(action.target), loc)
            text = f"{to_player(str(action))} " + t(loc, "gostop.move.take", card=flipped, target=target)
        else:
            text = f"{to_player(str(action))} — {self.action_steps(action, view, loc)[0].label}"
        return fit_label(text)

    # --- words ------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], names: Sequence[str], locale: str) -> list[str]:
        """One line or more per event. Four of a month on the table at the deal is a nagari in
        the seed (« la partie est nulle »): the engine throws the deal in (``Redealt``) and ends
        the round at once (a nagari ``RoundEnded`` right after), which is told as the void round
        it is, not as "the cards are dealt again" (``four_on_table="redeal"``, no round end)."""
        totals = self.tells_totals(events)
        lines = []
        for i, e in enumerate(events):
            after = events[i + 1] if i + 1 < len(events) else None
            if isinstance(e, gs.Redealt) and isinstance(after, gs.RoundEnded) and after.result.winner is None:
                lines.append(t(locale, "gostop.narrate.four_on_table_nagari"))
            else:
                lines += self._narrate_event(e, names, locale, totals=totals)
        return lines

    def _narrate_one(self, e: Any, names: Sequence[str], loc: str) -> list[str]:
        if isinstance(e, gs.RoundStarted):
            line = t(loc, "gostop.narrate.round", n=e.round_no, dealer=names[e.dealer])
            if e.carry > 1:
                line += " " + t(loc, "gostop.narrate.carry", factor=e.carry)
            return [line]
        if isinstance(e, gs.Redealt):
            return [t(loc, "gostop.narrate.redeal")]
        if isinstance(e, gs.JokerToDealer):
            return [
                t(
                    loc,
                    "gostop.narrate.joker_to_dealer",
                    name=names[e.seat],
                    card=card_short(e.card, loc),
                    replacement=card_short(e.replacement, loc),
                )
            ]
        if isinstance(e, gs.Chongtong):
            return [t(loc, "gostop.narrate.chongtong", name=names[e.seat], month=korean_month(e.month))]
        if isinstance(e, gs.CardPlayed):
            key = {"play": "played", "bomb": "bomb_played", "joker": "joker_played"}[e.kind]
            return [t(loc, f"gostop.narrate.{key}", name=names[e.seat], cards=cards_text(e.cards, loc))]
        if isinstance(e, gs.Shaken):
            if e.bomb:
                return []  # the bomb's CardPlayed and Captured lines tell it
            return [t(loc, "gostop.narrate.shake", name=names[e.seat], cards=cards_text(e.cards, loc))]
        if isinstance(e, gs.CardFlipped):
            return [t(loc, "gostop.narrate.flipped", name=names[e.seat], card=card_short(e.card, loc))]
        if isinstance(e, gs.Captured):
            if e.special == "sseul":
                return [t(loc, "gostop.narrate.sseul", name=names[e.seat])]
            line = t(loc, "gostop.narrate.captured", name=names[e.seat], cards=cards_text(e.cards, loc))
            if e.special is not None:
                line += " " + t(loc, f"gostop.special.{e.special}")
            return [line]
        if isinstance(e, gs.Seolsa):
            month = korean_month(e.month)
            return [t(loc, "gostop.narrate.seolsa", name=names[e.seat], month=month, count=e.count)]
        if isinstance(e, gs.JokerStacked):
            return [
                t(
                    loc,
                    "gostop.narrate.joker_stacked",
                    name=names[e.seat],
                    month=korean_month(e.month),
                    cards=cards_text(e.jokers, loc),
                )
            ]
        if isinstance(e, gs.PiStolen):
            if e.card is None:
                return [t(loc, "gostop.narrate.no_pi", thief=names[e.thief], victim=names[e.victim])]
            return [
                t(
                    loc,
                    "gostop.narrate.pi_stolen",
                    thief=names[e.thief],
                    victim=names[e.victim],
                    card=card_short(e.card, loc),
                )
            ]
        if isinstance(e, gs.Threshold):
            key = "gostop.narrate.threshold" if e.can_go else "gostop.narrate.threshold_last"
            return [t(loc, key, name=names[e.seat], score=e.score)]
        if isinstance(e, gs.GoCalled):
            return [t(loc, "gostop.narrate.go", name=names[e.seat], count=e.count, score=e.score)]
        if isinstance(e, gs.StopCalled):
            return [t(loc, "gostop.narrate.stop", name=names[e.seat])]
        if isinstance(e, gs.RoundEnded):
            return self._round_lines(e, names, loc)
        if isinstance(e, gs.MatchEnded):
            score = score_line(e.scores, e.winners, names, loc)  # "alice 80 · bob −80": the winner first
            if len(e.winners) == 1:
                return [t(loc, "gostop.narrate.match_won", name=names[e.winners[0]], score=score)]
            winners = names_and([names[i] for i in e.winners], t(loc, "common.and"))
            return [t(loc, "gostop.narrate.match_tied", names=winners, score=score)]
        return []

    def _round_lines(
        self, e: gs.RoundEnded, names: Sequence[str], loc: str, *, totals: bool = True
    ) -> list[str]:
        """Who won and how, the payments, then each seat's change with its total unless the
        match ends here (the match's line that follows gives the totals)."""
        r = e.result
        reason = t(loc, f"gostop.reason.{r.reason}")
        if r.winner is None:
            lines = [t(loc, "gostop.narrate.round_end_nagari", n=r.round_no, reason=reason)]
        else:
            lines = [t(loc, "gostop.narrate.round_end", n=r.round_no, name=names[r.winner], reason=reason)]
            if r.items:
                lines.append(
                    t(
                        loc,
                        "gostop.narrate.round_score",
                        items=items_text(r.items, loc),
                        base=r.base,
                        gos=r.go_bonus,
                        score=r.score,
                    )
                )
        for p in r.payments:
            mult = " ".join(f"×{m.factor} {t(loc, f'gostop.mult.{m.name}')}" for m in p.multipliers)
            key = "gostop.narrate.payment_mult" if mult else "gostop.narrate.payment"
            line = t(loc, key, payer=names[p.payer], payee=names[p.payee], amount=p.amount, mult=mult)
            if p.covers is not None:
                line += " " + t(loc, "gostop.narrate.covers", name=names[p.covers])
            lines.append(line)
        key = "gostop.narrate.total" if totals else "gostop.narrate.round_change"
        lines.append(
            " · ".join(
                t(loc, key, name=names[i], points=signed(r.points[i], loc), total=number(e.scores[i], loc))
                for i in range(len(e.scores))
            )
        )
        return lines

    @staticmethod
    def _pairing_hides_cards(view: gs.GoStopView) -> bool:
        """Whether a flower card of the hand cannot be played because another pairs with the table
        (pairing is compulsory unless ``free_discard``): it has no button, which needs saying."""
        playable = {a.card for a in view.legal_actions if isinstance(a, gs.Play)}
        flowers = (c for c in map(gs.parse_card, view.hand or ()) if c < 48)  # 48+: the jokers
        return any(c not in playable for c in flowers)

    def hand_scene(self, view: gs.GoStopView) -> Hashable:
        """The cards, and on the seat's turn the field, the phase, the flipped card and the
        joker claim's points (``render_hand``: glows, the other moves, the status line)."""
        mine = view.to_act == view.seat
        return (
            None if view.hand is None else tuple(sorted(view.hand)),
            view.legal_actions,
            view.field if view.legal_actions else None,
            (view.phase, view.pending_flip, view.rules.joker_win_points) if mine else None,
        )

    def hand_text(self, view: gs.GoStopView, locale: str) -> str:
        loc = locale
        lines = [t(loc, "gostop.hand.title", n=view.round_no, rounds=view.rules.rounds)]
        seat = view.seat
        if seat is not None and view.phase is not gs.Phase.OVER:
            items = view.round_scores[seat]
            threshold = view.rules.threshold(view.seats)
            if items:
                lines.append(
                    t(
                        loc,
                        "gostop.hand.score_items",
                        points=round_score(view, seat),
                        items=items_text(items, loc),
                        threshold=threshold,
                    )
                )
            else:
                lines.append(t(loc, "gostop.hand.score", points=0, threshold=threshold))
            if view.gos[seat] or view.shakes[seat]:
                lines.append(t(loc, "gostop.hand.gos", gos=view.gos[seat], shakes=view.shakes[seat]))
        if not view.legal_actions:
            return "\n".join(lines)
        phase = view.phase
        if phase is gs.Phase.PLAY:
            lines.append(t(loc, "gostop.hand.play"))
            if self._pairing_hides_cards(view):
                lines.append(t(loc, "gostop.hand.must_pair"))
            if any(isinstance(a, gs.Shake) for a in view.legal_actions):
                lines.append(t(loc, "gostop.hand.can_shake"))
            if any(isinstance(a, gs.Bomb) for a in view.legal_actions):
                lines.append(t(loc, "gostop.hand.can_bomb"))
            if any(isinstance(a, gs.Flip) for a in view.legal_actions):
                lines.append(tn(loc, "gostop.hand.can_flip", self._flips(view)))
        elif phase is gs.Phase.FLIP_CHOICE:
            lines.append(t(loc, "gostop.hand.flip_choice", card=card_short(view.pending_flip or "?", loc)))
        elif phase is gs.Phase.DECIDE and seat is not None:
            count = view.gos[seat] + 1
            lines.append(
                t(
                    loc,
                    "gostop.hand.decide",
                    points=round_score(view, seat),
                    gos=view.gos[seat],
                    count=count,
                )
            )
            lines.append(t(loc, "gostop.hand.go_risk"))
        elif phase is gs.Phase.CLAIM:
            lines.append(t(loc, "gostop.hand.claim", points=view.rules.joker_win_points))
        elif phase is gs.Phase.CUP:
            lines.append(t(loc, "gostop.hand.cup"))
        return "\n".join(lines)

    def status_text(self, view: gs.GoStopView, names: Sequence[str], locale: str) -> str:
        loc = locale
        if view.phase is gs.Phase.OVER:  # the totals are the match's line, just above: not again
            return t(loc, "gostop.status.ended", n=view.round_no, rounds=view.rules.rounds)
        parts = []
        for i in range(view.seats):
            text = t(
                loc,
                "gostop.status.seat",
                name=names[i],
                score=number(view.scores[i], loc),
                round=round_score(view, i),
            )
            if view.gos[i]:
                text += " " + t(loc, "gostop.status.gos", count=view.gos[i])
            if view.shakes[i]:
                text += " " + t(loc, "gostop.status.shakes", count=view.shakes[i])
            if view.shown and view.shown[i]:  # a shake shows its three cards until played
                cards = " ".join(f"`{to_player(c)}`" for c in view.shown[i])
                text += " " + t(loc, "gostop_shown.status.shown", cards=cards)
            parts.append(text)
        return t(
            loc,
            "gostop.status.line",
            n=view.round_no,
            rounds=view.rules.rounds,
            threshold=view.rules.threshold(view.seats),
            scores=" · ".join(parts),
        )


SPEC = GoStopSpec()

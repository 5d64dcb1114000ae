"""Koi-Koi's adapter to the shared table flow: buttons, narration, images, results.

No rule logic here: legality, scoring and CPU decisions all come from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from types import ModuleType
from typing import Any, ClassVar

from cogs.hanafuda.spec import HanafudaSpec
from cogs.table.podium import number, score_line, signed
from cogs.table.spec import Step, fit_label
from engine.ai.koikoi.heuristic import choose_action
from engine.core import BadRules
from engine.hanafuda import koikoi as kk
from engine.hanafuda.cards import Card
from engine.hints import Hints
from engine.hints import koikoi as hinter
from i18n import card_label, card_name, t, tn
from render.hanafuda import koikoi as draw


def cards_text(cards: Sequence[Card], locale: str) -> str:
    return ", ".join(f"{card_name(c, locale)} `{c}`" for c in cards)


def yaku_text(yaku: Sequence[kk.YakuScore], locale: str) -> str:
    return ", ".join(
        f"{t(locale, f'yaku.{y.yaku}')} ({t(locale, f'yaku.{y.yaku}.native')}) {y.points}" for y in yaku
    )


class KoiKoiSpec(HanafudaSpec):
    game = "koikoi"
    draw: ClassVar[ModuleType] = draw
    round_ended = kk.RoundEnded
    match_ended = kk.MatchEnded
    engine = kk.ENGINE
    title_key = "game.koikoi"
    demo: ClassVar[dict[str, Any]] = {"opponent": "watch"}
    demo_rounds = True
    display_name = "Koi-Koi"
    notable_events = (kk.LuckyHand, kk.YakuMade, kk.KoiKoiCalled, kk.ShobuCalled)
    learn = (2, {"rounds": 3})

    def hints(self, view: kk.KoiKoiView) -> Hints:
        return hinter.hints(view)

    def cpu_choose(self, view: kk.KoiKoiView, rng: random.Random) -> kk.Action:
        return choose_action(view, rng)

    # --- buttons ------------------------------------------------------------------------------

    def action_steps(self, action: kk.Action, view: kk.KoiKoiView, locale: str) -> tuple[Step, ...]:
        if isinstance(action, kk.Play):
            captures = bool(kk.play_takes(view, kk.Play(action.card)))
            first = Step(
                str(action.card), card_label(action.card, locale), "primary" if captures else "secondary"
            )
            if action.target is None:
                return (first,)
            take = Step(
                str(action.target),
                t(locale, "koikoi.button.take", card=card_label(action.target, locale)),
                "primary",
            )
            return (first, take)
        if isinstance(action, kk.Capture):
            return (
                Step(
                    f"c{action.target}",
                    t(locale, "koikoi.button.take", card=card_label(action.target, locale)),
                    "primary",
                ),
            )
        if isinstance(action, kk.KoiKoi):
            return (Step("koikoi", t(locale, "koikoi.button.koikoi"), "danger", "🔥"),)
        points = view.stop_score.points[view.seat] if view.stop_score and view.seat is not None else 0
        label = tn(locale, "koikoi.button.shobu", points, points=number(points, locale))
        return (Step("shobu", label, "success", "✋"),)

    # --- typed moves (/move, /koikoi play) ------------------------------------------------------

    def action_label(self, action: kk.Action, view: kk.KoiKoiView, locale: str) -> str:
        """``3a Cherry curtain (桜に幕) → capture 3c Cherry chaff (桜のカス)``, ``Koi-Koi!``…"""
        if isinstance(action, kk.Play):
            played = card_label(action.card, locale)
            taken = kk.play_takes(view, action)
            if not taken:
                text = t(locale, "moves.koikoi.to_field", card=played)
            elif len(taken) == 1:
                text = t(locale, "moves.koikoi.capture", card=played, target=card_label(taken[0], locale))
            else:
                text = t(locale, "moves.koikoi.capture", card=played, target=", ".join(map(str, taken)))
        elif isinstance(action, kk.Capture):
            drawn = card_label(view.pending_draw, locale) if view.pending_draw is not None else "?"
            text = t(
                locale, "moves.koikoi.drawn_capture", card=drawn, target=card_label(action.target, locale)
            )
        elif isinstance(action, kk.KoiKoi):
            text = t(locale, "moves.koikoi.koikoi")
        else:
            points = view.stop_score.points[view.seat] if view.stop_score and view.seat is not None else 0
            text = tn(locale, "moves.koikoi.shobu", points)
        return fit_label(text)

    # --- words ------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], names: Sequence[str], locale: str) -> list[str]:
        """The lines of a move; a move that settles a drawn card's choice starts with that draw
        again (now with what it took): it is told as the choice made, the draw having been told
        when the card was turned ("draws …, a choice to make")."""
        first = events[0] if events else None
        if isinstance(first, kk.CardDrawn) and first.captured and not first.awaiting_choice:
            chose = t(
                locale,
                "koikoi.narrate.chose_take",
                name=names[first.seat],
                card=cards_text((first.card,), locale),
                cards=cards_text(first.captured, locale),
            )
            return [chose, *super().narrate(events[1:], names, locale)]
        return super().narrate(events, names, locale)

    def _narrate_one(self, e: Any, names: Sequence[str], loc: str) -> list[str]:
        line = self._narrate_line(e, names, loc)
        return [line] if line else []

    def _narrate_line(self, e: Any, names: Sequence[str], loc: str) -> str | None:
        """The one line Koi-Koi tells of ``e`` (``None``: nothing to tell)."""
        if isinstance(e, kk.RoundStarted):
            return t(
                loc,
                "koikoi.narrate.round",
                n=e.round_no,
                month=t(loc, f"month.{e.month}"),
                dealer=names[e.dealer],
            )
        if isinstance(e, kk.Redealt):
            return t(loc, "koikoi.narrate.redeal", reason=t(loc, f"yaku.{e.reason}"))
        if isinstance(e, kk.LuckyHand):
            return t(
                loc,
                "koikoi.narrate.lucky",
                name=names[e.seat],
                yaku=t(loc, f"yaku.{e.hand_yaku}"),
                cards=cards_text(e.cards, loc),
            )
        if isinstance(e, kk.CardPlayed | kk.CardDrawn):
            verb = "played" if isinstance(e, kk.CardPlayed) else "drew"
            if e.captured:
                key = f"koikoi.narrate.{verb}_take"
            elif isinstance(e, kk.CardDrawn) and e.awaiting_choice:
                key = "koikoi.narrate.drew_choice"
            else:
                key = f"koikoi.narrate.{verb}_field"
            return t(
                loc,
                key,
                name=names[e.seat],
                card=cards_text((e.card,), loc),
                cards=cards_text(e.captured, loc),
            )
        if isinstance(e, kk.YakuMade):
            return t(loc, "koikoi.narrate.yaku", name=names[e.seat], yaku=yaku_text(e.yaku, loc))
        if isinstance(e, kk.KoiKoiCalled):
            return t(loc, "koikoi.narrate.koikoi", name=names[e.seat], count=e.count)
        if isinstance(e, kk.ShobuCalled):
            return t(loc, "koikoi.narrate.shobu", name=names[e.seat])
        if isinstance(e, kk.RoundEnded):
            r = e.result
            if r.winner is None:
                if any(r.points):  # option oyaken: the dealer's privilege (with zero_sum, paid)
                    dealer_first = sorted(range(len(r.points)), key=lambda i: i != r.dealer)
                    changes = " · ".join(
                        f"{names[i]} {signed(r.points[i], loc)}" for i in dealer_first if r.points[i]
                    )
                    return t(loc, "koikoi.narrate.end.oyaken", n=r.round_no, changes=changes)
                return t(loc, f"koikoi.narrate.end.{r.reason}", n=r.round_no)
            loser = 1 - r.winner
            return t(
                loc,
                # option zero_sum: the opponent pays what the winner scores
                "koikoi.narrate.end.win_from" if r.points[loser] < 0 else "koikoi.narrate.end.win",
                n=r.round_no,
                name=names[r.winner],
                points=r.points[r.winner],
                reason=t(loc, f"koikoi.reason.{r.reason}"),
                loser=names[loser],
            )
        if isinstance(e, kk.MatchEnded):
            score = score_line(e.scores, e.winners, locale=loc)  # the winner's score first: "8–0"
            if len(e.winners) == 1:
                return t(loc, "koikoi.narrate.match_won", name=names[e.winners[0]], score=score)
            return t(loc, "koikoi.narrate.match_tied", score=score)
        return None

    def hand_scene(self, view: kk.KoiKoiView) -> Hashable:
        """The cards, and on the seat's turn the field they match, the phase and the drawn card
        (``render_hand``: glows, the status line, the capture to pick)."""
        mine = view.to_act == view.seat
        return (
            None if view.hand is None else tuple(sorted(view.hand)),
            view.legal_actions,
            view.field if view.legal_actions else None,
            (view.phase, view.pending_draw) if mine else None,
        )

    def hand_text(self, view: kk.KoiKoiView, locale: str) -> str:
        lines = [t(locale, "koikoi.hand.title", n=view.round_no, total=view.rounds_total)]
        if view.seat is not None and view.yaku[view.seat]:
            lines.append(t(locale, "koikoi.hand.your_yaku", yaku=yaku_text(view.yaku[view.seat], locale)))
        if not view.legal_actions:
            return "\n".join(lines)
        if view.phase is kk.Phase.PLAY:
            lines.append(t(locale, "koikoi.hand.play"))
        elif view.phase is kk.Phase.DRAW_CHOICE and view.pending_draw is not None:
            lines.append(t(locale, "koikoi.hand.draw_choice", card=cards_text((view.pending_draw,), locale)))
        elif view.phase is kk.Phase.DECIDE:
            points = view.stop_score.points[view.seat] if view.stop_score and view.seat is not None else 0
            can_koikoi = any(isinstance(a, kk.KoiKoi) for a in view.legal_actions)
            key = "koikoi.hand.decide" if can_koikoi else "koikoi.hand.decide_last"
            lines.append(tn(locale, key, points, points=number(points, locale)))
        return "\n".join(lines)

    def status_text(self, view: kk.KoiKoiView, names: Sequence[str], locale: str) -> str:
        if view.phase is kk.Phase.OVER:  # the totals are the match's line, just above: not again
            return t(locale, "koikoi.status.ended", n=view.round_no, total=view.rounds_total)
        scores = " · ".join(f"{names[i]} **{view.scores[i]}**" for i in range(view.seats))
        calls = [
            tn(locale, "koikoi.status.calls", n, name=names[i]) for i, n in enumerate(view.koikoi_calls) if n
        ]
        status = t(locale, "koikoi.status.line", n=view.round_no, total=view.rounds_total, scores=scores)
        return " · ".join([status, *calls])

    # --- /koikoi rules ----------------------------------------------------------------------------

    def preset_table(self, rules: kk.Rules) -> tuple[str, tuple[tuple[str, str, str], ...]] | None:
        """The preset ``rules`` are exactly, with its table: every yaku and rule, its value and
        the source it follows (``engine.hanafuda.koikoi.preset_table``); ``None`` when no preset
        with a table has these rules (a table's options changed one: the sources would not hold)."""
        for name, preset in kk.PRESETS.items():
            if preset == rules:
                try:
                    return name, kk.preset_table(name)
                except BadRules:  # a preset without a table of sources
                    return None
        return None


SPEC = KoiKoiSpec()

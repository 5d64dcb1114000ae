"""Roppyakken's adapter to the shared table flow: buttons, narration, images, results.

No rule logic here: legality, captures, scoring and CPU decisions all come from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cogs.table.match_spec import MatchSpec
from cogs.table.podium import score_line
from cogs.table.spec import Step, fit_label
from engine.ai.roppyakken import choose_action
from engine.hanafuda import roppyakken as rk
from engine.hanafuda.cards import Card, from_mask, mask
from engine.hanafuda.roppyakken.state import options as capture_options
from i18n import card_name, t
from render.hanafuda import roppyakken as draw


def card_label(card: Card, locale: str) -> str:
    """``3a Cherry curtain (桜に幕)``: notation first, as players type it."""
    return f"{card} {card_name(card, locale)} ({card_name(card, locale, native=True)})"


def cards_text(cards: Sequence[Card], locale: str) -> str:
    return ", ".join(f"{card_name(c, locale)} `{c}`" for c in cards)


def item_name(item: rk.Item, locale: str) -> str:
    """A score line's name: ``Four Brights (Shikō 四光)``, ``Lights``, ``Hand Three (Tesan 手三)``."""
    return t(locale, f"roppyakken.yaku.{item.name}")


def items_text(items: Sequence[rk.Item], locale: str) -> str:
    return ", ".join(f"{item_name(i, locale)} {i.points}" for i in items)


def takes(action: rk.Play, view: rk.RoppyakkenView) -> tuple[Card, ...]:
    """The field cards a play captures, as the engine's capture options say."""
    if action.target is not None:
        return (action.target,)
    found = capture_options(action.card, mask(view.field))
    return from_mask(found[0]) if found else ()


class RoppyakkenSpec(MatchSpec):
    game = "roppyakken"
    draw = draw
    round_ended = rk.RoundEnded
    match_ended = rk.MatchEnded
    engine = rk.ENGINE
    title_key = "game.roppyakken"

    def cpu_choose(self, view: rk.RoppyakkenView, rng: random.Random) -> rk.Action:
        return choose_action(view, rng)

    # --- buttons ------------------------------------------------------------------------------

    def action_steps(self, action: rk.Action, view: rk.RoppyakkenView, locale: str) -> tuple[Step, ...]:
        if isinstance(action, rk.Play):
            captures = bool(takes(rk.Play(action.card), view)) or action.target is not None
            first = Step(
                str(action.card), card_label(action.card, locale), "primary" if captures else "secondary"
            )
            if action.target is None:
                return (first,)
            take = Step(
                str(action.target),
                t(locale, "roppyakken.button.take", card=card_label(action.target, locale)),
                "primary",
            )
            return (first, take)
        return (
            Step(
                f"c{action.target}",
                t(locale, "roppyakken.button.take", card=card_label(action.target, locale)),
                "primary",
            ),
        )

    # --- typed moves (/move, /roppyakken play) ---------------------------------------------------

    def action_label(self, action: rk.Action, view: rk.RoppyakkenView, locale: str) -> str:
        """``3a Cherry curtain (桜に幕) → capture 3c Cherry chaff (桜のカス)``…"""
        if isinstance(action, rk.Play):
            played = card_label(action.card, locale)
            taken = takes(action, view)
            if not taken:
                text = t(locale, "roppyakken.move.to_field", card=played)
            elif len(taken) == 1:
                text = t(locale, "roppyakken.move.capture", card=played, target=card_label(taken[0], locale))
            else:
                text = t(locale, "roppyakken.move.capture", card=played, target=", ".join(map(str, taken)))
        else:
            drawn = card_label(view.pending_draw, locale) if view.pending_draw is not None else "?"
            text = t(
                locale,
                "roppyakken.move.drawn_capture",
                card=drawn,
                target=card_label(action.target, locale),
            )
        return fit_label(text)

    # --- words ------------------------------------------------------------------------------

    def _narrate_one(self, e: Any, names: Sequence[str], loc: str) -> list[str]:
        if isinstance(e, rk.RoundStarted):
            return [t(loc, "roppyakken.narrate.round", n=e.round_no, dealer=names[e.dealer])]
        if isinstance(e, rk.Redealt):
            return [t(loc, f"roppyakken.narrate.redeal.{e.reason}")]
        if isinstance(e, rk.TeyakuShown):
            cards: list[Card] = [c for item in e.teyaku for c in item.cards]
            return [
                t(
                    loc,
                    "roppyakken.narrate.teyaku",
                    name=names[e.seat],
                    yaku=items_text(e.teyaku, loc),
                    cards=cards_text(sorted(set(cards)), loc),
                )
            ]
        if isinstance(e, rk.CardPlayed | rk.CardDrawn):
            verb = "played" if isinstance(e, rk.CardPlayed) else "drew"
            if e.captured:
                key = f"roppyakken.narrate.{verb}_take"
            elif isinstance(e, rk.CardDrawn) and e.awaiting_choice:
                key = "roppyakken.narrate.drew_choice"
            else:
                key = f"roppyakken.narrate.{verb}_field"
            return [
                t(
                    loc,
                    key,
                    name=names[e.seat],
                    card=cards_text((e.card,), loc),
                    cards=cards_text(e.captured, loc),
                )
            ]
        if isinstance(e, rk.RoundEnded):
            r = e.result
            lines = [t(loc, "roppyakken.narrate.round_end", n=r.round_no)]
            for i, seat in enumerate(r.seats):
                cards = sum(item.points for item in seat.card_points)
                made = [*seat.teyaku, *seat.yaku]
                key = "roppyakken.narrate.seat_yaku" if made else "roppyakken.narrate.seat"
                lines.append(
                    t(
                        loc,
                        key,
                        name=names[i],
                        points=r.points[i],
                        cards=cards,
                        yaku=items_text(made, loc),
                        total=e.scores[i],
                    )
                )
            return lines
        if isinstance(e, rk.MatchEnded):
            # the winner's score first ("120–40"); with three players, each score with its name
            score = score_line(e.scores, e.winners, names if len(e.scores) > 2 else None)
            if len(e.winners) == 1:
                return [
                    t(
                        loc,
                        "roppyakken.narrate.match_won",
                        name=names[e.winners[0]],
                        score=score,
                        reason=t(loc, f"roppyakken.reason.{e.reason}"),
                    )
                ]
            return [t(loc, "roppyakken.narrate.match_tied", score=score)]
        return []

    def hand_text(self, view: rk.RoppyakkenView, locale: str) -> str:
        lines = [t(locale, "roppyakken.hand.title", n=view.round_no)]
        if view.seat is not None and view.running:
            mine = view.running[view.seat]
            made = [*mine.teyaku, *mine.yaku]
            if made:
                lines.append(
                    t(
                        locale,
                        "roppyakken.hand.your_score_yaku",
                        points=mine.total,
                        yaku=items_text(made, locale),
                    )
                )
            else:
                lines.append(t(locale, "roppyakken.hand.your_score", points=mine.total))
        if not view.legal_actions:
            return "\n".join(lines)
        if view.phase is rk.Phase.PLAY:
            lines.append(t(locale, "roppyakken.hand.play"))
        elif view.phase is rk.Phase.DRAW_CHOICE and view.pending_draw is not None:
            lines.append(
                t(locale, "roppyakken.hand.draw_choice", card=cards_text((view.pending_draw,), locale))
            )
        return "\n".join(lines)

    def status_text(self, view: rk.RoppyakkenView, names: Sequence[str], locale: str) -> str:
        parts = []
        for i in range(view.seats):
            if view.running:
                running = view.running[i]
                made = [*running.teyaku, *running.yaku]
                text = t(
                    locale,
                    "roppyakken.status.seat",
                    name=names[i],
                    score=view.scores[i],
                    round=running.total,
                )
                if made:
                    text += " " + t(
                        locale, "roppyakken.status.yaku", yaku=", ".join(item_name(y, locale) for y in made)
                    )
            else:
                text = t(locale, "roppyakken.status.seat_final", name=names[i], score=view.scores[i])
            parts.append(text)
        return t(
            locale,
            "roppyakken.status.line",
            n=view.round_no,
            target=view.rules.target,
            scores=" · ".join(parts),
        )


SPEC = RoppyakkenSpec()

"""Roppyakken's adapter to the shared table flow: buttons, narration, images, results.

No rule logic here: legality, captures, scoring and CPU decisions all come from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from types import ModuleType
from typing import Any, ClassVar

from cogs.hanafuda.spec import HanafudaSpec
from cogs.table.podium import score_line
from cogs.table.spec import Step, fit_label
from engine.ai.roppyakken.heuristic import choose_action
from engine.hanafuda import roppyakken as rk
from engine.hanafuda.cards import Card, from_mask, mask
from engine.hanafuda.roppyakken.state import name_of
from engine.hanafuda.roppyakken.state import options as capture_options
from engine.hints import Hints
from engine.hints import roppyakken as hinter
from i18n import card_label, card_name, t
from render.hanafuda import roppyakken as draw


def cards_text(cards: Sequence[Card], locale: str) -> str:
    return ", ".join(f"{card_name(c, locale)} `{c}`" for c in cards)


def item_name(item: rk.Item, locale: str) -> str:
    """A score line's name: ``Four Brights (Shikō 四光)``, ``Brights``, ``Hand Three (Tesan 手三)``."""
    return t(locale, f"roppyakken.yaku.{item.name}")


def items_text(items: Sequence[rk.Item], locale: str) -> str:
    return ", ".join(f"{item_name(i, locale)} {i.points}" for i in items)


def takes(action: rk.Action, view: rk.RoppyakkenView) -> tuple[Card, ...]:
    """The field cards an action captures, as the engine's capture options under the table's
    rules say (the Gaji's options depend on them). A capture is named by its first card and
    takes all of its option: ``11a>11b`` takes 11b 11c 11d. A lay takes nothing."""
    if isinstance(action, rk.Lay):
        return ()
    card = action.card if isinstance(action, rk.Play) else view.pending_draw
    target = action.target
    if card is None:
        return (target,) if target is not None else ()
    found = capture_options(card, mask(view.field), view.rules)
    if target is None:
        return from_mask(found[0]) if found else ()
    named = [option for option in found if name_of(option) == target]
    return from_mask(named[0]) if named else (target,)


def taken_label(cards: Sequence[Card], locale: str) -> str:
    """One card in full (``3c Cherry chaff (桜のカス)``), several by their notation (``11b, 11c, 11d``)."""
    return card_label(cards[0], locale) if len(cards) == 1 else ", ".join(map(str, cards))


class RoppyakkenSpec(HanafudaSpec):
    game = "roppyakken"
    draw: ClassVar[ModuleType] = draw
    round_ended = rk.RoundEnded
    match_ended = rk.MatchEnded
    engine = rk.ENGINE
    title_key = "game.roppyakken"
    demo: ClassVar[dict[str, Any]] = {"opponent": "watch", "preset": "sanbyakuken"}
    display_name = "Roppyakken"
    notable_events = (rk.TeyakuShown,)
    learn = (2, {"target": 300})

    def hints(self, view: rk.RoppyakkenView) -> Hints:
        return hinter.hints(view)

    def cpu_choose(self, view: rk.RoppyakkenView, rng: random.Random) -> rk.Action:
        return choose_action(view, rng)

    # --- buttons ------------------------------------------------------------------------------

    def action_steps(self, action: rk.Action, view: rk.RoppyakkenView, locale: str) -> tuple[Step, ...]:
        """A hand card, then (when it has a choice) what it takes or ``field`` to lay it (the
        Gaji under ``gaji_capture="optional"``, the seed's); a drawn card's choice is one step."""
        if isinstance(action, rk.Lay):
            lay = t(locale, "roppyakken.button.lay")
            if action.card is None:
                return (Step("lay", lay),)
            return (Step(str(action.card), card_label(action.card, locale), "primary"), Step("field", lay))
        taken = takes(action, view)
        label = t(locale, "roppyakken.button.take", card=taken_label(taken, locale))
        if isinstance(action, rk.Capture):
            return (Step(f"c{action.target}", label, "primary"),)
        first = Step(str(action.card), card_label(action.card, locale), "primary" if taken else "secondary")
        if action.target is not None:
            return (first, Step(str(action.target), label, "primary"))
        if taken and rk.Lay(action.card) in view.legal_actions:
            # the Gaji with one capture, which it may also skip: its click offers take … or lay
            return (first, Step(str(taken[0]), label, "primary"))
        return (first,)

    # --- typed moves (/move, /roppyakken play) ---------------------------------------------------

    def action_label(self, action: rk.Action, view: rk.RoppyakkenView, locale: str) -> str:
        """``3a Cherry curtain (桜に幕) → capture 3c Cherry chaff (桜のカス)``, ``11a … → capture
        11b, 11c, 11d``, ``11a … → lay on the field``…"""
        drawn = card_label(view.pending_draw, locale) if view.pending_draw is not None else "?"
        if isinstance(action, rk.Lay):
            if action.card is None:
                text = t(locale, "roppyakken.move.drawn_lay", card=drawn)
            else:
                text = t(locale, "roppyakken.move.lay", card=card_label(action.card, locale))
            return fit_label(text)
        taken = takes(action, view)
        if isinstance(action, rk.Capture):
            text = t(locale, "roppyakken.move.drawn_capture", card=drawn, target=taken_label(taken, locale))
        elif taken:
            text = t(
                locale,
                "roppyakken.move.capture",
                card=card_label(action.card, locale),
                target=taken_label(taken, locale),
            )
        else:
            text = t(locale, "roppyakken.move.to_field", card=card_label(action.card, locale))
        return fit_label(text)

    # --- words ------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], names: Sequence[str], locale: str) -> list[str]:
        """The lines of a move; a move that settles a drawn card's choice (which card it takes, or,
        for the Gaji, whether it is laid) starts with that draw again: it is told as the choice
        made, the draw having been told when the card was turned ("draws …, a choice to make")."""
        first = events[0] if events else None
        if isinstance(first, rk.CardDrawn) and not first.awaiting_choice:
            chose = t(
                locale,
                "roppyakken.narrate.chose_take" if first.captured else "roppyakken.narrate.chose_field",
                name=names[first.seat],
                card=cards_text((first.card,), locale),
                cards=cards_text(first.captured, locale),
            )
            return [chose, *super().narrate(events[1:], names, locale)]
        return super().narrate(events, names, locale)

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
            return self._round_lines(e, names, loc)
        if isinstance(e, rk.MatchEnded):
            # the winner's score first ("120–40"); with three players, each score with its name
            score = score_line(e.scores, e.winners, names if len(e.scores) > 2 else None, loc)
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

    def _round_lines(
        self, e: rk.RoundEnded, names: Sequence[str], loc: str, *, totals: bool = True
    ) -> list[str]:
        """Each seat's points of the round (cards, and the yaku made), with its total unless the
        match ends here (the match's line that follows gives the totals)."""
        r = e.result
        lines = [t(loc, "roppyakken.narrate.round_end", n=r.round_no)]
        for i, seat in enumerate(r.seats):
            made = [*seat.teyaku, *seat.yaku]
            line = t(
                loc,
                "roppyakken.narrate.seat_yaku" if made else "roppyakken.narrate.seat",
                name=names[i],
                points=r.points[i],
                cards=sum(item.points for item in seat.card_points),
                yaku=items_text(made, loc),
            )
            if totals:
                line += " · " + t(loc, "roppyakken.narrate.total", total=e.scores[i])
            lines.append(line)
        return lines

    def hand_scene(self, view: rk.RoppyakkenView) -> Hashable:
        """The cards, the teyaku shown at the deal (their chips), which cards are lights, and on
        the seat's turn the field they capture from, the phase and the drawn card."""
        mine = view.to_act == view.seat
        seat = view.seat if view.seat is not None else len(view.running)
        teyaku = view.running[seat].teyaku if seat < len(view.running) else ()
        return (
            None if view.hand is None else tuple(sorted(view.hand)),
            frozenset(c for item in teyaku for c in item.cards),
            view.rules.sake_deer_lights,
            view.legal_actions,
            view.field if view.legal_actions else None,
            (view.phase, view.pending_draw) if mine else None,
        )

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
            # the Gaji under gaji_capture="optional" may also be laid (then one capture may be all)
            may_lay = any(isinstance(a, rk.Lay) for a in view.legal_actions)
            key = "roppyakken.hand.draw_choice_lay" if may_lay else "roppyakken.hand.draw_choice"
            lines.append(t(locale, key, card=cards_text((view.pending_draw,), locale)))
        return "\n".join(lines)

    def status_text(self, view: rk.RoppyakkenView, names: Sequence[str], locale: str) -> str:
        if view.phase is rk.Phase.OVER:  # the totals are the match's line, just above: not again
            return t(locale, "roppyakken.status.ended", n=view.round_no)
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

"""Dou Dizhu's adapter to the shared table flow: bids, the card menu, suggestions, words, results.

No rule logic here: which moves exist, what beats what and the scores come from the engine
(``engine.doudizhu``), the reasons a selection is refused from ``engine.doudizhu.explain``, the
CPU's move and the 💡 hint from ``engine.ai.doudizhu.heuristic``.

A hand of up to 20 cards offers thousands of legal leads, so the hand shows a select menu of its
cards (:meth:`DoudizhuSpec.picker`, :meth:`DoudizhuSpec.pick`) and a few suggested moves as
buttons (:meth:`DoudizhuSpec.suggested`); every legal move stays playable by typing it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from types import ModuleType
from typing import Any, ClassVar

from cogs.doudizhu.cards import (
    card_text,
    cards_text,
    explained,
    kind_name,
    menu_entries,
    move_cards,
    move_words,
    picked_ranks,
    refusal,
)
from cogs.table.match_spec import MatchSpec
from cogs.table.podium import names_and, number, score_line, signed
from cogs.table.spec import Picker, PickOption, Step, fit_label
from engine.ai.doudizhu.heuristic import choose_action
from engine.core import Outcome
from engine.doudizhu import (
    ENGINE,
    Bid,
    BidMade,
    DoudizhuView,
    HandEnded,
    HandStarted,
    LandlordChosen,
    MatchEnded,
    Move,
    Pass,
    Passed,
    Phase,
    Played,
    Redealt,
    TrickWon,
    classify,
)
from engine.doudizhu.explain import why_not
from engine.hints import Hints
from engine.hints import doudizhu as hinter
from i18n import t, tn
from render import doudizhu as draw
from render.doudizhu.common import move_phrase, rank_text
from store import SeatResult

MAX_SUGGESTIONS = 8  # move buttons besides Pass


def match_winners(scores: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Who won the match: every seat with the best total (the two peasants of a one-deal match
    both win), or nobody when all three totals are equal."""
    return tuple(winners) if len(winners) < len(scores) else ()


@lru_cache(maxsize=64)
def cpu_hint(view: DoudizhuView) -> Any:
    """The CPU's move from ``view``, computed once per view: every button of a hand asks for it.
    Views are immutable and hashable, so equal views (another click on the same turn) share it."""
    return choose_action(view, random.Random(view.hand_no))


# --- the spec -------------------------------------------------------------------------------------


class DoudizhuSpec(MatchSpec):
    game = "doudizhu"
    draw: ClassVar[ModuleType] = draw
    round_ended = HandEnded
    match_ended = MatchEnded
    engine = ENGINE
    title_key = "game.doudizhu"
    demo: ClassVar[dict[str, Any]] = {"opponent": "watch", "deals": 2}
    display_name = "Dou Dizhu"
    notable_events = (LandlordChosen,)
    learn = (3, {"hands": 2})

    def replay_view(self, state: Any, later: Iterable[tuple[Any, Sequence[Any]]]) -> DoudizhuView:
        """The kitty while it is still face down: as the first later move of the deal that turns
        it up shows it (none if the cards are dealt again first)."""
        public = self.engine.view(state, None)
        if public.kitty is not None:
            return public
        for later_state, events in later:
            if any(isinstance(e, Redealt) for e in events):
                break
            kitty = self.engine.view(later_state, None).kitty
            if kitty is not None:
                return replace(public, kitty=kitty)
        return public

    def is_notable(self, event: Any) -> bool:
        """The landlord's choice, and every bomb or rocket played."""
        kind = getattr(getattr(event, "move", None), "kind", None)
        return super().is_notable(event) or kind in ("bomb", "rocket")

    def hints(self, view: DoudizhuView) -> Hints:
        return hinter.hints(view)

    def cpu_choose(self, view: DoudizhuView, rng: random.Random) -> Any:
        return choose_action(view, rng)

    def hint(self, view: DoudizhuView) -> Any:
        """What the CPU would play from this view (the 💡 suggestion)."""
        return cpu_hint(view) if view.legal_actions else None

    # --- buttons ------------------------------------------------------------------------------

    def action_steps(self, action: Any, view: DoudizhuView, locale: str) -> tuple[Step, ...]:
        loc = locale
        emoji = "💡" if view.legal_actions and action == self.hint(view) else None
        if isinstance(action, Bid):
            return (Step(str(action), t(loc, "doudizhu.button.bid", bid=action.value), "primary", emoji),)
        if isinstance(action, Pass):
            key = "doudizhu.button.no_bid" if view.phase is Phase.BID else "doudizhu.button.pass"
            return (Step("pass", t(loc, key), "secondary", emoji),)
        style = "danger" if action.is_bomb else "success" if emoji else "primary"
        if emoji is None and action.is_bomb:
            emoji = "🚀" if action.kind == "rocket" else "💣"
        return (Step(str(action), move_words(action, loc), style, emoji),)

    def action_label(self, action: Any, view: DoudizhuView, locale: str) -> str:
        """``33344 — Trio with a pair: 3 3 3 4 4``, ``bid2 — Bid 2``, ``pass — Pass``."""
        if isinstance(action, Move):
            cards = "BR" if action.kind == "rocket" else move_cards(action, locale)
            text = f"{action} — {kind_name(action.kind, locale)}: {cards}"
        else:
            text = f"{action} — {self.action_steps(action, view, locale)[0].label}"
        return fit_label(text)

    def picker(self, view: DoudizhuView, locale: str) -> Picker | None:
        """The hand's cards, by rank, when the seat has a combination to play."""
        if view.phase is not Phase.PLAY or not view.legal_actions or not view.hand:
            return None
        per_rank: dict[int, int] = {}
        for card in view.hand:
            per_rank[card.rank] = per_rank.get(card.rank, 0) + 1
        options = []
        first_of: set[int] = set()
        by_value = {str(c): c for c in view.hand}
        for value, rank, count in menu_entries(view.hand):
            if count > 1:
                label = t(locale, "doudizhu.menu.all_of", rank=rank_text(rank), count=count)
                options.append(PickOption(value, label))
                continue
            card = by_value[value]
            description = None
            if rank not in first_of:
                first_of.add(rank)
                if per_rank[rank] > 1:
                    description = f"×{per_rank[rank]}"
            emoji = "🃏" if card.is_joker else None
            options.append(PickOption(value, card_text(card, locale), description, emoji))
        if view.to_beat is None:
            placeholder = t(locale, "doudizhu.menu.lead")
        else:
            placeholder = t(locale, "doudizhu.menu.beat", move=move_phrase(view.to_beat, locale))
        return Picker(placeholder, tuple(options), max_values=len(options))

    def pick(self, view: DoudizhuView, values: Sequence[str], locale: str) -> Move:
        """The move the picked cards make, or an IllegalAction saying why they make none."""
        if view.phase is not Phase.PLAY or not view.legal_actions:
            raise refusal("not_playing", locale)
        enc = picked_ranks(values, view.hand or (), locale)
        reason = why_not(enc, view.to_beat, view.rules.bomb_over_bomb)
        if reason is not None:
            raise explained(reason, locale)
        move = classify(enc)
        if move is None or move not in view.legal_actions:  # pragma: no cover - why_not said yes
            raise refusal("not_playing", locale)
        return move

    def suggested(self, view: DoudizhuView, locale: str) -> list[Any]:
        """Every bid while bidding; else the CPU's pick first, the lowest of each kind, a bomb,
        the rocket, and Pass when following (at most ``MAX_SUGGESTIONS`` moves besides Pass)."""
        legal = view.legal_actions
        if view.phase is not Phase.PLAY:
            return list(legal)
        moves = [a for a in legal if isinstance(a, Move)]
        out: list[Any] = []

        def add(action: Any) -> None:
            if action is not None and action not in out and len(out) < MAX_SUGGESTIONS:
                out.append(action)

        hint = self.hint(view)
        if isinstance(hint, Move):
            add(hint)
        plain = [m for m in moves if not m.is_bomb]
        if view.to_beat is None:
            for kinds in (
                ("single",),
                ("pair",),
                ("trio_single", "trio_pair", "trio"),
                ("straight",),
                ("pair_chain",),
                ("airplane_single", "airplane_pair", "airplane"),
                ("four_two_single", "four_two_pair"),
            ):
                of_kind = [m for m in plain if m.kind in kinds]
                if of_kind:
                    add(min(of_kind, key=lambda m: (m.key, m.kind == "trio", -m.length, m.enc)))
        else:
            for m in sorted(plain, key=lambda m: (m.key, m.enc))[:4]:
                add(m)
        bombs = sorted((m for m in moves if m.kind == "bomb"), key=lambda m: m.key)
        if bombs:
            add(bombs[0])
        add(next((m for m in moves if m.kind == "rocket"), None))
        if any(isinstance(a, Pass) for a in legal):
            out.append(next(a for a in legal if isinstance(a, Pass)))
        return out

    # --- words --------------------------------------------------------------------------------

    def _narrate_one(self, e: Any, names: Sequence[str], loc: str) -> list[str]:
        if isinstance(e, HandStarted):
            key = "doudizhu.narrate.hand" if e.attempt == 0 else "doudizhu.narrate.hand_redeal"
            card = cards_text((e.face_up,), loc)
            return [t(loc, key, n=e.hand_no, card=card, name=names[e.first_bidder], attempt=e.attempt)]
        if isinstance(e, BidMade):
            if e.bid:
                return [t(loc, "doudizhu.narrate.bid", name=names[e.seat], bid=e.bid)]
            return [t(loc, "doudizhu.narrate.no_bid", name=names[e.seat])]
        if isinstance(e, Redealt):
            return [t(loc, "doudizhu.narrate.redeal")]
        if isinstance(e, LandlordChosen):
            kitty = cards_text(e.kitty, loc)
            return [t(loc, "doudizhu.narrate.landlord", name=names[e.seat], bid=e.bid, kitty=kitty)]
        if isinstance(e, Played):
            key = {"bomb": "bomb", "rocket": "rocket"}.get(e.move.kind, "played")
            line = t(
                loc,
                f"doudizhu.narrate.{key}",
                name=names[e.seat],
                cards=cards_text(e.cards, loc),
                kind=kind_name(e.move.kind, loc),
            )
            if e.left == 1:
                line += " " + t(loc, "doudizhu.narrate.one_left")
            elif e.left == 2:
                line += " " + t(loc, "doudizhu.narrate.two_left")
            return [line]
        if isinstance(e, Passed):
            return [t(loc, "doudizhu.narrate.pass", name=names[e.seat])]
        if isinstance(e, TrickWon):
            return [t(loc, "doudizhu.narrate.trick", name=names[e.seat])]
        if isinstance(e, HandEnded):
            return self._hand_end(e, names, loc)
        if isinstance(e, MatchEnded):
            score = score_line(e.scores, e.winners, names, loc)  # "CPU 1 4 · CPU 2 4 · alice −8"
            winners = match_winners(e.scores, e.winners)
            if not winners:
                return [t(loc, "doudizhu.narrate.match_tied", score=score)]
            if len(winners) == 1:
                return [t(loc, "doudizhu.narrate.match_won", name=names[winners[0]], score=score)]
            together = names_and([names[i] for i in winners], t(loc, "common.and"))
            return [t(loc, "doudizhu.narrate.match_won_shared", names=together, score=score)]
        return []

    def narrate(self, events: Sequence[Any], names: Sequence[str], locale: str) -> list[str]:
        """Each event's lines; the last deal's line gives each seat's change only: the match's
        line that follows gives the totals (each figure once, where it belongs)."""
        over = any(isinstance(e, MatchEnded) for e in events)
        lines: list[str] = []
        for e in events:
            if isinstance(e, HandEnded):
                lines += self._hand_end(e, names, locale, totals=not over)
            else:
                lines += self._narrate_one(e, names, locale)
        return lines

    def _hand_end(self, e: HandEnded, names: Sequence[str], loc: str, *, totals: bool = True) -> list[str]:
        r = e.result
        if r.reason != "played" or r.landlord is None or r.winner is None:
            lines = [t(loc, "doudizhu.narrate.hand_void", n=r.hand_no)]
        else:
            key = "doudizhu.narrate.landlord_won" if r.landlord_won else "doudizhu.narrate.peasants_won"
            mults = " ".join(f"×{m.factor} {t(loc, f'doudizhu.mult.{m.name}')}" for m in r.multipliers)
            lines = [
                t(
                    loc,
                    key,
                    n=r.hand_no,
                    name=names[r.winner],
                    landlord=names[r.landlord],
                    factor=r.factor,
                    mults=mults,
                )
            ]
        key = "doudizhu.narrate.total" if totals else "doudizhu.narrate.deal_change"
        lines.append(
            " · ".join(
                t(loc, key, name=names[i], points=signed(r.points[i], loc), total=number(e.scores[i], loc))
                for i in range(len(e.scores))
            )
        )
        return lines

    def hand_text(self, view: DoudizhuView, locale: str) -> str:
        loc = locale
        lines = [t(loc, "doudizhu.hand.title", n=view.hand_no, hands=view.hands_total)]
        seat = view.seat
        if view.phase is Phase.OVER or seat is None:
            return "\n".join(lines)
        if view.landlord is not None:
            key = "doudizhu.hand.you_landlord" if view.landlord == seat else "doudizhu.hand.you_peasant"
            lines.append(t(loc, key, bid=view.bid, factor=view.factor))
        if not view.legal_actions:
            return "\n".join(lines)
        if view.phase is Phase.BID:
            key = "doudizhu.hand.bid" if view.bid else "doudizhu.hand.bid_first"
            lines.append(t(loc, key, bid=view.bid))
            return "\n".join(lines)
        if view.to_beat is None:
            lines.append(t(loc, "doudizhu.hand.lead"))
        else:
            lines.append(
                t(
                    loc,
                    "doudizhu.hand.beat",
                    move=move_phrase(view.to_beat, loc),
                    kind=t(loc, f"doudizhu.kind_a.{view.to_beat.kind}"),
                )
            )
        lines.append(t(loc, "doudizhu.hand.how"))
        return "\n".join(lines)

    def status_text(self, view: DoudizhuView, names: Sequence[str], locale: str) -> str:
        loc = locale
        parts = []
        for i in range(len(view.scores)):
            crown = "👑" if view.landlord == i and view.phase is not Phase.OVER else ""
            parts.append(
                tn(
                    loc,
                    "doudizhu.status.seat",
                    view.hand_counts[i],
                    name=f"{crown}{names[i]}",
                    score=number(view.scores[i], loc),
                )
                if view.phase is Phase.PLAY
                else t(
                    loc,
                    "doudizhu.status.seat_final",
                    name=f"{crown}{names[i]}",
                    score=number(view.scores[i], loc),
                )
            )
        deal = {"n": view.hand_no, "hands": view.hands_total}
        if view.phase is Phase.OVER:  # the totals are the match's line, just above: not again
            return t(loc, "doudizhu.status.ended", **deal)
        if view.landlord is None:  # no stakes yet: the bidding decides them
            key = "doudizhu.status.bidding" if view.bid else "doudizhu.status.no_bid"
            return t(loc, key, bid=view.bid, scores=" · ".join(parts), **deal)
        scores = " · ".join(parts)
        return t(loc, "doudizhu.status.line", bid=view.bid, factor=view.factor, scores=scores, **deal)

    # --- images and results -------------------------------------------------------------------

    def sheet_filename(self, result: Any) -> str:
        return f"hand-{result.hand_no}.png"

    def results(self, outcome: Outcome, view: DoudizhuView) -> list[SeatResult]:
        """MatchSpec's rows (total, best hand) with the hands played per role; every seat with the
        best total wins (peasants who win together both win), unless all three are equal."""
        played = [r for r in view.history if r.reason == "played" and r.landlord is not None]
        winners = match_winners(outcome.scores, outcome.winners)
        out = []
        for row in super().results(outcome, view):
            row = replace(row, won=row.seat in winners)
            lord = [r for r in played if r.landlord == row.seat]
            peasant = [r for r in played if r.landlord != row.seat]
            extra = {
                "landlord_hands": len(lord),
                "landlord_wins": sum(r.landlord_won for r in lord),
                "peasant_hands": len(peasant),
                "peasant_wins": sum(not r.landlord_won for r in peasant),
            }
            out.append(replace(row, extra=extra))
        return out


SPEC = DoudizhuSpec()

"""Stacked decks for Koi-Koi tests: build a state or a deal from card notation strings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import fields
from typing import NotRequired, TypedDict

import pytest

from engine.hanafuda.cards import CARDS, Card, cards, mask
from engine.hanafuda.koikoi import ENGINE, Play, RoundEnded, RoundResult, rounds
from engine.hanafuda.koikoi.rules import CHOICES, YAKU_IDS, Rules, points_table
from engine.hanafuda.koikoi.state import State
from engine.hanafuda.koikoi.types import Phase
from engine.hanafuda.koikoi.yaku import yaku_items


class Hands(TypedDict):
    """The two hands of :func:`deal`."""

    dealer_hand: str
    other_hand: str


class Deal(Hands):
    """The keyword arguments of :func:`deal` but ``by``."""

    field: str
    pile: NotRequired[str]


class Progress(TypedDict, total=False):
    """The keyword arguments of :func:`make_state` about the match so far."""

    dealer: int
    to_act: int | None
    round_no: int
    scores: tuple[int, int]
    koikoi: tuple[int, int]
    last_koikoi: int | None


class Dealt(Progress, total=False):
    """:class:`Progress` and the captured cards."""

    captured: tuple[str, str]


class Options(Dealt, total=False):
    """Every keyword argument of :func:`make_state` but the cards in play."""

    rules: Rules | None


class Position(Options, total=False):
    """Every keyword argument of :func:`make_state`."""

    hands: tuple[str, str]
    field: str
    pile: str


# A deal with no lucky hand and no misdeal: hands and field hold at most 3 pairs.
QUIET: Deal = {
    "dealer_hand": "1a 2a 3a 4a 5a 6a 7a 8a",
    "other_hand": "1b 2b 3b 4b 5b 6b 7b 9a",
    "field": "9b 10a 11a 12a 10b 11b 12b 1c",
}


def play(text: str) -> Play:
    """``play("1a")`` / ``play("1a>1c")``."""
    a = ENGINE.parse_action(text)
    assert isinstance(a, Play)
    return a


def m(text: str) -> int:
    """The card mask of a notation string: ``m("1a 1c")``."""
    return mask(cards(text))


def ended(events: tuple[object, ...]) -> RoundEnded:
    """The one ``RoundEnded`` among ``events``."""
    found = [e for e in events if isinstance(e, RoundEnded)]
    assert len(found) == 1, events
    return found[0]


def result_of(events: tuple[object, ...]) -> RoundResult:
    """The result of the one round that ``events`` end."""
    return ended(events).result


def make_state(
    *,
    hands: tuple[str, str],
    field: str,
    pile: str = "",
    captured: tuple[str, str] = ("", ""),
    rules: Rules | None = None,
    dealer: int = 0,
    to_act: int | None = None,
    round_no: int = 1,
    scores: tuple[int, int] = (0, 0),
    koikoi: tuple[int, int] = (0, 0),
    last_koikoi: int | None = None,
) -> State:
    """A PLAY-phase state with exactly these cards; every card not named goes to the pile's end.

    ``pile`` lists the next cards to be drawn, first drawn first.
    """
    rules = rules or Rules()
    parts = [
        cards(hands[0]),
        cards(hands[1]),
        cards(field),
        cards(pile),
        cards(captured[0]),
        cards(captured[1]),
    ]
    named = [c for part in parts for c in part]
    assert len(named) == len(set(named)), f"a card is named twice: {sorted(map(str, named))}"
    rest = [c for c in CARDS if c not in set(named)]
    caps = (mask(parts[4]), mask(parts[5]))
    table = points_table(rules)
    month = (round_no - 1) % 12 + 1
    return State(
        rules=rules,
        seed=0,
        round_no=round_no,
        dealer=dealer,
        scores=scores,
        history=(),
        phase=Phase.PLAY,
        to_act=dealer if to_act is None else to_act,
        hands=(mask(parts[0]), mask(parts[1])),
        field=mask(parts[2]),
        pile=(*parts[3], *rest),
        pile_pos=0,
        captured=caps,
        yaku=(
            yaku_items(caps[0], month, table, koikoi[0] > 0),
            yaku_items(caps[1], month, table, koikoi[1] > 0),
        ),
        koikoi=koikoi,
        last_koikoi=last_koikoi,
        pending=-1,
        last=None,
        sweep=None,
        table=table,
    )


def deal(*, dealer_hand: str, other_hand: str, field: str, pile: str = "", by: int = 4) -> list[Card]:
    """A full 48-card deck in dealing order (4 to the opponent, 4 to the table, 4 to the dealer…).

    ``by`` is the packet size (the ``deal_by`` option: Nintendo deals 2 at a time).
    """
    d, o, f = cards(dealer_hand), cards(other_hand), cards(field)
    assert len(d) == len(o) == len(f) == 8
    head = [c for i in range(0, 8, by) for c in (*o[i : i + by], *f[i : i + by], *d[i : i + by])]
    head += cards(pile)
    assert len(head) == len(set(head))
    return head + [c for c in CARDS if c not in set(head)]


def stack_deals(monkeypatch: pytest.MonkeyPatch, decks: Sequence[list[Card]]) -> list[tuple[int, int]]:
    """Make the engine deal ``decks`` in turn (then real shuffles); returns the (round, attempt) log."""
    queue = list(decks)
    calls: list[tuple[int, int]] = []
    real = rounds.deal_order

    def fake(seed: int, round_no: int, attempt: int) -> list[Card]:
        calls.append((round_no, attempt))
        return list(queue.pop(0)) if queue else real(seed, round_no, attempt)

    monkeypatch.setattr(rounds, "deal_order", fake)
    return calls


def all_cards(s: State) -> list[int]:
    """Every card the state holds somewhere (hands, field, pile left, captured, drawn card)."""
    out: list[int] = []
    for m in (*s.hands, s.field, *s.captured):
        out.extend(c for c in range(48) if m >> c & 1)
    out.extend(s.pile[s.pile_pos :])
    if s.pending >= 0:
        out.append(s.pending)
    return out


def random_rules(rng: random.Random, *, max_rounds: int = 3) -> Rules:
    """A random combination of every option of :class:`Rules` (short matches, for playouts)."""
    values: dict[str, object] = {}
    for f in fields(Rules):
        name, default = f.name, f.default
        if name in CHOICES:
            values[name] = rng.choice(CHOICES[name])
        elif isinstance(default, bool):
            values[name] = rng.random() < 0.5
        elif name in YAKU_IDS:
            values[name] = default if rng.random() < 0.6 else rng.choice((0, 1, 4, 5, 6, 10, 15))
        elif name == "rounds":
            values[name] = rng.randint(1, max_rounds)
        elif name == "target_score":
            values[name] = rng.choice((0, 0, 6, 20))
        elif name == "double_at":
            values[name] = rng.choice((0, 7, 8, 8))
        elif name in ("oyaken", "lucky_hand_points"):
            values[name] = rng.choice((0, 1, 6, 12))
        elif name == "viewing_after_koikoi":
            values[name] = rng.choice((0, 0, 3))
        elif name == "deal_by":
            values[name] = rng.choice((1, 2, 4, 4, 8))
        elif name == "starting_score":
            values[name] = rng.choice((0, 0, 10, 30))
        else:
            raise AssertionError(f"random_rules does not know the option {name!r}")
    if values["end_at_zero"] and not values["starting_score"]:
        values["starting_score"] = 30
    return Rules(**values)  # type: ignore[arg-type]  # each value of its option's own type, drawn above

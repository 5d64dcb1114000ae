"""Stacked decks for Roppyakken tests: build a state or a deal from card notation strings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

import pytest

from engine.hanafuda.cards import CARDS, Card, cards, mask
from engine.hanafuda.roppyakken import (
    ENGINE,
    Capture,
    Lay,
    Play,
    RoundEnded,
    RoundResult,
    Rules,
    State,
    legal_actions,
)
from engine.hanafuda.roppyakken import rounds as rounds_module
from engine.hanafuda.roppyakken.rounds import PACKETS
from engine.hanafuda.roppyakken.scoring import teyaku
from engine.hanafuda.roppyakken.types import Phase


class Deal(TypedDict):
    """The hands and the field of :func:`deal`."""

    hands: tuple[str, ...]
    field: str


# Deals with no misdeal and no teyaku (at most two cards of a month in a hand or on the field).
QUIET2: Deal = {
    "hands": ("1a 2a 3a 4a 5a 6a 7a 8a", "1b 2b 3b 4b 5b 6b 7b 9a"),
    "field": "9b 10a 11a 12a 10b 11b 12b 1c",
}
QUIET3: Deal = {
    "hands": ("1a 2a 3a 4a 5a 6a 7a", "1b 2b 3b 4b 5b 6b 7b", "8a 9a 10a 11b 12a 8b 9b"),
    "field": "10b 11c 12b 1c 2c 3c",
}


def play(text: str) -> Play:
    a = ENGINE.parse_action(text)
    assert isinstance(a, Play)
    return a


def card_actions(s: State, c: Card) -> list[Play | Lay]:
    """The legal actions of a PLAY-phase state that play or lay ``c`` (captures come after a draw)."""
    out: list[Play | Lay] = []
    for a in legal_actions(s):
        assert not isinstance(a, Capture), a
        if a.card == c:
            out.append(a)
    return out


def m(text: str) -> int:
    return mask(cards(text))


def ended(events: tuple[object, ...]) -> RoundEnded:
    found = [e for e in events if isinstance(e, RoundEnded)]
    assert len(found) == 1, events
    return found[0]


def result_of(events: tuple[object, ...]) -> RoundResult:
    return ended(events).result


def make_state(
    *,
    hands: Sequence[str],
    field: str,
    pile: str = "",
    captured: Sequence[str] | None = None,
    rules: Rules | None = None,
    dealer: int = 0,
    to_act: int | None = None,
    scores: Sequence[int] | None = None,
    shown: bool = False,
) -> State:
    """A PLAY-phase state with exactly these cards; cards not named go to the pile's end.

    ``pile`` lists the next cards to be drawn, first drawn first. ``shown``: hands' teyaku count.
    """
    rules = rules or Rules()
    n = len(hands)
    captured = captured or ("",) * n
    parts = [cards(h) for h in hands] + [cards(field), cards(pile)] + [cards(c) for c in captured]
    named = [c for part in parts for c in part]
    assert len(named) == len(set(named)), f"a card is named twice: {sorted(map(str, named))}"
    rest = [c for c in CARDS if c not in set(named)]
    hand_masks = tuple(mask(parts[i]) for i in range(n))
    return State(
        rules=rules,
        seed=0,
        seats=n,
        round_no=1,
        dealer=dealer,
        scores=tuple(scores) if scores else (0,) * n,
        history=(),
        phase=Phase.PLAY,
        to_act=dealer if to_act is None else to_act,
        hands=hand_masks,
        field=mask(parts[n]),
        pile=(*parts[n + 1], *rest),
        pile_pos=0,
        captured=tuple(mask(parts[n + 2 + i]) for i in range(n)),
        teyaku=tuple(teyaku(h, rules) if shown else () for h in hand_masks),
        pending=-1,
        last=None,
        winners=(),
    )


def deal(*, hands: Sequence[str], field: str, dealer: int, pile: str = "") -> list[Card]:
    """A full 48-card deck in dealing order for ``dealer`` (packets from the seat after the dealer)."""
    n = len(hands)
    a, b, c, d = PACKETS[n]
    hs = [list(cards(h)) for h in hands]
    f = list(cards(field))
    assert all(len(h) == a + c for h in hs) and len(f) == b + d
    order = [(dealer + 1 + i) % n for i in range(n)]
    head: list[Card] = []
    for seat in order:
        head += hs[seat][:a]
    head += f[:b]
    for seat in order:
        head += hs[seat][a:]
    head += f[b:]
    head += list(cards(pile))
    assert len(head) == len(set(head))
    return head + [x for x in CARDS if x not in set(head)]


def stack_deals(monkeypatch: pytest.MonkeyPatch, decks: Sequence[list[Card]]) -> list[tuple[int, int]]:
    """Make the engine deal ``decks`` in turn (then real shuffles); returns the (round, attempt) log."""
    queue = list(decks)
    calls: list[tuple[int, int]] = []
    real = rounds_module.deal_order

    def fake(seed: int, round_no: int, attempt: int) -> list[Card]:
        calls.append((round_no, attempt))
        return list(queue.pop(0)) if queue else real(seed, round_no, attempt)

    monkeypatch.setattr(rounds_module, "deal_order", fake)
    return calls

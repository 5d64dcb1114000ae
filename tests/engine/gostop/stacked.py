"""Stacked decks for Go-Stop tests: build a state or a deal from card notation strings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict

import pytest

from engine.hanafuda.gostop import ENGINE, Phase, RoundEnded, RoundResult, Rules, cards_of, rounds
from engine.hanafuda.gostop.cards import deck_cards
from engine.hanafuda.gostop.state import State
from engine.hanafuda.gostop.types import Action


def mk(text: str) -> int:
    """The card mask of a notation string: ``mk("1a 1c J2")``."""
    out = 0
    for c in cards_of(text):
        out |= 1 << c
    return out


class Deal(TypedDict):
    """The hands and the field of :func:`deal_deck` and :func:`make_state`."""

    hands: Sequence[str]
    field: str


class Position(Deal):
    """Keyword arguments of :func:`make_state`: a position written once and varied per test."""

    pile: NotRequired[str]
    seolsa: NotRequired[Sequence[int]]


class Extra(TypedDict, total=False):
    """The keyword arguments of :func:`make_state` a test adds to a :class:`Position`."""

    captured: Sequence[str]
    gos: Sequence[int]
    shakes: Sequence[int]


class Varied(Position, Extra):
    """A :class:`Position` with its :class:`Extra`."""


def act(text: str) -> Action:
    return ENGINE.parse_action(text)


def ended(events: tuple[object, ...]) -> RoundEnded:
    found = [e for e in events if isinstance(e, RoundEnded)]
    assert len(found) == 1, events
    return found[0]


def result_of(events: tuple[object, ...]) -> RoundResult:
    return ended(events).result


def of_type(events: tuple[object, ...], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def make_state(
    *,
    hands: Sequence[str],
    field: str,
    pile: str = "",
    captured: Sequence[str] | None = None,
    rules: Rules | None = None,
    dealer: int = 0,
    to_act: int | None = None,
    turns: int = 1,
    gos: Sequence[int] | None = None,
    go_at: Sequence[int] | None = None,
    shakes: Sequence[int] | None = None,
    seolsa: Sequence[int] | None = None,
    stacks: Sequence[int] = (),
    carry: int = 1,
    round_no: int = 1,
) -> State:
    """A PLAY-phase state with exactly these cards; every card not named goes to the pile's end.

    ``pile`` lists the next cards to be flipped, first flipped first. ``turns`` is each seat's
    count of turns already played (1: jokers may be played).
    """
    rules = rules or Rules(rounds=12)
    n = len(hands)
    captured = captured or ("",) * n
    parts = [cards_of(h) for h in hands] + [cards_of(field), cards_of(pile)] + [cards_of(c) for c in captured]
    named = [c for part in parts for c in part]
    assert len(named) == len(set(named)), f"a card is named twice: {named}"
    rest = [c for c in deck_cards(rules.bonus_cards) if c not in set(named)]
    zeros = (0,) * n
    stack_mask = 0
    for m in stacks:
        stack_mask |= 1 << m
    return State(
        rules=rules, seed=0, n=n, round_no=round_no, dealer=dealer, scores=zeros, history=(), carry=carry,
        phase=Phase.PLAY, to_act=dealer if to_act is None else to_act, hands=tuple(mk(h) for h in hands),
        field=mk(field), pile=(*cards_of(pile), *rest), pile_pos=0, captured=tuple(mk(c) for c in captured),
        gos=tuple(gos or zeros), go_at=tuple(go_at or (-1,) * n),
        go_order=tuple(i for i in range(n) if gos and gos[i]),
        shakes=tuple(shakes or zeros), shaken=0, seolsa=tuple(seolsa or zeros), stacks=stack_mask,
        flips=zeros, turns=(turns,) * n, pending=None, pot=(0,) * 13, joker_turn=0, cup=-1,
        stolen=zeros, given=zeros, shown=zeros,
    )  # fmt: skip


def deal_deck(n: int, *, hands: Sequence[str], field: str, pile: str = "", bonus: int = 2) -> list[int]:
    """A full deck in dealing order for ``dealer=0``: packets as the seed deals them."""
    hs = [list(cards_of(h)) for h in hands]
    f = list(cards_of(field))
    packets = ((5, 4), (5, 4)) if n == 2 else ((4, 3), (3, 3))
    head: list[int] = []
    for per_player, to_table in packets:
        for seat in range(n):
            head += hs[seat][:per_player]
            hs[seat] = hs[seat][per_player:]
        head += f[:to_table]
        f = f[to_table:]
    assert not f and not any(hs), "hands/field of the wrong size"
    head += list(cards_of(pile))
    assert len(head) == len(set(head))
    return head + [c for c in deck_cards(bonus) if c not in set(head)]


def stack_deals(monkeypatch: pytest.MonkeyPatch, decks: Sequence[list[int]], dealer: int = 0) -> None:
    """Make the engine deal ``decks`` in turn (then real shuffles), with ``dealer`` first."""
    queue = list(decks)
    real = rounds.deal_order

    def fake(seed: int, round_no: int, attempt: int, bonus: int) -> list[int]:
        return list(queue.pop(0)) if queue else real(seed, round_no, attempt, bonus)

    monkeypatch.setattr(rounds, "deal_order", fake)
    monkeypatch.setattr(rounds, "first_dealer", lambda seed, seats: dealer)


def all_cards(s: State) -> list[int]:
    """Every card the state holds (hands, table, pile left, captured, joker pots, pending)."""
    out: list[int] = []
    for m in (*s.hands, s.field, *s.captured, *s.pot):
        out.extend(c for c in range(51) if m >> c & 1)
    out.extend(s.pile[s.pile_pos :])
    if s.pending is not None:
        p, _, d, _ = s.pending
        out.extend(c for c in (p, d) if c >= 0)
    return out

"""Stacked deals for Goita tests: build a round from hand strings and play scripted moves."""

from __future__ import annotations

from engine.goita import (
    SET_COUNTS,
    Event,
    RoundEnded,
    RoundResult,
    Rules,
    State,
    apply,
    open_round,
    parse_action,
    parse_pieces,
)

# A full 4-player deal (32 pieces, no seat with 5 pawns): seat 0 A, 1 B, 2 C, 3 D.
DEAL4 = ("RBGSNLPP", "KBGSNLPP", "KRGSNLPP", "GSNLPPPP")


def fill(first: str, seats: int = 4, size: int = 8) -> tuple[str, ...]:
    """Seat 0 holds ``first``; the other seats get the remaining pieces, highest first."""
    rest = list(SET_COUNTS)
    for p in parse_pieces(first):
        rest[int(p)] -= 1
    pool = "".join("KRBGSNLP"[k] * n for k, n in enumerate(rest))
    return (first, *(pool[i * size : (i + 1) * size] for i in range(seats - 1)))


def counts(text: str) -> tuple[int, ...]:
    c = [0] * 8
    for p in parse_pieces(text):
        c[int(p)] += 1
    return tuple(c)


def table(
    hands: tuple[str, ...] = DEAL4,
    *,
    leader: int = 0,
    rules: Rules | None = None,
    scores: tuple[int, ...] | None = None,
    round_no: int = 1,
    events: list[Event] | None = None,
) -> State:
    """A round dealt exactly ``hands`` (one string per seat); unnamed pieces are out of play.

    The round opens as a real deal does (teyaku, redeal requests), so rules of the deal apply.
    """
    seats = len(hands)
    dealt = tuple(counts(h) for h in hands)
    aside = tuple(SET_COUNTS[k] - sum(h[k] for h in dealt) for k in range(8))
    assert min(aside) >= 0, f"more pieces than the set holds: {hands}"
    teams = 2 if seats == 4 else seats
    out: list[Event] = [] if events is None else events
    return open_round(
        rules or Rules(), 0, seats, round_no, leader, scores or (0,) * teams, (), out, dealt=(dealt, aside)
    )


def play(s: State, moves: str) -> tuple[State, list[Event]]:
    """Apply space-separated moves (``"down:P attack:P block:P attack:N pass"``)."""
    events: list[Event] = []
    for text in moves.split():
        s, ev = apply(s, parse_action(text))
        events.extend(ev)
    return s, events


def result_of(events: list[Event]) -> RoundResult:
    found = [e for e in events if isinstance(e, RoundEnded)]
    assert len(found) == 1, events
    return found[0].result

"""Synthetic Koi-Koi views and results for render tests, the bench and the docs image.

No engine needed: cards are dealt from a seeded shuffle and the yaku are a rough imitation of
the real scoring, good enough to fill the pictures.
"""

from __future__ import annotations

import random

from engine.hanafuda.cards import CARDS, Card, Kind, RibbonKind, by_subject, cards
from engine.hanafuda.koikoi.rules import Rules
from engine.hanafuda.koikoi.types import (
    KoiKoiView,
    LastMove,
    Multiplier,
    Phase,
    Play,
    RoundResult,
    YakuScore,
)

NAMES = ("Aki", "Ben")


def fake_yaku(pile: tuple[Card, ...]) -> tuple[YakuScore, ...]:
    """An approximation of Koi-Koi yaku, only to have something to draw."""
    by_kind = {k: [c for c in pile if c.kind is k] for k in Kind}
    out: list[YakuScore] = []
    brights = by_kind[Kind.BRIGHT]
    if len(brights) == 5:
        out.append(YakuScore("goko", 10, tuple(brights)))
    elif len(brights) >= 3:
        out.append(YakuScore("sanko", 5 + len(brights) - 3, tuple(brights)))
    isc = [by_subject(s) for s in ("boar", "deer", "butterflies")]
    if all(c in pile for c in isc):
        out.append(YakuScore("inoshikacho", 5, tuple(isc)))
    poetry = [c for c in pile if c.ribbon is RibbonKind.POETRY]
    if len(poetry) == 3:
        out.append(YakuScore("akatan", 5, tuple(poetry)))
    for kind, yaku, need in ((Kind.ANIMAL, "tane", 5), (Kind.RIBBON, "tanzaku", 5), (Kind.CHAFF, "kasu", 10)):
        group = by_kind[kind]
        if len(group) >= need:
            out.append(YakuScore(yaku, 1 + len(group) - need, tuple(group)))
    return tuple(out)


def random_view(
    seed: int, *, seat: int | None = None, phase: Phase | None = None, rules: Rules | None = None
) -> KoiKoiView:
    """A plausible mid-round view: cards split at random between field, hands, piles and deck."""
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    turn = rng.randrange(0, 9)
    hands = (8 - turn // 2 - turn % 2, 8 - turn // 2)
    taken = rng.randrange(0, min(2 * turn * 2 + 1, 24))
    field_n = max(0, min(8 + rng.randrange(-2, 5), 48 - sum(hands) - taken))
    it = iter(deck)
    hand0 = tuple(next(it) for _ in range(hands[0]))
    hand1 = tuple(next(it) for _ in range(hands[1]))
    field = tuple(next(it) for _ in range(field_n))
    split = rng.randrange(0, taken + 1)
    cap0 = tuple(next(it) for _ in range(split))
    cap1 = tuple(next(it) for _ in range(taken - split))
    pile = 48 - len(hand0) - len(hand1) - len(field) - len(cap0) - len(cap1)
    phase = phase or rng.choice((Phase.PLAY, Phase.PLAY, Phase.DRAW_CHOICE, Phase.DECIDE))
    to_act = rng.randrange(2)
    pending: Card | None = None
    targets: tuple[Card, ...] = ()
    if phase is Phase.DRAW_CHOICE:
        pending = next(it, None)
        same = [c for c in field if pending is not None and c.month == pending.month][:2]
        if len(same) < 2 and len(field) >= 2:
            same = list(field[:2])
        targets = tuple(same)
    last = None
    caps = (cap0, cap1)
    if caps[1 - to_act]:
        got = caps[1 - to_act]
        last = LastMove(1 - to_act, got[-1], got[-2:-1], field[0] if field else None, ())
    hand = (hand0, hand1)[seat] if seat is not None else None
    legal = tuple(Play(c) for c in hand) if hand and seat == to_act and phase is Phase.PLAY else ()
    calls = (rng.choice((0, 0, 1)), rng.choice((0, 0, 0, 2)))
    return KoiKoiView(
        seat=seat,
        seats=2,
        rules=rules or Rules(),  # (the drawing reads none)
        phase=phase,
        to_act=to_act,
        round_no=rng.randrange(1, 13),
        rounds_total=12,
        month=rng.randrange(1, 13),
        dealer=rng.randrange(2),
        scores=(rng.randrange(0, 40), rng.randrange(0, 40)),
        field=field,
        hand=hand,
        hand_counts=(len(hand0), len(hand1)),
        draw_pile=pile,
        captured=caps,
        yaku=(fake_yaku(cap0), fake_yaku(cap1)),
        koikoi_calls=calls,
        pending_draw=pending,
        pending_targets=targets,
        last_move=last,
        legal_actions=legal,
        stop_score=None,
    )


def showcase_view(seat: int | None = None) -> KoiKoiView:
    """A hand-picked mid-round position for the README image and the golden test."""
    cap0 = cards("1a 3a 6a 7a 10a 4a 2b 3b 5b 1c 2c 9c 11c")
    cap1 = cards("8a 8b 9a 6b 9b 10b 5c 5d 12c 12d 4c")
    field = cards("2a 3c 4b 7b 7c 8c 10c 11b 12a")
    hand0 = cards("1b 4d 6c 9d 11a 12b")
    hand1 = cards("1d 2d 5a 6d 10d 11d")
    return KoiKoiView(
        seat=seat,
        seats=2,
        rules=Rules(),  # (the drawing reads none)
        phase=Phase.PLAY,
        to_act=1,
        round_no=3,
        rounds_total=12,
        month=3,
        dealer=0,
        scores=(14, 9),
        field=field,
        hand=(hand0, hand1)[seat] if seat is not None else None,
        hand_counts=(6, 6),
        draw_pile=48 - 13 - 11 - 9 - 12,
        captured=(cap0, cap1),
        yaku=((*fake_yaku(cap0), YakuScore("hanami", 5, cards("3a 9a"))), fake_yaku(cap1)),
        koikoi_calls=(1, 0),
        pending_draw=None,
        pending_targets=(),
        last_move=LastMove(0, card_of("2b"), cards("2c"), card_of("3a"), cards("3b")),
        legal_actions=tuple(Play(c) for c in hand1) if seat == 1 else (),
        stop_score=None,
    )


def card_of(text: str) -> Card:
    return cards(text)[0]


def sample_result(winner: int | None = 0, reason: str = "shobu") -> RoundResult:
    """A round won with Inoshikachō and ribbons, doubled twice."""
    cap0 = cards("6a 7a 10a 4a 1b 2b 3b 5b 1c 2c 9c")
    cap1 = cards("8a 9a 6b 12c 12d")
    yaku = fake_yaku(cap0) if winner == 0 else ()
    base = sum(y.points for y in yaku)
    mults = (Multiplier("over_seven", 2), Multiplier("opponent_koikoi", 2)) if winner is not None else ()
    total = base * 4 if winner is not None else 0
    points = (total, 0) if winner == 0 else (0, total)
    return RoundResult(
        round_no=3,
        reason=reason,
        winner=winner,
        yaku=yaku,
        base=base,
        multipliers=mults,
        points=points,
        captured=(cap0, cap1),
        koikoi_calls=(0, 1),
        dealer=1,
        next_dealer=winner,
    )


def random_result(seed: int) -> RoundResult:
    """A plausible end of round: a random split of captured cards, the winner's yaku, multipliers."""
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    n0 = rng.randrange(4, 22)
    n1 = rng.randrange(2, 20)
    caps = (tuple(deck[:n0]), tuple(deck[n0 : n0 + n1]))
    winner = rng.choice((0, 1, None)) if seed % 5 else None
    yaku = fake_yaku(caps[winner]) if winner is not None else ()
    if winner is not None and not yaku:
        yaku = (YakuScore("tane", 1, tuple(c for c in caps[winner] if c.kind is Kind.ANIMAL)[:5]),)
    base = sum(y.points for y in yaku)
    mults: tuple[Multiplier, ...] = ()
    if winner is not None and base >= 7:
        mults += (Multiplier("over_seven", 2),)
    if winner is not None and rng.random() < 0.3:
        mults += (Multiplier("opponent_koikoi", 2),)
    total = base
    for m in mults:
        total *= m.factor
    points = tuple(total if s == winner else 0 for s in range(2))
    reason = rng.choice(("shobu", "exhausted")) if winner is not None else "draw"
    return RoundResult(
        round_no=rng.randrange(1, 13),
        reason=reason,
        winner=winner,
        yaku=yaku,
        base=base,
        multipliers=mults,
        points=points,
        captured=caps,
        koikoi_calls=(rng.randrange(2), 0),
        dealer=rng.randrange(2),
        next_dealer=winner,
    )

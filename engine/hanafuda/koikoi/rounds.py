"""Round setup and transitions: the first dealer, the deal, misdeals, lucky hands, round ends.

Every deal comes from ``derive_seed(seed, "deal", round_no, attempt)``, so a match replays from
``(rules, seed, actions)`` whatever happened in earlier rounds.
"""

from __future__ import annotations

from dataclasses import replace
from hashlib import blake2b

from engine.core import BadRules, derive_seed, seeded_rng
from engine.hanafuda.cards import CARDS, Card, from_mask, mask
from engine.hanafuda.koikoi.rules import Rules, points_table
from engine.hanafuda.koikoi.scoring import round_result, swept
from engine.hanafuda.koikoi.state import State
from engine.hanafuda.koikoi.types import (
    Event,
    LuckyHand,
    MatchEnded,
    Phase,
    Redealt,
    RoundEnded,
    RoundResult,
    RoundStarted,
    YakuScore,
)
from engine.hanafuda.koikoi.yaku import lucky_hand


def first_dealer(seed: int) -> int:
    """Seat of the first dealer: each player draws a card, the earliest month deals.

    Seed, "Installation": "celui qui a tiré une carte du mois le plus proche de Janvier
    commence - en cas d'égalité, les joueurs concernés retirent".
    """
    attempt = 0
    while True:
        a, b = seeded_rng(seed, "first_dealer", attempt).sample(range(48), 2)
        if a // 4 != b // 4:
            return 0 if a // 4 < b // 4 else 1
        attempt += 1


def deal_order(seed: int, round_no: int, attempt: int) -> list[Card]:
    """The shuffled deck of one deal, from ``derive_seed(seed, "deal", round_no, attempt)``.

    The 64-bit derived seed is stretched to 256 bits (blake2b) and read as the digits of a
    Fisher-Yates shuffle (bias below 2**-53); about three times faster than seeding a
    ``random.Random`` and shuffling, which matters to playouts.
    """
    key = derive_seed(seed, "deal", round_no, attempt)
    x = int.from_bytes(blake2b(key.to_bytes(8, "big"), digest_size=32).digest(), "big")
    deck = list(CARDS)
    for i in range(47, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def start(seats: int, rules: Rules, seed: int) -> tuple[State, tuple[Event, ...]]:
    """A new match and the events of its opening (first deal, redeals, lucky hands)."""
    if seats != 2:
        raise BadRules(f"Koi-Koi is played by 2 players, not {seats}", key="bad_seats", seats=seats)
    if not isinstance(rules, Rules):
        raise BadRules("Koi-Koi needs Koi-Koi rules", key="bad_rules")
    events: list[Event] = []
    start_at = rules.starting_score
    state = open_round(rules, seed, 1, first_dealer(seed), (start_at, start_at), (), events)
    return state, tuple(events)


def new_game(seats: int, rules: Rules, seed: int) -> State:
    """A new match of ``rules.rounds`` rounds for two seats (0 and 1)."""
    return start(seats, rules, seed)[0]


def dealt(deck: list[Card], by: int) -> tuple[int, int, int]:
    """Masks of the non-dealer's hand, the field and the dealer's hand, dealt ``by`` at a time.

    Seed: "4 à l'adversaire, 4 à la table, 4 pour soi (répeter)"; Nintendo deals "two cards at
    a time to the opponent, the playing field between them, and the dealer in that order".
    """
    if by == 4:
        return mask(deck[0:4] + deck[12:16]), mask(deck[4:8] + deck[16:20]), mask(deck[8:12] + deck[20:24])
    out = [0, 0, 0]
    for i in range(24):
        out[i // by % 3] |= 1 << deck[i]
    return out[0], out[1], out[2]


def misdealt(rules: Rules, field: int, other_hand: int, dealer_hand: int) -> str | None:
    """Why this deal must be dealt again (``teshi`` / ``kuttsuki``), or None to play it.

    Seed (``misdeal="field"``): four of a month or four pairs « distribuées sur le terrain ».
    KoiKoi-Japan (``"four_anywhere"``): four of a month on the field or in either hand.
    """
    if rules.misdeal == "field":
        return lucky_hand(field)
    for m in (field, other_hand, dealer_hand):
        if lucky_hand(m) == "teshi":
            return "teshi"
    return None


def open_round(
    rules: Rules,
    seed: int,
    round_no: int,
    dealer: int,
    scores: tuple[int, int],
    history: tuple[RoundResult, ...],
    events: list[Event],
) -> State:
    events.append(RoundStarted(round_no, dealer, (round_no - 1) % 12 + 1))
    attempt = 0
    while True:
        deck = deal_order(seed, round_no, attempt)
        other_hand, field, dealer_hand = dealt(deck, rules.deal_by)
        misdeal = misdealt(rules, field, other_hand, dealer_hand)
        if misdeal is None:
            break
        events.append(Redealt(misdeal))
        attempt += 1
    hands = (dealer_hand, other_hand) if dealer == 0 else (other_hand, dealer_hand)
    state = State(
        rules, seed, round_no, dealer, scores, history, Phase.PLAY, dealer, hands, field, tuple(deck[24:]), 0,
        (0, 0), ((), ()), (0, 0), None, -1, None, None, points_table(rules),
    )  # fmt: skip
    if not rules.lucky_hands:
        return state
    lucky = (lucky_hand(hands[0]), lucky_hand(hands[1]))
    if lucky[0] is None and lucky[1] is None:
        return state
    for seat, name in enumerate(lucky):
        if name is not None:
            events.append(LuckyHand(seat, name, from_mask(hands[seat])))
    final = round_no >= rules.rounds
    if lucky[0] is not None and lucky[1] is not None:
        result = round_result(state, "draw", None, next_dealer=None if final else dealer)
    else:
        seat = 0 if lucky[0] is not None else 1
        pts = rules.lucky_hand_points
        gains = (pts, -pts if rules.zero_sum else 0)
        result = RoundResult(
            round_no=round_no,
            reason="lucky_hand",
            winner=seat,
            yaku=(YakuScore(str(lucky[seat]), pts, from_mask(hands[seat])),),
            base=pts,
            multipliers=(),
            points=gains if seat == 0 else gains[::-1],
            captured=((), ()),
            koikoi_calls=(0, 0),
            dealer=dealer,
            next_dealer=None if final else seat,
        )
    return close_round(state, result, events)


def close_round(s: State, result: RoundResult, events: list[Event]) -> State:
    """Record ``result``, then deal the next round or end the match.

    The match ends after ``rules.rounds`` rounds (``result.next_dealer`` is then None) or, with
    ``target_score``, as soon as a total reaches it (seed: "ou une fois qu'un score cible a été
    atteint"), or, with ``end_at_zero``, as soon as a total is 0 or below.
    """
    scores = (s.scores[0] + result.points[0], s.scores[1] + result.points[1])
    target = s.rules.target_score
    if target and result.next_dealer is not None and max(scores) >= target:
        result = replace(result, next_dealer=None)
    if s.rules.end_at_zero and result.next_dealer is not None and min(scores) <= 0:
        result = replace(result, next_dealer=None)
    history = (*s.history, result)
    events.append(RoundEnded(result, scores))
    if result.next_dealer is None:
        best = max(scores)
        events.append(MatchEnded(scores, tuple(i for i in (0, 1) if scores[i] == best)))
        captured, field = swept(s)
        return s._replace(
            phase=Phase.OVER,
            to_act=None,
            scores=scores,
            history=history,
            captured=captured,
            field=field,
            sweep=None,
        )
    return open_round(s.rules, s.seed, s.round_no + 1, result.next_dealer, scores, history, events)

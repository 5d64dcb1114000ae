"""Golden matches of the ``koikoi-japan`` and ``nintendo`` presets: stacked deals, fixed moves.

Every expected number below was worked out by hand from the preset's rules (the comments give
the sums); the engine must agree with all of them, round by round.
"""

from __future__ import annotations

import pytest

from engine.hanafuda.koikoi import (
    PRESETS,
    MatchEnded,
    Phase,
    RoundEnded,
    apply,
    first_dealer,
    parse_action,
    start,
)
from engine.hanafuda.koikoi.state import State
from tests.engine.koikoi.stacked import QUIET, Deal, deal, stack_deals

SEED = 0  # seat 0 draws the earlier month and deals the first round

# Round 1 of the KoiKoi-Japan match (dealer 0).
KJ_ROUND_1: Deal = {
    "dealer_hand": "1b 3b 8b 9c 2c 4c 5c 7c",
    "other_hand": "4a 4b 5a 5b 7a 7b 2a 2b",  # four pairs: played (no lucky hands)
    "field": "1a 3a 8a 9a 10c 11c 12c 6c",
    "pile": "10d 11d 12b 6d 2d 10b 12d",
}
KJ_MOVES_1 = "1b 4a 3b 5a 8b koikoi 7a 9c shobu"

# A round in which the hands run out after a koi-koi (used by both matches).
EXHAUSTED: Deal = {
    "dealer_hand": "1d 4d 5c 6a 6c 8a 11a 12b",
    "other_hand": "1a 4a 6d 7b 8d 10c 11b 11c",
    "field": "2d 3c 4b 7a 7c 9b 10a 12c",
    "pile": "2c 5b 7d 10b 9c 5a 2a 4c 8b 10d 12a 11d 8c 6b 9d 3d",
}
EXHAUSTED_MOVES = "1d 1a 4d >7a 4a 5c 6d 6a 7b 6c 8d 8a 10c 11a koikoi 11b 12b 11c"

# Round 3 of the KoiKoi-Japan match (dealer 0).
KJ_ROUND_3: Deal = {
    "dealer_hand": "1c 3c 9c 10c 12a 12b 8a 8b",
    "other_hand": "4a 4b 5a 5b 7a 7b 11a 11b",
    "field": "1b 2b 3b 6b 9b 10b 8c 12d",
    "pile": "2d 5c 6d 7c 10d",
}
KJ_MOVES_3 = "1c 4a 3c koikoi 4b 9c shobu"

# Round 1 of the Nintendo match (dealer 0), dealt two at a time.
NINTENDO_ROUND_1: Deal = {
    "dealer_hand": "1c 8c 12c 2c 3c 7c 11c 2d",
    "other_hand": "6c 9c 10c 4c 5c 3d 7d 11b",
    "field": "1a 8a 12a 6b 9b 10b 4b 5b",
    "pile": "2a 4d 7a 5d 11a 3b",
}
NINTENDO_MOVES_1 = "1c 6c 8c 9c 12c koikoi 10c shobu"


def play_round(s: State, moves: str) -> tuple[State, tuple[object, ...]]:
    """Apply ``moves`` (action notation) in order; the state and the last move's events."""
    events: tuple[object, ...] = ()
    for text in moves.split():
        assert s.phase is not Phase.OVER, text
        s, events = apply(s, parse_action(text))
    return s, events


def summary(events: tuple[object, ...]) -> tuple[object, ...]:
    """(reason, winner, [(yaku, points)], base, [(multiplier, factor)], points, scores, next dealer)."""
    ended = next(e for e in events if isinstance(e, RoundEnded))
    r = ended.result
    return (
        r.reason,
        r.winner,
        [(y.yaku, y.points) for y in r.yaku],
        r.base,
        [(m.name, m.factor) for m in r.multipliers],
        r.points,
        ended.scores,
        r.next_dealer,
    )


def test_koikoi_japan_golden_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three rounds of KoiKoi-Japan, scored by hand:

    1. The dealer takes 1a, 3a, 8a (Three Lights 5), calls koi-koi, then takes the sake cup:
       Flower and Moon Viewing are 3 each after the owner's koi-koi. 5 + 3 + 3 = 11, +1 for one
       call = 12, taken from the opponent: 30 + 12 = 42, 30 − 12 = 18; the winner deals.
    2. The dealer reaches ten plains (Kasu 1) on turn 13 and calls koi-koi; the hands run out:
       dealer +1, other −1 (43, 17), the dealer stays.
    3. The dealer takes the six poetry and blue ribbons: Red 5 + Blue 5 + Red & Blue 10 + Tan
       (6 − 4 = 2) = 22, +1 for one call = 23: 43 + 23 = 66, 17 − 23 = −6, at or below 0: the
       match ends after 3 of its 8 rounds.
    """
    assert first_dealer(SEED) == 0
    stack_deals(monkeypatch, [deal(**KJ_ROUND_1), deal(**EXHAUSTED), deal(**KJ_ROUND_3)])
    s, _ = start(2, PRESETS["koikoi-japan"], SEED)
    assert s.scores == (30, 30) and s.to_act == 0

    s, events = play_round(s, KJ_MOVES_1)
    assert summary(events) == (
        "shobu", 0, [("sanko", 5), ("hanami", 3), ("tsukimi", 3), ("koikoi_calls", 1)], 12, [],
        (12, -12), (42, 18), 0,
    )  # fmt: skip

    assert (s.round_no, s.dealer, s.to_act) == (2, 0, 0)
    s, events = play_round(s, EXHAUSTED_MOVES)
    assert summary(events) == ("all_lost", None, [("oyaken", 1)], 1, [], (1, -1), (43, 17), 0)

    assert (s.round_no, s.dealer, s.to_act) == (3, 0, 0)
    s, events = play_round(s, KJ_MOVES_3)
    assert summary(events) == (
        "shobu", 0, [("akatan_aotan", 10), ("akatan", 5), ("aotan", 5), ("tanzaku", 2), ("koikoi_calls", 1)],
        23, [], (23, -23), (66, -6), None,
    )  # fmt: skip
    assert MatchEnded((66, -6), (0,)) in events
    assert s.phase is Phase.OVER and len(s.history) == 3


def test_nintendo_golden_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two rounds of Nintendo's rules, scored by hand:

    1. Dealt two at a time. The dealer takes 1a, 8a, 12a (Three Brights 5) and calls koi-koi;
       the opponent then completes the blue ribbons with two more ribbons: Blue Ribbons 5 + 2 =
       7, ×2 for 7 or more, ×2 for the opponent's koi-koi = 28, the dealer scores nothing; the
       opponent deals next.
    2. The hands run out after a koi-koi (Chaff 1, not scored): nobody scores, the dealer stays.
    """
    assert first_dealer(SEED) == 0
    stack_deals(
        monkeypatch,
        [deal(**NINTENDO_ROUND_1, by=2), deal(**EXHAUSTED, by=2), deal(**QUIET, by=2)],
    )
    s, _ = start(2, PRESETS["nintendo"], SEED)
    assert s.scores == (0, 0) and s.to_act == 0

    s, events = play_round(s, NINTENDO_MOVES_1)
    assert summary(events) == (
        "shobu", 1, [("aotan", 7)], 7, [("over_seven", 2), ("opponent_koikoi", 2)], (0, 28), (0, 28), 1,
    )  # fmt: skip

    assert (s.round_no, s.dealer, s.to_act) == (2, 1, 1)
    s, events = play_round(s, EXHAUSTED_MOVES)
    assert summary(events) == ("all_lost", None, [], 0, [], (0, 0), (0, 28), 1)
    assert (s.round_no, s.dealer, s.to_act, s.phase) == (3, 1, 1, Phase.PLAY)

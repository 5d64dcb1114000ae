"""Preset ``koikoi-japan``: one test per yaku and per rule of the PC game KoiKoi-Japan.

Each docstring quotes the line of issue 14 that lists the game's rules; ``preset_table`` and
``docs/rules/koikoi.md`` give the same lines next to each value.
"""

from __future__ import annotations

import random
from typing import Unpack

import pytest

from engine.hanafuda.cards import cards, mask
from engine.hanafuda.koikoi import (
    PRESETS,
    KoiKoi,
    LuckyHand,
    MatchEnded,
    Phase,
    Play,
    Redealt,
    RoundEnded,
    Rules,
    Shobu,
    ShobuCalled,
    YakuMade,
    apply,
    first_dealer,
    legal_actions,
    new_game,
    start,
    view,
)
from engine.hanafuda.koikoi.rules import points_table
from engine.hanafuda.koikoi.yaku import yaku_items
from tests.engine.koikoi.stacked import QUIET, Deal, Progress, deal, make_state, play, result_of, stack_deals

KJ = PRESETS["koikoi-japan"]
CHAFF10 = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d"


def items(text: str, *, called: bool = False, rules: Rules = KJ) -> dict[str, int]:
    """Yaku of captured cards ``text`` in month 12 (``called``: the owner called koi-koi)."""
    return dict(yaku_items(mask(cards(text)), 12, points_table(rules), called))


def stop_with(captured: str, **kw: Unpack[Progress]) -> tuple[object, ...]:
    """Seat 0 (dealer) plays 8b onto 8a holding ``captured``, then calls shobu; the events."""
    s = make_state(
        hands=("8b 5c", "2c 6c"), field="8a 7c", pile="12c", captured=(captured, ""), rules=KJ, **kw
    )
    s, _ = apply(s, play("8b"))
    assert s.phase is Phase.DECIDE
    return apply(s, Shobu())[1]


# --- Lights ------------------------------------------------------------------------------------


def test_five_lights_ten() -> None:
    """« Lights. Five Lights 10. »"""
    assert items("1a 3a 8a 11a 12a") == {"goko": 10}


def test_four_lights_eight_without_the_rain_man() -> None:
    """« Four Lights 8 (without the rain man). »"""
    assert items("1a 3a 8a 12a") == {"shiko": 8}


def test_rainy_four_lights_seven() -> None:
    """« Rainy Four Lights 7. »"""
    assert items("1a 3a 8a 11a") == {"ameshiko": 7}
    assert items("3a 8a 11a 12a") == {"ameshiko": 7}


def test_three_lights_five_and_rain_man_with_two_nothing() -> None:
    """« Three Lights 5 (without the rain man; three lights including the rain man score
    nothing). »"""
    assert items("1a 3a 12a") == {"sanko": 5}
    assert items("1a 3a 11a") == {}


# --- Seeds -------------------------------------------------------------------------------------


def test_boar_deer_butterfly_five_stacks_with_tane() -> None:
    """« Boar-Deer-Butterfly 5. It stacks with Tane: ≥5 seeds score n−4, and the three animals
    also count toward Tane. »"""
    assert items("6a 7a 10a") == {"inoshikacho": 5}
    assert items("6a 7a 10a 2a") == {"inoshikacho": 5}  # no +1 per extra animal
    assert items("6a 7a 10a 2a 4a") == {"inoshikacho": 5, "tane": 1}
    assert items("6a 7a 10a 2a 4a 5a 8b 9a 11b") == {"inoshikacho": 5, "tane": 5}


def test_tane_n_minus_four() -> None:
    """« ≥5 seeds score n−4 »"""
    assert items("2a 4a 5a 8b") == {}
    assert items("2a 4a 5a 8b 11b") == {"tane": 1}
    assert items("2a 4a 5a 8b 11b 9a") == {"tane": 2}


# --- Viewing -----------------------------------------------------------------------------------


def test_viewing_one_point_each_three_after_own_koikoi() -> None:
    """« Flower Viewing Sake and Moon Viewing Sake: 1 point each, or 3 once the pile's owner has
    called koi-koi at least once. »"""
    assert items("9a 3a") == {"hanami": 1}
    assert items("9a 8a") == {"tsukimi": 1}
    assert items("9a 3a 8a") == {"hanami": 1, "tsukimi": 1}
    assert items("9a 3a 8a", called=True) == {"hanami": 3, "tsukimi": 3}


def test_viewing_follows_the_pile_owners_koikoi_not_the_opponents() -> None:
    """« … or 3 once the pile's owner has called koi-koi at least once. » — the opponent's call
    leaves them at 1; the owner's own call makes them 3 at once, and that raise is no new
    koi-koi decision."""
    # The opponent called: hanami 1, and no doubling for it.
    s = make_state(
        hands=("3b 5c", "2c 6c"), field="3a 7c", pile="12c", captured=("9a", ""), rules=KJ, koikoi=(0, 1),
        last_koikoi=1,
    )  # fmt: skip
    s, _ = apply(s, play("3b"))
    result = result_of(apply(s, Shobu())[1])
    assert [(y.yaku, y.points) for y in result.yaku] == [("hanami", 1)] and result.points == (1, -1)
    # The owner calls: from then on the view shows 3, and a later capture is no decision.
    s = make_state(
        hands=("3b 5c 4d", "2c 6c 10c"), field="3a 7c", pile="11c 12c 12d", captured=("9a 1a", ""),
        rules=KJ,
    )  # fmt: skip
    s, _ = apply(s, play("3b"))
    assert s.phase is Phase.DECIDE and dict(s.yaku[0]) == {"hanami": 1}
    s, _ = apply(s, KoiKoi())
    assert [(y.yaku, y.points) for y in view(s, 1).yaku[0]] == [("hanami", 3)]
    s, _ = apply(s, play("2c"))  # opponent: 2c and the drawn 12c join the field
    s, events = apply(s, play("5c"))  # dealer: to the field, draws 12d onto 12c
    assert not any(isinstance(e, YakuMade) for e in events)
    assert s.phase is Phase.PLAY and s.to_act == 1 and s.captured[0] & mask(cards("12c 12d"))


def test_rain_never_cancels_the_viewing() -> None:
    """« Rain never cancels them. »"""
    assert items("9a 3a 8a 11a 11b 11c 11d") == {"hanami": 1, "tsukimi": 1}


# --- Ribbons -----------------------------------------------------------------------------------


def test_red_ribbons_five() -> None:
    """« Ribbons. Red Ribbons 5 … »"""
    assert items("1b 2b 3b") == {"akatan": 5}
    assert items("1b 2b 3b 4b") == {"akatan": 5}  # no +1 per extra ribbon


def test_blue_ribbons_five() -> None:
    """« … and Blue Ribbons 5. »"""
    assert items("6b 9b 10b") == {"aotan": 5}


def test_red_and_blue_ten_on_top_of_both() -> None:
    """« Having both also scores Red & Blue 10, on top of both (20 in all). »"""
    both = items("1b 2b 3b 6b 9b 10b")
    assert both == {"akatan_aotan": 10, "akatan": 5, "aotan": 5, "tanzaku": 2}
    assert sum(v for k, v in both.items() if k != "tanzaku") == 20


def test_tan_n_minus_four_stacking_with_the_sets() -> None:
    """« Tan: ≥5 ribbons score n−4, stacking with them. »"""
    assert items("4b 5b 7b 11c") == {}
    assert items("4b 5b 7b 11c 1b") == {"tanzaku": 1}
    assert items("1b 2b 3b 4b 5b 7b 11c") == {"akatan": 5, "tanzaku": 3}


# --- Plains ------------------------------------------------------------------------------------


def test_kasu_n_minus_nine() -> None:
    """« Plains. Kasu: ≥10 plains score n−9. »"""
    assert items(CHAFF10[:-3]) == {}
    assert items(CHAFF10) == {"kasu": 1}
    assert items(CHAFF10 + " 6c 6d") == {"kasu": 3}


def test_sake_cup_is_a_seed_and_a_plain() -> None:
    """« The sake cup counts as a seed and a plain. »"""
    assert items("1c 1d 2c 2d 3c 3d 4c 4d 5c 9a") == {"kasu": 1}
    assert items("2a 4a 5a 8b 9a") == {"tane": 1}


def test_no_cards_of_the_month() -> None:
    """« No Cards-of-the-Month yaku »"""
    assert dict(yaku_items(mask(cards("1b 1c 1d 2c")), 1, points_table(KJ))) == {}
    assert KJ.tsukifuda == 0


# --- Koi-koi calls -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("calls", "points", "bonus", "factors"),
    [
        (1, 6, 1, ()),
        (2, 7, 2, ()),
        (3, 8, 3, ()),
        (4, 10, None, (("koikoi_calls", 2),)),
        (5, 15, None, (("koikoi_calls", 3),)),
    ],
)
def test_koikoi_calls_add_n_then_multiply_by_n_minus_two(
    calls: int, points: int, bonus: int | None, factors: tuple[tuple[str, int], ...]
) -> None:
    """« Koi-koi calls. The total is the sum of the yaku, then +n for n ≤ 3 calls by the scorer,
    or ×(n−2) for n ≥ 4. » — sanko 5 with n calls: 6, 7, 8, then 5×2, 5×3."""
    result = result_of(stop_with("1a 3a", koikoi=(calls, 0), last_koikoi=0))
    assert result.points == (points, -points)
    lines = {y.yaku: y.points for y in result.yaku}
    assert lines.get("koikoi_calls") == bonus
    assert tuple((f.name, f.factor) for f in result.multipliers) == factors


def test_no_doubling_at_seven() -> None:
    """« There is no doubling at 7 … »"""
    assert result_of(stop_with("1a 3a 12a")).points == (8, -8)  # shiko 8
    assert result_of(stop_with("1a 3a 11a")).points == (7, -7)  # ameshiko 7


def test_no_doubling_for_the_opponents_koikoi() -> None:
    """« … and no doubling for the opponent's koi-koi. »"""
    result = result_of(stop_with("1a 3a", koikoi=(0, 3), last_koikoi=1))
    assert result.points == (5, -5) and result.multipliers == ()


# --- Deal and turns ----------------------------------------------------------------------------

TESHI = "1a 1b 1c 1d 2a 3a 4a 5a"
PLAIN_A = "5b 6a 7a 8a 9a 10a 11a 12a"
PLAIN_B = "5c 6b 7b 8b 9b 10b 11b 12b"
DEALS: dict[str, Deal] = {
    "dealer_hand": {"dealer_hand": TESHI, "other_hand": PLAIN_A, "field": PLAIN_B},
    "other_hand": {"dealer_hand": PLAIN_A, "other_hand": TESHI, "field": PLAIN_B},
    "field": {"dealer_hand": PLAIN_A, "other_hand": PLAIN_B, "field": TESHI},
}


@pytest.mark.parametrize("where", list(DEALS))
def test_four_of_a_month_in_a_hand_or_on_the_field_is_redealt(
    monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """« A deal with four of a month in a hand or on the field is redealt. »"""
    calls = stack_deals(monkeypatch, [deal(**DEALS[where]), deal(**QUIET)])
    s, events = start(2, KJ, 3)
    assert [e for e in events if isinstance(e, Redealt)] == [Redealt("teshi")]
    assert calls == [(1, 0), (1, 1)] and s.phase is Phase.PLAY and s.history == ()
    assert s.hands[s.dealer] == mask(cards(QUIET["dealer_hand"]))
    if where != "field":
        # The seed redeals only for the field: there a hand of four is its holder's lucky hand.
        stack_deals(monkeypatch, [deal(**DEALS[where]), deal(**QUIET)])
        _, events = start(2, Rules(), 3)
        assert not any(isinstance(e, Redealt) for e in events)
        assert any(isinstance(e, LuckyHand) for e in events)


def test_four_pairs_are_played_and_there_are_no_lucky_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """« No Cards-of-the-Month yaku, no lucky hands. » — and only « four of a month » redeals:
    four pairs in a hand or on the field are played."""
    pairs = "1a 1b 2a 2b 3a 3b 4a 4b"
    stack_deals(
        monkeypatch,
        [deal(dealer_hand=pairs, other_hand="5a 6a 7a 8a 9a 10a 11a 12a", field="5b 5c 6b 6c 7b 7c 8b 8c")],
    )
    s, events = start(2, KJ, 3)
    assert not any(isinstance(e, Redealt | LuckyHand) for e in events)
    assert s.phase is Phase.PLAY and s.hands[s.dealer] == mask(cards(pairs)) and s.history == ()


def test_the_dealer_plays_first_for_eight_turns_each() -> None:
    """« The dealer plays first, for 8 turns each. » — over random matches, every round that
    runs out of cards had 16 turns alternating from the dealer."""
    rng = random.Random(14)
    exhausted = 0
    for seed in range(60):
        s = new_game(2, KJ, seed)
        assert s.to_act == s.dealer == first_dealer(seed)
        turns: list[int] = []
        while s.phase is not Phase.OVER:
            action = rng.choice(legal_actions(s))
            seat, round_no = s.to_act, s.round_no
            if isinstance(action, Play):
                turns.append(seat)
            dealer = s.dealer
            s, events = apply(s, action)
            ended = [e for e in events if isinstance(e, RoundEnded)]
            if ended:
                if ended[0].result.reason == "all_lost":
                    exhausted += 1
                    assert turns == [dealer, 1 - dealer] * 8, (seed, round_no)
                turns = []
    assert exhausted > 10


def test_koikoi_asked_only_when_points_rose() -> None:
    """« The koi-koi decision is asked only when the player's points rose during the turn. » —
    a fourth ribbon after Red Ribbons adds nothing in KoiKoi-Japan (no decision), while the
    seed's « +1 point par carte Ruban supplémentaire » makes it an improvement; a fifth ribbon
    scores Tan 1 and asks."""
    for rules, phase in ((KJ, Phase.PLAY), (Rules(), Phase.DECIDE)):
        s = make_state(
            hands=("4b 5c", "2c 6c"), field="4c 7c", pile="12c", captured=("1b 2b 3b", ""), rules=rules
        )
        s, events = apply(s, play("4b"))
        assert s.phase is phase and any(isinstance(e, YakuMade) for e in events) == (phase is Phase.DECIDE)
    s = make_state(
        hands=("4b 5c", "2c 6c"), field="4c 7c", pile="12c", captured=("1b 2b 3b 5b", ""), rules=KJ
    )
    s, events = apply(s, play("4b"))
    assert s.phase is Phase.DECIDE
    made = next(e for e in events if isinstance(e, YakuMade))
    assert made.new == ("tanzaku",) and {y.yaku: y.points for y in made.yaku} == {"akatan": 5, "tanzaku": 1}


@pytest.mark.parametrize(("decision", "phase"), [("improved", Phase.DECIDE), ("points_rose", Phase.PLAY)])
def test_points_rose_is_the_total_not_a_group(decision: str, phase: Phase) -> None:
    """« … only when the player's points rose during the turn » (``decision="points_rose"``):
    with the seed's rain variant, Three Lights formed (+5) while a November card spoils Flower
    Viewing (−5) is an improved group but no rise of the total."""
    rules = Rules(decision=decision, rain_spoils_viewing=True)
    s = make_state(
        hands=("12b 5c", "2c 6c"), field="12a 11d 7c", pile="11c", captured=("9a 3a 1a", ""), rules=rules
    )
    assert dict(s.yaku[0]) == {"hanami": 5}
    s, _ = apply(s, play("12b"))
    assert dict(s.yaku[0]) == {"sanko": 5} and s.phase is phase


def test_a_rise_on_the_eighth_turn_stops_the_round() -> None:
    """« A rise on the player's 8th turn stops the round automatically. »"""
    s = make_state(
        hands=("8b", "5c"), field="8a 7c", pile="12c", captured=("1a 3a", ""), rules=KJ, scores=(30, 30)
    )
    s, events = apply(s, play("8b"))
    kinds = [type(e).__name__ for e in events]
    assert kinds[:5] == ["CardPlayed", "CardDrawn", "YakuMade", "ShobuCalled", "RoundEnded"]
    assert ShobuCalled(0) in events and result_of(events).reason == "shobu"
    assert s.scores == (35, 25)


# --- Round end ---------------------------------------------------------------------------------


def test_exhausted_round_dealer_plus_one_other_minus_one() -> None:
    """« An exhausted round gives the dealer +1 and the other −1. » — whatever was held or
    called; « the dealer stays after an exhausted round »."""
    s = make_state(
        hands=("5c", "6c"), field="1c 2c 3c 4c", pile="7c 8c", captured=("", "1a 3a 8a"), koikoi=(0, 1),
        last_koikoi=1, rules=KJ, scores=(30, 30),
    )  # fmt: skip
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("6c"))
    result = result_of(events)
    assert (result.reason, result.winner, result.points) == ("all_lost", None, (1, -1))
    assert [(y.yaku, y.points) for y in result.yaku] == [("oyaken", 1)]
    assert s.scores == (31, 29) and s.dealer == 0 and s.round_no == 2


def test_the_stopper_takes_their_points_from_the_opponent() -> None:
    """« Otherwise the stopper takes their points from the opponent. » and « The next dealer is
    the round's winner »."""
    s = make_state(
        hands=("5c 6c", "8b 2c"), field="8a 7c", pile="12c", captured=("", "1a 3a"), dealer=0, to_act=1,
        rules=KJ, scores=(30, 30),
    )  # fmt: skip
    s, _ = apply(s, play("8b"))
    s, events = apply(s, Shobu())
    assert result_of(events).points == (-5, 5)
    assert s.scores == (25, 35) and s.dealer == 1 and s.to_act == 1


# --- Match -------------------------------------------------------------------------------------


def test_eight_rounds_starting_at_thirty_each() -> None:
    """« Match. A match is 8 rounds, starting at 30 points each »"""
    s, _ = start(2, KJ, 5)
    assert s.scores == (30, 30) and KJ.rounds == 8
    rng = random.Random(5)
    for seed in range(20):
        s = new_game(2, KJ, seed)
        while s.phase is not Phase.OVER:
            s, _ = apply(s, rng.choice(legal_actions(s)))
        assert len(s.history) == 8 or min(s.scores) <= 0
        assert s.scores == tuple(30 + sum(r.points[i] for r in s.history) for i in (0, 1))
        assert sum(s.scores) == 60  # zero-sum


@pytest.mark.parametrize(("other", "over"), [(4, True), (5, True), (6, False)])
def test_the_match_ends_early_at_zero_or_below(other: int, over: bool) -> None:
    """« … and ends early when a player is at 0 or below. »"""
    events = stop_with("1a 3a", scores=(30, other))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.scores == (35, other - 5)
    assert any(isinstance(e, MatchEnded) for e in events) == over

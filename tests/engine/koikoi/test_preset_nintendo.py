"""Preset ``nintendo``: one test per yaku and per rule of Nintendo's own Koi-Koi guide.

Docstrings quote the guide: « Nintendo (JP) » is the yaku table of Nintendo's Japanese Koi-Koi
page, « Nintendo (EN) » its English "Mario Hanafuda: How to play Koi-Koi"; where the guide is
silent the preset follows FudaWiki's modern rules (quoted as such). The options that give the
readings of other scorers are tested at the end of the file.
"""

from __future__ import annotations

import dataclasses
from typing import Unpack

import pytest

from engine.hanafuda.cards import cards, mask
from engine.hanafuda.koikoi import (
    PRESETS,
    KoiKoi,
    Phase,
    Rules,
    Shobu,
    apply,
    first_dealer,
    outcome,
    start,
)
from engine.hanafuda.koikoi.rules import points_table
from engine.hanafuda.koikoi.yaku import yaku_items
from tests.engine.koikoi.stacked import Deal, Progress, deal, make_state, play, result_of, stack_deals

NINTENDO = PRESETS["nintendo"]
CHAFF10 = "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d"


def items(text: str, rules: Rules = NINTENDO, month: int = 12) -> dict[str, int]:
    return dict(yaku_items(mask(cards(text)), month, points_table(rules)))


def stop_with(captured: str, rules: Rules = NINTENDO, **kw: Unpack[Progress]) -> tuple[int, int]:
    """Seat 0 plays 8b onto 8a holding ``captured`` and calls shobu: (base, points)."""
    s = make_state(
        hands=("8b 5c", "2c 6c"), field="8a 7c", pile="12c", captured=(captured, ""), rules=rules, **kw
    )
    s, _ = apply(s, play("8b"))
    result = result_of(apply(s, Shobu())[1])
    return result.base, result.points[0]


# --- Yaku (Nintendo's Japanese table) ----------------------------------------------------------


def test_five_brights_ten() -> None:
    """Nintendo (JP): 五光（10点）"""
    assert items("1a 3a 8a 11a 12a") == {"goko": 10}


def test_four_brights_eight() -> None:
    """Nintendo (JP): 四光（8点）"""
    assert items("1a 3a 8a 12a") == {"shiko": 8}


def test_rainy_four_brights_seven() -> None:
    """Nintendo (JP): 雨入り四光は7点とする"""
    assert items("1a 3a 8a 11a") == {"ameshiko": 7}


def test_three_brights_five_without_the_rain() -> None:
    """Nintendo (JP): 三光（5点）雨以外の20点札3枚 — three brights other than the rain man."""
    assert items("1a 8a 12a") == {"sanko": 5}
    assert items("1a 8a 11a") == {}


def test_boar_deer_butterfly_five_plus_one_per_other_animal() -> None:
    """Nintendo (JP): 猪鹿蝶（5点）他の10点札が1枚ふえるごとに1点プラス — and not also Tane
    (the extra animals are already counted once)."""
    assert items("6a 7a 10a") == {"inoshikacho": 5}
    assert items("6a 7a 10a 2a") == {"inoshikacho": 6}
    assert items("6a 7a 10a 2a 4a 5a") == {"inoshikacho": 8}


def test_tane_one_for_five_plus_one_each() -> None:
    """Nintendo (JP): タネ（1点）10点札5枚、10点札1枚ふえるごとに1点プラス"""
    assert items("2a 4a 5a 8b") == {}
    assert items("2a 4a 5a 8b 11b") == {"tane": 1}
    assert items("2a 4a 5a 8b 11b 9a") == {"tane": 2}


def test_poetry_ribbons_five_plus_one_per_other_ribbon() -> None:
    """Nintendo (JP): 赤短（5点）他の短冊札が1枚ふえるごとに1点プラス"""
    assert items("1b 2b 3b") == {"akatan": 5}
    assert items("1b 2b 3b 4b 5b") == {"akatan": 7}


def test_blue_ribbons_five_plus_one_per_other_ribbon() -> None:
    """Nintendo (JP): 青短（5点）他の短冊札が1枚ふえるごとに1点プラス"""
    assert items("6b 9b 10b") == {"aotan": 5}
    assert items("6b 9b 10b 11c") == {"aotan": 6}


def test_both_ribbon_sets_ten_plus_one_per_other_ribbon() -> None:
    """Nintendo (JP): 赤短・青短の重複（10点）他の短冊札が1枚ふえるごとに1点プラス"""
    assert items("1b 2b 3b 6b 9b 10b") == {"akatan_aotan": 10}
    assert items("1b 2b 3b 6b 9b 10b 4b") == {"akatan_aotan": 11}


def test_ribbons_one_for_five_plus_one_each() -> None:
    """Nintendo (JP): タン（1点）短冊札5枚、短冊札1枚ふえるごとに1点プラス"""
    assert items("4b 5b 7b 11c 1b") == {"tanzaku": 1}
    assert items("4b 5b 7b 11c 1b 2b") == {"tanzaku": 2}


def test_flower_viewing_five() -> None:
    """Nintendo (JP): 花見で一杯（5点）"""
    assert items("9a 3a") == {"hanami": 5}


def test_moon_viewing_five() -> None:
    """Nintendo (JP): 月見で一杯（5点）"""
    assert items("9a 8a") == {"tsukimi": 5}
    assert items("9a 8a 11b") == {"tsukimi": 5}  # no rain rule in the guide


def test_chaff_one_for_ten_plus_one_each() -> None:
    """Nintendo (JP): カス（1点）カス札10枚、1枚ふえるごとに1点プラス"""
    assert items(CHAFF10) == {"kasu": 1}
    assert items(CHAFF10 + " 6c") == {"kasu": 2}


def test_sake_cup_is_a_ten_point_card_and_a_chaff() -> None:
    """Nintendo (JP): 「菊に盃」は、10点札とカス札としても通用します"""
    assert items("1c 1d 2c 2d 3c 3d 4c 4d 5c 9a") == {"kasu": 1}
    assert items("2a 4a 5a 8b 9a") == {"tane": 1}


def test_no_cards_of_the_month() -> None:
    """Nintendo (JP): the yaku table has no 月札 (cards of the month)."""
    assert items("3a 3b 3c 3d", month=3) == {}
    assert items("3a 3b 3c 3d", Rules(), month=3) == {"tsukifuda": 4}


# --- Play (Nintendo's English guide, FudaWiki where it is silent) ------------------------------


def test_the_dealer_deals_two_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nintendo (EN): « The dealer deals two cards at a time to the opponent, the playing field
    between them, and the dealer in that order. Both players should have eight cards face down,
    and there should be eight cards face up between them. »"""
    parts: Deal = {
        "dealer_hand": "1a 2a 3a 4a 5a 6a 7a 8a",
        "other_hand": "1b 2b 3b 4b 5b 6b 7b 9a",
        "field": "9b 10a 11a 12a 10b 11b 12b 1c",
    }
    stack_deals(monkeypatch, [deal(**parts, by=2)])
    s, _ = start(2, NINTENDO, 4)
    d = s.dealer
    assert s.hands[d] == mask(cards(parts["dealer_hand"])) and s.field == mask(cards(parts["field"]))
    assert s.hands[1 - d] == mask(cards(parts["other_hand"])) and len(s.pile) - s.pile_pos == 24
    # The same deck dealt by the seed's packets of four gives other hands.
    stack_deals(monkeypatch, [deal(**parts, by=2)])
    seed_state, _ = start(2, Rules(), 4)
    assert seed_state.field != s.field


def test_earliest_month_deals_and_plays_first() -> None:
    """Nintendo (EN): « the player who selects the card from the earliest month … becomes the
    dealer » and « the game begins with the dealer taking one card from their hand »."""
    for seed in range(10):
        s, _ = start(2, NINTENDO, seed)
        assert s.dealer == s.to_act == first_dealer(seed)


def test_twelve_games_most_points_wins() -> None:
    """Nintendo (EN): « A full match consists of 12 games, and the player with the most points
    after 12 games is the winner. »"""
    assert NINTENDO.rounds == 12 and NINTENDO.target_score == 0
    s = make_state(
        hands=("8b", "5c"), field="8a", pile="12c", captured=("1a 3a", ""), rules=NINTENDO, round_no=12
    )
    s, _ = apply(s, play("8b"))
    result = outcome(s)
    assert s.phase is Phase.OVER and result is not None and (result.scores, result.winners) == ((5, 0), (0,))


def test_seven_points_or_more_double() -> None:
    """FudaWiki (modern rules, « as seen in … Nintendo's current Koi-Koi rules leaflet »): « If
    the player's base score is greater than or equal to 7, then their score is doubled. »"""
    assert stop_with("1a 3a 11a") == (7, 14)
    assert stop_with("1a 3a") == (5, 5)


def test_opponent_koikoi_doubles_however_often() -> None:
    """FudaWiki: « If their opponent called koi-koi at any previous point during the round, then
    the player's score is doubled. (The exact number of times the opponent called koi-koi has no
    effect.) »"""
    assert stop_with("1a 3a", koikoi=(0, 1), last_koikoi=1) == (5, 10)
    assert stop_with("1a 3a", koikoi=(0, 3), last_koikoi=1) == (5, 10)
    assert stop_with("1a 3a", koikoi=(2, 0), last_koikoi=0) == (5, 5)


def test_exhausted_round_nobody_scores_same_dealer() -> None:
    """FudaWiki: « neither player earns any points. Note that captured yaku are not scored
    for … the next round begins with the same dealer. »"""
    s = make_state(
        hands=("5c", "6c"), field="1c 2c 3c 4c", pile="7c 8c", captured=("", "1a 3a 8a"), koikoi=(0, 1),
        last_koikoi=1, rules=NINTENDO, dealer=1, to_act=0,
    )  # fmt: skip
    s, _ = apply(s, play("5c"))
    s, events = apply(s, play("6c"))
    result = result_of(events)
    assert (result.reason, result.points) == ("all_lost", (0, 0)) and s.dealer == 1


def test_the_stopper_alone_scores_and_deals_next() -> None:
    """FudaWiki: « only the player who called shōbu earns any points … The player who called
    shōbu is the winner of the round, and becomes the dealer for the next. »"""
    s = make_state(
        hands=("5c 6c", "8b 2c"), field="8a 7c", pile="12c", captured=("6b 9b 10b", "1a 3a"), to_act=1,
        rules=NINTENDO,
    )  # fmt: skip
    s, _ = apply(s, play("8b"))
    s, events = apply(s, Shobu())
    assert result_of(events).points == (0, 5) and s.dealer == 1


def test_a_yaku_formed_or_improved_offers_koikoi() -> None:
    """FudaWiki: « If the player has either formed a new yaku, or improved an existing one, then
    they have the choice » — one more ribbon raises Poetry Ribbons 5 → 6."""
    s = make_state(
        hands=("4b 5c", "2c 6c"), field="4c 7c", pile="12c", captured=("1b 2b 3b", ""), rules=NINTENDO
    )
    s, _ = apply(s, play("4b"))
    assert s.phase is Phase.DECIDE
    s, _ = apply(s, KoiKoi())
    assert s.koikoi == (1, 0) and s.to_act == 1


# --- The readings of other scorers, as options --------------------------------------------------


def test_option_without_the_viewing_yaku() -> None:
    """Nintendo (JP): 「4と5は省いてもよい」 — the viewing yaku (4 and 5 of its table) may be
    left out: ``viewing="off"``."""
    assert items("9a 3a 8a", dataclasses.replace(NINTENDO, viewing="off")) == {}


def test_option_without_the_seven_point_doubling() -> None:
    """Scorers without FudaWiki's « greater than or equal to 7 … doubled »: ``double_at=0``."""
    assert stop_with("1a 3a 11a", dataclasses.replace(NINTENDO, double_at=0)) == (7, 7)


def test_option_four_lights_with_the_rain_man_as_three_brights() -> None:
    """Scorers that count the rain man and three brights as Three Brights 5: ``ameshiko=0``
    (the group then scores its next best)."""
    assert items("1a 3a 8a 11a", dataclasses.replace(NINTENDO, ameshiko=0)) == {"sanko": 5}


def test_option_sake_cup_only_a_seed() -> None:
    """Scorers for which 「菊に盃」 is only a 10-point card: ``sake_cup="animal"``."""
    rules = dataclasses.replace(NINTENDO, sake_cup="animal")
    assert items("1c 1d 2c 2d 3c 3d 4c 4d 5c 9a", rules) == {}
    assert items("2a 4a 5a 8b 9a", rules) == {"tane": 1}


def test_option_sets_stacking_with_tane_and_tan() -> None:
    """Scorers that let Boar-Deer-Butterfly and the ribbon sets stack with Tane / Tan instead of
    the +1 per card: ``group_scoring="stack"``."""
    rules = dataclasses.replace(NINTENDO, group_scoring="stack")
    assert items("6a 7a 10a 2a 4a 5a", rules) == {"inoshikacho": 5, "tane": 2}
    assert items("1b 2b 3b 4b 5b", rules) == {"akatan": 5, "tanzaku": 1}

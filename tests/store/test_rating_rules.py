"""The pure rating rules: each game's shape moves ratings the right way (issue 16)."""

from __future__ import annotations

from typing import Any

import pytest

from store.rating_rules import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Rating,
    SeatOutcome,
    contests,
    display_rating,
    is_provisional,
    ladder_key,
    landlord_deals,
    match_kind,
    rate_match,
)

NEW = Rating()


def seats(users: tuple[int | None, ...], points: list[int], extras: list[dict[str, Any]] | None = None):
    """Seats with these users and points; the seats with the sole top score win."""
    top = max(points)
    sole = points.count(top) == 1
    extras = extras or [{} for _ in users]
    return [
        SeatOutcome(i, u, p, sole and p == top, extras[i])
        for i, (u, p) in enumerate(zip(users, points, strict=True))
    ]


def test_koikoi_one_on_one_winner_up_loser_down() -> None:
    result = rate_match("koikoi", seats((1, 2), [7, 2]), {})
    assert result.kind == "ladder"
    assert result.after[1].mu > DEFAULT_MU > result.after[2].mu
    assert result.after[1].sigma < DEFAULT_SIGMA and result.after[2].sigma < DEFAULT_SIGMA
    assert result.won == {1: True, 2: False}


def test_a_drawn_match_leaves_equal_players_equal() -> None:
    result = rate_match("koikoi", seats((1, 2), [5, 5]), {})
    assert result.after[1] == result.after[2]
    assert result.after[1].mu == pytest.approx(DEFAULT_MU)


def test_an_upset_moves_more_than_the_expected_result() -> None:
    strong, weak = Rating(35.0, 3.0), Rating(15.0, 3.0)
    expected = rate_match("koikoi", seats((1, 2), [9, 0]), {1: strong, 2: weak})
    upset = rate_match("koikoi", seats((1, 2), [0, 9]), {1: strong, 2: weak})
    assert strong.mu - upset.after[1].mu > expected.after[1].mu - strong.mu > 0


@pytest.mark.parametrize("game", ["roppyakken", "gostop"])
def test_free_for_all_is_ranked_by_match_points(game: str) -> None:
    result = rate_match(game, seats((1, 2, 3), [-40, 120, 30]), {})
    assert result.after[2].mu > DEFAULT_MU
    assert result.after[2].mu > result.after[3].mu > result.after[1].mu
    assert result.after[1].mu < DEFAULT_MU


def test_free_for_all_ties_are_shared() -> None:
    result = rate_match("roppyakken", seats((1, 2, 3), [50, 50, 10]), {})
    assert result.after[1] == result.after[2]
    assert result.after[1].mu > DEFAULT_MU > result.after[3].mu


def test_goita_four_players_is_team_against_team() -> None:
    # Seats 0 and 2 are partners; the stored points are the team's total.
    result = rate_match("goita", seats((1, 2, 3, 4), [150, 60, 150, 60]), {})
    (contest,) = contests("goita", seats((1, 2, 3, 4), [150, 60, 150, 60]))
    assert contest.teams == ((0, 2), (1, 3)) and contest.ranks == (1, 2)
    assert result.after[1] == result.after[3]
    assert result.after[2] == result.after[4]
    assert result.after[1].mu > DEFAULT_MU > result.after[2].mu


def test_goita_three_players_is_free_for_all() -> None:
    outcome = seats((1, 2, 3), [100, 40, 70])
    assert [c.teams for c in contests("goita", outcome)] == [((0,), (1,), (2,))]
    result = rate_match("goita", outcome, {})
    assert result.after[1].mu > result.after[3].mu > result.after[2].mu


def lord(hands: int, wins: int) -> dict[str, int]:
    return {"landlord_hands": hands, "landlord_wins": wins}


def test_doudizhu_rates_each_deal_landlord_against_two_peasants() -> None:
    extras = [lord(2, 2), lord(1, 0), lord(0, 0)]
    outcome = seats((1, 2, 3), [20, -12, -8], extras)
    deals = contests("doudizhu", outcome)
    assert [(c.teams, c.ranks) for c in deals] == [
        (((0,), (1, 2)), (1, 2)),
        (((1,), (0, 2)), (2, 1)),
        (((0,), (1, 2)), (1, 2)),
    ]
    assert all(c.kitty for c in deals)
    result = rate_match("doudizhu", outcome, {})
    assert result.after[1].mu > DEFAULT_MU  # won all three deals
    assert result.after[2].mu < result.after[3].mu < DEFAULT_MU  # lost one more than seat 2


def test_doudizhu_landlord_win_and_loss_move_equal_players_alike() -> None:
    """The kitty stand-in makes a deal between equals near even: a won deal as landlord gains about
    what a lost one costs (without it, a win would move five times as far as a loss)."""
    won = rate_match("doudizhu", seats((1, 2, 3), [2, -1, -1], [lord(1, 1), {}, {}]), {})
    lost = rate_match("doudizhu", seats((1, 2, 3), [-2, 1, 1], [lord(1, 0), {}, {}]), {})
    gain, loss = won.after[1].mu - DEFAULT_MU, DEFAULT_MU - lost.after[1].mu
    assert gain > 0 and loss > 0
    assert gain == pytest.approx(loss, rel=0.05)
    assert won.after[2] == won.after[3]


def test_doudizhu_deal_order_is_round_robin_with_wins_and_losses_alternating() -> None:
    outcome = seats((1, 2, 3), [0, 0, 0], [lord(3, 1), lord(1, 1), lord(2, 0)])
    assert landlord_deals(outcome) == [(0, True), (1, True), (2, False), (0, False), (2, False), (0, False)]


def test_doudizhu_forfeit_is_a_lost_deal_and_no_deal_falls_back_to_free_for_all() -> None:
    forfeit = seats((1, 2, 3), [0, 5, 5], [{**lord(1, 1), "forfeit": True}, {}, {}])
    assert landlord_deals(forfeit) == [(0, True), (0, False)]
    bare = seats((1, 2, 3), [30, -10, -20])
    assert [c.teams for c in contests("doudizhu", bare)] == [((0,), (1,), (2,))]
    result = rate_match("doudizhu", bare, {})
    assert result.after[1].mu > DEFAULT_MU > result.after[3].mu


def test_a_forfeit_places_last_whatever_its_points() -> None:
    outcome = [
        SeatOutcome(0, 1, 0, False, {"forfeit": True}),
        SeatOutcome(1, 2, -30, True, {"forfeit": False}),
        SeatOutcome(2, 3, -50, True, {"forfeit": False}),
    ]
    assert contests("gostop", outcome)[0].ranks == (3, 1, 2)


def test_cpu_seats_memory_mode_and_unknown_games_do_not_move_ratings() -> None:
    vs_cpu = rate_match("koikoi", seats((1, None), [9, 0]), {})
    assert (vs_cpu.kind, vs_cpu.after, vs_cpu.won) == ("cpu", {}, {1: True})
    assert match_kind("goita", seats((1, 2, None, 3), [1, 2, 1, 2])) == "cpu"
    assert match_kind("goita_solo", seats((1,), [30])) == "none"
    assert match_kind("chess", seats((1, 2), [1, 0])) == "none"
    assert match_kind("koikoi", seats((None, None), [1, 0])) == "none"
    assert match_kind("koikoi", seats((1, 1), [1, 0])) == "none"  # one user in both seats
    assert rate_match("goita_solo", seats((1,), [30]), {}).won == {}


def test_display_scale_and_provisional_mark() -> None:
    assert display_rating(NEW) == 1000
    assert display_rating(Rating(30.0, 2.0)) == 1000 + 25 * 24
    assert display_rating(Rating(0.0, 8.0)) == 400
    assert display_rating(Rating(-50.0, 8.0)) == 0
    assert is_provisional(4) and not is_provisional(5)


def test_a_provisional_player_is_never_ranked_above_an_established_one() -> None:
    hot_newcomer = ladder_key(Rating(40.0, 3.0), 4, 1)
    settled = ladder_key(Rating(20.0, 3.0), 5, 2)
    better_settled = ladder_key(Rating(22.0, 3.0), 9, 3)
    assert sorted([hot_newcomer, settled, better_settled]) == [better_settled, settled, hot_newcomer]


def test_a_server_that_rates_cpu_matches_puts_cpus_on_the_ladder_as_a_fixed_player() -> None:
    won = rate_match("koikoi", seats((1, None), [9, 0]), {}, cpu_rated=True)
    lost = rate_match("koikoi", seats((1, None), [0, 9]), {}, cpu_rated=True)
    assert won.kind == lost.kind == "ladder" and set(won.after) == {1}
    assert won.after[1].mu > DEFAULT_MU > lost.after[1].mu
    # Dou Dizhu with two CPU peasants: every deal the human wins as landlord raises them, and the
    # CPUs, never updated, are the same average player in every deal
    lord = {"landlord_hands": 3, "landlord_wins": 3, "peasant_hands": 0, "peasant_wins": 0}
    ddz = rate_match("doudizhu", seats((1, None, None), [24, -12, -12], [lord, {}, {}]), {}, cpu_rated=True)
    one = rate_match(
        "doudizhu",
        seats((1, None, None), [8, -4, -4], [{**lord, "landlord_hands": 1, "landlord_wins": 1}, {}, {}]),
        {},
        cpu_rated=True,
    )
    assert ddz.after[1].mu > one.after[1].mu > DEFAULT_MU
    assert match_kind("goita", seats((1, None, 2, None), [1, 2, 1, 2]), cpu_rated=True) == "ladder"

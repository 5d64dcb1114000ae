import pytest

from store import (
    Database,
    GameStats,
    LeaderboardRow,
    SeatResult,
    WrongStatus,
    create_game,
    finish_with_results,
    get_game,
    leaderboard,
    results_for,
    user_stats,
)
from tests.store.conftest import CHANNEL, GUILD, HOST, active_game

ALICE, BOB, CAROL = 201, 202, 203


async def play(
    db: Database,
    users: tuple[int | None, ...],
    points: list[int],
    *,
    guild: int = GUILD,
    game: str = "koikoi",
) -> None:
    """A finished match; the seats with the highest points win, best_round = points // 2."""
    started = await active_game(db, *users, guild_id=guild, game=game, channel_id=CHANNEL)
    top = max(points)
    await finish_with_results(
        db, started.id, [SeatResult(s, p, p == top, p // 2) for s, p in enumerate(points)]
    )


async def test_finish_with_results_records_rows_and_winners(db: Database) -> None:
    game = await active_game(db, ALICE, None, BOB, game="doudizhu")
    results = [
        SeatResult(0, 12, True, 6, {"role": "landlord"}),
        SeatResult(1, -6, False, 0, {"role": "farmer"}),
        SeatResult(2, -6, False, extra={"role": "farmer"}),
    ]
    done = await finish_with_results(db, game.id, list(reversed(results)), at="2025-01-01T02:00:00+00:00")
    assert (done.status, done.winners, done.finished_at) == ("finished", (0,), "2025-01-01T02:00:00+00:00")
    assert await results_for(db, game.id) == results
    with pytest.raises(WrongStatus):
        await finish_with_results(db, game.id, results)


@pytest.mark.parametrize(
    "seats",
    [[0, 1], [0, 1, 2, 3], [0, 0, 1], [0, 1, 1, 2]],
    ids=["missing", "unknown", "duplicate", "extra duplicate"],
)
async def test_finish_with_results_is_atomic(db: Database, seats: list[int]) -> None:
    game = await active_game(db, ALICE, BOB, CAROL)
    with pytest.raises(ValueError, match="expected each"):
        await finish_with_results(db, game.id, [SeatResult(s, 1, True) for s in seats])
    assert (await get_game(db, game.id)) == game
    assert await results_for(db, game.id) == []


async def test_lobby_cannot_have_results(db: Database) -> None:
    lobby = await create_game(db, GUILD, CHANNEL, "koikoi", {}, 1, HOST)
    with pytest.raises(WrongStatus):
        await finish_with_results(db, lobby.id, [])


async def test_leaderboard_orders_by_wins_then_points(db: Database) -> None:
    await play(db, (ALICE, BOB), [10, 3])
    await play(db, (BOB, ALICE), [7, 2])
    await play(db, (CAROL, ALICE), [1, 5])
    await play(db, (BOB, CAROL), [9, 0])
    # wins: ALICE 2 (10+2+5=17), BOB 2 (3+7+9=19), CAROL 0 (1)
    assert await leaderboard(db, GUILD, "koikoi") == [
        LeaderboardRow(BOB, 3, 2, 19),
        LeaderboardRow(ALICE, 3, 2, 17),
        LeaderboardRow(CAROL, 2, 0, 1),
    ]
    assert [r.user_id for r in await leaderboard(db, GUILD, "koikoi", limit=2)] == [BOB, ALICE]


async def test_a_points_game_ranks_by_points_won_and_lost(db: Database) -> None:
    """Go-Stop is played for money: one big win outranks several small ones."""
    await play(db, (ALICE, BOB), [5, -5], game="gostop")
    await play(db, (ALICE, BOB), [5, -5], game="gostop")
    await play(db, (ALICE, BOB), [-40, 40], game="gostop")
    by_wins = await leaderboard(db, GUILD, "gostop", by_points=False)
    by_points = await leaderboard(db, GUILD, "gostop", by_points=True)
    assert [r.user_id for r in by_wins] == [ALICE, BOB]
    assert [(r.user_id, r.points, r.wins) for r in by_points] == [(BOB, 30, 1), (ALICE, -30, 2)]
    assert await leaderboard(db, GUILD, "gostop") == by_points, "Go-Stop's board ranks by points"


async def test_leaderboard_ties_break_on_fewer_games_then_user_id(db: Database) -> None:
    await play(db, (CAROL, None), [5, 0])
    await play(db, (BOB, None), [5, 0])
    await play(db, (BOB, None), [0, 3])
    await play(db, (ALICE, None), [5, 0])
    # All have 1 win and 5 points; BOB needed two games; ALICE and CAROL tie completely.
    assert [r.user_id for r in await leaderboard(db, GUILD, "koikoi")] == [ALICE, CAROL, BOB]


async def test_leaderboard_is_per_guild_and_per_game(db: Database) -> None:
    await play(db, (ALICE, BOB), [5, 1], guild=GUILD)
    await play(db, (CAROL, BOB), [5, 1], guild=GUILD + 1)
    await play(db, (BOB, ALICE), [5, 1], game="gostop")
    assert {r.user_id for r in await leaderboard(db, GUILD, "koikoi")} == {ALICE, BOB}
    assert {r.user_id for r in await leaderboard(db, GUILD + 1, "koikoi")} == {CAROL, BOB}
    assert [r.user_id for r in await leaderboard(db, GUILD, "gostop")] == [BOB, ALICE]
    assert await leaderboard(db, GUILD, "goita") == []


async def test_cpu_seats_never_reach_the_leaderboard(db: Database) -> None:
    await play(db, (None, ALICE), [30, 1])
    await play(db, (None, None, BOB), [30, 20, 1])
    assert await leaderboard(db, GUILD, "koikoi") == [
        LeaderboardRow(ALICE, 1, 0, 1),
        LeaderboardRow(BOB, 1, 0, 1),
    ]


async def test_user_stats_per_game_in_a_guild_or_everywhere(db: Database) -> None:
    await play(db, (ALICE, None), [10, 2])
    await play(db, (ALICE, None), [-3, 8])
    await play(db, (ALICE, BOB), [6, 1], game="gostop")
    await play(db, (ALICE, BOB), [4, 1], guild=GUILD + 1)
    assert await user_stats(db, ALICE, GUILD) == {
        "gostop": GameStats("gostop", 1, 1, 6, 3),
        "koikoi": GameStats("koikoi", 2, 1, 7, 5),
    }
    everywhere = await user_stats(db, ALICE)
    assert everywhere["koikoi"] == GameStats("koikoi", 3, 2, 11, 5)
    assert list(everywhere) == ["gostop", "koikoi"]
    assert await user_stats(db, CAROL) == {}


async def test_extra_counters_add_up_per_player_and_game(db: Database) -> None:
    """Dou Dizhu's hands as landlord / as peasant reach /stats and /leaderboard summed over
    matches; text labels and CPU seats are left out, and other games keep empty totals."""
    for lord_hands, lord_wins in ((2, 1), (1, 1)):
        game = await active_game(db, ALICE, None, BOB, game="doudizhu")
        await finish_with_results(
            db,
            game.id,
            [
                SeatResult(
                    0, 4, True, 4, {"role": "x", "landlord_hands": lord_hands, "landlord_wins": lord_wins}
                ),
                SeatResult(1, -2, False, 0, {"peasant_hands": 3, "peasant_wins": 1}),
                SeatResult(2, -2, False, 0, {"peasant_hands": 3, "peasant_wins": 0}),
            ],
        )
    await play(db, (ALICE, BOB), [5, 1])
    stats = await user_stats(db, ALICE, GUILD)
    assert stats["doudizhu"].totals == {"landlord_hands": 3, "landlord_wins": 2}
    assert stats["koikoi"].totals == {}
    board = {r.user_id: r.totals for r in await leaderboard(db, GUILD, "doudizhu", by_points=True)}
    assert board == {
        ALICE: {"landlord_hands": 3, "landlord_wins": 2},
        BOB: {"peasant_hands": 6, "peasant_wins": 0},
    }

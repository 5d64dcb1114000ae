"""Standings: a player's rank on a game's board before and after one finished match."""

from __future__ import annotations

from store import Database, SeatResult, finish_with_results
from store.stats import Standing, games_played, last_game_here, leaderboard, ranks_by_points, standings
from tests.store.conftest import CHANNEL, GUILD, active_game

ALICE, BOB, CAROL = 201, 202, 203


async def finish(
    db: Database,
    users: tuple[int | None, ...],
    points: list[int],
    at: str,
    *,
    game: str = "koikoi",
    guild: int = GUILD,
    channel: int = CHANNEL,
) -> int:
    """A match finished at ``at``; the seats with the highest points win."""
    started = await active_game(db, *users, guild_id=guild, game=game, channel_id=channel)
    top = max(points)
    await finish_with_results(
        db, started.id, [SeatResult(s, p, p == top) for s, p in enumerate(points)], at=at
    )
    return started.id


def day(n: int) -> str:
    return f"2025-01-{n:02d}T12:00:00+00:00"


async def test_ranks_before_and_after_one_match(db: Database) -> None:
    await finish(db, (ALICE, BOB), [10, 3], day(1))  # alice 1st, bob 2nd
    await finish(db, (CAROL, BOB), [8, 2], day(2))  # carol 1 win 8 pts: alice 1st, carol 2nd, bob 3rd
    game = await finish(db, (BOB, CAROL), [9, 0], day(3))  # bob wins: bob 1 win 14 pts
    assert await standings(db, game) == (
        "koikoi",
        [
            Standing(0, BOB, f"user{BOB}", before=3, after=1),
            Standing(1, CAROL, f"user{CAROL}", before=2, after=3),
        ],
    )
    after = [row.user_id for row in await leaderboard(db, GUILD, "koikoi")]
    assert after == [BOB, ALICE, CAROL], "'after' is the leaderboard's own order"


async def test_a_first_ranked_match_has_no_rank_before_and_cpus_have_no_standing(db: Database) -> None:
    await finish(db, (ALICE, BOB), [10, 3], day(1))
    game = await finish(db, (CAROL, None), [1, 5], day(2))
    assert await standings(db, game) == ("koikoi", [Standing(0, CAROL, f"user{CAROL}", before=None, after=3)])


async def test_later_matches_do_not_change_an_earlier_matchs_standings(db: Database) -> None:
    """Asked after a restart, or once more games finished, the answer is the same."""
    first = await finish(db, (ALICE, BOB), [10, 3], day(1))
    second = await finish(db, (BOB, ALICE), [12, 3], day(2))  # bob 15 points, alice 13
    early = await standings(db, second)
    await finish(db, (BOB, CAROL), [10, 3], day(3))
    await finish(db, (BOB, ALICE), [10, 3], day(4))
    assert await standings(db, second) == early
    assert early[1] == [
        Standing(0, BOB, f"user{BOB}", before=2, after=1),
        Standing(1, ALICE, f"user{ALICE}", before=1, after=2),
    ]
    assert [s.before for s in (await standings(db, first))[1]] == [None, None]


async def test_other_games_and_servers_do_not_count(db: Database) -> None:
    await finish(db, (CAROL, ALICE), [50, 0], day(1), game="gostop")
    await finish(db, (CAROL, ALICE), [50, 0], day(1), guild=GUILD + 1)
    game = await finish(db, (ALICE, BOB), [10, 3], day(2))
    assert [(s.before, s.after) for s in (await standings(db, game))[1]] == [(None, 1), (None, 2)]


async def test_a_points_game_ranks_by_points_as_its_leaderboard_does(db: Database) -> None:
    assert ranks_by_points("gostop") and ranks_by_points("doudizhu") and not ranks_by_points("koikoi")
    await finish(db, (ALICE, BOB), [30, -30], day(1), game="gostop")
    game = await finish(db, (BOB, CAROL), [-5, -30], day(2), game="gostop")
    # bob: a win but −35 points; carol: no win, −30 points. By wins bob would be 2nd.
    assert (await standings(db, game))[1] == [
        Standing(0, BOB, f"user{BOB}", before=2, after=3),
        Standing(1, CAROL, f"user{CAROL}", before=None, after=2),
    ]
    board = [row.user_id for row in await leaderboard(db, GUILD, "gostop")]
    assert board == [ALICE, CAROL, BOB], "the same order as the board's"


async def test_no_results_no_standings(db: Database) -> None:
    started = await active_game(db, ALICE, BOB)
    assert await standings(db, started.id) == ("", [])
    assert await standings(db, 999) == ("", [])


async def test_games_played_on_a_server_latest_first_and_the_channels_last_game(db: Database) -> None:
    assert await games_played(db, GUILD) == []
    await finish(db, (ALICE, BOB), [10, 3], day(1), game="gostop")
    await finish(db, (ALICE, BOB), [10, 3], day(3), game="koikoi", channel=CHANNEL + 1)
    await finish(db, (ALICE, BOB), [10, 3], day(2), game="doudizhu", guild=GUILD + 1)
    await active_game(db, ALICE, BOB, game="goita", channel_id=CHANNEL + 2)  # no result yet
    assert await games_played(db, GUILD) == ["koikoi", "gostop"]
    assert await last_game_here(db, GUILD, CHANNEL) == "gostop"
    assert await last_game_here(db, GUILD, CHANNEL + 2) == "goita"
    assert await last_game_here(db, GUILD, CHANNEL + 3) is None

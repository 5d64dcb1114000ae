"""Standings: a player's rank on a game's rating board (``/leaderboard``) before and after one
finished match, from the stored rating changes."""

from __future__ import annotations

from store import Database, SeatResult, finish_with_results
from store.rating_boards import ladder, server_players
from store.ratings import apply_game_ratings
from store.stats import Standing, games_played, last_game_here, standings
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
    """A match finished at ``at`` and rated; the seats with the highest points win."""
    started = await active_game(db, *users, guild_id=guild, game=game, channel_id=channel)
    top = max(points)
    await finish_with_results(
        db, started.id, [SeatResult(s, p, p == top) for s, p in enumerate(points)], at=at
    )
    await apply_game_ratings(db, started.id)
    return started.id


def day(n: int) -> str:
    return f"2025-01-{n:02d}T12:00:00+00:00"


async def board(db: Database, game: str = "koikoi") -> dict[int, int]:
    """The server's rating board now, as /leaderboard ranks it."""
    players = await ladder(db, game, await server_players(db, GUILD, game))
    return {p.user_id: i + 1 for i, p in enumerate(players)}


async def test_ranks_are_the_rating_boards_before_and_after_the_match(db: Database) -> None:
    matches = [
        ((ALICE, BOB), [10, 3]),
        ((CAROL, BOB), [8, 2]),
        ((BOB, CAROL), [9, 0]),
        ((BOB, ALICE), [9, 0]),
    ]
    for n, (users, points) in enumerate(matches, start=1):
        before = await board(db)
        game = await finish(db, users, points, day(n))
        after = await board(db)
        expected = [Standing(s, u, f"user{u}", before.get(u), after[u]) for s, u in enumerate(users)]
        assert await standings(db, game) == ("koikoi", expected)
    assert (await standings(db, game))[1][0].after == 1, "bob's third win puts him first"


async def test_cpu_matches_change_no_rank_and_unrated_players_have_no_standing(db: Database) -> None:
    await finish(db, (ALICE, BOB), [10, 3], day(1))
    game = await finish(db, (CAROL, None), [1, 5], day(2))
    assert await standings(db, game) == ("koikoi", []), "carol has no rating: no standing"
    game = await finish(db, (BOB, None), [5, 1], day(3))
    assert await standings(db, game) == ("koikoi", [Standing(0, BOB, f"user{BOB}", before=2, after=2)])


async def test_later_matches_do_not_change_an_earlier_matchs_standings(db: Database) -> None:
    """Asked after a restart, or once more games finished, the answer is the same."""
    first = await finish(db, (ALICE, BOB), [10, 3], day(1))
    second = await finish(db, (BOB, ALICE), [12, 3], day(2))  # bob's win counts more: a stronger alice
    early = await standings(db, second)
    await finish(db, (BOB, CAROL), [10, 3], day(3))
    await finish(db, (ALICE, BOB), [10, 3], day(4))
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
    # alice lost elsewhere before: her rating is global, but carol plays Koi-Koi on another server
    assert [(s.before, s.after) for s in (await standings(db, game))[1]] == [(1, 1), (None, 2)]


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

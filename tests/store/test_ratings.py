"""Ratings folded from stored results: incremental equals recompute, CPUs stay off the ladder."""

from __future__ import annotations

from typing import Any

from store import Database, SeatResult, finish_game, finish_with_results
from store.rating_rules import DEFAULT_MU, Rating
from store.ratings import (
    apply_game_ratings,
    fold_pending_ratings,
    rating_changes_for,
    rating_ladder,
    recompute_ratings,
    user_ratings,
)
from tests.store.conftest import active_game

ALICE, BOB, CAROL, DAVE = 201, 202, 203, 204
_clock = iter(range(10_000))


def at(minute: int | None = None) -> str:
    """A finish time; by default each call is later than the last."""
    n = next(_clock) if minute is None else minute
    return f"2025-01-01T{n // 60 % 24:02d}:{n % 60:02d}:00.000+00:00"


async def play(
    db: Database,
    game: str,
    users: tuple[int | None, ...],
    points: list[int],
    *,
    extras: list[dict[str, Any]] | None = None,
    finished_at: str | None = None,
) -> int:
    """A finished match whose sole top scorer wins; its id."""
    started = await active_game(db, *users, game=game, channel_id=1000 + next(_clock))
    top = max(points)
    sole = points.count(top) == 1
    extras = extras or [{} for _ in users]
    results = [SeatResult(s, p, sole and p == top, max(p, 0), extras[s]) for s, p in enumerate(points)]
    await finish_with_results(db, started.id, results, at=finished_at or at())
    return started.id


async def snapshot(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the derived tables, floats as stored."""
    out = {}
    async with db.read() as conn:
        for table, order in [
            ("ratings", "user_id, game"),
            ("rated_games", "game_id"),
            ("rating_changes", "game_id, user_id"),
        ]:
            async with conn.execute(f"SELECT * FROM {table} ORDER BY {order}") as cursor:
                out[table] = [tuple(r) for r in await cursor.fetchall()]
    return out


async def a_season_of_matches(db: Database, *, fold_each: bool) -> None:
    """Every shape (1v1, free-for-all, 2v2, 1v2 deals, vs CPU, memory mode), folded as they end or not."""
    lord = {"landlord_hands": 2, "landlord_wins": 1, "peasant_hands": 3, "peasant_wins": 2}
    matches = [
        ("koikoi", (ALICE, BOB), [7, 3], None),
        ("roppyakken", (ALICE, BOB, CAROL), [80, -20, 40], None),
        ("gostop", (CAROL, BOB, ALICE), [15, 15, -30], None),
        ("goita", (ALICE, BOB, CAROL, DAVE), [150, 70, 150, 70], None),
        ("goita", (ALICE, BOB, CAROL), [40, 100, 20], None),
        ("doudizhu", (ALICE, BOB, CAROL), [24, -8, -16], [lord, {**lord, "landlord_hands": 1}, {}]),
        ("koikoi", (BOB, None), [9, 1], None),
        ("goita_solo", (DAVE,), [30], None),
        ("koikoi", (BOB, ALICE), [6, 4], None),
        ("koikoi", (CAROL, ALICE), [2, 8], None),
    ]
    for game, users, points, extras in matches:
        game_id = await play(db, game, users, points, extras=extras)
        if fold_each:
            await apply_game_ratings(db, game_id)


async def test_recompute_gives_exactly_the_incremental_values(db: Database) -> None:
    await a_season_of_matches(db, fold_each=True)
    incremental = await snapshot(db)
    assert len(incremental["rated_games"]) == 10
    assert await recompute_ratings(db) == 10
    assert await snapshot(db) == incremental


async def test_games_finished_before_ratings_existed_are_caught_up_in_order(db: Database) -> None:
    await a_season_of_matches(db, fold_each=False)
    assert (await snapshot(db))["ratings"] == []
    assert await fold_pending_ratings(db) == 10
    caught_up = await snapshot(db)
    assert await fold_pending_ratings(db) == 0
    await recompute_ratings(db)
    assert await snapshot(db) == caught_up


async def test_a_late_result_that_sorts_before_folded_games_rebuilds(db: Database) -> None:
    first = await play(db, "koikoi", (ALICE, BOB), [5, 1], finished_at=at(10))
    await apply_game_ratings(db, first)
    later = await play(db, "koikoi", (BOB, ALICE), [5, 1], finished_at=at(30))
    await apply_game_ratings(db, later)
    # recorded now, but finished between the two: folding it last would be out of order
    between = await play(db, "koikoi", (ALICE, BOB), [1, 5], finished_at=at(20))
    changes = await apply_game_ratings(db, between)
    assert {c.user_id for c in changes} == {ALICE, BOB}
    stored = await snapshot(db)
    await recompute_ratings(db)
    assert await snapshot(db) == stored
    # folded in finishing order: the late game's "before" is the first game's "after", and so on
    alice = [{c.user_id: c for c in await rating_changes_for(db, g)}[ALICE] for g in (first, between, later)]
    assert alice[1].before == alice[0].after and alice[2].before == alice[1].after


async def test_a_win_raises_the_winner_and_applying_twice_changes_nothing(db: Database) -> None:
    game_id = await play(db, "koikoi", (ALICE, BOB), [9, 2])
    changes = {c.user_id: c for c in await apply_game_ratings(db, game_id)}
    assert changes[ALICE].after.mu > DEFAULT_MU > changes[BOB].after.mu
    assert changes[ALICE].before == changes[BOB].before == Rating()
    assert changes[ALICE].delta > 0
    before = await snapshot(db)
    assert list(changes.values()) == await apply_game_ratings(db, game_id)
    assert await snapshot(db) == before
    alice = (await user_ratings(db, ALICE))["koikoi"]
    assert (alice.matches, alice.wins, alice.rating) == (1, 1, changes[ALICE].after)


async def test_vs_cpu_results_count_apart_and_do_not_move_the_ladder(db: Database) -> None:
    for points in ([9, 1], [8, 2], [0, 5]):
        await apply_game_ratings(db, await play(db, "koikoi", (ALICE, None), points))
    game_id = await play(db, "goita", (ALICE, None, BOB, None), [150, 40, 150, 40])
    assert await apply_game_ratings(db, game_id) == []
    mine = await user_ratings(db, ALICE)
    assert (mine["koikoi"].cpu_matches, mine["koikoi"].cpu_wins) == (3, 2)
    assert (mine["koikoi"].matches, mine["koikoi"].rating) == (0, Rating())
    assert (mine["goita"].cpu_matches, mine["goita"].matches, mine["goita"].rating) == (1, 0, Rating())
    assert await rating_ladder(db, "koikoi") == []


async def test_unfinished_and_unrated_games_are_not_rated(db: Database) -> None:
    cancelled = await active_game(db, ALICE, BOB, channel_id=77)
    await finish_game(db, cancelled.id, "cancelled", at=at())
    solo = await play(db, "goita_solo", (ALICE,), [30])
    assert await fold_pending_ratings(db) == 1  # the memory game is folded, as unrated
    assert await rating_changes_for(db, solo) == []
    assert await user_ratings(db, ALICE) == {}


async def test_ladder_marks_provisional_players_and_ranks_them_below_established_ones(db: Database) -> None:
    for _ in range(5):  # Alice and Bob: 5 rated matches each, Alice always wins
        await apply_game_ratings(db, await play(db, "koikoi", (ALICE, BOB), [6, 1]))
    for _ in range(4):  # Carol: 4 wins, provisional, however well she plays
        await apply_game_ratings(db, await play(db, "koikoi", (CAROL, DAVE), [6, 1]))
    ladder = await rating_ladder(db, "koikoi")
    assert [(p.user_id, p.provisional) for p in ladder] == [
        (ALICE, False),
        (BOB, False),
        (CAROL, True),
        (DAVE, True),
    ]
    assert ladder[0].display > ladder[1].display
    assert ladder[2].display > ladder[1].display  # above Bob by rating, below him as provisional
    assert [p.user_id for p in await rating_ladder(db, "koikoi", user_ids={BOB, CAROL})] == [BOB, CAROL]
    assert len(await rating_ladder(db, "koikoi", limit=1)) == 1

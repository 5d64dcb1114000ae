"""Seasons per server, the vs-CPU server setting, opt-in profiles and what the cards read."""

from __future__ import annotations

from typing import Any

from store import Database, SeatResult, finish_with_results
from store.guild_settings import set_cpu_moves_ladder
from store.rating_boards import (
    history,
    ladder,
    memory_best,
    name_on,
    opponents,
    rating_series,
    season_ladder,
    server_players,
    trends,
)
from store.rating_rules import Rating
from store.ratings import apply_game_ratings, recompute_ratings, user_ratings
from store.seasons import current_season, end_season, seasons, start_season
from store.user_settings import is_public, public_users, set_public_profile
from tests.store.conftest import active_game

ALICE, BOB, CAROL = 301, 302, 303
HERE, THERE = 1, 2
_channels = iter(range(5000, 9000))


def at(day: int, minute: int = 0) -> str:
    return f"2025-03-{day:02d}T10:{minute:02d}:00.000+00:00"


async def play(
    db: Database,
    users: tuple[int | None, ...],
    points: list[int],
    when: str,
    *,
    guild: int = HERE,
    game: str = "koikoi",
) -> int:
    """A finished, rated match; the top score wins."""
    g = await active_game(db, *users, guild_id=guild, channel_id=next(_channels), game=game)
    top = max(points)
    results = [SeatResult(s, p, p == top, p) for s, p in enumerate(points)]
    await finish_with_results(db, g.id, results, at=when)
    await apply_game_ratings(db, g.id)
    return g.id


async def derived(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    out = {}
    async with db.read() as conn:
        for table, order in [
            ("ratings", "user_id, game"),
            ("rated_games", "game_id"),
            ("rating_changes", "game_id, user_id"),
            ("season_ratings", "guild_id, season, user_id, game"),
            ("season_changes", "game_id, user_id"),
            ("rating_policies", "game_id"),
        ]:
            async with conn.execute(f"SELECT * FROM {table} ORDER BY {order}") as cursor:
                out[table] = [tuple(r) for r in await cursor.fetchall()]
    return out


async def test_seasons_are_off_until_started_and_each_season_starts_afresh(db: Database) -> None:
    await play(db, (ALICE, BOB), [5, 1], at(1))
    assert await seasons(db, HERE) == [] and await current_season(db, HERE) is None
    one = await start_season(db, HERE, by=ALICE, at=at(2))
    await play(db, (ALICE, BOB), [5, 1], at(3))
    await play(db, (ALICE, BOB), [5, 1], at(3, 1), guild=THERE)  # another server: not in this season
    first = await season_ladder(db, HERE, 1, "koikoi")
    assert [(p.user_id, p.matches, p.wins) for p in first] == [(ALICE, 1, 1), (BOB, 1, 0)]
    assert first[0].rating.mu > Rating().mu > first[1].rating.mu

    two = await start_season(db, HERE, by=BOB, at=at(4))
    assert (one.number, two.number) == (1, 2)
    assert [s.ended_at for s in await seasons(db, HERE)] == [at(4), None]
    await play(db, (BOB, ALICE), [5, 1], at(5))
    second = await season_ladder(db, HERE, 2, "koikoi")
    assert [(p.user_id, p.matches, p.wins) for p in second] == [(BOB, 1, 1), (ALICE, 1, 0)]
    assert second[0].rating == first[0].rating  # a fresh start: the mirror of season 1's first match
    assert await season_ladder(db, HERE, 1, "koikoi") == first  # a past season stays as it was
    # the ladder never resets: four matches, everywhere
    assert (await user_ratings(db, ALICE))["koikoi"].matches == 4

    ended = await end_season(db, HERE, at=at(6))
    assert ended is not None and ended.number == 2
    await play(db, (BOB, ALICE), [5, 1], at(7))
    assert await current_season(db, HERE) is None
    assert [p.matches for p in await season_ladder(db, HERE, 2, "koikoi")] == [1, 1]


async def test_recompute_gives_the_stored_values_seasons_and_cpu_policies_included(db: Database) -> None:
    await play(db, (ALICE, BOB), [5, 1], at(1))
    await start_season(db, HERE, by=ALICE, at=at(2))
    await play(db, (ALICE, BOB, CAROL), [5, 1, 3], at(3), game="roppyakken")
    await set_cpu_moves_ladder(db, HERE, True)
    await play(db, (ALICE, None), [5, 1], at(4))
    await set_cpu_moves_ladder(db, HERE, False)  # a later change does not rewrite that match
    await play(db, (CAROL, None), [5, 1], at(5))
    await start_season(db, HERE, by=ALICE, at=at(6))
    await play(db, (BOB, CAROL), [5, 1], at(7))
    stored = await derived(db)
    assert len(stored["season_ratings"]) == 6 and len(stored["rating_policies"]) == 5
    assert await recompute_ratings(db) == 5
    assert await derived(db) == stored


async def test_a_server_can_let_cpu_matches_move_the_ladder(db: Database) -> None:
    await play(db, (ALICE, None), [5, 1], at(1))
    assert (await user_ratings(db, ALICE))["koikoi"].matches == 0
    await set_cpu_moves_ladder(db, HERE, True)
    await play(db, (ALICE, None), [5, 1], at(2))
    await play(db, (BOB, None), [1, 5], at(3), guild=THERE)  # the other server keeps the default
    mine = (await user_ratings(db, ALICE))["koikoi"]
    assert (mine.matches, mine.wins, mine.cpu_matches) == (1, 1, 1)
    assert mine.rating.mu > Rating().mu
    bob = (await user_ratings(db, BOB))["koikoi"]
    assert (bob.matches, bob.cpu_matches, bob.rating) == (0, 1, Rating())


async def test_opt_in_is_stored_per_user(db: Database) -> None:
    assert await public_users(db) == set() and not await is_public(db, ALICE)
    await set_public_profile(db, ALICE, True)
    await set_public_profile(db, BOB, True)
    await set_public_profile(db, BOB, False)
    assert await public_users(db) == {ALICE} and await is_public(db, ALICE)


async def test_what_the_cards_read(db: Database) -> None:
    first = await play(db, (ALICE, BOB), [5, 1], at(1))
    await play(db, (ALICE, CAROL), [1, 5], at(10))
    last = await play(db, (ALICE, BOB), [5, 1], at(11))
    await play(db, (CAROL, None), [9, 1], at(12), guild=THERE)
    assert await server_players(db, HERE, "koikoi") == {ALICE, BOB, CAROL}
    board = await ladder(db, "koikoi", {ALICE, BOB, CAROL})
    assert [p.user_id for p in board][:1] == [ALICE]
    week = await trends(db, board, at(9))  # since day 9: Alice's last two matches
    alice = (await user_ratings(db, ALICE))["koikoi"]
    series = await rating_series(db, ALICE, "koikoi")
    assert len(series) == 4 and series[-1] == alice.display and series[0] == 1000
    assert week[ALICE] == series[-1] - series[1] and week[BOB] != 0
    assert await trends(db, board, at(20)) == {p.user_id: 0 for p in board}

    matches = await history(db, ALICE, HERE)
    assert [m.game_id for m in matches][::2] == [last, first]
    assert matches[0].me.won and [s.name for s in matches[0].others] == [f"user{BOB}"]
    assert matches[0].delta is not None and matches[0].delta > 0
    assert matches[1].delta is not None and matches[1].delta < 0
    assert await history(db, CAROL, THERE) and all(m.game_id != last for m in await history(db, CAROL, THERE))
    assert [(o.user_id, o.games, o.wins) for o in await opponents(db, ALICE, HERE, "koikoi")] == [
        (BOB, 2, 2),
        (CAROL, 1, 0),
    ]
    assert await name_on(db, CAROL, HERE) == f"user{CAROL}" and await name_on(db, ALICE, THERE) is None


async def test_the_memory_mode_lists_best_scores(db: Database) -> None:
    await play(db, (ALICE,), [30], at(1), game="goita_solo")
    await play(db, (ALICE,), [50], at(2), game="goita_solo")
    await play(db, (BOB, CAROL), [40, 40], at(3), game="goita_solo")
    await play(db, (CAROL,), [70], at(4), game="goita_solo", guild=THERE)
    here = [(b.user_id, b.best, b.games) for b in await memory_best(db, HERE, "goita_solo")]
    assert here == [(ALICE, 50, 2), (BOB, 40, 1), (CAROL, 40, 1)]
    assert (await memory_best(db, None, "goita_solo"))[0].best == 70
    assert await user_ratings(db, ALICE) == {}

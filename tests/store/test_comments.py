"""Replay comments (migration 007) and the server's last match, on both engines."""

from __future__ import annotations

from store import Database, SeatResult, finish_with_results
from store.comments import MAX_COMMENT, comments_for, last_finished_game, save_comment
from tests.store.conftest import GUILD, active_game

BIG = 1_456_074_443_980_800_027  # a Discord id: needs BIGINT


async def test_one_comment_per_player_per_move_replaced_cut_or_removed(db: Database) -> None:
    game = await active_game(db, BIG, None)
    await save_comment(db, game.id, 3, BIG, "  first thought ")
    await save_comment(db, game.id, 0, BIG, "the deal")
    await save_comment(db, game.id, 3, BIG, "why I went koi-koi here")
    await save_comment(db, game.id, 5, BIG, "x" * 500)
    rows = await comments_for(db, game.id)
    assert [(c.move_no, c.user_id, c.body) for c in rows] == [
        (0, BIG, "the deal"),
        (3, BIG, "why I went koi-koi here"),
        (5, BIG, "x" * MAX_COMMENT),
    ]
    await save_comment(db, game.id, 0, BIG, "   ")  # an empty comment removes it
    assert [c.move_no for c in await comments_for(db, game.id)] == [3, 5]


async def test_last_finished_match_prefers_the_players_own(db: Database) -> None:
    assert await last_finished_game(db, GUILD, 7) is None
    mine = await active_game(db, 7, None, channel_id=11)
    await finish_with_results(db, mine.id, [SeatResult(0, 1, True), SeatResult(1, 0, False)])
    other = await active_game(db, 8, None, channel_id=12)
    await finish_with_results(db, other.id, [SeatResult(0, 1, True), SeatResult(1, 0, False)])
    await active_game(db, 7, None, channel_id=13)  # still running: not a replay
    assert await last_finished_game(db, GUILD, 7) == mine.id
    assert await last_finished_game(db, GUILD, 9) == other.id, "no match of theirs: the server's last"
    assert await last_finished_game(db, GUILD + 1, 7) is None, "another server's matches are not offered"

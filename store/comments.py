"""Replays: players' comments on the moves of a finished match, and finding a server's last match.

A comment belongs to one frame of the replay (``move_no``: 0 is the deal, n the position after
move n) and one player; writing again replaces it. Only the match's players may comment: the cog
checks that, the store only keeps what it is given.
"""

from __future__ import annotations

from dataclasses import dataclass

from store.db import Database, utc_now

MAX_COMMENT = 200  # characters; the modal's limit too

UPSERT_COMMENT = """
INSERT INTO move_comments (game_id, move_no, user_id, body, created_at) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (game_id, move_no, user_id) DO UPDATE SET body = excluded.body, created_at = excluded.created_at
"""
DELETE_COMMENT = "DELETE FROM move_comments WHERE game_id = ? AND move_no = ? AND user_id = ?"
SELECT_COMMENTS = """
SELECT move_no, user_id, body, created_at FROM move_comments WHERE game_id = ? ORDER BY move_no, created_at
"""
# The newest finished match of a server that ``user`` played in, else the server's newest.
SELECT_LAST_PLAYED = """
SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
WHERE g.guild_id = ? AND g.status = 'finished' AND s.user_id = ?
ORDER BY g.id DESC LIMIT 1
"""
SELECT_LAST_FINISHED = (
    "SELECT id FROM games WHERE guild_id = ? AND status = 'finished' ORDER BY id DESC LIMIT 1"
)


@dataclass(frozen=True, slots=True)
class MoveComment:
    move_no: int
    user_id: int
    body: str
    created_at: str


async def save_comment(db: Database, game_id: int, move_no: int, user_id: int, body: str) -> None:
    """Keep ``user``'s comment on frame ``move_no`` (cut to :data:`MAX_COMMENT`); an empty
    ``body`` removes it."""
    body = body.strip()[:MAX_COMMENT]
    async with db.transaction() as conn:
        if body:
            await conn.execute(UPSERT_COMMENT, (game_id, move_no, user_id, body, utc_now()))
        else:
            await conn.execute(DELETE_COMMENT, (game_id, move_no, user_id))


async def comments_for(db: Database, game_id: int) -> list[MoveComment]:
    """Every comment on the match, by frame then age."""
    async with db.read() as conn, conn.execute(SELECT_COMMENTS, (game_id,)) as cursor:
        rows = await cursor.fetchall()
    return [MoveComment(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]


async def last_finished_game(db: Database, guild_id: int, user_id: int) -> int | None:
    """The id of the newest finished match on the server that ``user`` played in, or else of the
    server's newest finished match; None when the server has none."""
    async with db.read() as conn:
        for sql, params in ((SELECT_LAST_PLAYED, (guild_id, user_id)), (SELECT_LAST_FINISHED, (guild_id,))):
            async with conn.execute(sql, params) as cursor:
                row = await cursor.fetchone()
            if row is not None:
                return int(row[0])
    return None

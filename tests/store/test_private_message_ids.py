"""Migration 010, on both engines: a live hand's and a spectator's view's message id is stored
with its token (a private message is edited by token and id), and a database from before it
upgrades keeping its rows, which have no id."""

from __future__ import annotations

from store import Database, LiveHand, append_action, live_hands, save_live_hand
from store.db import load_migrations
from store.spectators import SpectatorRow, save_spectator, spectators
from tests.store.conftest import active_game

AT = "2026-01-01T00:00:00.000+00:00"
USER = 1_456_074_443_980_800_027  # Discord ids need 64 bits
MESSAGE = 1_456_074_443_980_800_031
OLD_HAND = (
    "INSERT INTO live_hands (game_id, seat, token, locale, issued_at) VALUES (?, 0, 'old-hand', 'en', ?)"
)
OLD_VIEW = (
    "INSERT INTO spectators (game_id, user_id, token, locale, issued_at) VALUES (?, ?, 'old-view', 'fr', ?)"
)


async def test_an_old_database_upgrades_keeping_its_tokens_without_message_ids(db_path: str) -> None:
    before = [m for m in load_migrations() if m.name < "010"]
    assert len(before) == 9
    db = await Database.open(db_path, migrations=before)
    try:
        game = await active_game(db, USER, None)
        async with db.transaction() as conn:
            await conn.execute(OLD_HAND, (game.id, AT))
            await conn.execute(OLD_VIEW, (game.id, USER, AT))
    finally:
        await db.close()

    db = await Database.open(db_path)
    try:
        assert await live_hands(db, game.id) == [LiveHand(0, "old-hand", "en", AT, None)]
        assert await spectators(db, game.id) == [SpectatorRow(USER, "old-view", "fr", AT, None)]
        await save_live_hand(db, game.id, LiveHand(0, "new-hand", "ja", AT, MESSAGE))
        await save_spectator(db, game.id, SpectatorRow(USER, "new-view", "ko", AT, MESSAGE + 1))
        assert await live_hands(db, game.id) == [LiveHand(0, "new-hand", "ja", AT, MESSAGE)]
        assert await spectators(db, game.id) == [SpectatorRow(USER, "new-view", "ko", AT, MESSAGE + 1)]
    finally:
        await db.close()


async def test_a_move_stores_its_clicks_token_with_the_message_it_will_edit(db: Database) -> None:
    game = await active_game(db)
    await append_action(db, game.id, 0, 0, "a", live_hand=LiveHand(0, "click", "en", AT, MESSAGE))
    assert await live_hands(db, game.id) == [LiveHand(0, "click", "en", AT, MESSAGE)]
    await append_action(db, game.id, 1, 0, "b", live_hand=LiveHand(0, "next", "en", AT, MESSAGE + 2))
    assert await live_hands(db, game.id) == [LiveHand(0, "next", "en", AT, MESSAGE + 2)], (
        "a newer click replaces the token and the message id together"
    )

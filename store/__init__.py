"""Persistence: the only package with SQL, on SQLite or PostgreSQL (see store.backends).

Each repository function takes the database first (``await create_game(db, ...)``). A
:class:`Store` is a :class:`Database` that also offers them all as methods
(``await store.create_game(...)``), for code that carries one object around::

    store = await Store.open(settings.database_path)   # in setup_hook
    game = await store.create_game(guild_id, channel_id, "koikoi", rules, seed, host_id)
    await store.close()                                 # in close()
"""

from store import (
    actions,
    announcements,
    fairness,
    games,
    guild_settings,
    ratings,
    results,
    stats,
    user_settings,
)
from store.actions import ActionRow, actions_for, append_action
from store.announcements import (
    LiveHand,
    drop_live_hand,
    live_hands,
    mark_announced,
    mark_results_posted,
    save_live_hand,
    unposted_results,
)
from store.db import Database, utc_now
from store.errors import (
    ChannelBusy,
    Conflict,
    ConstraintViolation,
    GameNotFound,
    MigrationError,
    StaleAction,
    StoreError,
    WrongStatus,
)
from store.fairness import salt_for, save_salt
from store.games import (
    EndStatus,
    GameRow,
    GameStatus,
    SeatLike,
    SeatRow,
    active_game_in_channel,
    create_game,
    finish_game,
    get_game,
    set_lobby_message,
    set_seats,
    set_table_message,
    set_thread,
    start_game,
    unfinished_games,
    update_meta,
)
from store.guild_settings import get_guild_settings, set_guild_setting
from store.lease_policy import LeasePolicy
from store.leases import LeaseLost
from store.rating_rules import Rating, display_rating, is_provisional
from store.ratings import (
    PlayerRating,
    RatingChange,
    apply_game_ratings,
    fold_pending_ratings,
    rating_changes_for,
    rating_ladder,
    recompute_ratings,
    user_ratings,
)
from store.results import SeatResult, finish_with_results, results_for
from store.stats import GameStats, LeaderboardRow, leaderboard, user_stats
from store.user_settings import notify_wanted, set_notify


class Store(Database):
    """A :class:`Database` with every repository function as a method.

    The functions take the database as their first parameter, so as class attributes they bind
    like methods: ``store.create_game(...)`` is ``create_game(store, ...)``, same signature.
    """

    create_game = games.create_game
    set_seats = games.set_seats
    start_game = games.start_game
    set_thread = games.set_thread
    set_lobby_message = games.set_lobby_message
    set_table_message = games.set_table_message
    update_meta = games.update_meta
    finish_game = games.finish_game
    get_game = games.get_game
    active_game_in_channel = games.active_game_in_channel
    unfinished_games = games.unfinished_games
    append_action = actions.append_action
    actions_for = actions.actions_for
    finish_with_results = results.finish_with_results
    results_for = results.results_for
    leaderboard = stats.leaderboard
    user_stats = stats.user_stats
    mark_announced = announcements.mark_announced
    mark_results_posted = announcements.mark_results_posted
    unposted_results = announcements.unposted_results
    save_live_hand = announcements.save_live_hand
    live_hands = announcements.live_hands
    drop_live_hand = announcements.drop_live_hand
    get_guild_settings = guild_settings.get_guild_settings
    set_guild_setting = guild_settings.set_guild_setting
    set_notify = user_settings.set_notify
    notify_wanted = user_settings.notify_wanted
    apply_game_ratings = ratings.apply_game_ratings
    fold_pending_ratings = ratings.fold_pending_ratings
    recompute_ratings = ratings.recompute_ratings
    rating_changes_for = ratings.rating_changes_for
    user_ratings = ratings.user_ratings
    rating_ladder = ratings.rating_ladder
    save_salt = fairness.save_salt
    salt_for = fairness.salt_for


__all__ = [
    "ActionRow",
    "ChannelBusy",
    "Conflict",
    "ConstraintViolation",
    "Database",
    "EndStatus",
    "GameNotFound",
    "GameRow",
    "GameStats",
    "GameStatus",
    "LeaderboardRow",
    "LeaseLost",
    "LeasePolicy",
    "LiveHand",
    "MigrationError",
    "PlayerRating",
    "Rating",
    "RatingChange",
    "SeatLike",
    "SeatResult",
    "SeatRow",
    "StaleAction",
    "Store",
    "StoreError",
    "WrongStatus",
    "actions_for",
    "active_game_in_channel",
    "append_action",
    "apply_game_ratings",
    "create_game",
    "display_rating",
    "drop_live_hand",
    "finish_game",
    "finish_with_results",
    "fold_pending_ratings",
    "get_game",
    "get_guild_settings",
    "is_provisional",
    "leaderboard",
    "live_hands",
    "mark_announced",
    "mark_results_posted",
    "notify_wanted",
    "rating_changes_for",
    "rating_ladder",
    "recompute_ratings",
    "results_for",
    "salt_for",
    "save_live_hand",
    "save_salt",
    "set_guild_setting",
    "set_lobby_message",
    "set_notify",
    "set_seats",
    "set_table_message",
    "set_thread",
    "start_game",
    "unfinished_games",
    "unposted_results",
    "update_meta",
    "user_ratings",
    "user_stats",
    "utc_now",
]

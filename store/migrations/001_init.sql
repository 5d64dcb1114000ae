-- Initial schema. Ids from Discord are snowflakes (INTEGER); timestamps are ISO-8601 UTC text;
-- *_json columns hold JSON text written by store code.

-- A match from lobby to end. A game lives in its thread once it has one, else in its channel:
-- coalesce(thread_id, channel_id) is its "place", and a place holds at most one open game.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    game             TEXT    NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'abandoned')),
    rules_json       TEXT    NOT NULL,
    options_json     TEXT    NOT NULL,
    seed             INTEGER NOT NULL,
    host_id          INTEGER NOT NULL,
    winners_json     TEXT    NOT NULL DEFAULT '[]',
    -- table-flow metadata that is not a move: away seats, consecutive timeouts, ...
    meta_json        TEXT    NOT NULL DEFAULT '{}',
    lobby_message_id INTEGER,
    table_message_id INTEGER,
    created_at       TEXT    NOT NULL,
    started_at       TEXT,
    finished_at      TEXT
);

CREATE UNIQUE INDEX games_one_open_per_place
    ON games (guild_id, coalesce(thread_id, channel_id))
    WHERE status IN ('lobby', 'active');

CREATE INDEX games_by_guild_game ON games (guild_id, game);

-- user_id is NULL exactly for CPU seats.
CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    user_id      INTEGER,
    display_name TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- The move log: (rules, seed, actions in seq order) replays a game exactly.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 0),
    seat    INTEGER NOT NULL,
    action  TEXT    NOT NULL,
    by_cpu  INTEGER NOT NULL CHECK (by_cpu IN (0, 1)),
    at      TEXT    NOT NULL,
    UNIQUE (game_id, seq)
);

-- One row per seat of a finished match; who sat there comes from seats.
CREATE TABLE results (
    game_id    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    points     INTEGER NOT NULL,
    won        INTEGER NOT NULL CHECK (won IN (0, 1)),
    best_round INTEGER NOT NULL,
    extra_json TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE guild_settings (
    guild_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value_json TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;

-- Seasons, the vs-CPU policy and public profiles (issue 16). Like 004, everything rated is derived:
-- store/ratings.py folds season ratings along with the ladder and a recompute rebuilds them. What
-- is NOT derived (and a recompute keeps): the season windows an admin opened, and each match's
-- vs-CPU policy as it was when the match was first rated.

-- A server's seasons. Seasons are off until an admin starts one; starting the next one ends the
-- current one. A match belongs to the season whose window holds its finished_at
-- (started_at <= finished_at < ended_at; ended_at NULL: the current season).
CREATE TABLE seasons (
    guild_id   BIGINT  NOT NULL,
    number     INTEGER NOT NULL CHECK (number >= 1),
    started_at TEXT    NOT NULL,
    ended_at   TEXT,
    started_by BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, number)
);

-- A season rating per (server, season, user, game), from that server's matches in the window only.
CREATE TABLE season_ratings (
    guild_id BIGINT  NOT NULL,
    season   INTEGER NOT NULL,
    user_id  BIGINT  NOT NULL,
    game     TEXT    NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    matches  INTEGER NOT NULL DEFAULT 0 CHECK (matches >= 0),
    wins     INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    PRIMARY KEY (guild_id, season, user_id, game)
);

-- What a season match did to each of its humans (the season board's weekly trend).
CREATE TABLE season_changes (
    guild_id     BIGINT  NOT NULL,
    season       INTEGER NOT NULL,
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    at           TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX season_changes_by_board ON season_changes (guild_id, season, game, at);

-- Whether CPU seats moved the ladder in this match: the server's setting (guild_settings key
-- 'ratings.cpu_moves_ladder', default no) read once, when the match is first rated, so that
-- changing the setting never rewrites past matches and a recompute gives the stored values.
CREATE TABLE rating_policies (
    game_id   BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    cpu_rated INTEGER NOT NULL CHECK (cpu_rated IN (0, 1))
);

-- /profile public:true: the player's name and rating may appear on the global leaderboard.
ALTER TABLE user_settings ADD COLUMN public_profile INTEGER NOT NULL DEFAULT 0;

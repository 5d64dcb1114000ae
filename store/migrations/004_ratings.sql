-- Skill ratings (issue 16). Derived, never hand-kept: store/ratings.py folds each finished game
-- into them in (finished_at, id) order and can rebuild all three tables from results at any time;
-- the rating rules (OpenSkill Plackett–Luce, the shape of each game) are store/rating_rules.py.
-- Games finished before this migration are folded by the first fold (fold_pending_ratings).

-- A user's rating per game, across every server. mu/sigma: the OpenSkill rating; matches/wins:
-- rated (humans-only) matches; cpu_matches/cpu_wins: the separate record against CPU seats (a
-- user who only played CPUs has a row with the starting rating and matches = 0).
CREATE TABLE ratings (
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    matches     INTEGER NOT NULL DEFAULT 0 CHECK (matches >= 0),
    wins        INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    cpu_matches INTEGER NOT NULL DEFAULT 0 CHECK (cpu_matches >= 0),
    cpu_wins    INTEGER NOT NULL DEFAULT 0 CHECK (cpu_wins >= 0),
    PRIMARY KEY (user_id, game)
) WITHOUT ROWID;

CREATE INDEX ratings_by_game ON ratings (game);

-- Every game already folded into ratings, rated or not (kind 'ladder': humans only, 'cpu': a CPU
-- seat, 'none': no rating), so each game is folded once and in order.
CREATE TABLE rated_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    kind    TEXT    NOT NULL CHECK (kind IN ('ladder', 'cpu', 'none'))
);

-- What a ladder match did to each of its humans (for /history, the sparkline, the weekly trend
-- and the match summary's +12 / −9). at: the game's finished_at.
CREATE TABLE rating_changes (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    at           TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game, at);

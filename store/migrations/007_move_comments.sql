-- Replays: a player's short comment on one move of a finished match ("why I went koi-koi here").
-- move_no is the replay's frame: 0 is the deal, n is the position after the match's n-th move.
-- One comment per player per move; writing again replaces it.
CREATE TABLE move_comments (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    move_no    INTEGER NOT NULL CHECK (move_no >= 0),
    user_id    BIGINT  NOT NULL,
    body       TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, move_no, user_id)
);

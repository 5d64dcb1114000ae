-- Spectators (issue 18): who watches a running match, and the coach each seat lets see its hand.
--
-- spectators: a spectator's live view, the private message the bot keeps current through the
-- interaction's webhook token (valid 15 minutes from issued_at), like live_hands for a seat. The
-- rows of a match are its "watching" count; a restart takes them back.
CREATE TABLE spectators (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   BIGINT  NOT NULL,
    token     TEXT    NOT NULL,
    locale    TEXT    NOT NULL,
    issued_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- coaches: a seated player let one named spectator see their hand, for teaching. One coach per
-- seat, and a coach sees one seat only. It ends with the match (or when the seat changes hands).
CREATE TABLE coaches (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    coach_id   BIGINT  NOT NULL,
    coach_name TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, coach_id)
);

-- The announce outbox: what the table flow has posted of each game, so that a restarted bot
-- posts exactly what is missing (see store/announcements.py).
-- announced_seq: the number of stored moves the public board has narrated.
-- results_posted: the results, score sheets and summary of a finished match are posted.
-- table_message_id (from 001) is the board: the public post edited in place while it is the
-- newest message of its thread.
ALTER TABLE games ADD COLUMN announced_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN results_posted INTEGER NOT NULL DEFAULT 0 CHECK (results_posted IN (0, 1));

-- Games from before this migration were announced by the code that played them.
UPDATE games SET results_posted = 1 WHERE status <> 'active' AND status <> 'lobby';
UPDATE games SET announced_seq = (SELECT count(*) FROM actions WHERE actions.game_id = games.id);

-- A player's live hand: the private message the bot keeps current through the interaction's
-- webhook token (valid 15 minutes from issued_at). Every click in the hand renews it, and a
-- move stores its click's token in the same transaction, so after a restart the bot can still
-- finish that click's reply.
CREATE TABLE live_hands (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    token     TEXT    NOT NULL,
    locale    TEXT    NOT NULL,
    issued_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- Per-user settings that follow a player across servers. notify_turns: the player asked
-- (with /notify on) for a direct message when their turn begins at any table.
CREATE TABLE user_settings (
    user_id      INTEGER PRIMARY KEY,
    notify_turns INTEGER NOT NULL DEFAULT 0 CHECK (notify_turns IN (0, 1)),
    updated_at   TEXT    NOT NULL
);

CREATE INDEX user_settings_notified ON user_settings (user_id) WHERE notify_turns = 1;

-- Table leases (issue 15): with several bot processes on one database, the process that drives a
-- match holds its lease. It renews it while it runs; a move is stored only by the holder (checked
-- in the move's own transaction, store/actions.py); once expires_at has passed, another process
-- may take the lease over and resume the match. Unused with one process on SQLite.
-- owner: the holding process's id (host, pid and a random part); expires_at: seconds since the
-- Unix epoch by the holder's clock (the processes' clocks are assumed in step to well within the
-- lease's length).
CREATE TABLE table_leases (
    game_id    BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    owner      TEXT   NOT NULL,
    expires_at REAL   NOT NULL
);

CREATE INDEX table_leases_by_owner ON table_leases (owner);

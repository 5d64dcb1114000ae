-- Provably fair deals: each match's salt, drawn from `secrets` when the match starts. The first
-- post of the match carries sha256("{seed}:{salt}") (see engine/audit.py); the results post
-- reveals the seed and this salt, and /verify checks one against the other.
CREATE TABLE deal_salts (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    salt       TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);

-- Undo journal, pause bookkeeping, and idempotency keys of table commands (SQLite's step 3).
ALTER TABLE games ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN paused_at DOUBLE PRECISION;
CREATE TABLE undone (
    game BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    seat TEXT NOT NULL,
    action TEXT NOT NULL,
    events TEXT NOT NULL,
    key TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    version BIGINT NOT NULL,
    user_id TEXT,
    source TEXT NOT NULL,
    undone_at DOUBLE PRECISION NOT NULL,
    undone_by TEXT NOT NULL
);
CREATE INDEX undone_key ON undone (game, key);
CREATE TABLE command_keys (
    key TEXT PRIMARY KEY,
    game BIGINT,
    command TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);

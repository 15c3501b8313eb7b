-- Games, seats, the append-only action log and state snapshots (SQLite's step 1).
-- Integers are BIGINT (seeds and Discord ids pass 2^31), times DOUBLE PRECISION (PostgreSQL's REAL
-- has 4 bytes), JSON stays TEXT so that every row reads back byte for byte as it was written.
CREATE TABLE games (
    id BIGINT PRIMARY KEY,
    game TEXT NOT NULL,
    channel TEXT,
    creator TEXT NOT NULL,
    status TEXT NOT NULL,
    players BIGINT,
    options TEXT NOT NULL DEFAULT '{}',
    settings TEXT NOT NULL DEFAULT '{}',
    seed BIGINT NOT NULL,
    engine_version TEXT NOT NULL,
    schema BIGINT NOT NULL,
    last_seq BIGINT NOT NULL DEFAULT 0,
    phase TEXT NOT NULL DEFAULT '',
    result TEXT,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL
);
CREATE INDEX games_channel ON games (channel, status);
CREATE TABLE seats (
    game BIGINT NOT NULL REFERENCES games (id),
    seat TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    position BIGINT NOT NULL,
    joined DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE UNIQUE INDEX seats_user ON seats (game, user_id);
CREATE TABLE actions (
    game BIGINT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    seat TEXT NOT NULL,
    action TEXT NOT NULL,
    events TEXT NOT NULL,
    key TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    version BIGINT NOT NULL,
    user_id TEXT,
    source TEXT NOT NULL DEFAULT 'player',
    PRIMARY KEY (game, seq)
);
CREATE UNIQUE INDEX actions_key ON actions (game, key);
CREATE TABLE snapshots (
    game BIGINT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    state TEXT NOT NULL,
    phase TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, seq)
);

-- Damaged games are set aside, one row per game (SQLite's step 6).
CREATE TABLE quarantine (
    game BIGINT PRIMARY KEY,
    what TEXT NOT NULL,
    row TEXT NOT NULL,
    reason TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);

-- The Discord adapter's message references (SQLite's step 9).
CREATE TABLE discord_refs (
    game BIGINT NOT NULL,
    name TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    PRIMARY KEY (game, name)
);

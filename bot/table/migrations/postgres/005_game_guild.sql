-- Games belong to a Discord server (SQLite's step 5).
ALTER TABLE games ADD COLUMN guild TEXT;
CREATE INDEX games_guild ON games (guild, status);

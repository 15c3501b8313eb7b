-- Game numbers are never given twice: the highest number ever given (SQLite's step 8).
CREATE TABLE game_numbers (one BIGINT PRIMARY KEY CHECK (one = 1), high BIGINT NOT NULL);
INSERT INTO game_numbers (one, high) SELECT 1, COALESCE(MAX(id), 0) FROM games;

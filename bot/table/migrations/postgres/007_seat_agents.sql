-- Computer players: the strength playing a seat ('' = a person) (SQLite's step 7).
ALTER TABLE seats ADD COLUMN agent TEXT NOT NULL DEFAULT '';

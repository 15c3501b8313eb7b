-- Lobby roles: the colour or faction a seat chose ('' = none yet) (SQLite's step 4).
ALTER TABLE seats ADD COLUMN role TEXT NOT NULL DEFAULT '';

"""The 50-game ``move-store`` round trip, for `make bench` (tests/table/test_pg_operations.py runs 8).

Fifty games played by random players (Fief, and The Old King's Crown with every Wild Kingdom module,
2 to 4 seats, 30 random actions each; some undone, some left in the lobby: tests/store_games.py) in
an SQLite file are moved to a PostgreSQL server this bench starts; ``move`` verifies that every
table reads back the same and every started game replays to the same state from both. Figures: the
games that replay identically (all 50 expected), and the seconds the move and its verification took.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from bot.table.movestore import move
from bot.table.pgstore import PgStore
from tests.pg_server import HOW_TO_GET, PgServer, find_binaries
from tests.store_games import play_games

Row = tuple[str, float, str, str]
GAMES = 50


def bench() -> list[Row]:
    binaries = find_binaries()
    if binaries is None:
        print(HOW_TO_GET)
        return []
    folder = Path(tempfile.mkdtemp(prefix="seneschal-move-"))
    server = PgServer(binaries).start()
    try:
        table = play_games(folder / "games.sqlite3", GAMES, moves=30, seed=50)
        rules = table.known_games()
        source, target = table.store, PgStore(server.fresh())
        try:
            t0 = time.perf_counter()
            moved = move(source, target, rules)
            seconds = time.perf_counter() - t0
        finally:
            source.close()
            target.close()
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return [(f"move-store: games of {GAMES} that replay the same from PostgreSQL", moved.replayed + moved.not_started,
             "games", f">= {GAMES}"),
            (f"move-store: {GAMES} games ({moved.rows['actions']:,} actions) moved and verified", round(seconds, 2),
             "s", "")]


if __name__ == "__main__":
    for row in bench():
        print(row)

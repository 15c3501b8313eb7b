"""The backend comparison for `make bench` and docs/scaling.md: SQLite and PostgreSQL on the same machine.

- actions/s and p99 append latency with 1, 2 and 4 writer processes: each process opens its own
  store (its own connection, as a shard on its own host would) and appends actions to its own games
  for a few seconds, each append the store's conditional one (``append_action`` with the undo
  epoch: the compare-and-set on the games row, the unique keys, one commit). SQLite is one file in
  WAL mode with the shipped ``synchronous = NORMAL``; PostgreSQL 15 is a server this bench starts
  (tests/pg_server.py) with its defaults (``synchronous_commit = on``: every commit waits for its
  WAL flush, which SQLite's ``FULL`` would match), and again with ``synchronous_commit = off`` (the
  commit does not wait for the flush: nearer SQLite's ``NORMAL``).
- the size of a game's rows on each: the same games (Fief and OKC, modules on, 40 random actions
  in) moved from SQLite to PostgreSQL (``move-store``), their bytes on disk divided by the games
  (tables and indexes), and the bytes of the rows alone.

Where PostgreSQL's server binaries are missing, its rows say so instead of a figure.
"""

from __future__ import annotations

import multiprocessing
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bot.table.backends import open_store
from bot.table.movestore import TABLES, move
from bot.table.pgstore import PgStore
from bot.table.store import Store
from tests.pg_server import HOW_TO_GET, PgServer, find_binaries
from tests.store_games import play_games

Row = tuple[str, float, str, str]
SECONDS = 4.0
WRITERS = (1, 2, 4)
GAMES_PER_WRITER = 8
EVENTS = ('[{"kind":"offer.made","data":{"offer":1,"by":"alice","to":"bob","give":{"coins":1},"take":{}},'
          '"to":["alice","bob"]},{"kind":"offer.opened","data":{"offer":1,"by":"alice","to":"bob"}}]')


def _writer(database: str, name: str, seconds: float, start: float, out: multiprocessing.Queue,  # type: ignore[type-arg]
            lazy: bool) -> None:
    """In a process of its own: open games, then append to them in turn until the time is up."""
    store = open_store(database)
    if lazy and isinstance(store, PgStore):  # a commit no longer waits for its WAL flush
        store.conn.execute("SET synchronous_commit = off")
    games = [store.create_game(game="tribute", channel=f"{name}-{g}", creator=name, players=2, options={},
                               settings={}, seed=g, engine_version="1", schema=1, now=time.time())
             for g in range(GAMES_PER_WRITER)]
    seqs = dict.fromkeys(games, 0)
    while time.time() < start:
        time.sleep(0.005)
    latencies = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        gid = games[len(latencies) % len(games)]
        seqs[gid] += 1
        t0 = time.perf_counter()
        store.append_action(gid, seqs[gid], "alice", '{"kind":"offer","args":{"to":"bob","give":1,"take":0}}',
                            EVENTS, f"{name}-{gid}-{seqs[gid]}", time.time(), seqs[gid], name, epoch=0)
        latencies.append(time.perf_counter() - t0)
    store.close()
    out.put(latencies)


def write_rate(database: str, processes: int, seconds: float = SECONDS, lazy: bool = False) -> tuple[int, float]:
    """(appends/s of all ``processes`` together, p99 ms of one append) on ``database``; ``lazy``:
    PostgreSQL with ``synchronous_commit = off``."""
    open_store(database).close()  # migrated once, before the writers start
    ctx = multiprocessing.get_context("spawn")
    out: multiprocessing.Queue = ctx.Queue()  # type: ignore[type-arg]
    start = time.time() + 4.0  # after every process has opened its games
    procs = [ctx.Process(target=_writer, args=(database, f"w{processes}-{i}", seconds, start, out, lazy))
             for i in range(processes)]
    for p in procs:
        p.start()
    latencies = [t for _ in procs for t in out.get(timeout=180)]
    for p in procs:
        p.join(30)
    return round(len(latencies) / seconds), round(statistics.quantiles(latencies, n=100)[98] * 1000, 2)


def _sqlite_sizes(path: Path, games: int) -> tuple[float, float]:
    """(KB on disk per game, KB of row values per game) of an SQLite file."""
    store = Store(path)
    try:
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        values = 0
        for table, _ in TABLES:
            columns = [str(r[1]) for r in store._all(f"PRAGMA table_info({table})")]
            lengths = " + ".join(f"COALESCE(LENGTH(CAST({c} AS BLOB)), 0)" for c in columns)
            values += int(store._one(f"SELECT COALESCE(SUM({lengths}), 0) FROM {table}")[0])
    finally:
        store.close()
    return round(path.stat().st_size / games / 1024, 1), round(values / games / 1024, 1)


def _pg_sizes(url: str, games: int) -> tuple[float, float]:
    """(KB on disk per game: tables, indexes and TOAST; KB of rows as stored) of a PostgreSQL database."""
    store = PgStore(url)
    try:
        store.conn.execute("VACUUM ANALYZE")
        disk = sum(int(store._one(f"SELECT pg_total_relation_size('{t}')")[0]) for t, _ in TABLES)
        rows = sum(int(store._one(f"SELECT COALESCE(SUM(pg_column_size(t.*)), 0) FROM {t} t")[0]) for t, _ in TABLES)
    finally:
        store.close()
    return round(disk / games / 1024, 1), round(rows / games / 1024, 1)


def bench() -> list[Row]:
    folder = Path(tempfile.mkdtemp(prefix="seneschal-backends-"))
    binaries = find_binaries()
    server = PgServer(binaries).start() if binaries else None
    rows: list[Row] = []
    try:
        for n in WRITERS:
            rate, p99 = write_rate(str(folder / f"writers-{n}.sqlite3"), n)
            rows += [(f"SQLite: appends/s, {n} writer process(es)", rate, "actions/s", ""),
                     (f"SQLite: p99 append + commit, {n} writer process(es)", p99, "ms", "")]
            if server is not None:
                rate, p99 = write_rate(server.fresh(), n)
                rows += [(f"PostgreSQL: appends/s, {n} writer process(es)", rate, "actions/s", ""),
                         (f"PostgreSQL: p99 append + commit, {n} writer process(es)", p99, "ms", "")]
                rate, p99 = write_rate(server.fresh(), n, lazy=True)
                rows += [(f"PostgreSQL, synchronous_commit off: appends/s, {n} writer(s)", rate, "actions/s", ""),
                         (f"PostgreSQL, synchronous_commit off: p99 append + commit, {n} writer(s)", p99, "ms", "")]
        games = 6
        played = folder / "games.sqlite3"
        table = play_games(played, games, moves=40, seed=5)
        rules = table.known_games()
        table.store.close()
        disk, values = _sqlite_sizes(played, games)
        rows += [("SQLite: a game's share of the file (Fief/OKC, 40 actions in)", disk, "KB", ""),
                 ("SQLite: a game's row values", values, "KB", "")]
        if server is not None:
            url = server.fresh()
            source, target = Store(played), PgStore(url)
            try:
                move(source, target, rules)
            finally:
                source.close()
                target.close()
            disk, values = _pg_sizes(url, games)
            rows += [("PostgreSQL: a game's tables and indexes (the same games)", disk, "KB", ""),
                     ("PostgreSQL: a game's rows as stored", values, "KB", "")]
        else:
            print(HOW_TO_GET)
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return rows


if __name__ == "__main__":
    for row in bench():
        print(row)

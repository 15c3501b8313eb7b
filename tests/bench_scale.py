"""Scale figures for `make bench` and docs/scaling.md: memory per game, and the write rate of one
database file with two processes writing at once.

- memory per active game: the Python memory (tracemalloc) a game's loaded state holds in the
  table's cache, for Fief and OKC games played 40 random legal actions in;
- an idle game (not in the cache) holds no memory: it costs only its rows, its share of the
  database file (snapshots at phase changes, the log, delivered messages kept a week);
- actions/s, one database file: two processes (each its own table service and connection, as two
  shards would be) applying test-game actions to their own games for a few seconds, all through
  the whole table path (engine, append with the sequence check, outbox, deadlines, commit).
"""

from __future__ import annotations

import gc
import multiprocessing
import random
import shutil
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from bot.table import Actor, FakeClock, Store, TableService
from engine.core import Action

Row = tuple[str, float, str, str]
GAMES = 12
MOVES = 40
SECONDS = 4.0
WRITER_GAMES = 8


def played_table(path: Path, game: str, games: int = GAMES,
                 moves: int = MOVES) -> tuple[TableService, dict[int, Actor]]:
    """A table with ``games`` games of ``game`` started and ``moves`` random legal actions played in
    each; returns it and each game's creator."""
    table = TableService(Store(path), clock=FakeClock(), cache_size=10_000)
    rules = table.rules_for(game)
    ids: dict[int, Actor] = {}
    for g in range(games):
        seats = [Actor(f"u{g}-{i}", f"p{i}") for i in range(rules.min_seats if game != "fief" else 4)]
        gid = table.new_game(seats[0], f"chan-{game}-{g}", game, players=len(seats), seed=100 + g).game.id
        for actor in seats[1:]:
            table.join(actor, f"chan-{game}-{g}")
        table.start(seats[0], f"chan-{game}-{g}")
        ids[gid] = seats[0]
        by_seat = {s.seat: a for s in table.info(gid).seats for a in seats if a.user_id == s.user_id}
        agent = random.Random(g)
        for _ in range(moves):
            state = table.state(gid)
            awaited = [(d, s) for d in rules.pending(state) if d.blocking for s in d.seats]
            if not awaited or rules.result(state) is not None:
                break
            _, seat = agent.choice(awaited)
            legal = rules.legal(state, seat)
            if not legal:
                break
            table.act(by_seat[seat], None, None, agent.choice(legal), game_id=gid)
    return table, ids


def memory_per_game(folder: Path, game: str) -> tuple[float, float]:
    """(KB per active game in the cache, KB of database file per idle game)."""
    table, ids = played_table(folder / f"memory-{game}.sqlite3", game)
    table.forget_cached()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for gid, creator in ids.items():
        table.status(creator, None, game_id=gid)  # loads the game into the cache
    gc.collect()
    active = (tracemalloc.get_traced_memory()[0] - before) / len(ids) / 1024
    tracemalloc.stop()
    table.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = Path(table.store.path).stat().st_size
    table.store.close()
    return round(active, 1), round(size / len(ids) / 1024, 1)


def _writer(path: str, name: str, seconds: float, start: float, out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    """In a process of its own: open games, then apply offers and declines until the time is up."""
    from tests.games.tribute import RULES

    table = TableService(Store(path), clock=FakeClock(), games=[RULES], load_registered=False)
    alice, bob = Actor(f"{name}-a", "alice"), Actor(f"{name}-b", "bob")
    ids = []
    for g in range(WRITER_GAMES):
        gid = table.new_game(alice, f"{name}-{g}", "tribute", players=2, seed=g).game.id
        table.join(bob, f"{name}-{g}")
        table.start(alice, f"{name}-{g}")
        ids.append(gid)
    while time.time() < start:
        time.sleep(0.005)
    done, latencies, offers = 0, [], dict.fromkeys(ids, 0)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        gid = ids[done % len(ids)]
        t0 = time.perf_counter()
        if done // len(ids) % 2 == 0:
            table.act(alice, None, "tribute", Action.of("offer", to="bob", give=1, take=0), game_id=gid)
            offers[gid] += 1
        else:
            table.act(bob, None, "tribute", Action.of("decline_offer", offer=offers[gid]), game_id=gid)
        latencies.append(time.perf_counter() - t0)
        done += 1
    table.store.close()
    out.put((done, statistics.median(latencies) * 1000))


def write_rate(folder: Path, processes: int = 2, seconds: float = SECONDS) -> tuple[float, float]:
    """(actions/s of all ``processes`` together on one file, median ms per action)."""
    path = folder / f"writers-{processes}.sqlite3"
    Store(path).close()
    ctx = multiprocessing.get_context("spawn")
    out: multiprocessing.Queue = ctx.Queue()  # type: ignore[type-arg]
    start = time.time() + 3.0  # after every process has opened its games
    procs = [ctx.Process(target=_writer, args=(str(path), f"w{i}", seconds, start, out)) for i in range(processes)]
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(30)
    return round(sum(n for n, _ in results) / seconds), round(statistics.median(ms for _, ms in results), 2)


def bench() -> list[Row]:
    folder = Path(tempfile.mkdtemp(prefix="seneschal-scale-"))
    try:
        fief_active, fief_idle = memory_per_game(folder, "fief")
        okc_active, okc_idle = memory_per_game(folder, "okc")
        one, one_ms = write_rate(folder, 1)
        two, two_ms = write_rate(folder, 2)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return [
        (f"memory per active (cached) Fief game, {MOVES} actions in", fief_active, "KB", ""),
        (f"memory per active (cached) OKC game, {MOVES} actions in", okc_active, "KB", ""),
        ("idle Fief game: no memory; database file per game", fief_idle, "KB", ""),
        ("idle OKC game: no memory; database file per game", okc_idle, "KB", ""),
        ("one database file: actions/s, one process", one, "actions/s", ""),
        ("one database file: actions/s, two processes at once", two, "actions/s", ""),
        ("one database file, two processes: median ms per action", two_ms, "ms", ""),
    ]


if __name__ == "__main__":
    for row in bench():
        print(row)

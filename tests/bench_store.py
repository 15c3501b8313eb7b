"""Store benchmarks for `make bench` (targets from design.md: append+commit <= 1 ms median,
loading a 3,000-action game <= 50 ms).

- append + commit: one action row (with its events) appended and committed, median of 500, on
  a WAL database in a temporary folder (synchronous=NORMAL, the shipped default).
- the whole apply path of the service (engine apply on a copy, append, outbox, deadlines), median.
- load of a 3,000-action game, cold (nothing cached): latest snapshot + replay (snapshots every
  100 actions and at phase changes, as shipped), and a full replay from the start for reference.

The 3,000 actions are tribute offers and withdrawals (anytime actions), played through the service.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bot.table import Actor, FakeClock, Store, TableService
from engine.core import Action
from tests.games.tribute import RULES

Row = tuple[str, float, str, str]
ALICE, BOB = Actor("1", "alice"), Actor("2", "bob")
APPENDS = 500
LOG = 3000
LOADS = 15


def _ms(seconds: list[float]) -> float:
    return round(statistics.median(seconds) * 1000, 3)


def bench_append(folder: Path, synchronous: str = "NORMAL") -> float:
    store = Store(folder / f"append-{synchronous}.sqlite3", synchronous=synchronous)
    gid = store.create_game(game="tribute", channel="c", creator="1", players=2, options={}, settings={}, seed=1,
                            engine_version="1", schema=1, now=0.0)
    action = Action.of("offer", to="bob", give=1, take=0).dumps()
    events = ('[{"kind":"offer.made","data":{"offer":1,"by":"alice","to":"bob","give":{"coins":1},"take":{}},'
              '"to":["alice","bob"]},{"kind":"offer.opened","data":{"offer":1,"by":"alice","to":"bob"}}]')
    times = []
    for seq in range(1, APPENDS + 1):
        t0 = time.perf_counter()
        store.append_action(gid, seq, "alice", action, events, f"key-{seq}", time.time(), seq, "1")
        times.append(time.perf_counter() - t0)
    store.close()
    return _ms(times)


def build_game(folder: Path) -> tuple[Path, int, float]:
    """A game of LOG actions played through the service; returns (db, game id, median act ms)."""
    path = folder / "load.sqlite3"
    table = TableService(Store(path), clock=FakeClock(), games=[RULES], load_registered=False)
    gid = table.new_game(ALICE, "c", "tribute", players=2, seed=3).game.id
    table.join(BOB, "c")
    table.start(ALICE, "c")
    times = []
    offer = 0
    for i in range(LOG // 2):
        t0 = time.perf_counter()
        table.act(ALICE, "c", "tribute", Action.of("offer", to="bob", give=1, take=0), key=f"o{i}")
        times.append(time.perf_counter() - t0)
        offer += 1
        t0 = time.perf_counter()
        table.act(BOB, "c", "tribute", Action.of("decline_offer", offer=offer), key=f"d{i}")
        times.append(time.perf_counter() - t0)
        if i % 200 == 0:  # keep the outbox as small as a delivering adapter would
            for m in table.pending_outbox(10_000):
                table.mark_delivered(m.id)
    table.store.close()
    return path, gid, _ms(times)


def bench_load(path: Path, gid: int) -> float:
    times = []
    for _ in range(LOADS):
        table = TableService(Store(path), clock=FakeClock(), games=[RULES], load_registered=False)
        t0 = time.perf_counter()
        state = table.state(gid)
        times.append(time.perf_counter() - t0)
        assert state.version == LOG
        table.store.close()
    return _ms(times)


def _without_snapshots(folder: Path, path: Path, name: str, where: str) -> Path:
    """A copy of the game's database with some snapshots removed (to force a longer replay)."""
    copy = folder / f"{name}.sqlite3"
    shutil.copy(path, copy)
    store = Store(copy)
    store.db.execute(f"DELETE FROM snapshots WHERE {where}")
    store.close()
    return copy


def bench() -> list[Row]:
    folder = Path(tempfile.mkdtemp(prefix="seneschal-bench-"))
    try:
        append = bench_append(folder)
        append_full = bench_append(folder, "FULL")
        path, gid, act = build_game(folder)
        cold = bench_load(path, gid)
        worst = _without_snapshots(folder, path, "worst", f"seq > {LOG - 100}")
        full = _without_snapshots(folder, path, "full", "seq > 0")
        worst_ms = bench_load(worst, gid)
        replay = bench_load(full, gid)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return [
        ("store: append + commit of one action (median of 500)", append, "ms", "<= 1"),
        ("store: append + commit, synchronous=FULL (fsync per commit)", append_full, "ms", ""),
        ("table: apply one action, whole path (median of 3,000)", act, "ms", ""),
        (f"store: load a {LOG:,}-action game, cold (snapshot + replay)", cold, "ms", "<= 50"),
        (f"store: load a {LOG:,}-action game, cold, snapshot 100 actions back", worst_ms, "ms", "<= 50"),
        (f"store: load a {LOG:,}-action game, full replay from the start", replay, "ms", ""),
    ]


if __name__ == "__main__":
    for row in bench():
        print(row)

"""Shared fixtures: a table on a temporary database with a fake clock, playing the tribute test game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.table import Actor, FakeClock, Store, TableService
from tests.games.tribute import RULES

ALICE = Actor("u-alice", "alice")
BOB = Actor("u-bob", "bob")
CAROL = Actor("u-carol", "carol")
GM = Actor("u-gm", "Game Master", admin=True)
CHAN = "chan-1"


def make_table(path: Path, clock: FakeClock, **kw) -> TableService:
    return TableService(Store(path), clock=clock, games=[RULES], load_registered=False, **kw)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "table.sqlite3"


@pytest.fixture
def table(db_path: Path, clock: FakeClock) -> TableService:
    t = make_table(db_path, clock)
    yield t
    t.store.close()


def start_game(table: TableService, players: tuple[Actor, ...] = (ALICE, BOB), channel: str = CHAN,
               seed: int = 7) -> int:
    created = table.new_game(players[0], channel, "tribute", players=len(players), seed=seed)
    for p in players[1:]:
        table.join(p, channel)
    table.start(players[0], channel)
    return created.game.id


def drain(table: TableService) -> list:
    """Every message waiting in the outbox, marked delivered."""
    out = table.pending_outbox(1000)
    for m in out:
        table.mark_delivered(m.id)
    return out


def counts(path: Path) -> dict[str, int]:
    """Row counts of every table: a refused command must leave them all as they were."""
    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {n: conn.execute(f"SELECT COUNT(*) FROM {n}").fetchone()[0] for n in names}
    finally:
        conn.close()


def snapshot(table: TableService, path: Path, game_id: int) -> tuple:
    """Everything observable about a game: its state, its row and every table's size."""
    state = table.state(game_id) if table.store.latest_snapshot(game_id) else None
    fp = RULES.fingerprint(state) if state is not None else None
    return fp, table.store.game(game_id), counts(path)


def actor_of(seat: str) -> Actor:
    return {"alice": ALICE, "bob": BOB, "carol": CAROL}[seat]

"""``python -m bot move-store --to postgresql://…``: every game of the SQLite file moved to PostgreSQL.

The bot must be stopped. The SQLite file is brought to the latest schema (as the bot does when it
starts), the PostgreSQL database is made (its migrations) and must hold no game yet; then every table
is copied in one transaction with ``COPY`` (all of it or nothing), the identity counters are moved past
the copied ids, and the move is verified twice: every table reads back row for row the same, and every
started game replays from its seed through its log to the same state (its fingerprint) from both
databases, its snapshots compared on the way (bot/table/check.py). The SQLite file is left as it was:
it is the way back until the bot has run on PostgreSQL.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.table.check import replay
from bot.table.pgstore import PgStore
from bot.table.store import Store
from engine.core import Rules

#: Every table of the schema, parents first, with the columns that order its rows.
TABLES: tuple[tuple[str, str], ...] = (
    ("games", "id"), ("game_numbers", "one"), ("seats", "game, seat"), ("actions", "game, seq"),
    ("snapshots", "game, seq"), ("outbox", "id"), ("deadlines", "id"), ("undone", "game, seq, undone_at"),
    ("command_keys", "key"), ("quarantine", "game"), ("discord_refs", "game, name"),
)
#: Tables whose ids PostgreSQL counts (identity columns): the counter moves past the copied ids.
_IDENTITIES = ("outbox", "deadlines")


class MoveError(Exception):
    """The move refused or failed its verification, saying why (PostgreSQL kept nothing of it)."""


@dataclass
class Moved:
    source: str
    target: str
    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    not_started: int = 0

    def text(self) -> str:
        return (f"moved {self.rows.get('games', 0)} game(s) from {self.source} to {self.target}: "
                f"{self.rows.get('actions', 0):,} actions, {sum(self.rows.values()):,} rows in all, each table "
                f"read back the same; {self.replayed} game(s) replay to the same state from both "
                f"({self.not_started} not started yet). Point [store] url at it and start the bot; keep the "
                f"SQLite file until it has run there.")


def move(source: Store, target: PgStore, rules: Mapping[str, Rules],
         progress: Callable[[str], None] = lambda _: None) -> Moved:
    """Copy every row of ``source`` into the empty ``target`` and verify; :class:`MoveError` when refused."""
    if target.game_ids():
        raise MoveError(f"{target.path} holds games already: move into an empty database")
    if source.schema_version != target.schema_version:
        raise MoveError(f"the schema versions differ ({source.schema_version} and {target.schema_version})")
    done = Moved(source.path, target.path)
    with target.transaction():
        target._x("DELETE FROM game_numbers")  # the empty database's own (0): the file's replaces it
        for table, order in TABLES:
            done.rows[table] = _copy(source, target, table, order)
            progress(f"{table}: {done.rows[table]:,} rows")
        for table in _IDENTITIES:
            target._x(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) "
                      f"FROM {table}")
    try:
        _verify(source, target, rules, done)
    except Exception:
        _empty(target)   # a move that fails its check leaves PostgreSQL as it found it, so it can be tried again
        raise
    return done


def _verify(source: Store, target: PgStore, rules: Mapping[str, Rules], done: Moved) -> None:
    """Every table reads back the same from ``target``, and every started game replays there to the same state."""
    for table, _ in TABLES:
        columns = ", ".join(_columns(source, table))
        if _digest(source, table, columns) != _digest(target, table, columns):
            raise MoveError(f"the table {table} does not read back the same from PostgreSQL")
    for gid in source.game_ids():
        row = source.game(gid)
        if row is None or not source.snapshot_seqs(gid) or row.game not in rules:
            done.not_started += 1
            continue
        before, _ = replay(source, rules[row.game], row)
        moved_row = target.game(gid)
        after, _ = replay(target, rules[row.game], moved_row) if moved_row else (None, [])
        same = before is None and after is None or (
            before is not None and after is not None
            and rules[row.game].fingerprint(before) == rules[row.game].fingerprint(after))
        if not same:
            raise MoveError(f"game {gid} does not replay to the same state from PostgreSQL")
        done.replayed += 1


def _empty(target: PgStore) -> None:
    """``target`` as the migrations left it: no rows, the game numbers at 0."""
    with target.transaction():
        for table, _ in reversed(TABLES):
            target._x(f"DELETE FROM {table}")
        target._x("INSERT INTO game_numbers (one, high) VALUES (1, 0)")


def _columns(source: Store, table: str) -> list[str]:
    return [str(r[1]) for r in source._all(f"PRAGMA table_info({table})")]


def _copy(source: Store, target: PgStore, table: str, order: str) -> int:
    columns = ", ".join(_columns(source, table))
    count = 0
    with target.conn.cursor().copy(f"COPY {table} ({columns}) FROM STDIN".encode()) as copy:
        for row in source.db.conn.execute(f"SELECT {columns} FROM {table} ORDER BY {order}"):
            copy.write_row(tuple(row))
            count += 1
    return count


def _digest(store: Store, table: str, columns: str) -> int:
    """A digest of the rows of ``table``, the same from either backend for the same rows: the sum of
    each row's hash, so that it needs no order (the backends may sort text differently)."""
    return sum(int.from_bytes(hashlib.sha256(repr(tuple(row)).encode()).digest())
               for row in _stream(store, f"SELECT {columns} FROM {table}"))


def _stream(store: Store, sql: str) -> Iterator[Sequence[Any]]:
    """The rows of a query a batch at a time (a large database's snapshots never all in memory):
    SQLite's cursor fetches as it goes; PostgreSQL's needs a named (server-side) cursor."""
    if not isinstance(store, PgStore):
        yield from store.db.conn.execute(sql)
        return
    with store.transaction(), store.conn.cursor(name="seneschal_move") as cursor:
        cursor.itersize = 500
        cursor.execute(sql.encode())
        yield from cursor

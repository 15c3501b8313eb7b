"""The store: SQLite through sqlite-utils, in WAL mode.

Tables (see ``migrations/`` and docs/save-format.md): ``games``, ``seats``, the append-only
``actions`` log (with each action's events and an idempotency key unique per game),
``snapshots`` (state JSON at phase changes and every N actions), ``outbox``, ``deadlines``,
``undone`` and ``command_keys``.

One connection, shared by threads under one re-entrant lock; every write goes through
:meth:`Store.transaction` (``BEGIN IMMEDIATE`` ... ``COMMIT``), so an action row, its snapshot,
its outbox rows and its deadline changes land together or not at all. With WAL and
``synchronous=NORMAL`` a committed transaction survives the process being killed (it is in
the WAL file); only a power cut may lose the last transactions. ``synchronous="FULL"`` closes
that gap at the price of an fsync per commit.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from bot.table import migrations


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    channel: str | None
    creator: str
    status: str
    players: int | None
    options: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    engine_version: str
    schema: int
    last_seq: int
    phase: str
    result: dict[str, Any] | None
    created: float
    updated: float
    epoch: int
    paused_at: float | None
    guild: str | None = None  # the Discord server (None: local table, a DM, or not known yet)


@dataclass(frozen=True)
class SeatRow:
    game: int
    seat: str
    user_id: str
    name: str
    position: int
    joined: float
    role: str = ""  # the colour or faction chosen in the lobby ('' = none)


@dataclass(frozen=True)
class ActionRow:
    game: int
    seq: int
    seat: str
    action: str
    events: str
    key: str
    at: float
    version: int
    user_id: str | None
    source: str


@dataclass(frozen=True)
class SnapshotRow:
    game: int
    seq: int
    state: str
    phase: str
    at: float


@dataclass(frozen=True)
class OutboxRow:
    id: int
    game: int
    key: str
    kind: str
    recipient: str
    payload: str
    created: float
    delivered_at: float | None


@dataclass(frozen=True)
class DeadlineRow:
    id: int
    game: int
    decision: str
    seat: str
    kind: str  # "deadline" | "reminder"
    due: float
    deadline: float
    created: float
    done_at: float | None
    outcome: str | None


def _game(row: sqlite3.Row) -> GameRow:
    d = dict(row)
    d["options"] = json.loads(d["options"])
    d["settings"] = json.loads(d["settings"])
    d["result"] = json.loads(d["result"]) if d["result"] else None
    return GameRow(**d)


_ACTION_COLS = "game, seq, seat, action, events, key, at, version, user_id, source"


class Store:
    """The database of one bot: all games, their logs, the outbox and deadlines."""

    def __init__(self, path: str | Path = ":memory:", *, synchronous: str = "NORMAL"):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        conn.row_factory = sqlite3.Row
        self.db = sqlite_utils.Database(conn)
        self.lock = threading.RLock()
        self._depth = 0
        if self.path != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"store.synchronous must be NORMAL, FULL or EXTRA, not {synchronous!r}")
        conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA busy_timeout = 5000")
        with self.lock:
            migrations.migrate(self.db)

    def close(self) -> None:
        with self.lock:
            self.db.conn.close()

    @property
    def schema_version(self) -> int:
        return migrations.current_version(self.db)

    # -- transactions -------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One atomic write. Nested calls join the outer transaction."""
        with self.lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            self.db.conn.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield
            except BaseException:
                self._depth = 0
                self.db.conn.execute("ROLLBACK")
                raise
            self._depth = 0
            self.db.conn.execute("COMMIT")

    def _x(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        cur: sqlite3.Cursor = self.db.conn.execute(sql, params)
        return cur

    def _all(self, sql: str, params: Any = ()) -> list[sqlite3.Row]:
        with self.lock:
            rows: list[sqlite3.Row] = self.db.conn.execute(sql, params).fetchall()
            return rows

    def _one(self, sql: str, params: Any = ()) -> sqlite3.Row | None:
        with self.lock:
            row: sqlite3.Row | None = self.db.conn.execute(sql, params).fetchone()
            return row

    # -- games --------------------------------------------------------------------
    def create_game(self, *, game: str, channel: str | None, creator: str, players: int | None,
                    options: dict[str, Any], settings: dict[str, Any], seed: int, engine_version: str,
                    schema: int, now: float, status: str = "lobby", guild: str | None = None) -> int:
        with self.transaction():
            cur = self._x(
                "INSERT INTO games (game, channel, guild, creator, status, players, options, settings, seed, "
                "engine_version, schema, created, updated) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (game, channel, guild, creator, status, players, json.dumps(options), json.dumps(settings), seed,
                 engine_version, schema, now, now),
            )
            return int(cur.lastrowid or 0)

    def game(self, game_id: int) -> GameRow | None:
        row = self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    def games(self, *, channel: str | None = None, statuses: tuple[str, ...] = (),
              user_id: str | None = None, member: str | None = None) -> list[GameRow]:
        """Games filtered by channel, status, a seat holder (``user_id``) or a seat holder or creator
        (``member``)."""
        sql, params = "SELECT * FROM games WHERE 1=1", []
        if channel is not None:
            sql += " AND channel = ?"
            params.append(channel)
        if member is not None:
            sql += " AND (creator = ? OR id IN (SELECT game FROM seats WHERE user_id = ?))"
            params += [member, member]
        if statuses:
            sql += f" AND status IN ({','.join('?' * len(statuses))})"
            params += list(statuses)
        if user_id is not None:
            sql += " AND id IN (SELECT game FROM seats WHERE user_id = ?)"
            params.append(user_id)
        return [_game(r) for r in self._all(sql + " ORDER BY id", params)]

    def games_without_guild(self) -> list[GameRow]:
        """Games whose server is not known (made before migration 5): the Discord adapter fills them."""
        return [_game(r) for r in self._all("SELECT * FROM games WHERE guild IS NULL AND channel IS NOT NULL "
                                            "ORDER BY id")]

    def update_game(self, game_id: int, **fields: Any) -> None:
        for key in ("options", "settings", "result"):
            if key in fields and fields[key] is not None and not isinstance(fields[key], str):
                fields[key] = json.dumps(fields[key])
        cols = ", ".join(f"{k} = ?" for k in fields)
        with self.transaction():
            self._x(f"UPDATE games SET {cols} WHERE id = ?", [*fields.values(), game_id])

    # -- seats --------------------------------------------------------------------
    def seats(self, game_id: int) -> list[SeatRow]:
        return [SeatRow(**dict(r)) for r in self._all("SELECT * FROM seats WHERE game = ? ORDER BY position",
                                                          (game_id,))]

    def add_seat(self, game_id: int, seat: str, user_id: str, name: str, now: float, role: str = "") -> None:
        with self.transaction():
            row = self._x("SELECT COALESCE(MAX(position), -1) FROM seats WHERE game = ?", (game_id,)).fetchone()
            self._x("INSERT INTO seats (game, seat, user_id, name, position, joined, role) VALUES (?,?,?,?,?,?,?)",
                    (game_id, seat, user_id, name, int(row[0]) + 1, now, role))

    def set_seat_role(self, game_id: int, seat: str, role: str) -> None:
        with self.transaction():
            self._x("UPDATE seats SET role = ? WHERE game = ? AND seat = ?", (role, game_id, seat))

    def remove_seat(self, game_id: int, seat: str) -> None:
        with self.transaction():
            self._x("DELETE FROM seats WHERE game = ? AND seat = ?", (game_id, seat))

    def set_seat_user(self, game_id: int, seat: str, user_id: str, name: str) -> None:
        with self.transaction():
            self._x("UPDATE seats SET user_id = ?, name = ? WHERE game = ? AND seat = ?",
                    (user_id, name, game_id, seat))

    # -- the action log -----------------------------------------------------------
    def append_action(self, game_id: int, seq: int, seat: str, action: str, events: str, key: str, at: float,
                      version: int, user_id: str | None = None, source: str = "player") -> None:
        """Append one row (inside the caller's transaction, or its own)."""
        with self.transaction():
            self._x(f"INSERT INTO actions ({_ACTION_COLS}) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (game_id, seq, seat, action, events, key, at, version, user_id, source))
            self._x("UPDATE games SET last_seq = ?, updated = ? WHERE id = ?", (seq, at, game_id))

    def action_by_key(self, game_id: int, key: str) -> ActionRow | None:
        row = self._one(f"SELECT {_ACTION_COLS} FROM actions WHERE game = ? AND key = ?", (game_id, key))
        return ActionRow(**dict(row)) if row else None

    def key_was_undone(self, game_id: int, key: str) -> bool:
        return self._one("SELECT 1 FROM undone WHERE game = ? AND key = ?", (game_id, key)) is not None

    def actions(self, game_id: int, after: int = 0, upto: int | None = None) -> list[ActionRow]:
        sql = f"SELECT {_ACTION_COLS} FROM actions WHERE game = ? AND seq > ?"
        params: list[Any] = [game_id, after]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        return [ActionRow(**dict(r)) for r in self._all(sql + " ORDER BY seq", params)]

    def undo_to(self, game_id: int, seq: int, now: float, by: str) -> None:
        """Move the actions after ``seq`` to ``undone`` and drop the snapshots after it (in the caller's
        transaction)."""
        with self.transaction():
            self._x(f"INSERT INTO undone ({_ACTION_COLS}, undone_at, undone_by) SELECT {_ACTION_COLS}, ?, ? "
                    "FROM actions WHERE game = ? AND seq > ?", (now, by, game_id, seq))
            self._x("DELETE FROM actions WHERE game = ? AND seq > ?", (game_id, seq))
            self._x("DELETE FROM snapshots WHERE game = ? AND seq > ?", (game_id, seq))
            self._x("UPDATE games SET last_seq = ?, epoch = epoch + 1, updated = ? WHERE id = ?",
                    (seq, now, game_id))

    # -- snapshots ----------------------------------------------------------------
    def put_snapshot(self, game_id: int, seq: int, state: str, phase: str, at: float) -> None:
        with self.transaction():
            self._x("INSERT OR REPLACE INTO snapshots (game, seq, state, phase, at) VALUES (?,?,?,?,?)",
                    (game_id, seq, state, phase, at))

    def latest_snapshot(self, game_id: int, upto: int | None = None) -> SnapshotRow | None:
        if upto is None:
            row = self._one("SELECT * FROM snapshots WHERE game = ? ORDER BY seq DESC LIMIT 1", (game_id,))
        else:
            row = self._one("SELECT * FROM snapshots WHERE game = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
                            (game_id, upto))
        return SnapshotRow(**dict(row)) if row else None

    # -- command keys -------------------------------------------------------------
    def command_key(self, key: str) -> tuple[int | None, str] | None:
        row = self._one("SELECT game, command FROM command_keys WHERE key = ?", (key,))
        return (row["game"], row["command"]) if row else None

    def record_command_key(self, key: str, game_id: int | None, command: str, now: float) -> None:
        with self.transaction():
            self._x("INSERT INTO command_keys (key, game, command, at) VALUES (?,?,?,?)", (key, game_id, command, now))

    # -- outbox -------------------------------------------------------------------
    def add_outbox(self, game_id: int, key: str, kind: str, recipient: str, payload: dict[str, Any],
                   now: float) -> None:
        """Queue one message; a key already queued is ignored (a message is keyed once)."""
        with self.transaction():
            self._x("INSERT OR IGNORE INTO outbox (game, key, kind, recipient, payload, created) VALUES (?,?,?,?,?,?)",
                    (game_id, key, kind, recipient, json.dumps(payload, default=_jsonable), now))

    def pending_outbox(self, limit: int = 100, game_id: int | None = None) -> list[OutboxRow]:
        if game_id is None:
            rows = self._all("SELECT * FROM outbox WHERE delivered_at IS NULL ORDER BY id LIMIT ?", (limit,))
        else:
            rows = self._all("SELECT * FROM outbox WHERE delivered_at IS NULL AND game = ? ORDER BY id LIMIT ?",
                             (game_id, limit))
        return [OutboxRow(**dict(r)) for r in rows]

    def mark_delivered(self, outbox_id: int, now: float) -> None:
        with self.transaction():
            self._x("UPDATE outbox SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL", (now, outbox_id))

    def prune_outbox(self, delivered_before: float) -> int:
        """Delete rows delivered before the given time; return how many."""
        with self.transaction():
            cur = self._x("DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ?", (delivered_before,))
            return int(cur.rowcount)

    def outbox(self, game_id: int) -> list[OutboxRow]:
        return [OutboxRow(**dict(r)) for r in self._all("SELECT * FROM outbox WHERE game = ? ORDER BY id", (game_id,))]

    # -- deadlines ----------------------------------------------------------------
    def add_deadline(self, game_id: int, decision: str, seat: str, kind: str, due: float, deadline: float,
                     now: float) -> None:
        with self.transaction():
            self._x("INSERT INTO deadlines (game, decision, seat, kind, due, deadline, created) VALUES (?,?,?,?,?,?,?)",
                    (game_id, decision, seat, kind, due, deadline, now))

    def open_deadlines(self, game_id: int) -> list[DeadlineRow]:
        rows = self._all("SELECT * FROM deadlines WHERE game = ? AND done_at IS NULL ORDER BY due, id", (game_id,))
        return [DeadlineRow(**dict(r)) for r in rows]

    def deadline(self, deadline_id: int) -> DeadlineRow | None:
        row = self._one("SELECT * FROM deadlines WHERE id = ?", (deadline_id,))
        return DeadlineRow(**dict(row)) if row else None

    def due_deadlines(self, now: float) -> list[DeadlineRow]:
        """Open rows due by ``now`` of games whose clock runs (active, not paused)."""
        rows = self._all(
            "SELECT d.* FROM deadlines d JOIN games g ON g.id = d.game WHERE d.done_at IS NULL AND d.due <= ? "
            "AND g.status = 'active' ORDER BY d.due, d.id", (now,))
        return [DeadlineRow(**dict(r)) for r in rows]

    def next_due(self) -> float | None:
        row = self._one("SELECT MIN(d.due) FROM deadlines d JOIN games g ON g.id = d.game "
                        "WHERE d.done_at IS NULL AND g.status = 'active'")
        return float(row[0]) if row and row[0] is not None else None

    def close_deadline(self, deadline_id: int, now: float, outcome: str) -> None:
        with self.transaction():
            self._x("UPDATE deadlines SET done_at = ?, outcome = ? WHERE id = ? AND done_at IS NULL",
                    (now, outcome, deadline_id))

    def close_game_deadlines(self, game_id: int, now: float, outcome: str) -> None:
        with self.transaction():
            self._x("UPDATE deadlines SET done_at = ?, outcome = ? WHERE game = ? AND done_at IS NULL",
                    (now, outcome, game_id))

    def shift_deadlines(self, game_id: int, seconds: float) -> None:
        with self.transaction():
            self._x("UPDATE deadlines SET due = due + ?, deadline = deadline + ? WHERE game = ? AND done_at IS NULL",
                    (seconds, seconds, game_id))


def _jsonable(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    if isinstance(value, tuple):
        return list(value)
    if hasattr(value, "value"):  # enums
        return value.value
    return str(value)


def dumps(value: Any) -> str:
    """Compact JSON for the store; sets and tuples become lists, enums their value."""
    return json.dumps(value, separators=(",", ":"), default=_jsonable)

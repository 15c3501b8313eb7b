"""The store: SQLite through sqlite-utils, in WAL mode (the embedded default). The same methods on a
PostgreSQL server are :class:`bot.table.pgstore.PgStore`, a subclass that changes only how a
transaction begins and ends and how a statement runs (``bot/table/backends.py`` picks one).

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

Reading is per row: the outbox, deadlines, snapshots and the log select their text columns as
bytes (``CAST(... AS BLOB)``) and decode each row on its own, so a row damaged on disk (bytes that
are not UTF-8) raises :class:`DamagedRow` naming its game and row instead of failing a query over
every game; the service then sets that game alone aside (``quarantine``, docs/table.md). That is
why these reads are plain SQL rather than sqlite-utils' table helpers, which decode as they fetch.

Why the writes are plain SQL too: sqlite-utils' write helpers (``insert``, ``upsert``, ``update``,
``delete``, ``create``, ``transform``) each wrap their statement in ``with conn:``, which COMMITS
whatever transaction is open. Inside :meth:`Store.transaction` that would commit the action row
before its outbox rows and deadlines, and a refused or raced call could no longer roll back
(``tests/table/test_store_sql.py`` shows both). So every write here is one SQL statement in the
caller's transaction, and each says what it relies on: ``ON CONFLICT DO NOTHING`` where a key may be
queued twice, ``ON CONFLICT ... DO UPDATE`` for a snapshot written again at the same sequence number, and
the conditional ``UPDATE ... WHERE last_seq = ? AND epoch = ?`` of :meth:`Store.append_action`,
which no table helper can express. sqlite-utils still opens the connection, answers
``schema_version`` and ``exists()``, and runs the migrations' statements (``db.execute``, in the
runner's own transaction, for the same reason: see ``migrations/__init__.py``).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import sqlite_utils

from bot.table import migrations
from bot.table.errors import TableError, TableRefusal
from bot.table.ledger import Ledger, Lost

log = logging.getLogger("seneschal.table")


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
    #: why the row cannot be read ('' when it reads): a damaged row comes back with what could be read
    #: (unreadable text empty, an unreadable server '' so that no server claims it) for scope checks only
    damaged: str = ""


@dataclass(frozen=True)
class SeatRow:
    game: int
    seat: str
    user_id: str
    name: str
    position: int
    joined: float
    role: str = ""  # the colour or faction chosen in the lobby ('' = none)
    agent: str = ""  # the strength of the computer player playing the seat ('' = a person; migration 7)


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


class DamagedRow(Exception):
    """A stored row that cannot be read (bad UTF-8, bad JSON): it names the game, the table and the row,
    so the damage can be set aside with that game alone (see :meth:`Store.quarantine`)."""

    def __init__(self, game: int, table: str, row: int | str, reason: str):
        super().__init__(f"game {game}: {table} row {row} cannot be read ({reason})")
        self.game, self.table, self.row, self.reason = game, table, row, reason


class CannotSave(TableError):
    """The database could not write (the disk is full, or the file cannot grow): the transaction was
    undone, so nothing was played or changed. Players read it as a calm refusal; the table goes on by
    itself once there is room (every write simply tries again)."""

    def __init__(self, reason: str):
        super().__init__("the table cannot save right now, so nothing was played", code=TableRefusal.CANNOT_SAVE,
                         legal="please try again in a few minutes; everything played before is kept")
        self.reason = reason


#: SQLite's result codes for a write that found no room: SQLITE_FULL, and SQLITE_IOERR (a failed write).
_NO_ROOM_CODES = (13, 10)


def _no_room(err: sqlite3.Error) -> bool:
    code = getattr(err, "sqlite_errorcode", None)
    return (code is not None and code & 0xFF in _NO_ROOM_CODES) or "disk is full" in str(err) or "disk I/O" in str(err)


class StaleAppend(Exception):
    """Another process appended to the game first (or undid it): the caller reloads and looks again."""


class KeyTaken(Exception):
    """A unique key (a command key, a seat, an action's key) that another writer took first; the
    transaction is undone. Both backends raise it, so callers never see a driver's own error class."""


class Row(Protocol):
    """A fetched row as both backends give it: by position or by column name (``sqlite3.Row``)."""

    def keys(self) -> list[str]: ...

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Cursor(Protocol):
    """What the store reads of a write statement's cursor."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...


@dataclass(frozen=True)
class Quarantined:
    game: int
    what: str
    row: str
    reason: str
    at: float


def _select(table: str, columns: str, text: str) -> str:
    """``SELECT`` of ``columns`` with the ``text`` ones read as bytes, so one damaged row cannot fail a
    whole query: each row is decoded on its own by :func:`_decode`."""
    texts = set(text.split())
    cols = [c.strip() for c in columns.split(",")]
    return "SELECT " + ", ".join(f"CAST({c} AS BLOB) AS {c}" if c in texts else c for c in cols) + f" FROM {table}"


def _decode(row: Row) -> dict[str, Any]:
    """The row with its byte columns decoded as UTF-8 (``UnicodeDecodeError`` when damaged)."""
    return {k: bytes(v).decode("utf-8") if isinstance(v, bytes | memoryview) else v
            for k, v in zip(row.keys(), tuple(row), strict=True)}


_GAME_COLS = ("id, game, channel, guild, creator, status, players, options, settings, seed, engine_version, schema, "
              "last_seq, phase, result, created, updated, epoch, paused_at")
_GAMES = _select("games", _GAME_COLS, "game channel guild creator status options settings engine_version phase result")
_SEATS = _select("seats", "game, seat, user_id, name, position, joined, role, agent", "seat user_id name role agent")


def _game(row: Row) -> GameRow:
    """The games row; one that is not UTF-8 or whose JSON does not parse comes back as :func:`_damaged_game`."""
    try:
        d = _decode(row)
        d["options"] = json.loads(d["options"])
        d["settings"] = json.loads(d["settings"])
        d["result"] = json.loads(d["result"]) if d["result"] else None
        if not isinstance(d["options"], dict) or not isinstance(d["settings"], dict):
            raise ValueError("options or settings is not an object")
        return GameRow(**d)
    except UnicodeDecodeError as err:
        return _damaged_game(row, f"not UTF-8: {err.reason}")
    except (ValueError, TypeError) as err:
        return _damaged_game(row, f"not JSON: {err}")


def _damaged_game(row: Row, reason: str) -> GameRow:
    """What can be read of a damaged games row, column by column, with ``damaged`` saying why: enough to
    check who may address the game and to name its thread; nothing else of it is used."""
    d: dict[str, Any] = {}
    bad = []
    for k in row.keys():
        v = row[k]
        if isinstance(v, bytes | memoryview):
            try:
                v = bytes(v).decode("utf-8")
            except UnicodeDecodeError:
                bad.append(k)
                v = None
        d[k] = v
    d["guild"] = "" if "guild" in bad else d["guild"]  # no server matches ''
    for k in ("game", "creator", "engine_version", "phase"):
        d[k] = d[k] or ""
    d["status"] = d["status"] if d["status"] in ("lobby", "active", "paused", "finished", "abandoned") else "active"
    d["options"], d["settings"], d["result"] = {}, {}, None
    d["damaged"] = reason if not bad else f"{', '.join(bad)} not UTF-8"
    return GameRow(**d)


def _bad_columns(row: Row, json_cols: tuple[str, ...]) -> list[str]:
    """The text columns of a row that are not UTF-8 (read as bytes), or (``json_cols``) not JSON."""
    bad = []
    for k in row.keys():
        v = row[k]
        if not isinstance(v, bytes | memoryview | str):
            continue
        try:
            text = v if isinstance(v, str) else bytes(v).decode("utf-8")
            if k in json_cols and text:
                json.loads(text)
        except ValueError:  # UnicodeDecodeError is one
            bad.append(k)
    return bad


def _seat(row: Row) -> SeatRow:
    try:
        return SeatRow(**_decode(row))
    except UnicodeDecodeError as err:
        raise DamagedRow(int(row["game"]), "seats", int(row["position"]), f"not UTF-8: {err.reason}") from None


_ACTION_COLS = "game, seq, seat, action, events, key, at, version, user_id, source"
_ACTIONS = _select("actions", _ACTION_COLS, "seat action events key user_id source")
_OUTBOX = _select("outbox", "id, game, key, kind, recipient, payload, created, delivered_at", "key kind recipient payload")
_DEADLINES = _select("deadlines d", "d.id, d.game, d.decision, d.seat, d.kind, d.due, d.deadline, d.created, "
                     "d.done_at, d.outcome", "d.decision d.seat d.kind d.outcome").replace(" AS d.", " AS ")
_SNAPSHOTS = _select("snapshots", "game, seq, state, phase, at", "state phase")
#: Rows of quarantined games wait, except the notice telling their thread so (keys ``damaged:...``).
_NOT_QUARANTINED = "(game NOT IN (SELECT game FROM quarantine) OR key LIKE 'damaged:%')"


class Store:
    """The database of one bot: all games, their logs, the outbox and deadlines."""

    def __init__(self, path: str | Path = ":memory:", *, synchronous: str = "NORMAL", readonly: bool = False):
        self.path = str(path)
        self.lock = threading.RLock()
        self._depth = 0
        self._touched: set[int] = set()  # games whose count this transaction changes (for the ledger)
        self.full_since: float | None = None  # when writes began to fail for want of room (None: they work)
        #: the marks kept beside the database (bot/table/ledger.py); None in memory
        self.ledger = Ledger(self.path, readonly=readonly) if self.path != ":memory:" else None
        if readonly:  # for checks and backups: no migration, no write, safe beside a running bot
            if not Path(self.path).exists():
                raise FileNotFoundError(f"no database at {self.path}")
            conn = sqlite3.connect(f"{Path(self.path).resolve().as_uri()}?mode=ro", uri=True,
                                   check_same_thread=False, isolation_level=None)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA busy_timeout = 5000")
            self.db = sqlite_utils.Database(conn)
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        conn.row_factory = sqlite3.Row
        self.db = sqlite_utils.Database(conn)
        if self.path != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
        if synchronous.upper() not in ("NORMAL", "FULL", "EXTRA"):   # OFF could lose a committed move
            raise ValueError(f"store.synchronous must be NORMAL, FULL or EXTRA, not {synchronous!r}")
        conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA busy_timeout = 5000")
        with self.lock:
            migrations.migrate(self.db)
        for lost in self.losses(now=time.time()):
            log.error("game %s: %s. Run python -m bot check (docs/operations.md, section 5)", lost.game, lost.text())

    def close(self) -> None:
        with self.lock:
            self.db.conn.close()
            if self.ledger is not None:
                self.ledger.close()

    def counts(self) -> dict[int, tuple[int, int]]:
        """Game -> (undo epoch, action count), as the database holds them now."""
        return {int(r[0]): (int(r[1]), int(r[2])) for r in self._all("SELECT id, epoch, last_seq FROM games")}

    def losses(self, now: float) -> list[Lost]:
        """The games the database has gone back on, against the ledger (recorded there when found)."""
        return self.ledger.compare(self.counts(), now) if self.ledger is not None else []

    def accept_counts(self, game_id: int | None = None) -> None:
        """Take the database's counts as the truth in the ledger (a deliberate restore, or a release)."""
        if self.ledger is not None:
            self.ledger.accept(self.counts(), only=game_id)

    def _mark(self) -> None:
        """After a commit: the ledger learns the new counts of the games it changed."""
        touched, self._touched = self._touched, set()
        if self.ledger is None or not touched:
            return
        marks = ",".join(str(int(g)) for g in touched)
        self.ledger.mark({int(r[0]): (int(r[1]), int(r[2])) for r in self._all(
            f"SELECT id, epoch, last_seq FROM games WHERE id IN ({marks})")})

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
            try:
                self._begin()
            except Exception as err:
                if self._no_room(err):
                    raise self._cannot_save(err) from None
                raise
            self._depth = 1
            try:
                yield
                self._commit()
            except BaseException as err:
                self._depth = 0
                self._touched.clear()
                if isinstance(err, Exception) and self._no_room(err):
                    with suppress(Exception):  # the database may have undone it already, as a full disk may
                        self._rollback()
                    raise self._cannot_save(err) from None
                self._rollback()
                raise
            self._depth = 0
            if self.full_since is not None:
                log.warning("the database can be written again (it could not for %.0f s); every game goes on",
                            time.time() - self.full_since)
                self.full_since = None
            self._mark()

    # What differs between backends (bot/table/pgstore.py overrides these): how a transaction begins
    # and ends, how a statement runs, and which errors mean "no room" or "a unique key is taken".
    def _begin(self) -> None:
        """``BEGIN IMMEDIATE``: this connection holds SQLite's write lock until the commit."""
        self.db.conn.execute("BEGIN IMMEDIATE")

    def _commit(self) -> None:
        self.db.conn.execute("COMMIT")

    def _rollback(self) -> None:
        self.db.conn.execute("ROLLBACK")

    def _no_room(self, err: Exception) -> bool:
        return isinstance(err, sqlite3.Error) and _no_room(err)

    def _cannot_save(self, err: Exception) -> CannotSave:
        """One ERROR line when the database stops taking writes, then quiet until it takes them again."""
        if self.full_since is None:
            self.full_since = time.time()
            log.error("the database %s cannot be written (%s): the disk is full or failing, or the database server "
                      "is out of reach. Every change is refused "
                      "with \"the table cannot save right now\" and nothing is lost; make room and the table goes on "
                      "by itself", self.path, err)
        return CannotSave(str(err))

    def _x(self, sql: str, params: Any = ()) -> Cursor:
        """One statement inside the caller's transaction; a unique key already taken raises :class:`KeyTaken`."""
        try:
            cur: sqlite3.Cursor = self.db.conn.execute(sql, params)
        except sqlite3.IntegrityError as err:
            if getattr(err, "sqlite_errorname", "") in ("SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"):
                raise KeyTaken(str(err)) from err
            raise
        return cur

    def _all(self, sql: str, params: Any = ()) -> list[Row]:
        with self.lock:
            rows: list[Row] = self.db.conn.execute(sql, params).fetchall()
            return rows

    def _one(self, sql: str, params: Any = ()) -> Row | None:
        with self.lock:
            row: Row | None = self.db.conn.execute(sql, params).fetchone()
            return row

    # -- games --------------------------------------------------------------------
    def create_game(self, *, game: str, channel: str | None, creator: str, players: int | None,
                    options: dict[str, Any], settings: dict[str, Any], seed: int, engine_version: str,
                    schema: int, now: float, status: str = "lobby", guild: str | None = None) -> int:
        with self.transaction():
            # Past every number ever given: this database's (``game_numbers``, migration 8) and the ledger's,
            # which a restored or truncated database cannot take back.
            # The UPDATE first takes the numbers row's lock (on PostgreSQL, where writers run side by side;
            # SQLite's writer holds the whole file already), so two games opened at once get two numbers.
            self._x("UPDATE game_numbers SET high = high WHERE one = 1")
            known = self._x("SELECT MAX(n) FROM (SELECT MAX(id) AS n FROM games UNION ALL "
                            "SELECT high FROM game_numbers) AS given").fetchone()[0]
            number = max(int(known or 0), self.ledger.high() if self.ledger is not None else 0) + 1
            self._x("INSERT INTO game_numbers (one, high) VALUES (1, ?) "
                    "ON CONFLICT (one) DO UPDATE SET high = excluded.high", (number,))
            self._x(
                "INSERT INTO games (id, game, channel, guild, creator, status, players, options, settings, seed, "
                "engine_version, schema, created, updated) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (number, game, channel, guild, creator, status, players, json.dumps(options), json.dumps(settings),
                 seed, engine_version, schema, now, now),
            )
            self._touched.add(number)
            return number

    def game(self, game_id: int) -> GameRow | None:
        """The games row, or None; a damaged row comes back with ``damaged`` set (see :func:`_damaged_game`)."""
        row = self._one(f"{_GAMES} WHERE id = ?", (game_id,))
        return _game(row) if row else None

    def games(self, *, channel: str | None = None, statuses: tuple[str, ...] = (),
              user_id: str | None = None, member: str | None = None) -> list[GameRow]:
        """Games filtered by channel, status, a seat holder (``user_id``) or a seat holder or creator
        (``member``). A damaged row comes back with ``damaged`` set (see :func:`_damaged_game`)."""
        sql, params = f"{_GAMES} WHERE 1=1", []
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
        return [_game(r) for r in self._all(f"{_GAMES} WHERE guild IS NULL AND channel IS NOT NULL "
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
        """A game's seats in order; one that cannot be read raises :class:`DamagedRow` (row = its position)."""
        return [_seat(r) for r in self._all(f"{_SEATS} WHERE game = ? ORDER BY position", (game_id,))]

    def holds_seat(self, game_id: int, user_id: str) -> bool:
        """Whether ``user_id`` holds a seat of the game (compared in SQL: a damaged seat reads as no match)."""
        return self._one("SELECT 1 FROM seats WHERE game = ? AND user_id = ?", (game_id, user_id)) is not None

    def add_seat(self, game_id: int, seat: str, user_id: str, name: str, now: float, role: str = "",
                 agent: str = "") -> None:
        with self.transaction():
            self._x("UPDATE games SET updated = updated WHERE id = ?", (game_id,))  # the game's lock: one join at a time
            row = self._x("SELECT COALESCE(MAX(position), -1) FROM seats WHERE game = ?", (game_id,)).fetchone()
            self._x("INSERT INTO seats (game, seat, user_id, name, position, joined, role, agent) "
                    "VALUES (?,?,?,?,?,?,?,?)", (game_id, seat, user_id, name, int(row[0]) + 1, now, role, agent))

    def set_seat_agent(self, game_id: int, seat: str, agent: str) -> None:
        """Who plays the seat: a computer player of strength ``agent``, or ('') its holder."""
        with self.transaction():
            self._x("UPDATE seats SET agent = ? WHERE game = ? AND seat = ?", (agent, game_id, seat))

    def set_seat_role(self, game_id: int, seat: str, role: str) -> None:
        with self.transaction():
            self._x("UPDATE seats SET role = ? WHERE game = ? AND seat = ?", (role, game_id, seat))

    def remove_seat(self, game_id: int, seat: str) -> None:
        with self.transaction():
            self._x("DELETE FROM seats WHERE game = ? AND seat = ?", (game_id, seat))

    def set_seat_user(self, game_id: int, seat: str, user_id: str, name: str, agent: str = "") -> None:
        with self.transaction():
            self._x("UPDATE seats SET user_id = ?, name = ?, agent = ? WHERE game = ? AND seat = ?",
                    (user_id, name, agent, game_id, seat))

    # -- the action log -----------------------------------------------------------
    def append_action(self, game_id: int, seq: int, seat: str, action: str, events: str, key: str, at: float,
                      version: int, user_id: str | None = None, source: str = "player", *,
                      epoch: int | None = None) -> None:
        """Append one row (inside the caller's transaction, or its own).

        With ``epoch`` (the undo count the caller's state was loaded at), the database decides who
        applies: the game must still stand at ``seq - 1`` in that epoch, and (game, seq) and
        (game, key) are unique keys, so of two processes that loaded the same state only the first to
        commit appends; the other gets :class:`StaleAppend` and nothing of its transaction is kept."""
        with self.transaction():
            if epoch is not None:
                # Raw SQL on purpose: a compare-and-set on (last_seq, epoch) whose row count decides
                # who applies; sqlite-utils' update() has no condition on the old values (and commits).
                moved = self._x("UPDATE games SET last_seq = ?, updated = ? WHERE id = ? AND last_seq = ? AND epoch = ?",
                                (seq, at, game_id, seq - 1, epoch))
                if moved.rowcount != 1:
                    raise StaleAppend(f"game {game_id} is no longer at action {seq - 1} (epoch {epoch})")
            try:
                self._x(f"INSERT INTO actions ({_ACTION_COLS}) VALUES (?,?,?,?,?,?,?,?,?,?)",
                        (game_id, seq, seat, action, events, key, at, version, user_id, source))
            except KeyTaken as err:
                raise StaleAppend(f"game {game_id}: action {seq} or key {key!r} exists already ({err})") from None
            if epoch is None:
                self._x("UPDATE games SET last_seq = ?, updated = ? WHERE id = ?", (seq, at, game_id))
            self._touched.add(game_id)

    def action_by_key(self, game_id: int, key: str) -> ActionRow | None:
        row = self._one(f"SELECT {_ACTION_COLS} FROM actions WHERE game = ? AND key = ?", (game_id, key))
        return ActionRow(**dict(row)) if row else None

    def key_was_undone(self, game_id: int, key: str) -> bool:
        return self._one("SELECT 1 FROM undone WHERE game = ? AND key = ?", (game_id, key)) is not None

    def actions(self, game_id: int, after: int = 0, upto: int | None = None) -> list[ActionRow]:
        """The log from ``after`` (exclusive) to ``upto``; a row that cannot be read raises :class:`DamagedRow`."""
        sql = f"{_ACTIONS} WHERE game = ? AND seq > ?"
        params: list[Any] = [game_id, after]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        out = []
        for r in self._all(sql + " ORDER BY seq", params):
            try:
                out.append(ActionRow(**_decode(r)))
            except UnicodeDecodeError as err:
                raise DamagedRow(game_id, "actions", r["seq"], f"not UTF-8: {err.reason}") from None
        return out

    def undo_to(self, game_id: int, seq: int, now: float, by: str) -> None:
        """Move the actions after ``seq`` to ``undone`` and drop the snapshots after it (in the caller's
        transaction)."""
        with self.transaction():
            # The games row first: its lock holds back a racing append until the undo commits (PostgreSQL),
            # and that append then finds the epoch moved on.
            self._x("UPDATE games SET last_seq = ?, epoch = epoch + 1, updated = ? WHERE id = ?",
                    (seq, now, game_id))
            self._x(f"INSERT INTO undone ({_ACTION_COLS}, undone_at, undone_by) SELECT {_ACTION_COLS}, ?, ? "
                    "FROM actions WHERE game = ? AND seq > ?", (now, by, game_id, seq))
            self._x("DELETE FROM actions WHERE game = ? AND seq > ?", (game_id, seq))
            self._x("DELETE FROM snapshots WHERE game = ? AND seq > ?", (game_id, seq))
            self._touched.add(game_id)

    # -- snapshots ----------------------------------------------------------------
    def put_snapshot(self, game_id: int, seq: int, state: str, phase: str, at: float) -> None:
        with self.transaction():
            self._x("INSERT INTO snapshots (game, seq, state, phase, at) VALUES (?,?,?,?,?) ON CONFLICT (game, seq) "
                    "DO UPDATE SET state = excluded.state, phase = excluded.phase, at = excluded.at",
                    (game_id, seq, state, phase, at))

    def latest_snapshot(self, game_id: int, upto: int | None = None) -> SnapshotRow | None:
        """The newest snapshot (at or before ``upto``); :class:`DamagedRow` when it cannot be read."""
        seqs = self.snapshot_seqs(game_id, upto)
        return self.snapshot(game_id, seqs[0]) if seqs else None

    def snapshot_seqs(self, game_id: int, upto: int | None = None) -> list[int]:
        """The sequence numbers of a game's snapshots, newest first."""
        sql, params = "SELECT seq FROM snapshots WHERE game = ?", [game_id]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        return [int(r[0]) for r in self._all(sql + " ORDER BY seq DESC", params)]

    def snapshot(self, game_id: int, seq: int) -> SnapshotRow | None:
        row = self._one(f"{_SNAPSHOTS} WHERE game = ? AND seq = ?", (game_id, seq))
        if row is None:
            return None
        try:
            return SnapshotRow(**_decode(row))
        except UnicodeDecodeError as err:
            raise DamagedRow(game_id, "snapshots", seq, f"not UTF-8: {err.reason}") from None

    def has_snapshot(self, game_id: int) -> bool:
        """Whether the game has started (its first snapshot is written at the start)."""
        return self._one("SELECT 1 FROM snapshots WHERE game = ? LIMIT 1", (game_id,)) is not None

    # -- command keys -------------------------------------------------------------
    def command_key(self, key: str) -> tuple[int | None, str] | None:
        row = self._one("SELECT game, command FROM command_keys WHERE key = ?", (key,))
        return (row["game"], row["command"]) if row else None

    def record_command_key(self, key: str, game_id: int | None, command: str, now: float) -> None:
        with self.transaction():
            self._x("INSERT INTO command_keys (key, game, command, at) VALUES (?,?,?,?)", (key, game_id, command, now))

    # -- the Discord adapter's message references (migration 9) --------------------------
    def ref(self, game_id: int, name: str) -> tuple[str, str] | None:
        """(channel id, message id) kept under ``name`` for a game (its status or lobby message, or a
        note such as the fingerprint of the last private board sent: then the channel is '')."""
        row = self._one("SELECT channel_id, message_id FROM discord_refs WHERE game = ? AND name = ?", (game_id, name))
        return (str(row[0]), str(row[1])) if row else None

    def put_ref(self, game_id: int, name: str, channel_id: str, message_id: str) -> None:
        with self.transaction():
            self._x("INSERT INTO discord_refs (game, name, channel_id, message_id) VALUES (?,?,?,?) ON CONFLICT "
                    "(game, name) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id",
                    (game_id, name, channel_id, message_id))

    # -- outbox -------------------------------------------------------------------
    def add_outbox(self, game_id: int, key: str, kind: str, recipient: str, payload: dict[str, Any],
                   now: float) -> None:
        """Queue one message; a key already queued is ignored (a message is keyed once)."""
        with self.transaction():
            self._x("INSERT INTO outbox (game, key, kind, recipient, payload, created) VALUES (?,?,?,?,?,?) "
                    "ON CONFLICT DO NOTHING",
                    (game_id, key, kind, recipient, json.dumps(payload, default=_jsonable), now))

    def pending_outbox(self, limit: int = 100, game_id: int | None = None,
                       games: str | None = None) -> list[OutboxRow]:
        """Undelivered rows, games taking turns (rows that cannot be read are left out: see :meth:`pending_rows`)."""
        return self.pending_rows(limit, game_id, games)[0]

    def pending_rows(self, limit: int = 100, game_id: int | None = None,
                     games: str | None = None) -> tuple[list[OutboxRow], list[DamagedRow]]:
        """Undelivered rows of games not in quarantine, and those that cannot be read. Games take turns:
        each game's oldest row first, then each game's second... (in order within a game), so a game
        with a long queue (computer players moving fast) never holds back another game's next prompt.

        ``games`` is an SQL condition on the games row ``g`` choosing whose rows to deliver (a shard's
        servers, see :mod:`bot.table.shards`)."""
        sql, params = f"{_OUTBOX} WHERE delivered_at IS NULL AND {_NOT_QUARANTINED}", []
        if game_id is not None:
            sql += " AND game = ?"
            params.append(game_id)
        if games:
            sql += f" AND game IN (SELECT g.id FROM games g WHERE {games})"
        good, bad = [], []
        for r in self._all(sql + " ORDER BY ROW_NUMBER() OVER (PARTITION BY game ORDER BY id), id LIMIT ?",
                           [*params, limit]):
            try:
                good.append(OutboxRow(**_decode(r)))
            except UnicodeDecodeError as err:
                bad.append(DamagedRow(r["game"], "outbox", r["id"], f"not UTF-8: {err.reason}"))
        return good, bad

    def mark_delivered(self, outbox_id: int, now: float) -> None:
        with self.transaction():
            self._x("UPDATE outbox SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL", (now, outbox_id))

    def prune_outbox(self, delivered_before: float) -> int:
        """Delete rows delivered before the given time; return how many."""
        with self.transaction():
            cur = self._x("DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ?", (delivered_before,))
            return int(cur.rowcount)

    def last_outbox(self, game_id: int, kind: str) -> dict[str, Any] | None:
        """The payload of the game's newest row of ``kind`` still kept (delivered or not), or None."""
        for r in self._all("SELECT CAST(payload AS BLOB) AS payload FROM outbox WHERE game = ? AND kind = ? "
                           "ORDER BY id DESC LIMIT 1", (game_id, kind)):
            try:
                raw = r["payload"]
                payload = json.loads(raw if isinstance(raw, str) else bytes(raw).decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                return None
            return payload if isinstance(payload, dict) else None
        return None

    def outbox(self, game_id: int) -> list[OutboxRow]:
        return [OutboxRow(**_decode(r)) for r in self._all(f"{_OUTBOX} WHERE game = ? ORDER BY id", (game_id,))]

    # -- deadlines ----------------------------------------------------------------
    def add_deadline(self, game_id: int, decision: str, seat: str, kind: str, due: float, deadline: float,
                     now: float) -> None:
        with self.transaction():
            self._x("INSERT INTO deadlines (game, decision, seat, kind, due, deadline, created) VALUES (?,?,?,?,?,?,?)",
                    (game_id, decision, seat, kind, due, deadline, now))

    def open_deadlines(self, game_id: int) -> list[DeadlineRow]:
        """A game's open rows; one that cannot be read raises :class:`DamagedRow`."""
        rows = self._all(f"{_DEADLINES} WHERE d.game = ? AND d.done_at IS NULL ORDER BY d.due, d.id", (game_id,))
        return [self._deadline_row(r) for r in rows]

    def deadline(self, deadline_id: int) -> DeadlineRow | None:
        row = self._one(f"{_DEADLINES} WHERE d.id = ?", (deadline_id,))
        return self._deadline_row(row) if row else None

    @staticmethod
    def _deadline_row(r: Row) -> DeadlineRow:
        try:
            return DeadlineRow(**_decode(r))
        except UnicodeDecodeError as err:
            raise DamagedRow(r["game"], "deadlines", r["id"], f"not UTF-8: {err.reason}") from None

    #: Deadlines run for active games out of quarantine.
    _CLOCK_RUNS = "d.done_at IS NULL AND g.status = 'active' AND d.game NOT IN (SELECT game FROM quarantine)"

    def due_deadlines(self, now: float, games: str | None = None) -> tuple[list[DeadlineRow], list[DamagedRow]]:
        """Open rows due by ``now`` of games whose clock runs (active, not paused, not in quarantine), and
        those that cannot be read. ``games``: an SQL condition on the games row ``g`` (a shard's servers)."""
        rows = self._all(f"{_DEADLINES} JOIN games g ON g.id = d.game WHERE {self._CLOCK_RUNS} AND d.due <= ? "
                         f"{'AND ' + games if games else ''} ORDER BY d.due, d.id", (now,))
        good, bad = [], []
        for r in rows:
            try:
                good.append(self._deadline_row(r))
            except DamagedRow as err:
                bad.append(err)
        return good, bad

    def next_due(self, games: str | None = None, *, computers: bool = True) -> float | None:
        """When the next open row is due; ``computers=False`` leaves out computer players' turns."""
        row = self._one(f"SELECT MIN(d.due) FROM deadlines d JOIN games g ON g.id = d.game WHERE {self._CLOCK_RUNS} "
                        f"{'AND ' + games if games else ''}{'' if computers else ' AND d.kind != ' + repr('computer')}")
        return float(row[0]) if row and row[0] is not None else None

    # -- checks and backups ---------------------------------------------------------
    def integrity_method(self) -> str:
        """What :meth:`integrity` runs, for the check's report."""
        return "SQLite integrity check"

    def integrity(self) -> list[str]:
        """SQLite's own check of every page and index: ``[]`` when healthy, else its findings."""
        found = [str(r[0]) for r in self._all("PRAGMA integrity_check")]
        return [] if found == ["ok"] else found

    def game_ids(self) -> list[int]:
        return [int(r[0]) for r in self._all("SELECT id FROM games ORDER BY id")]

    def unreadable(self, table: str) -> list[DamagedRow]:
        """Every row of ``outbox`` or ``deadlines`` that is not UTF-8 (or, for the outbox, not JSON)."""
        if table == "outbox":
            damaged = []
            for r in self._all(f"{_OUTBOX} ORDER BY id"):
                try:
                    json.loads(OutboxRow(**_decode(r)).payload)
                except UnicodeDecodeError as err:
                    damaged.append(DamagedRow(r["game"], "outbox", r["id"], f"not UTF-8: {err.reason}"))
                except ValueError as err:
                    damaged.append(DamagedRow(r["game"], "outbox", r["id"], f"not JSON: {err}"))
            return damaged
        if table == "deadlines":
            bad = []
            for r in self._all(f"{_DEADLINES} ORDER BY d.id"):
                try:
                    self._deadline_row(r)
                except DamagedRow as err:
                    bad.append(err)
            return bad
        raise ValueError(f"no row check for table {table!r}")

    def game_damage(self, game_id: int) -> list[str]:
        """The columns of a games row that cannot be read (not UTF-8, or JSON that does not parse)."""
        row = self._one(f"{_GAMES} WHERE id = ?", (game_id,))
        return _bad_columns(row, ("options", "settings", "result")) if row is not None else []

    def seat_damage(self, game_id: int) -> dict[int, list[str]]:
        """Position -> the columns of each seat row of the game that are not UTF-8."""
        rows = self._all(f"{_SEATS} WHERE game = ? ORDER BY position", (game_id,))
        return {int(r["position"]): bad for r in rows if (bad := _bad_columns(r, ()))}

    def repair_game(self, game_id: int, **fields: Any) -> None:
        """Write fresh values over a damaged games row's columns (``python -m bot release``)."""
        self.update_game(game_id, **fields)

    def repair_seat(self, game_id: int, position: int, columns: list[str]) -> None:
        """Give a damaged seat row's ``columns`` (of ``name``, ``role``, ``agent``) fresh values: the seat's
        own name for its holder's, no role, a person (``python -m bot release``)."""
        sets = ", ".join("name = seat" if c == "name" else f"{c} = ''" for c in columns if c in ("name", "role", "agent"))
        if sets:
            with self.transaction():
                self._x(f"UPDATE seats SET {sets} WHERE game = ? AND position = ?", (game_id, position))

    def drop_unreadable(self, game_id: int) -> int:
        """Set aside for good the outbox rows and deadlines of a game that cannot be read: the messages
        are dropped, the deadlines closed (the next action opens fresh ones). Returns how many."""
        damaged = [d for t in ("outbox", "deadlines") for d in self.unreadable(t) if d.game == game_id]
        with self.transaction():
            for d in damaged:
                if d.table == "outbox":
                    self._x("DELETE FROM outbox WHERE id = ?", (d.row,))
                else:
                    self._x("UPDATE deadlines SET decision = '', seat = '', kind = 'deadline', done_at = 0, "
                            "outcome = 'unreadable' WHERE id = ?", (d.row,))
        return len(damaged)

    def stray_deadlines(self) -> list[tuple[int, int]]:
        """(row id, game) of open deadlines whose game is over, abandoned or gone."""
        rows = self._all("SELECT d.id, d.game FROM deadlines d LEFT JOIN games g ON g.id = d.game "
                         "WHERE d.done_at IS NULL AND (g.id IS NULL OR g.status NOT IN ('active', 'paused'))")
        return [(int(r[0]), int(r[1])) for r in rows]

    def drop_snapshots(self, game_id: int) -> None:
        """Forget a game's snapshots (the caller writes fresh ones in the same transaction)."""
        with self.transaction():
            self._x("DELETE FROM snapshots WHERE game = ?", (game_id,))

    def backup(self, target: str | Path, pages: int = 1024) -> None:
        """A consistent copy of the whole database in ``target`` through SQLite's online backup API:
        safe while the bot runs (it copies committed pages, the WAL's included, ``pages`` at a time)."""
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        dest = sqlite3.connect(str(target))
        try:
            with self.lock:
                self.db.conn.backup(dest, pages=pages)
        finally:
            dest.close()

    # -- quarantine -----------------------------------------------------------------
    def quarantine(self, damage: DamagedRow, now: float) -> bool:
        """Set the damaged row's game aside; False when it was already."""
        with self.transaction():
            cur = self._x("INSERT INTO quarantine (game, what, row, reason, at) VALUES (?,?,?,?,?) ON CONFLICT DO NOTHING",
                          (damage.game, damage.table, str(damage.row), damage.reason[:500], now))
            return bool(cur.rowcount)

    def quarantined(self, game_id: int | None = None) -> list[Quarantined]:
        sql, params = "SELECT game, what, row, reason, at FROM quarantine", []
        if game_id is not None:
            sql += " WHERE game = ?"
            params.append(game_id)
        return [Quarantined(**dict(r)) for r in self._all(sql + " ORDER BY game", params)]

    def release(self, game_id: int) -> bool:
        """Lift a game's quarantine (after the damage was repaired); False when it was not set aside."""
        with self.transaction():
            return bool(self._x("DELETE FROM quarantine WHERE game = ?", (game_id,)).rowcount)

    def close_deadline(self, deadline_id: int, now: float, outcome: str) -> None:
        with self.transaction():
            self._x("UPDATE deadlines SET done_at = ?, outcome = ? WHERE id = ? AND done_at IS NULL",
                    (now, outcome, deadline_id))

    def note_outcome(self, deadline_id: int, outcome: str) -> None:
        """Say what came of a closed row (a computer player's turn: what it chose, in words)."""
        with self.transaction():
            self._x("UPDATE deadlines SET outcome = ? WHERE id = ?", (outcome, deadline_id))

    def seat_rows(self, game_id: int, decision: str, seat: str) -> list[DeadlineRow]:
        """Every row, open or closed, of one seat's decision, oldest first."""
        return [self._deadline_row(r) for r in self._all(
            f"{_DEADLINES} WHERE d.game = ? AND d.decision = ? AND d.seat = ? ORDER BY d.id", (game_id, decision, seat))]

    def close_game_deadlines(self, game_id: int, now: float, outcome: str) -> None:
        with self.transaction():
            self._x("UPDATE deadlines SET done_at = ?, outcome = ? WHERE game = ? AND done_at IS NULL",
                    (now, outcome, game_id))

    def close_seat_deadlines(self, game_id: int, seat: str, now: float, outcome: str) -> None:
        """Close the open rows of one seat (it changed hands: its new player's rows open afresh)."""
        with self.transaction():
            self._x("UPDATE deadlines SET done_at = ?, outcome = ? WHERE game = ? AND seat = ? AND done_at IS NULL",
                    (now, outcome, game_id, seat))

    def shift_deadlines(self, game_id: int, seconds: float) -> None:
        with self.transaction():
            self._x("UPDATE deadlines SET due = due + ?, deadline = deadline + ? WHERE game = ? AND done_at IS NULL",
                    (seconds, seconds, game_id))


def _jsonable(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    if hasattr(value, "value"):  # enums
        return value.value
    return str(value)


def dumps(value: Any) -> str:
    """Compact JSON for the store; sets (sorted) and tuples become lists, enums their value."""
    return json.dumps(value, separators=(",", ":"), default=_jsonable)

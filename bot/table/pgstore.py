"""The store on a PostgreSQL server (psycopg 3): the same methods and guarantees as :class:`Store`.

Chosen by ``[store] url = "postgresql://user@host/database"`` (bot/table/backends.py); the password
never sits in the file: libpq reads it from ``PGPASSWORD`` (or ``~/.pgpass``), as every PostgreSQL
tool does. The schema is built by the numbered plain-SQL steps in ``migrations/postgres``.

Every statement is the SQLite store's own (written in the SQL both accept: ``ON CONFLICT``, aliased
subqueries); :func:`translate` changes the two things that differ in spelling: placeholders (``?``
becomes ``%s``) and the byte reads of text columns (``CAST(x AS BLOB)``, which SQLite needs to read a
damaged row one row at a time; PostgreSQL refuses text that is not UTF-8 when it is written, so here
the columns are read as text, and a row can only be damaged as JSON).

What differs, and how it is met (docs/scaling.md, "PostgreSQL"):

- Writers run side by side (READ COMMITTED) where SQLite has one writer at a time. The conditional
  append (``UPDATE games ... WHERE last_seq = ? AND epoch = ?``) still decides: a second writer
  waits for the first one's row lock, then finds the game moved on and gets :class:`StaleAppend`.
  Where the store reads and then writes (a new game's number, a seat's position), it first takes
  the games or numbers row's lock with an ``UPDATE`` (see :meth:`Store.create_game`).
- A failed statement spoils the whole transaction (SQLite undoes only the statement); every such
  failure here (a unique key taken) ends the transaction anyway, as :class:`KeyTaken` or
  :class:`StaleAppend`, and nothing of it is kept.
- Errors: a unique violation becomes :class:`KeyTaken`; a full disk (``DiskFull``) or a lost
  connection becomes :class:`CannotSave`, the calm refusal, and the next call connects again.
- Types: integers are BIGINT (seeds, Discord ids), times DOUBLE PRECISION, JSON stays TEXT so every
  row reads back byte for byte; text cannot hold the NUL character (JSON escapes it).
- No ledger beside the database (bot/table/ledger.py watches a file that can go back in time; the
  server keeps its own write-ahead log, and its backups are PostgreSQL's).
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import psycopg
import psycopg.errors

from bot.table.migrations import postgres as pg_migrations
from bot.table.store import Cursor, KeyTaken, Row, Store

_BLOB = re.compile(r"CAST\(([\w.]+) AS BLOB\)")


@functools.lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """A statement of the SQLite store in PostgreSQL's spelling (see the module's docstring)."""
    return _BLOB.sub(r"\1", sql).replace("%", "%%").replace("?", "%s")


class PgRow:
    """A fetched row read by position or by column name, as ``sqlite3.Row`` is."""

    __slots__ = ("_names", "_values")

    def __init__(self, names: dict[str, int], values: Sequence[Any]):
        self._names, self._values = names, tuple(values)

    def keys(self) -> list[str]:
        return list(self._names)

    def __getitem__(self, key: int | str, /) -> Any:
        return self._values[key if isinstance(key, int) else self._names[key]]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)


def _rows(cursor: Any) -> Callable[[Sequence[Any]], PgRow]:
    names = {c.name: i for i, c in enumerate(cursor.description or ())}
    return lambda values: PgRow(names, values)


class PgStore(Store):
    """The database of one bot on a PostgreSQL server; ``url`` as libpq takes it, without a password."""

    def __init__(self, url: str, *, readonly: bool = False):
        self.path = url
        self.lock = threading.RLock()
        self._depth = 0
        self._touched: set[int] = set()
        self.full_since: float | None = None
        self.ledger = None
        self.readonly = readonly
        self.conn = self._connect()
        if not readonly:
            with self.lock:
                pg_migrations.migrate(self.conn)

    def _connect(self) -> psycopg.Connection[PgRow]:
        conn = psycopg.connect(self.path, autocommit=True, row_factory=_rows, connect_timeout=10,
                               application_name="seneschal")
        if self.readonly:  # for checks and backups: nothing can be written, safe beside a running bot
            conn.execute("SET default_transaction_read_only = on")
        return conn

    def _alive(self) -> None:
        """Connect again when the server dropped the connection (a restart, a network cut)."""
        if self.conn.closed or self.conn.broken:
            self.conn = self._connect()

    def close(self) -> None:
        with self.lock:
            self.conn.close()

    @property
    def schema_version(self) -> int:
        with self.lock:
            return pg_migrations.current_version(self.conn)

    # -- transactions (Store.transaction calls these) -----------------------------------
    def _begin(self) -> None:
        self._alive()
        self.conn.execute("BEGIN")

    def _commit(self) -> None:
        self.conn.execute("COMMIT")

    def _rollback(self) -> None:
        if not self.conn.broken:
            self.conn.execute("ROLLBACK")

    def _no_room(self, err: Exception) -> bool:
        """A full disk, or the server out of reach: the write is refused calmly (:class:`CannotSave`)."""
        return isinstance(err, psycopg.errors.DiskFull | psycopg.OperationalError) and not isinstance(
            err, psycopg.errors.QueryCanceled)

    def _x(self, sql: str, params: Any = ()) -> Cursor:
        try:
            return self.conn.execute(translate(sql), list(params))
        except psycopg.errors.UniqueViolation as err:
            raise KeyTaken(str(err)) from err

    def _all(self, sql: str, params: Any = ()) -> list[Row]:
        with self.lock:
            if not self._depth:
                self._alive()
            return list(self.conn.execute(translate(sql), list(params)).fetchall())

    def _one(self, sql: str, params: Any = ()) -> Row | None:
        with self.lock:
            if not self._depth:
                self._alive()
            row: PgRow | None = self.conn.execute(translate(sql), list(params)).fetchone()
            return row

    # -- checks and backups ---------------------------------------------------------------
    def integrity_method(self) -> str:
        return ("PostgreSQL index check (amcheck)" if self._amcheck() else
                "PostgreSQL index check: not run (the amcheck extension is not installed: CREATE EXTENSION amcheck)")

    def _amcheck(self) -> bool:
        return self._one("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'") is not None

    def integrity(self) -> list[str]:
        """Each B-tree index of the store's tables checked against its table by the ``amcheck``
        extension, when the database has it (``[]`` when healthy, else the indexes that fail)."""
        if not self._amcheck():
            return []
        found = []
        indexes = self._all("SELECT i.indexrelid::regclass::text FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid "
                            "JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_class ic ON ic.oid = i.indexrelid "
                            "JOIN pg_am a ON a.oid = ic.relam WHERE n.nspname = current_schema() AND a.amname = 'btree'")
        for (name,) in indexes:
            try:
                self._one("SELECT bt_index_check(?::regclass, true)", (name,))
            except psycopg.Error as err:
                found.append(f"index {name}: {err}")
        return found

    def backup(self, target: str | Path, pages: int = 1024) -> None:
        """A consistent copy of the whole database in ``target`` with ``pg_dump`` (its custom format,
        which ``pg_restore`` reads): one snapshot of the server, safe while the bot runs."""
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        run_tool("pg_dump", "--format=custom", "--no-owner", f"--file={target}", f"--dbname={self.path}")


def run_tool(name: str, *args: str) -> str:
    """Run one of PostgreSQL's client tools (``pg_dump``, ``pg_restore``); OSError saying why it failed."""
    tool = shutil.which(name)
    if tool is None:
        raise OSError(f"{name} is not installed (apt-get install postgresql-client)")
    done = subprocess.run([tool, *args], capture_output=True, text=True, timeout=3600)
    if done.returncode:
        raise OSError(f"{name} failed: {done.stderr.strip()[-1000:]}")
    return done.stdout

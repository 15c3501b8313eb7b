"""The ledger: what the database must never forget, kept beside it in a file of its own.

SQLite in WAL mode keeps the newest transactions in ``<db>-wal`` until a checkpoint. A lost or
truncated WAL (a copy of the ``.sqlite3`` file alone, a disk that drops a file, a careless restore)
takes the database back in time without a word: acknowledged actions and whole games are gone, the
next game takes a lost one's number, and nothing in the database itself can tell. The ledger can:
``<db>.ledger`` is a small SQLite file in rollback-journal mode (its commits land in the file
itself, never in a WAL) holding, per game, the undo epoch and the action count the store last
committed, and the highest game number ever given.

- After every committed transaction the store writes the marks of the games it changed
  (:meth:`Ledger.mark`); so the ledger is never behind an acknowledged action (a crash between the
  two leaves the ledger one action behind, which is harmless: only a database behind its ledger
  is a finding).
- When the store opens it compares (:meth:`Ledger.compare`): a game whose database row stands
  before its mark, or is gone, is recorded in ``lost`` (kept until an operator accepts it) and
  logged as an ERROR. ``python -m bot check`` reports every such finding.
- New games are numbered past the ledger's high-water mark, so a number is never given twice,
  even to a database restored from an older backup.
- ``python -m bot restore`` accepts the restored database's counts (a deliberate step back), and
  ``python -m bot release N`` accepts game N's; the high-water mark only ever grows.

A ledger that cannot be written (a read-only or full disk) is logged and the table goes on: it is
a witness, never in the way of play.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("seneschal.table")

SUFFIX = ".ledger"


@dataclass(frozen=True)
class Lost:
    """A game the database has gone back on: its mark (epoch, seq) and what the database holds now
    (None: the game is gone)."""

    game: int
    epoch: int
    seq: int
    now_epoch: int | None
    now_seq: int | None
    found: float

    def text(self) -> str:
        if self.now_seq is None:
            return (f"the database has lost the whole game (the ledger saw it at action {self.seq}): it went back "
                    "in time (a lost write-ahead log or an older copy)")
        return (f"the database has the game at action {self.now_seq} (undo epoch {self.now_epoch}), the ledger saw "
                f"action {self.seq} (epoch {self.epoch}): it went back in time (a lost write-ahead log or an older copy)")


def path_for(database: str | Path) -> Path:
    return Path(f"{database}{SUFFIX}")


class Ledger:
    """The marks of one database (see the module's docstring)."""

    def __init__(self, database: str | Path, *, readonly: bool = False):
        self.path = path_for(database)
        self.lock = threading.Lock()
        self.broken = False
        self.readonly = readonly
        if readonly:
            if not self.path.exists():
                self.conn: sqlite3.Connection | None = None
                return
            self.conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False,
                                        isolation_level=None)
            return
        self.conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode = TRUNCATE")
        self.conn.execute("PRAGMA synchronous = OFF")  # survives the process being killed; a power cut may not
        self.conn.execute("PRAGMA busy_timeout = 5000")
        self.conn.execute("CREATE TABLE IF NOT EXISTS marks (game INTEGER PRIMARY KEY, epoch INTEGER NOT NULL, "
                          "seq INTEGER NOT NULL)")
        self.conn.execute("CREATE TABLE IF NOT EXISTS high (one INTEGER PRIMARY KEY CHECK (one = 1), id INTEGER NOT NULL)")
        self.conn.execute("CREATE TABLE IF NOT EXISTS lost (game INTEGER PRIMARY KEY, epoch INTEGER NOT NULL, "
                          "seq INTEGER NOT NULL, now_epoch INTEGER, now_seq INTEGER, found REAL NOT NULL)")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    def _write(self, statements: list[tuple[str, tuple[object, ...]]]) -> None:
        if self.conn is None:
            return
        with self.lock:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                try:
                    for sql, params in statements:
                        self.conn.execute(sql, params)
                except BaseException:
                    self.conn.execute("ROLLBACK")
                    raise
                self.conn.execute("COMMIT")
                self.broken = False
            except sqlite3.Error as err:
                if not self.broken:
                    log.error("the ledger %s cannot be written (%s): a lost database tail would go unnoticed until "
                              "it can", self.path, err)
                self.broken = True

    def mark(self, marks: dict[int, tuple[int, int]]) -> None:
        """Game -> (epoch, seq) just committed; the high-water mark follows the highest game."""
        if not marks:
            return
        self._write([("INSERT OR REPLACE INTO marks (game, epoch, seq) VALUES (?,?,?)", (g, e, s))
                     for g, (e, s) in marks.items()]
                    + [("INSERT INTO high (one, id) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET id = MAX(id, excluded.id)",
                        (max(marks),))])

    def high(self) -> int:
        """The highest game number ever given (0 when none)."""
        if self.conn is None:
            return 0
        with self.lock:
            try:
                row = self.conn.execute("SELECT id FROM high").fetchone()
            except sqlite3.Error:
                return 0
        return int(row[0]) if row else 0

    def compare(self, games: dict[int, tuple[int, int]], now: float) -> list[Lost]:
        """The games the database (game -> (epoch, last_seq)) holds behind their marks; newly found ones
        are kept in ``lost``. Returns every loss on record."""
        if self.conn is None:
            return []
        with self.lock:
            try:
                marks = self.conn.execute("SELECT game, epoch, seq FROM marks").fetchall()
            except sqlite3.Error:
                return []
        found = []
        for game, epoch, seq in marks:
            have = games.get(int(game))
            if have is None or have < (int(epoch), int(seq)):
                found.append(Lost(int(game), int(epoch), int(seq), have[0] if have else None,
                                  have[1] if have else None, now))
        if found and not self.readonly:
            self._write([("INSERT OR IGNORE INTO lost (game, epoch, seq, now_epoch, now_seq, found) VALUES (?,?,?,?,?,?)",
                          (x.game, x.epoch, x.seq, x.now_epoch, x.now_seq, x.found)) for x in found])
        return self.losses(extra=found)

    def losses(self, extra: list[Lost] | None = None) -> list[Lost]:
        """The losses on record (and ``extra``, found now), one per game, the first found kept."""
        kept: dict[int, Lost] = {}
        if self.conn is not None:
            with self.lock:
                try:
                    rows = self.conn.execute("SELECT game, epoch, seq, now_epoch, now_seq, found FROM lost").fetchall()
                except sqlite3.Error:
                    rows = []
            kept = {int(r[0]): Lost(int(r[0]), int(r[1]), int(r[2]), r[3], r[4], float(r[5])) for r in rows}
        for x in extra or []:
            kept.setdefault(x.game, x)
        return [kept[g] for g in sorted(kept)]

    def accept(self, games: dict[int, tuple[int, int]], only: int | None = None) -> None:
        """Take the database's counts (game -> (epoch, seq)) as the truth: after a deliberate restore, or
        (``only``) an operator's release of one game. The high-water mark stays."""
        if only is not None:
            have = games.get(only)
            self._write([("DELETE FROM lost WHERE game = ?", (only,)), ("DELETE FROM marks WHERE game = ?", (only,))]
                        + ([("INSERT INTO marks (game, epoch, seq) VALUES (?,?,?)", (only, *have))] if have else []))
            return
        self._write([("DELETE FROM lost", ()), ("DELETE FROM marks", ())]
                    + [("INSERT INTO marks (game, epoch, seq) VALUES (?,?,?)", (g, e, s)) for g, (e, s) in games.items()]
                    + ([("INSERT INTO high (one, id) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET id = MAX(id, "
                         "excluded.id)", (max(games),))] if games else []))

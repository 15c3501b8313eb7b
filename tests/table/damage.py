"""Damage a database file the way a bad disk does: flip a byte inside one stored row.

SQLite keeps no checksums, so a flipped byte in a row's text reads back as that text with a bad
byte in it (not UTF-8), and nothing else notices. These helpers find a stretch of the row's text
that occurs once in the whole file and overwrite one byte of it there.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def unique_stretch(data: bytes, text: bytes, width: int = 24) -> int:
    """The file offset of a ``width``-byte piece of ``text`` found exactly once in ``data``."""
    for start in range(0, max(1, len(text) - width)):
        piece = text[start:start + width]
        at = data.find(piece)
        if at >= 0 and data.find(piece, at + 1) < 0:
            return at
    raise AssertionError("no stretch of the row is unique in the file")


def flip_byte(path: Path, table: str, column: str, where: str, params: tuple[object, ...] = ()) -> None:
    """Overwrite one byte of ``column`` of the row of ``table`` matching ``where`` with 0xFF (the store
    must be closed, so the file holds every committed page)."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        row = conn.execute(f"SELECT CAST({column} AS BLOB) FROM {table} WHERE {where}", params).fetchone()
    finally:
        conn.close()
    assert row is not None, f"no {table} row where {where}"
    data = bytearray(path.read_bytes())
    at = unique_stretch(bytes(data), bytes(row[0])) + 5
    data[at] = 0xFF
    path.write_bytes(bytes(data))


def spoil(path: Path, table: str, column: str, where: str, params: tuple[object, ...] = ()) -> None:
    """Put a byte that is not UTF-8 into ``column`` of the matching row through SQL (for rows too short
    to find once in the file, such as a deadline's decision id)."""
    conn = sqlite3.connect(path)
    try:
        conn.execute(f"UPDATE {table} SET {column} = CAST(CAST({column} AS BLOB) || X'FF' AS TEXT) WHERE {where}",
                     params)
        conn.commit()
    finally:
        conn.close()

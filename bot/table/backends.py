"""Which store a bot opens: ``[store] path`` (SQLite, the embedded default, needing nothing) or
``[store] url = "postgresql://…"`` (bot/table/pgstore.py), behind the same :class:`Store` methods."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg

from bot.table.store import Store

#: What opening either backend may raise when the database cannot be opened or read.
DATABASE_ERRORS: tuple[type[Exception], ...] = (sqlite3.DatabaseError, psycopg.Error)


def is_postgres(database: str | Path) -> bool:
    """Whether ``database`` names a PostgreSQL server rather than an SQLite file."""
    return str(database).startswith(("postgresql://", "postgres://"))


def open_store(database: str | Path, *, synchronous: str = "NORMAL", readonly: bool = False) -> Store:
    """The store for ``database``: a PostgreSQL URL or an SQLite file (``synchronous`` is SQLite's)."""
    if is_postgres(database):
        from bot.table.pgstore import PgStore  # psycopg (and libpq) load only for a PostgreSQL store

        return PgStore(str(database), readonly=readonly)
    return Store(database, synchronous=synchronous, readonly=readonly)

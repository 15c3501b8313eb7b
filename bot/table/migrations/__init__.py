"""Numbered schema migrations, applied automatically when the store opens.

Each step is a module ``mNNN_what.py`` in this package with a docstring saying what it does and
a function ``up(db)`` that issues SQL through ``db.execute``. Steps run in number order, each in
its own transaction together with the row that records it in ``schema_migrations``, so a
crash half-way leaves the database at the previous version. Never edit a released step: add a
new one.

Steps issue their DDL as SQL (``db.execute``), not through sqlite-utils' ``create``, ``transform``
or ``add_column``: ``create`` and ``transform`` wrap themselves in ``with conn:``, which commits the
runner's open transaction half-way through a step, and a step must land whole with its
``schema_migrations`` row or not at all. The released steps (1 to 6) also stay as they shipped.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Protocol, TypeVar

import sqlite_utils

_NAME = re.compile(r"^m(\d{3})_(\w+)$")


class Numbered(Protocol):
    @property
    def version(self) -> int: ...


S = TypeVar("S", bound=Numbered)


@dataclass(frozen=True)
class Step:
    version: int
    name: str
    module: ModuleType


def steps() -> list[Step]:
    found = []
    for info in pkgutil.iter_modules(__path__):
        m = _NAME.match(info.name)
        if m:
            found.append(Step(int(m.group(1)), m.group(2), importlib.import_module(f"{__name__}.{info.name}")))
    return in_order(found, "migration steps")


def in_order(found: list[S], what: str) -> list[S]:
    """``found`` sorted by version, which must run 1..n without gaps (either backend's steps)."""
    found = sorted(found, key=lambda s: s.version)
    numbers = [s.version for s in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"{what} must be numbered 1..n without gaps, found {numbers}")
    return found


LATEST = len(steps())


def current_version(db: sqlite_utils.Database) -> int:
    if not db["schema_migrations"].exists():
        return 0
    row = db.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
    return int(row[0] or 0)


def migrate(db: sqlite_utils.Database, target: int | None = None) -> list[int]:
    """Bring the database to ``target`` (default: the latest step); return the versions applied."""
    target = LATEST if target is None else target
    db.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations "
        "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied REAL NOT NULL)"
    )
    have = current_version(db)
    if have > LATEST:
        raise RuntimeError(
            f"the database is at schema version {have}, newer than this code ({LATEST}); upgrade Seneschal"
        )
    applied = []
    for step in steps():
        if have < step.version <= target:
            db.execute("BEGIN IMMEDIATE")
            try:
                if current_version(db) >= step.version:  # another process got there first
                    db.execute("COMMIT")
                    continue
                step.module.up(db)
                db.execute("INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)",
                           [step.version, step.name, time.time()])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            applied.append(step.version)
    return applied

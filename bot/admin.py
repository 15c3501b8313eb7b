"""The operator's tools on the database (docs/operations.md):

    python -m bot check [--config C] [--db PATH]            # integrity and consistency report, and which engine
                                                            # runs (compiled or not); exit 0 = healthy
    python -m bot backup TARGET [--config C] [--db PATH]    # online backup (the bot may run)
    python -m bot copy TARGET [--every S] [--config C] [--db PATH]  # keep a continuous copy (every S seconds)
    python -m bot restore BACKUP [--config C] [--db PATH]   # the bot must be stopped
    python -m bot release GAME [--config C] [--db PATH]     # repair and lift a game's quarantine
    python -m bot move-store --to postgresql://… [--config C] [--db PATH]  # the SQLite file's games to PostgreSQL

The database is ``store.path`` (SQLite) or ``store.url`` (PostgreSQL; the password from PGPASSWORD), or --db.

Exit status: 0 done (check: healthy), 1 findings or refused, 2 cannot open the configuration or database.
"""

from __future__ import annotations

import argparse
import dataclasses
import sqlite3
import sys
import time
from collections.abc import Callable
from typing import TextIO

import engine
from bot import config as configuration
from bot.table import Store, TableService
from bot.table.backends import DATABASE_ERRORS, is_postgres, open_store
from bot.table.backup import BackupError, backup, mirror, restore
from bot.table.check import check, release
from engine.core import Rules

COMMANDS = ("check", "backup", "copy", "restore", "release", "move-store")


def main(argv: list[str], out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m bot", description="Seneschal's database tools.")
    parser.add_argument("command", choices=COMMANDS)
    parser.add_argument("target", nargs="?", help="backup: the new file; copy: the copy kept fresh; restore: the "
                                                  "backup; release: the game")
    parser.add_argument("--every", type=float, default=0.0, metavar="SECONDS",
                        help="copy: refresh the copy this often, until stopped (default: once)")
    parser.add_argument("--config", help="the config file (default: ./config.toml if present)")
    parser.add_argument("--db", help="the database file or PostgreSQL URL (overrides store.path and store.url)")
    parser.add_argument("--to", metavar="URL", help="move-store: the PostgreSQL database to move the games to")
    parser.add_argument("--game", action="append", default=[], metavar="MODULE:ATTR",
                        help="a game the bot offers besides the shipped ones (as for the bot); repeatable")
    args = parser.parse_args(argv)
    if args.command == "move-store" and not args.to:
        parser.error("move-store needs --to postgresql://user@host/database")
    if args.command not in ("check", "move-store") and not args.target:
        parser.error(f"{args.command} needs its target")
    try:
        cfg = configuration.load(args.config)
    except configuration.ConfigError as err:
        print(f"configuration error: {err}", file=sys.stderr)
        return 2
    cfg = dataclasses.replace(cfg, extra_games=cfg.extra_games + tuple(args.game),
                              database=args.db or cfg.database)

    try:
        if args.command == "check":
            return _check(cfg, out)
        if args.command == "release":
            return _release(cfg, args.target, out)
        if args.command == "move-store":
            return _move(cfg, args.to, out)
        if args.command == "copy":
            return _copy(cfg.database, args.target, args.every, out, mirror)
        done = backup(cfg.database, args.target) if args.command == "backup" else restore(args.target, cfg.database)
    except BackupError as err:
        print(f"refused: {err}", file=sys.stderr)
        return 1
    except (OSError, FileNotFoundError) as err:
        print(f"cannot open the database {cfg.database}: {err}", file=sys.stderr)
        return 2
    print(done, file=out)
    return 0


def _copy(database: str, target: str, every: float, out: TextIO, mirror: Callable[[str, str], str]) -> int:
    """Refresh a continuous copy once, or every ``every`` seconds until stopped (a failed round is
    reported and the previous copy stays whole; the next round tries again)."""
    while True:
        try:
            print(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {mirror(database, target)}", file=out, flush=True)
        except (BackupError, OSError, sqlite3.Error) as err:
            print(f"copy failed (the previous copy is kept): {err}", file=sys.stderr, flush=True)
            if every <= 0:
                return 1
        if every <= 0:
            return 0
        time.sleep(every)


def _rules(cfg: configuration.Config, store: Store) -> dict[str, Rules]:
    """The games the bot offers with this configuration (shipped and extra)."""
    return TableService(store, games=cfg.extra_games).known_games()


def _check(cfg: configuration.Config, out: TextIO) -> int:
    try:
        store = open_store(cfg.database, readonly=True)
    except Exception as err:
        print(f"cannot open the database {cfg.database}: {err}", file=sys.stderr)
        return 2
    try:
        report = check(store, _rules(cfg, store))
    except Exception as err:  # the file is too damaged for the table's checks: SQLite's own still speaks
        print(f"the database {cfg.database} cannot be read ({type(err).__name__}: {err}); "
              "restore a backup (docs/operations.md)", file=out)
        return 1
    finally:
        store.close()
    print(report.text(), file=out)
    print(f"Rules engine: {engine.running()}", file=out)
    return 0 if report.healthy else 1


def _release(cfg: configuration.Config, game: str, out: TextIO) -> int:
    if not game.isdigit():
        print(f"release takes a game number, not {game!r}", file=sys.stderr)
        return 1
    try:
        store = open_store(cfg.database, synchronous=cfg.synchronous)
    except Exception as err:
        print(f"cannot open the database {cfg.database}: {err}", file=sys.stderr)
        return 2
    try:
        print(release(store, _rules(cfg, store), int(game), time.time()), file=out)
    except ValueError as err:
        print(f"refused: {err}", file=sys.stderr)
        return 1
    except Exception as err:  # damage past what release knows: say so plainly, change nothing more
        print(f"refused: game {game} cannot be repaired here ({type(err).__name__}: {err}); restore a backup, "
              "or let a GM abandon the game (docs/operations.md)", file=sys.stderr)
        return 1
    finally:
        store.close()
    return 0


def _move(cfg: configuration.Config, url: str, out: TextIO) -> int:
    """``move-store``: the SQLite file's games into the empty PostgreSQL database ``url``, verified."""
    from bot.table.movestore import MoveError, move  # psycopg (and libpq) load only for PostgreSQL
    from bot.table.pgstore import PgStore  # the same

    if is_postgres(cfg.database) or not is_postgres(url):
        print("move-store moves an SQLite file (store.path or --db) to PostgreSQL (--to postgresql://…)",
              file=sys.stderr)
        return 1
    try:
        source, target = Store(cfg.database, synchronous=cfg.synchronous), PgStore(url)
    except DATABASE_ERRORS + (OSError, RuntimeError) as err:
        print(f"cannot open the databases: {err}", file=sys.stderr)
        return 2
    try:
        print(move(source, target, _rules(cfg, source), lambda line: print(f"  {line}", file=out, flush=True)).text(),
              file=out)
    except MoveError as err:
        print(f"refused: {err}", file=sys.stderr)
        return 1
    except sqlite3.OperationalError as err:
        print(f"refused: the SQLite file cannot be read whole ({err}); run python -m bot check on it first",
              file=sys.stderr)
        return 1
    finally:
        source.close()
        target.close()
    return 0

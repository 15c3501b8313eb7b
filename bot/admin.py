"""The operator's tools on the database (docs/operations.md):

    python -m bot check [--config C] [--db PATH]            # integrity and consistency report, and which engine
                                                            # runs (compiled or not); exit 0 = healthy
    python -m bot backup TARGET [--config C] [--db PATH]    # online backup (the bot may run)
    python -m bot copy TARGET [--every S] [--config C] [--db PATH]  # keep a continuous copy (every S seconds)
    python -m bot restore BACKUP [--config C] [--db PATH]   # the bot must be stopped
    python -m bot release GAME [--config C] [--db PATH]     # repair and lift a game's quarantine

Exit status: 0 done (check: healthy), 1 findings or refused, 2 cannot open the configuration or database.
"""

from __future__ import annotations

import argparse
import dataclasses
import sqlite3
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

import engine
from bot import config as configuration

if TYPE_CHECKING:
    from bot.table import Store
    from engine.core import Rules

COMMANDS = ("check", "backup", "copy", "restore", "release")


def main(argv: list[str], out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m bot", description="Seneschal's database tools.")
    parser.add_argument("command", choices=COMMANDS)
    parser.add_argument("target", nargs="?", help="backup: the new file; copy: the copy kept fresh; restore: the "
                                                  "backup; release: the game")
    parser.add_argument("--every", type=float, default=0.0, metavar="SECONDS",
                        help="copy: refresh the copy this often, until stopped (default: once)")
    parser.add_argument("--config", help="the config file (default: ./config.toml if present)")
    parser.add_argument("--db", help="the database file (overrides store.path)")
    parser.add_argument("--game", action="append", default=[], metavar="MODULE:ATTR",
                        help="a game the bot offers besides the shipped ones (as for the bot); repeatable")
    args = parser.parse_args(argv)
    if args.command != "check" and not args.target:
        parser.error(f"{args.command} needs its target")
    try:
        cfg = configuration.load(args.config)
    except configuration.ConfigError as err:
        print(f"configuration error: {err}", file=sys.stderr)
        return 2
    cfg = dataclasses.replace(cfg, extra_games=cfg.extra_games + tuple(args.game),
                              database=args.db or cfg.database)
    from bot.table.backup import BackupError, backup, mirror, restore

    try:
        if args.command == "check":
            return _check(cfg, out)
        if args.command == "release":
            return _release(cfg, args.target, out)
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
    from bot.table.backup import BackupError

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
    from bot.table import TableService

    return TableService(store, games=cfg.extra_games).known_games()


def _check(cfg: configuration.Config, out: TextIO) -> int:
    from bot.table import Store
    from bot.table.check import check

    try:
        store = Store(cfg.database, readonly=True)
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
    from bot.table import Store
    from bot.table.check import release

    if not game.isdigit():
        print(f"release takes a game number, not {game!r}", file=sys.stderr)
        return 1
    try:
        store = Store(cfg.database, synchronous=cfg.synchronous)
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

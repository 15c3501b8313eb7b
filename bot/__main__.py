"""``python -m bot`` (``make run``): Discord when DISCORD_TOKEN is set, else the local table.

    python -m bot [--config config.toml] [--db PATH] [--game module:ATTR]... [--local] [--boards DIR]
    python -m bot check | backup TARGET | restore BACKUP | release GAME | move-store --to URL
                                                                        (bot/admin.py, docs/operations.md)

The Discord adapter is ``bot.discord``; it must provide ``run(config) -> int | None``.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import logging
import sys
from typing import Any

import engine
from bot import admin
from bot import config as configuration
from bot.build import build_service
from bot.local import LocalTable, ShiftedClock
from bot.table.backends import DATABASE_ERRORS
from engine.core import RuleError


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in admin.COMMANDS:
        return admin.main(argv)
    parser = argparse.ArgumentParser(prog="python -m bot", description="Seneschal: Discord, or the local table.")
    parser.add_argument("--config", help="the config file (default: ./config.toml if present)")
    parser.add_argument("--db", help="the database file or PostgreSQL URL (overrides store.path and store.url)")
    parser.add_argument("--game", action="append", default=[], metavar="MODULE:ATTR",
                        help="also offer this game (e.g. tests.games.tribute:RULES); repeatable")
    parser.add_argument("--boards", help="where the local table writes board images (overrides local.boards_dir)")
    parser.add_argument("--local", action="store_true", help="open the local table even if DISCORD_TOKEN is set")
    args = parser.parse_args(argv)

    try:
        cfg = configuration.load(args.config)
    except configuration.ConfigError as err:
        print(f"configuration error: {err}", file=sys.stderr)
        return 2
    changes: dict[str, Any] = {"extra_games": cfg.extra_games + tuple(args.game)}
    if args.db:
        changes["database"] = args.db
    if args.boards:
        changes["boards_dir"] = args.boards
    cfg = dataclasses.replace(cfg, **changes)
    logging.basicConfig(level=cfg.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s",
                        stream=sys.stderr)
    logging.getLogger("seneschal").info("rules engine: %s", engine.running())   # compiled, or why not

    if cfg.discord_token and not args.local:
        try:
            adapter = importlib.import_module("bot.discord")   # lazily: the local table runs without discord
        except ImportError as err:
            print(f"DISCORD_TOKEN is set but the Discord adapter (bot.discord) cannot be loaded: {err}",
                  file=sys.stderr)
            return 1
        run = getattr(adapter, "run", None)
        if run is None:
            print("DISCORD_TOKEN is set but bot.discord has no run(config) entry point yet", file=sys.stderr)
            return 1
        return int(run(cfg) or 0)

    try:
        service = build_service(cfg, local=True, clock=ShiftedClock())
    except RuleError as err:
        print(f"cannot open the table: {err.describe()}", file=sys.stderr)
        return 2
    except DATABASE_ERRORS + (RuntimeError, OSError) as err:
        print(f"cannot open the database {cfg.database}: {err}", file=sys.stderr)
        return 2
    try:
        return LocalTable(service, boards_dir=cfg.boards_dir).run()
    finally:
        service.close()


if __name__ == "__main__":
    sys.exit(main())

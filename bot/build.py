"""The table service a configuration describes (shared by both adapters: ``python -m bot`` opens the
local table with it, bot.discord the Discord bot)."""

from __future__ import annotations

from bot import config as configuration
from bot.table import Clock, TableService
from bot.table.backends import open_store


def build_service(cfg: configuration.Config, *, local: bool, clock: Clock | None = None) -> TableService:
    """The store and table service for ``cfg`` (shared by both adapters)."""
    store = open_store(cfg.database, synchronous=cfg.synchronous)
    table = TableService(store, clock=clock, games=cfg.extra_games, local=local,
                         settings=cfg.table_settings(), snapshot_every=cfg.snapshot_every)
    table.computer_budget, table.computer_workers = cfg.computer_budget, cfg.computer_workers
    table.computer_processes = cfg.computer_processes
    table.computer_pace = cfg.computer_pace
    return table

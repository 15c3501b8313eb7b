"""Configuration: ``config.toml`` when present (see config.example.toml), else defaults.

Secrets never live in the file: the Discord token comes from the ``DISCORD_TOKEN`` environment
variable, a PostgreSQL password from ``PGPASSWORD`` (or ``~/.pgpass``), as PostgreSQL's own tools read it. Every setting is checked at load, and a mistake names the file and the field.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bot.table.clock import parse_duration

DEFAULT_PATH = Path("config.toml")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(ValueError):
    pass


@dataclass(frozen=True)
class Config:
    database: str = "seneschal.sqlite3"  # an SQLite file, or a PostgreSQL URL ([store] url)
    synchronous: str = "NORMAL"
    snapshot_every: int = 100
    deadline: str = "24h"
    reminders: str = "12h,1h"
    absent: str = "off"  # a computer player's strength answering for a seat whose deadline passed
    dev_guild_ids: tuple[int, ...] = ()
    gm_role: str = "GM"
    shard_count: int = 0  # 0: no sharding (one process, one gateway connection)
    shard_ids: tuple[int, ...] = ()  # this process's shards; empty: all of them
    #: interactions a person / a game may send: (a second, at once) (bot/discord/fairness.py)
    person_rate: tuple[float, float] = (2.0, 10.0)
    game_rate: tuple[float, float] = (10.0, 30.0)
    boards_dir: str = "boards"
    log_level: str = "INFO"
    extra_games: tuple[str, ...] = ()
    computer_workers: int = 2  # computer players thinking at once (the Discord bot's workers)
    computer_budget: float = 2.0  # seconds of thought per decision for a computer player
    computer_processes: int = 1  # processes the computer players think in, at a lower priority (0: the worker threads)
    computer_pace: float = 1.0  # the least seconds between two computer moves in one game (the Discord bot)
    discord_token: str | None = field(default=None, repr=False)
    source: str = "defaults"

    def table_settings(self) -> dict[str, str]:
        return {"deadline": self.deadline, "reminders": self.reminders, "absent": self.absent}


def _get(doc: dict[str, Any], where: str, section: str, key: str, kind: type | tuple[type, ...], default: Any) -> Any:
    table = doc.get(section, {})
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: [{section}] must be a table")
    if key not in table:
        return default
    value = table[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise ConfigError(f"{where}: {section}.{key} has the wrong type ({type(value).__name__})")
    return value


KNOWN = {
    "store": {"path", "url", "synchronous", "snapshot_every"},
    "table": {"deadline", "reminders", "absent"},
    "discord": {"dev_guild_ids", "gm_role", "shard_count", "shard_ids", "person_rate", "person_burst", "game_rate",
                "game_burst"},
    "local": {"boards_dir"},
    "log": {"level"},
    "games": {"extra"},
    "computers": {"workers", "budget", "processes", "pace"},
}


def load(path: str | Path | None = None, env: dict[str, str] | None = None) -> Config:
    """Read ``path`` (default ./config.toml; missing = defaults) and the environment."""
    env = dict(os.environ) if env is None else env
    p = Path(path) if path is not None else DEFAULT_PATH
    doc: dict[str, Any] = {}
    where = str(p)
    if p.exists():
        try:
            doc = tomllib.loads(p.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise ConfigError(f"{where}: {err}") from None
    elif path is not None:
        raise ConfigError(f"{where}: no such file")
    for section, table in doc.items():
        if section not in KNOWN:
            raise ConfigError(f"{where}: unknown section [{section}] (known: {', '.join(sorted(KNOWN))})")
        for key in table if isinstance(table, dict) else ():
            if "token" in key.lower():
                raise ConfigError(f"{where}: {section}.{key}: tokens come from the environment (DISCORD_TOKEN), "
                                  "never the file")
            if key not in KNOWN[section]:
                raise ConfigError(f"{where}: unknown setting {section}.{key}")
    d = Config()
    cfg = Config(
        database=_database(doc, where, d.database),
        synchronous=_get(doc, where, "store", "synchronous", str, d.synchronous).upper(),
        snapshot_every=_get(doc, where, "store", "snapshot_every", int, d.snapshot_every),
        deadline=str(_get(doc, where, "table", "deadline", (str, int), d.deadline)),
        absent=_get(doc, where, "table", "absent", str, d.absent),
        reminders=_reminders(_get(doc, where, "table", "reminders", (str, list), d.reminders), where),
        dev_guild_ids=tuple(_get(doc, where, "discord", "dev_guild_ids", list, [])),
        gm_role=_get(doc, where, "discord", "gm_role", str, d.gm_role),
        shard_count=_get(doc, where, "discord", "shard_count", int, d.shard_count),
        shard_ids=tuple(_get(doc, where, "discord", "shard_ids", list, [])),
        person_rate=(float(_get(doc, where, "discord", "person_rate", (int, float), d.person_rate[0])),
                     float(_get(doc, where, "discord", "person_burst", (int, float), d.person_rate[1]))),
        game_rate=(float(_get(doc, where, "discord", "game_rate", (int, float), d.game_rate[0])),
                   float(_get(doc, where, "discord", "game_burst", (int, float), d.game_rate[1]))),
        boards_dir=_get(doc, where, "local", "boards_dir", str, d.boards_dir),
        log_level=_get(doc, where, "log", "level", str, d.log_level).upper(),
        extra_games=tuple(_get(doc, where, "games", "extra", list, [])),
        computer_workers=_get(doc, where, "computers", "workers", int, d.computer_workers),
        computer_budget=float(_get(doc, where, "computers", "budget", (int, float), d.computer_budget)),
        computer_processes=_get(doc, where, "computers", "processes", int, d.computer_processes),
        computer_pace=float(_get(doc, where, "computers", "pace", (int, float), d.computer_pace)),
        discord_token=env.get("DISCORD_TOKEN") or None,
        source=where if p.exists() else "defaults",
    )
    if cfg.synchronous not in ("NORMAL", "FULL", "EXTRA"):
        raise ConfigError(f"{where}: store.synchronous must be NORMAL, FULL or EXTRA")
    if cfg.snapshot_every < 1:
        raise ConfigError(f"{where}: store.snapshot_every must be at least 1")
    if cfg.log_level not in LOG_LEVELS:
        raise ConfigError(f"{where}: log.level must be one of {', '.join(LOG_LEVELS)}")
    if not all(isinstance(g, int) and not isinstance(g, bool) for g in cfg.dev_guild_ids):
        raise ConfigError(f"{where}: discord.dev_guild_ids must be a list of numbers")
    for name, (rate, burst) in (("person", cfg.person_rate), ("game", cfg.game_rate)):
        if not (0 < rate <= 10_000 and 1 <= burst <= 100_000):
            raise ConfigError(f"{where}: discord.{name}_rate must be above 0 (a second) and discord.{name}_burst "
                              "at least 1")
    if cfg.shard_count < 0:
        raise ConfigError(f"{where}: discord.shard_count must be 0 (no sharding) or more")
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < cfg.shard_count for i in cfg.shard_ids):
        raise ConfigError(f"{where}: discord.shard_ids must be shard numbers from 0 to shard_count - 1 "
                          f"({cfg.shard_count - 1})" if cfg.shard_count else
                          f"{where}: discord.shard_ids needs discord.shard_count")
    if len(set(cfg.shard_ids)) != len(cfg.shard_ids):
        raise ConfigError(f"{where}: discord.shard_ids lists a shard twice")
    if cfg.absent not in ("off", "random", "steady", "schemer"):
        raise ConfigError(f"{where}: table.absent must be off, random, steady or schemer")
    if not 1 <= cfg.computer_workers <= 64:
        raise ConfigError(f"{where}: computers.workers must be 1 to 64")
    if not 0 <= cfg.computer_pace <= 3600:
        raise ConfigError(f"{where}: computers.pace must be 0 to 3600 seconds")
    if not 0 <= cfg.computer_processes <= 64:
        raise ConfigError(f"{where}: computers.processes must be 0 (the worker threads) to 64")
    if not 0 < cfg.computer_budget <= 600:
        raise ConfigError(f"{where}: computers.budget must be more than 0 and at most 600 seconds")
    if not all(isinstance(g, str) for g in cfg.extra_games):
        raise ConfigError(f"{where}: games.extra must be a list of \"module:ATTR\" strings")
    try:
        parse_duration(cfg.deadline)
    except ValueError as err:
        raise ConfigError(f"{where}: table.deadline: {err}") from None
    return cfg


def _database(doc: dict[str, Any], where: str, default: str) -> str:
    """``store.path`` (an SQLite file) or ``store.url`` (a PostgreSQL server), never both; the URL
    carries no password (``PGPASSWORD`` does)."""
    path = _get(doc, where, "store", "path", str, None)
    url = _get(doc, where, "store", "url", str, None)
    if url is None:
        return str(path or default)
    if path is not None:
        raise ConfigError(f"{where}: store.path and store.url both set: keep one (path for SQLite, url for PostgreSQL)")
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres") or not parts.path.strip("/"):
        raise ConfigError(f"{where}: store.url must be postgresql://user@host:port/database")
    if parts.password is not None or "password=" in parts.query:
        raise ConfigError(f"{where}: store.url holds a password: put it in the PGPASSWORD environment variable "
                          "(or ~/.pgpass), never the file")
    return str(url)


def _reminders(value: str | list[Any], where: str) -> str:
    parts = value if isinstance(value, list) else [p for p in str(value).split(",") if p.strip()]
    for part in parts:
        try:
            parse_duration(part)
        except ValueError as err:
            raise ConfigError(f"{where}: table.reminders: {err}") from None
    return ",".join(str(p).strip() for p in parts) or "off"

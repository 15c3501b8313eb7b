"""Discord settings, taken from the loaded configuration (``bot.config.Config``).

The token comes from ``DISCORD_TOKEN`` in the environment only (the config loader refuses a
token in the file) and is never logged: :class:`DiscordSettings` hides it from ``repr``.

``api_base`` and ``gateway_url`` point the client at a fake Discord in the end-to-end tests.
They are read only from the variables ``SENESCHAL_TEST_DISCORD_API`` and
``SENESCHAL_TEST_DISCORD_GATEWAY``, which only tests set; when unset (always, in production)
nothing changes.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

TEST_API = "SENESCHAL_TEST_DISCORD_API"
TEST_GATEWAY = "SENESCHAL_TEST_DISCORD_GATEWAY"


@dataclass(frozen=True)
class DiscordSettings:
    token: str = field(repr=False)
    dev_guild_ids: tuple[int, ...] = ()
    gm_role: str = ""  # a role id or name; Manage Server always counts as GM
    shard_count: int = 0  # 0: no sharding; else this process runs an AutoShardedClient for shard_ids
    shard_ids: tuple[int, ...] = ()  # empty: every shard
    person_rate: tuple[float, float] = (2.0, 10.0)  # interactions a person may send: (a second, at once)
    game_rate: tuple[float, float] = (10.0, 30.0)  # interactions a game may receive: (a second, at once)
    api_base: str = ""  # tests only
    gateway_url: str = ""  # tests only

    @property
    def sharded(self) -> bool:
        return self.shard_count > 0

    def shard_options(self) -> dict[str, Any]:
        """discord.py's ``shard_count`` and ``shard_ids`` for an AutoShardedClient."""
        return {"shard_count": self.shard_count, "shard_ids": list(self.shard_ids) or None}

    @classmethod
    def from_config(cls, config: Any, env: Mapping[str, str] | None = None) -> DiscordSettings:
        env = os.environ if env is None else env
        token = (getattr(config, "discord_token", None) or env.get("DISCORD_TOKEN") or "").strip()
        if not token:
            raise ValueError("DISCORD_TOKEN is not set: the Discord bot needs its token in the environment")
        api = env.get(TEST_API, "")
        return cls(
            token=token,
            dev_guild_ids=tuple(int(g) for g in getattr(config, "dev_guild_ids", ()) or ()),
            gm_role=str(getattr(config, "gm_role", "") or ""),
            shard_count=int(getattr(config, "shard_count", 0) or 0),
            shard_ids=tuple(int(i) for i in getattr(config, "shard_ids", ()) or ()),
            person_rate=_pair(getattr(config, "person_rate", (2.0, 10.0))),
            game_rate=_pair(getattr(config, "game_rate", (10.0, 30.0))),
            api_base=api,
            gateway_url=env.get(TEST_GATEWAY, "") if api else "",
        )


def _pair(value: Any) -> tuple[float, float]:
    """(a second, at once) from the config."""
    rate, burst = value
    return float(rate), float(burst)

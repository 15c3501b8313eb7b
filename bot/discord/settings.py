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
    api_base: str = ""  # tests only
    gateway_url: str = ""  # tests only

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
            api_base=api,
            gateway_url=env.get(TEST_GATEWAY, "") if api else "",
        )

"""The Discord adapter (discord.py 2.x). See docs/discord.md.

Entry point for ``python -m bot`` when ``DISCORD_TOKEN`` is set::

    bot.discord.run(config)   # config: bot.config.Config

It opens the store and the table service from the configuration, then runs the bot until
SIGTERM or SIGINT, which close it gracefully (background tasks stopped, gateway closed,
database closed). Tests and tools that already hold a table service use :func:`run_bot`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.build import build_service
from bot.discord.bot import Seneschal, run_bot
from bot.discord.settings import DiscordSettings

__all__ = ["DiscordSettings", "Seneschal", "run", "run_bot"]

log = logging.getLogger("seneschal.discord")


def run(config: Any) -> int:
    """Run the Discord bot for ``config`` until it is stopped; return an exit status."""
    try:
        settings = DiscordSettings.from_config(config)
    except ValueError as err:
        log.error("%s", err)
        return 2
    table = build_service(config, local=False)
    try:
        asyncio.run(run_bot(settings, table))
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN: reset it in the Developer Portal (Bot page)")
        return 1
    except discord.PrivilegedIntentsRequired:
        log.error("Discord asks for a privileged intent this bot does not use: check the Bot page settings")
        return 1
    finally:
        table.close()
    log.info("stopped")
    return 0

"""The deadline dispatcher: one task sleeps until the table's next reminder or deadline.

The deadlines live in the table's database (RoboDanny's timer table, kept until handled), so
they survive restarts: on start :meth:`TableService.catch_up` applies those that passed while
the bot was down. Every command wakes the task, since an action may open an earlier deadline.
Reminders and applied defaults become outbox rows, announced by :mod:`bot.discord.delivery`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.discord.loop import BackgroundLoop

if TYPE_CHECKING:
    from bot.discord.bot import Seneschal

log = logging.getLogger("seneschal.discord.timers")


class Timers(BackgroundLoop):
    name = "seneschal-timers"

    def __init__(self, bot: Seneschal, longest_sleep: float = 60.0):
        super().__init__()
        self.bot = bot
        self.longest_sleep = longest_sleep
        self.fired = 0

    async def run(self) -> None:
        await self.bot.wait_until_ready()
        table = self.bot.table
        first = True
        while not self.bot.is_closed():
            self.event.clear()
            try:
                outcomes = await asyncio.to_thread(table.catch_up if first else table.run_due)
                first = False
                self.fired += len(outcomes)
                if outcomes:
                    log.info("applied %d default(s) at their deadline", len(outcomes))
                if self.bot.delivery is not None:
                    self.bot.delivery.wake()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the deadline dispatcher failed; retrying")
            nxt = table.next_wakeup()
            delay = self.longest_sleep if nxt is None else min(max(nxt - table.clock.now(), 0.05), self.longest_sleep)
            try:
                await asyncio.wait_for(self.event.wait(), timeout=delay)
            except TimeoutError:
                pass

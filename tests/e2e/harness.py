"""Run the real bot in-process against the fake Discord.

    async with running(tmp_path) as h:
        await h.fake.slash("alice", h.channel, "game new", name="tribute")

The table uses a fake clock (``h.clock.advance(...)`` then ``h.bot.wake()`` drives deadlines) and
a SQLite file under ``tmp_path``, so a second ``running(tmp_path)`` is the same bot restarted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.discord.bot import Seneschal
from bot.discord.settings import DiscordSettings
from bot.table import FakeClock, Store, TableService
from tests.e2e import drawer
from tests.e2e.fake_discord import FakeDiscord, Message, point_client_at

TRIBUTE = "tests.games.tribute:RULES"
PICK = "tests.e2e.pickgame:RULES"
TOKEN = "test-token-never-logged"


@dataclass
class Harness:
    fake: FakeDiscord
    bot: Seneschal
    table: TableService
    clock: FakeClock

    @property
    def channel(self) -> int:
        return self.fake.channel_ids["games"]

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until the outbox is drained and the bot stopped talking to Discord."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            self.bot.wake()
            await asyncio.sleep(0.02)
            assert self.bot.delivery is not None
            await asyncio.wait_for(self.bot.delivery.idle.wait(), max(0.1, end - loop.time()))
            if not self.table.pending_outbox(1):
                await self.fake.settle(0.05)
                if not self.table.pending_outbox(1):
                    return
        raise TimeoutError("the outbox did not drain")

    def thread_of(self, game_id: int) -> int:
        return int(self.table.info(game_id).channel or 0)

    def last_dm(self, user: str, contains: str = "") -> Message:
        found = [m for m in self.fake.dms(user) if contains in m.text()]
        assert found, f"no DM to {user} containing {contains!r}: {[m.text() for m in self.fake.dms(user)]}"
        return found[-1]


def make_table(db: Path, clock: FakeClock, **settings: str) -> TableService:
    store = Store(db)
    return TableService(store, clock=clock, games=[TRIBUTE, PICK], settings=settings or None)


@contextlib.asynccontextmanager
async def running(tmp_path: Path, *, fake: FakeDiscord | None = None, clock: FakeClock | None = None,
                  settings: dict[str, str] | None = None, gm_role: str = "",
                  render_processes: int = 0) -> AsyncIterator[Harness]:
    added_drawer = drawer.register()
    own_fake = fake is None
    if fake is None:
        fake = FakeDiscord()
        await fake.start()
    point_client_at(fake)
    clock = clock or FakeClock()
    table = make_table(tmp_path / "seneschal.sqlite3", clock, **(settings or {}))
    # Fair shares are lifted here (a test sends many commands at once as one person); test_fairness.py
    # puts the production shares back.
    bot = Seneschal(DiscordSettings(TOKEN, (fake.guild_id,), gm_role, person_rate=(1000.0, 1000.0),
                                    game_rate=(1000.0, 1000.0)), table, guild_ready_timeout=0.05,
                   render_processes=render_processes)
    task = asyncio.create_task(bot.start(TOKEN))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        await asyncio.wait_for(fake.ready.wait(), 10)
        yield Harness(fake, bot, table, clock)
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5)
        table.store.close()
        if own_fake:
            await fake.stop()
        if added_drawer:
            drawer.unregister()


@contextlib.asynccontextmanager
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A fake Discord that outlives several bots (restarts)."""
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


def run(coro: Any) -> Any:
    logging.getLogger("discord").setLevel(logging.WARNING)
    return asyncio.run(coro)

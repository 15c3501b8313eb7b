"""The deadline dispatcher: one task sleeps until the table's next reminder or deadline, and
hands computer players' turns to worker threads.

The deadlines live in the table's database (RoboDanny's timer table, kept until handled), so
they survive restarts: on start :meth:`TableService.catch_up` applies those that passed while
the bot was down. Every command wakes the task, since an action may open an earlier deadline.
Reminders and applied defaults become outbox rows, announced by :mod:`bot.discord.delivery`.

A computer player's turn (a ``computer`` row, due at once) thinks in a worker thread
(``asyncio.to_thread``; at most ``computers.workers`` at once, one per game), so the bot answers
people meanwhile and one game's computer never holds up another game's.
"""

from __future__ import annotations

import asyncio
import logging

from bot.discord.host import Host
from bot.discord.loop import BackgroundLoop
from bot.table import CannotSave

log = logging.getLogger("seneschal.discord.timers")


class Timers(BackgroundLoop):
    name = "seneschal-timers"

    def __init__(self, bot: Host, longest_sleep: float = 60.0):
        super().__init__()
        self.bot = bot
        self.longest_sleep = longest_sleep
        self.retry_full = 5.0  # seconds before a computer turn is tried again while the database cannot be written
        self.fired = 0
        self.thinking: dict[int, asyncio.Task[None]] = {}  # computer turns under way, by deadline row
        self.moved: dict[int, float] = {}  # game -> when its last computer move was played (loop time)
        self.workers = asyncio.Semaphore(max(1, getattr(bot.table, "computer_workers", 2)))
        self.stopping = False  # a cancellation swallowed by wait_for (a wake at the same moment) still stops it

    async def run(self) -> None:
        await self.bot.wait_until_ready()
        table = self.bot.table
        while not self.bot.is_closed() and not self.stopping:
            self.event.clear()
            try:
                outcomes = await asyncio.to_thread(table.run_due, computers=False)
                self.fired += len(outcomes)
                if outcomes:
                    log.info("applied %d default(s) at their deadline", len(outcomes))
                if self.bot.delivery is not None:
                    self.bot.delivery.wake()
                self.start_computers(await asyncio.to_thread(table.computer_turns))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the deadline dispatcher failed; retrying")
            nxt = table.next_wakeup(computers=False)
            delay = self.longest_sleep if nxt is None else min(max(nxt - table.clock.now(), 0.05), self.longest_sleep)
            try:
                await asyncio.wait_for(self.event.wait(), timeout=delay)
            except TimeoutError:
                pass

    async def stop(self) -> None:
        """Stop the dispatcher and the computer turns it waits for (a turn cut short stays a row in
        the database: the next start plays it)."""
        self.stopping = True
        for task in list(self.thinking.values()):
            task.cancel()
        await super().stop()

    async def paced(self, turn: int) -> int | None:
        """Wait until the turn's game may move again (``computer_pace`` after its last computer move:
        bounded per game, so computer players alone never take the machine from people); its game."""
        pace = float(getattr(self.bot.table, "computer_pace", 0.0) or 0.0)
        if pace <= 0:
            return None
        game = await asyncio.to_thread(self.bot.table.game_of_turn, turn)
        if game is None:
            return None
        last = self.moved.get(game)
        if last is not None:
            await asyncio.sleep(max(0.0, last + pace - asyncio.get_running_loop().time()))
        return game

    def start_computers(self, turns: list[int]) -> None:
        """A task per computer turn not yet under way (a turn is never played twice at once)."""
        for turn in turns:
            if turn not in self.thinking and not self.stopping:
                self.thinking[turn] = asyncio.create_task(self.think(turn), name=f"seneschal-computer-{turn}")

    async def think(self, turn: int) -> None:
        try:
            game = await self.paced(turn)
            async with self.workers:
                outcomes = await asyncio.to_thread(self.bot.table.play_computer, turn)
            if game is not None:
                self.moved[game] = asyncio.get_running_loop().time()
            self.fired += len(outcomes)
        except CannotSave:  # the disk is full (the store logged it): the turn stays a row; try again later
            if not self.stopping:
                await asyncio.sleep(self.retry_full)
        except Exception:
            log.exception("a computer player's turn (deadline row %s) failed", turn)
        finally:
            self.thinking.pop(turn, None)
            if not self.stopping:
                if self.bot.delivery is not None:
                    self.bot.delivery.wake()
                self.wake()  # its move may make another computer player awaited

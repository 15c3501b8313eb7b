"""Board images off the event loop, in a worker process.

Drawing a board holds the interpreter for tens of milliseconds; in a thread it would hold the
GIL too and delay every interaction waiting for its first response. One spawned worker process
(the machine has two cores) draws instead; the event loop only waits for the PNG bytes.

The worker receives the drawer's ``module:function`` target (from ``renderer.DRAWERS``), so
drawers registered at run time work too. If the pool cannot start or breaks, drawing falls back
to a thread.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import renderer

log = logging.getLogger("seneschal.discord.render")

#: How much lower the drawing process's CPU priority is than the bot's (``os.nice``).
WORKER_NICENESS = 10


def draw_target(target: str, view: dict[str, Any], seat: str | None) -> bytes:
    """Runs in the worker: import the drawer and draw."""
    module, _, attr = target.partition(":")
    drawn: bytes = getattr(importlib.import_module(module), attr)(view, seat)
    return drawn


def _watch_parent(parent: int) -> None:
    """In the worker: exit as soon as the bot process is gone (even after a SIGKILL); draw at a lower
    CPU priority, so that on a busy machine answering people comes before drawing boards."""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:
        pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def _warm() -> bool:
    """In the worker, before the first board: build the cached map layers (the Fief map takes ~0.4 s)."""
    renderer.warm()
    return True


class BoardPainter:
    def __init__(self, processes: int = 1):
        self.processes = processes
        self.pool: Executor | None = None

    def start(self) -> None:
        if self.processes <= 0:
            return
        try:
            self.pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_watch_parent, initargs=(os.getpid(),))
            self.pool.submit(_warm)
        except (OSError, ValueError) as err:
            log.warning("no drawing process (%s); drawing in a thread", err)
            self.pool = None

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    async def render(self, game: str, view: dict[str, Any], seat: str | None) -> bytes:
        target = renderer.DRAWERS.get(game)
        if target is None:
            raise KeyError(f"no board drawer for {game!r}")
        if self.pool is not None:
            try:
                # Handing a job to the pool writes to its wake-up pipe, which can block for milliseconds
                # while its feeder thread pickles the view: done from a thread, never on the event loop.
                job = await asyncio.to_thread(self.pool.submit, draw_target, target, view, seat)
                return await asyncio.wrap_future(job)
            except BrokenProcessPool:
                log.error("the drawing process died; drawing in a thread from now on")
                self.pool = None
        return await asyncio.to_thread(draw_target, target, view, seat)

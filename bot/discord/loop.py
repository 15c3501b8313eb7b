"""One background task per concern (delivery, deadlines), woken early by an event."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod


class BackgroundLoop(ABC):
    name = "seneschal-loop"

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    @abstractmethod
    async def run(self) -> None:
        """The loop itself; it waits on ``self.event`` (or a timeout) between rounds."""

    def start(self) -> None:
        self.task = asyncio.create_task(self.run(), name=self.name)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass
            self.task = None

    def wake(self) -> None:
        self.event.set()

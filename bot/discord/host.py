"""What the parts of the adapter use of the bot and of each other, as small Protocols.

The bot (:class:`bot.discord.bot.Seneschal`) makes the delivery and the timers and registers the
buttons; they reach it back through these faces, never by importing it, so no module of bot/ imports
another that imports it back (tests/table/test_import_cycles.py)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord.refs import Refs
from bot.discord.render import BoardPainter
from bot.table import TableService


class PromptClicks(Protocol):
    """The clicks on a living prompt (the Play cog)."""

    async def pick(self, interaction: discord.Interaction, game_id: int, version: int, path: str,
                   confirmed: bool) -> None: ...

    async def open_writer(self, interaction: discord.Interaction, game_id: int, version: int, path: str) -> None: ...


class TableClicks(Protocol):
    """The clicks on the lobby, the hand button, an undo's confirmation and the rules pages (the Table cog)."""

    async def lobby_click(self, interaction: discord.Interaction, game_id: int, what: str) -> None: ...

    async def computer_pick(self, interaction: discord.Interaction, game_id: int, strength: str) -> None: ...

    async def role_pick(self, interaction: discord.Interaction, game_id: int, role: str) -> None: ...

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def confirm_undo(self, interaction: discord.Interaction, game_id: int, seq: int, count: int) -> None: ...

    async def rules_page(self, interaction: discord.Interaction, name: str, topic: str, page: int) -> None: ...


class Clicked(Protocol):
    """What a button reaches of the bot it was clicked on: the cogs that answer it."""

    @property
    def playcog(self) -> PromptClicks: ...

    @property
    def tablecog(self) -> TableClicks: ...


class Waking(Protocol):
    """A background task a command wakes (the delivery)."""

    def wake(self) -> None: ...


class Host(Protocol):
    """What the delivery and the timers use of the bot."""

    @property
    def table(self) -> TableService: ...

    @property
    def refs(self) -> Refs: ...

    @property
    def painter(self) -> BoardPainter: ...

    @property
    def delivery(self) -> Waking | None: ...

    async def wait_until_ready(self) -> None: ...

    def is_closed(self) -> bool: ...

    async def quiet(self, gap: float = 0.03, longest: float = 0.1) -> None: ...

    def get_partial_messageable(self, id: int) -> discord.PartialMessageable: ...

    def get_channel(self, id: int, /) -> object: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...

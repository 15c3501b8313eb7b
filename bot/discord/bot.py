"""The bot: one ``commands.Bot`` subclass, cogs loaded in ``setup_hook``, the tree synced there.

Slash commands only (``Intents.default()``, no message content). ``setup_hook`` loads the cogs,
registers the DynamicItem classes (so buttons sent before a restart keep working), syncs the
command tree (globally, so commands exist in DMs; also to the development guilds when configured) and starts
the two background tasks: outbox delivery and the deadline dispatcher.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from typing import TYPE_CHECKING, Any

import discord
import discord.gateway
import discord.http
import yarl
from discord.ext import commands

from bot.discord import errors
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.context import actor_of, channel_of
from bot.discord.delivery import Delivery
from bot.discord.errors import Tree
from bot.discord.fairness import Fairness, cost_of, game_key, slow_down
from bot.discord.host import PromptClicks, TableClicks
from bot.discord.refs import Refs
from bot.discord.render import BoardPainter
from bot.discord.settings import DiscordSettings
from bot.discord.timers import Timers
from bot.table.shards import games_condition

if TYPE_CHECKING:
    from bot.table import Outcome, TableService

log = logging.getLogger("seneschal.discord")

#: Seconds a thread holding the GIL keeps it while another waits (Python's default is 0.005).
SWITCH_INTERVAL = 0.001

EXTENSIONS = (
    "bot.discord.cogs.table",
    "bot.discord.cogs.play",
)


def intents() -> discord.Intents:
    """What the gateway sends us: guilds (channels, threads, roles), not messages nor typing.

    A slash-command bot needs no message events, and no privileged intent at all.
    """
    wanted = discord.Intents.default()
    wanted.messages = False
    wanted.typing = False
    return wanted


class Seneschal(commands.Bot):
    def __init__(self, settings: DiscordSettings, table: TableService, *, render_processes: int = 1, **options: Any):
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            tree_cls=Tree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False),
            max_messages=None,
            chunk_guilds_at_startup=False,
            **options,
        )
        self.settings = settings
        self.table = table
        # Deadlines and posts of this process's shards' games only (every process answers interactions).
        table.shard_games = games_condition(settings.shard_count, settings.shard_ids)
        table.draws_boards = False  # the painter draws boards, off the event loop
        self.delivery: Delivery | None = None
        self.timers: Timers | None = None
        self.synced: list[str] = []
        self.refs = Refs(table)
        self.painter = BoardPainter(render_processes)
        self.last_interaction = 0.0
        self.fairness = Fairness(person=settings.person_rate, game=settings.game_rate)
        self.hold_refusals = 2.0  # seconds a refused interaction may wait for its answer (Discord allows 3)
        self.playcog: PromptClicks   # set by the cogs when they load (bot/discord/cogs)
        self.tablecog: TableClicks

    async def setup_hook(self) -> None:
        self.painter.start()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for ext in EXTENSIONS:
            try:
                await self.load_extension(ext)
            except Exception:
                log.exception("failed to load extension %s", ext)
                raise
        await self.sync_commands()
        self.delivery = Delivery(self)
        self.timers = Timers(self)
        self.delivery.start()
        self.timers.start()

    async def sync_commands(self) -> None:
        """Global sync always: only global commands exist in DMs, where prompts send players. With
        development guilds the same commands are also synced to them (guild-scoped: instant there)."""
        if self.settings.dev_guild_ids:
            for gid in self.settings.dev_guild_ids:
                guild = discord.Object(gid)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to development guild %s", len(synced), gid)
                self.tree.clear_commands(guild=guild)  # the copies live on Discord; the tree keeps the global set
        synced = await self.tree.sync()
        self.synced = [c.name for c in synced]
        log.info("synced %d global commands", len(synced))

    def ask_table(self, interaction: discord.Interaction, group: str, name: str, values: dict[str, Any] | None = None,
               *, game_id: int | None = None, channel: str | None = None, by_number: bool = False) -> Outcome:
        """Every slash command and button of the adapter, through the table's one entry point
        (:meth:`TableService.invoke`): who clicked or typed, where (``channel``: the interaction's,
        unless the command runs in a thread just opened for it; ``by_number``: nowhere, the game
        named by ``game_id`` alone, as a prompt's button is), and the interaction id as the
        idempotency key of a command that changes a game."""
        cmd = self.table.registry.find(group, name)
        where = None if by_number else channel or channel_of(interaction)
        return self.table.invoke(actor_of(interaction, self.settings), where, group, name, values,
                                 key=str(interaction.id) if cmd.mutates else None, game_id=game_id)

    def wake(self) -> None:
        """After a command: deliver what it queued, and look at the deadlines again."""
        if self.delivery is not None:
            self.delivery.wake()
        if self.timers is not None:
            self.timers.wake()

    async def admitted(self, interaction: discord.Interaction) -> bool:
        """Whether the interaction is within its person's and game's fair share (bot/discord/fairness.py);
        if not, it is answered at once with when to try again (no suggestions for an autocomplete) and
        nothing else runs. An interaction is counted once, however many handlers ask."""
        if interaction.extras.get("admitted"):
            return True
        data: Any = interaction.data or {}
        custom_id = data.get("custom_id") if isinstance(data, dict) else None
        wait = self.fairness.admit(str(interaction.user.id), game_key(str(custom_id) if custom_id else None,
                                                                      interaction.channel_id), cost_of(data))
        if wait <= 0:
            interaction.extras["admitted"] = True
            self.last_interaction = asyncio.get_running_loop().time()
            return True
        log.debug("slowed down user %s for %.1f s", interaction.user.id, wait)
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                # Answered when the share allows another (within Discord's 3 seconds): a flood with many
                # requests in flight then sends a few a second, not as many as the bot can refuse.
                held = min(max(wait, 1.0), self.hold_refusals)
                await asyncio.sleep(held)
                await errors.reply(interaction, slow_down(max(0.0, wait - held)))
        except discord.HTTPException as err:
            log.info("could not answer a slowed-down interaction %s: %s", interaction.id, err)
        return False

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Nothing: an interaction counts for :meth:`quiet` once admitted (a refused flood holds nothing back)."""

    async def quiet(self, gap: float = 0.03, longest: float = 0.1) -> None:
        """Wait until no interaction arrived for ``gap`` seconds (at most ``longest``).

        Delivery calls this before each message: answering people within Discord's 3 seconds
        comes first, a DM may wait a few milliseconds. Never more than ``longest``: interactions that
        keep arriving (a flood) must not starve delivery, since the next prompt a player waits for
        is a message too (at most 1 s a message, as it was, let one busy person hold every game's
        prompts back: 10 actions a minute for everyone else instead of 322).
        """
        loop = asyncio.get_running_loop()
        end = loop.time() + longest
        while loop.time() < end:
            idle = loop.time() - self.last_interaction
            if idle >= gap:
                return
            await asyncio.sleep(gap - idle)

    async def on_ready(self) -> None:
        shards = f" on shard(s) {sorted(self.shards)} of {self.shard_count}" if isinstance(
            self, commands.AutoShardedBot) else ""
        log.info("connected as %s (%s) to %d guild(s)%s", self.user, getattr(self.user, "id", "?"), len(self.guilds),
                 shards)
        await self.adopt_guilds()

    async def adopt_guilds(self) -> None:
        """Record the server of games made before games had one (migration 5), from their thread.
        A thread we cannot see any more leaves its game as it is (see the migration's docstring)."""
        for game_id, channel in self.table.games_without_guild():
            if not channel.isdigit():
                continue
            found = self.get_channel(int(channel))
            if found is None:
                try:
                    found = await self.fetch_channel(int(channel))
                except discord.HTTPException as err:
                    log.info("game %s: its channel %s is out of reach (%s); its server stays unknown",
                             game_id, channel, err.status)
                    continue
            guild = getattr(found, "guild", None)
            if guild is not None:
                self.table.adopt_guild(game_id, str(guild.id))

    async def close(self) -> None:
        """Stop the background tasks first, then close the connection."""
        for task in (self.timers, self.delivery):
            if task is not None:
                await task.stop()
        self.painter.stop()
        await super().close()


class ShardedSeneschal(Seneschal, commands.AutoShardedBot):
    """The bot over several gateway shards (``discord.shard_count``): discord.py's AutoShardedBot
    connects ``shard_ids`` (all when empty) in this process; other processes, on the same database,
    connect the others (docs/scaling.md)."""


def make_bot(settings: DiscordSettings, table: TableService, **options: Any) -> Seneschal:
    """The bot for ``settings``: sharded when ``shard_count`` is set."""
    if settings.sharded:
        return ShardedSeneschal(settings, table, **settings.shard_options(), **options)
    return Seneschal(settings, table, **options)


def use_test_endpoints(settings: DiscordSettings) -> None:
    """Point the client at a fake Discord. Only when a test set ``test_api_base`` explicitly."""
    if not settings.api_base:
        return
    log.warning("using the test Discord endpoints at %s (tests only)", settings.api_base)
    discord.http.Route.BASE = settings.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def run_bot(settings: DiscordSettings, table: TableService) -> None:
    """Run until closed; SIGTERM and SIGINT close the bot gracefully."""
    use_test_endpoints(settings)
    # The event loop gives the GIL up at every socket write and SQLite call; with a worker thread busy
    # (the drawing pool's feeder, a deadline run) it waits up to the switch interval to get it back.
    # 1 ms instead of 5 keeps those waits out of the interactions' first responses.
    sys.setswitchinterval(SWITCH_INTERVAL)
    bot = make_bot(settings, table)
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def stop() -> None:
        if not stopping.is_set():
            log.info("shutting down")
            stopping.set()
            loop.create_task(bot.close())

    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop)
        except (NotImplementedError, RuntimeError):
            pass
    async with bot:
        await bot.start(settings.token)

"""Who is acting, where, and with what authority: the Discord facts the table needs.

The table decides everything else (seats, turns, legality); the adapter only says who typed
(:class:`~bot.table.Actor`, with ``admin`` = Manage Server or the configured GM role, and the
server it came from) and in which channel (the thread id of a game, or None in a DM).
"""

from __future__ import annotations

import discord

from bot.discord.settings import DiscordSettings
from bot.table import Actor


def is_gm(interaction: discord.Interaction, settings: DiscordSettings) -> bool:
    """Manage Server, Administrator, or the configured GM role (by id or by name). Never in DMs."""
    user = interaction.user
    if interaction.guild_id is None or not isinstance(user, discord.Member):
        return False
    perms = interaction.permissions
    if perms.manage_guild or perms.administrator:
        return True
    wanted = settings.gm_role.strip()
    if not wanted:
        return False
    for role_id in user._roles:  # ids only: works without the members intent or a role cache
        if str(role_id) == wanted:
            return True
    guild = interaction.guild
    if guild is not None and not wanted.isdigit():
        for role in guild.roles:
            if role.name == wanted and user._roles.has(role.id):
                return True
    return False


def actor_of(interaction: discord.Interaction, settings: DiscordSettings) -> Actor:
    """The person and the server the interaction came from (None in a DM): the table resolves games
    only within that server, and honours the GM permission only for that server's games."""
    user = interaction.user
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    return Actor(str(user.id), user.name, is_gm(interaction, settings), guild)


def channel_of(interaction: discord.Interaction) -> str | None:
    """The table's channel key: the channel or thread id, or None in a DM."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return None
    return str(interaction.channel_id)


def of_this_game(interaction: discord.Interaction, thread: str | None) -> bool:
    """Whether the clicked message can belong to the life of the game whose thread is ``thread``.

    Every game gets a new thread just before its row is written, and every message of its life (the
    lobby, prompts, DMs, undo confirmations) comes after; Discord's ids grow with time. So a message
    older than the game's thread belongs to an earlier game that had the same number (a database
    restored, or gone back in time, gives a lost game's number again): its buttons must not act here."""
    message = interaction.message
    if message is None or not thread or not thread.isdigit():
        return True
    return message.id >= int(thread)


def mention(user_id: str | None) -> str:
    return f"<@{user_id}>" if user_id and user_id.isdigit() else (user_id or "?")

"""The error tier every interaction ends in (RoboDanny's three tiers, adapted to slash commands).

1. A command or component refuses with :class:`Refusal` (or the table raises a ``RuleError``):
   the person gets the reason, ephemerally; a log line at INFO with the refusal's code only (its
   text, which may list the person's hand as the legal choices, only at DEBUG).
2. Anything else is unexpected: the person gets a short apology with an incident id,
   ephemerally; the traceback is logged at ERROR with the same id.

Replies never contain secrets beyond what the person may see (they are ephemeral and go only
to the person who acted), and never the token.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands

from bot.table.text import refusal_text
from engine.core.errors import RuleError

log = logging.getLogger("seneschal.discord")


class Refusal(Exception):
    """Something the person asked that cannot be done; the message is shown to them as is."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError) and error.__cause__:
        error = error.__cause__
    return error


def code_of(error: BaseException) -> str:
    """What the operator log says of a refusal: its stable code, never its text."""
    error = _unwrap(error)
    if isinstance(error, RuleError):
        return str(error.code)
    return "refusal" if isinstance(error, Refusal) else type(error).__name__


def describe(error: BaseException) -> str | None:
    """The text to show for an expected failure, or None for an unexpected one."""
    error = _unwrap(error)
    if isinstance(error, Refusal):
        return error.message
    if isinstance(error, RuleError):
        return refusal_text(error)
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You may not use this command here."
    if isinstance(error, app_commands.CommandNotFound):
        return "This command is not known (the bot may have been upgraded); try again in a minute."
    if isinstance(error, app_commands.CommandSignatureMismatch):
        return "This command changed since Discord last heard of it; try again in a minute."
    return None


async def reply(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral reply whether or not the interaction was answered already."""
    text = text[:1990]
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException as err:
        log.warning("could not send an error reply to interaction %s: %s", interaction.id, err)


async def handle(interaction: discord.Interaction, error: BaseException, where: str = "") -> None:
    """Answer ``interaction`` after ``error`` and log it."""
    text = describe(error)
    user = getattr(interaction.user, "id", "?")
    if text is not None:
        log.info("refused %s for user %s (%s)", where or interaction.id, user, code_of(error))
        log.debug("refused %s for user %s: %s", where or interaction.id, user, text)
        await reply(interaction, text)
        return
    incident = secrets.token_hex(3)
    log.error("incident %s in %s (interaction %s, user %s)", incident, where or "interaction", interaction.id, user,
              exc_info=(type(error), error, error.__traceback__))
    await reply(interaction, f"Something went wrong on our side (incident {incident}). `/game status` shows whether "
                             "your action went through; the game master can look the incident up in the bot's log.")


class Tree(app_commands.CommandTree):
    """The command tree with the global error tier, and each person's and game's fair share first."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        admitted = getattr(interaction.client, "admitted", None)
        return True if admitted is None else bool(await admitted(interaction))

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        command = interaction.command.qualified_name if interaction.command else "?"
        await handle(interaction, error, f"/{command}")

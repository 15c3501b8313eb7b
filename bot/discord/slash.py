"""Slash commands built from the table's command registry.

Each :class:`bot.table.Command` becomes an ``app_commands.Command`` in the group named after
its ``group`` (``/game``, ``/fief``, ``/okc``): parameters map by kind (text, whole number,
yes/no, a person, an attachment), fixed choices become Discord choices, and every parameter with
an autocomplete source asks :meth:`TableService.suggest`, which draws on the engine's legal
choices. The values the person typed go back to one handler with the command, unchanged: the
table converts and checks them again (autocomplete is only a suggestion).

A group holds at most 25 subcommands (a Discord limit): a game with more actions gathers them in
subcommand groups named by what they do (``Rules.command_groups``: ``/fief war move``, ``/okc
negotiation offer``), at most 25 groups of at most 25, so every action stays reachable.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.table import Command, ParamKind, Source
from bot.table.text import shorten
from engine.core import CommandGroup

log = logging.getLogger("seneschal.discord")

Handler = Callable[[discord.Interaction, Command, dict[str, Any]], Awaitable[None]]
Suggester = Callable[[discord.Interaction, Command, str, str], Awaitable[list[app_commands.Choice[Any]]]]

_TYPES: dict[ParamKind, Any] = {
    ParamKind.STR: str,
    ParamKind.INT: int,
    ParamKind.BOOL: bool,
    ParamKind.SEAT: str,
    ParamKind.LIST: str,
    ParamKind.USER: discord.User,
    ParamKind.FILE: discord.Attachment,
}


def _short(text: str, limit: int = 100) -> str:
    text = " ".join((text or "").split()) or "…"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def build_command(cmd: Command, handler: Handler, suggester: Suggester, name: str | None = None) -> app_commands.Command[Any, ..., None]:
    """One slash command for ``cmd``; ``handler`` gets the raw values by parameter name."""
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    required = [p for p in cmd.params if p.required]
    optional = [p for p in cmd.params if not p.required]
    for p in required + optional:
        annotation = _TYPES[p.kind]
        if not p.required:
            annotation = annotation | None
        params.append(inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation,
                                        default=inspect.Parameter.empty if p.required else None))

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await handler(interaction, cmd, {k: v for k, v in values.items() if v is not None})

    # discord.py reads a command's parameters from these attributes of its callback; a function's
    # type has no such attributes, hence the three narrow ignores below.
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        p.name: _short(p.doc or p.name) for p in cmd.params}
    choices = {p.name: [app_commands.Choice(name=_short(c), value=c) for c in p.choices[:25]]
               for p in cmd.params if p.choices and p.kind in (ParamKind.STR, ParamKind.SEAT) and len(p.choices) <= 25}
    if choices:
        callback.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    doc = cmd.doc + (" (GM)" if cmd.gm and "GM" not in cmd.doc else "")
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=name or cmd.name, description=_short(doc), callback=callback)
    for p in cmd.params:
        if p.name in choices or p.kind in (ParamKind.USER, ParamKind.FILE, ParamKind.BOOL):
            continue
        if p.autocomplete is not Source.NONE or p.kind is ParamKind.SEAT:
            command.autocomplete(p.name)(_suggest(cmd, p.name, suggester))
    return command


def _suggest(cmd: Command, param: str, suggester: Suggester
             ) -> Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[Any]]]]:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[Any]]:
        return await suggester(interaction, cmd, param, current)

    return complete


#: Every group answers in servers and in DMs with the bot (prompts send players there).
IN_SERVERS_AND_DMS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False)
SERVER_INSTALL = app_commands.AppInstallationType(guild=True, user=False)

#: Where each registry command lives on Discord: (group, name) -> "/fief war move".
PATHS: dict[tuple[str, str], str] = {}


def build_groups(group: str, title: str, commands: list[Command], handler: Handler,
                 suggester: Suggester, subgroups: Sequence[CommandGroup] = ()) -> list[app_commands.Group]:
    """``/group`` holding ``commands``: each in its subcommand group when the game gathers them
    (``subgroups``, described by what they do), else directly; a group that names its own top-level
    command (``fief-court``) goes under that one. Discord refuses more than 25 in either: so does
    ``add_command``; and more than 8,000 characters in one command (:func:`command_size`)."""
    tops: dict[str, app_commands.Group] = {}

    def top(name: str) -> app_commands.Group:
        if name not in tops:
            under = [g.name for g in subgroups if (g.command or group) == name]
            about = f"{title}: commands" if name == group else f"{title}: {', '.join(under)}"
            tops[name] = app_commands.Group(name=name, description=_short(about),
                                            allowed_contexts=IN_SERVERS_AND_DMS, allowed_installs=SERVER_INSTALL)
        return tops[name]

    top(group)
    inner = {g.name: app_commands.Group(name=g.name, description=_short(g.doc), parent=top(g.command or group))
             for g in subgroups}
    for cmd in commands:
        inner.get(cmd.subgroup, tops[group]).add_command(build_command(cmd, handler, suggester))
        PATHS[(group, cmd.name)] = cmd.path
    return list(tops.values())


#: Discord refuses a command whose names, descriptions and values (its options', subcommands' and
#: choices' included) come to more than this many characters.
COMMAND_CHARACTERS = 8000


def command_size(payload: dict[str, Any]) -> int:
    """What Discord counts towards :data:`COMMAND_CHARACTERS` in a synced command's payload."""
    size = len(payload.get("name") or "") + len(payload.get("description") or "")
    size += sum(len(str(c.get("name") or "")) + len(str(c.get("value") or "")) for c in payload.get("choices") or [])
    return size + sum(command_size(o) for o in payload.get("options") or [])


def path(group: str, name: str) -> str:
    """The Discord spelling of ``/group name`` (``/fief war move``), as the registry spells it."""
    return PATHS.get((group, name), f"/{group} {name}")


def named_choice(label: str, value: Any) -> app_commands.Choice[Any]:
    """An autocomplete choice shown by its name (1 to 100 characters) with its value (ints stay ints)."""
    if isinstance(value, bool):
        value = str(value).lower()
    name = shorten(str(label), 100) or str(value)[:100] or "-"
    if isinstance(value, int):
        return app_commands.Choice(name=name, value=value)
    return app_commands.Choice(name=name, value=str(value)[:100] or "none")

"""One entry point: the adapters (bot/discord, bot/local) run every command, typed or clicked, through
``TableService.invoke`` (Discord: ``Seneschal.ask_table``), never the method a command is bound to,
so that "this channel's game, else mine", names typed and refusals are decided in one place. A click
on a prompt is the hidden command ``/game choose``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bot.table import TABLE_COMMANDS, TableService
from bot.table.commands import CommandRegistry

ADAPTERS = Path(__file__).resolve().parents[2] / "bot"


def command_methods() -> set[str]:
    """The service's methods the registry's ``/game`` commands are bound to (read from
    ``TableService.table_handlers``), and ``act``, which runs a game's commands."""
    source = (ADAPTERS / "table" / "service.py").read_text(encoding="utf-8")
    tree = next(n for n in ast.walk(ast.parse(source))
                if isinstance(n, ast.FunctionDef) and n.name == "table_handlers")
    named = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
             and isinstance(n.value, ast.Name) and n.value.id == "self"}
    return {name for name in named if callable(getattr(TableService, name, None))} | {"act"}


def test_every_command_method_is_known() -> None:
    methods = command_methods()
    assert {"new_game", "import_game", "rules_help", "guide", "choose", "join", "undo"} <= methods
    assert len(methods) >= len(TABLE_COMMANDS)


def test_the_adapters_call_no_command_method_directly() -> None:
    call = re.compile(r"\b(?:table|service)\.(" + "|".join(sorted(command_methods())) + r")\(")
    found = [f"{p.relative_to(ADAPTERS.parent)}:{n}: {line.strip()}"
             for folder in ("discord", "local") for p in sorted((ADAPTERS / folder).rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if call.search(line)]
    assert found == []


def test_a_prompt_click_is_a_hidden_command() -> None:
    choose = next(c for c in TABLE_COMMANDS if c.name == "choose")
    assert choose.hidden and choose.mutates
    registry = CommandRegistry(dict)
    assert registry.find("game", "choose") is choose
    assert "choose" not in {c.name for c in registry.commands("game")}

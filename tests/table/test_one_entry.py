"""One entry point: the adapters (bot/discord, bot/local) run every command through
``TableService.invoke`` (Discord: ``Seneschal.ask_table``), never the method a command is bound to,
so that "this channel's game, else mine", names typed and refusals are decided in one place."""

from __future__ import annotations

import re
from pathlib import Path

#: The methods the registry's commands are bound to (TableService.table_handlers), and ``act``.
COMMAND_METHODS = ("new_game", "import_game", "rules_help", "list_games", "replace", "computer", "dismiss", "join",
                   "role", "leave", "start", "undo", "skip", "pause", "resume", "settings", "abandon", "status",
                   "board", "hand", "log", "export", "guide", "act")

ADAPTERS = Path(__file__).resolve().parents[2] / "bot"


def test_the_adapters_call_no_command_method_directly():
    call = re.compile(r"\b(?:table|service)\.(" + "|".join(COMMAND_METHODS) + r")\(")
    found = [f"{p.relative_to(ADAPTERS.parent)}:{n}: {line.strip()}"
             for folder in ("discord", "local") for p in sorted((ADAPTERS / folder).rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if call.search(line)]
    assert found == []

"""The table service: games at a table, with no Discord in sight.

Every entry point is synchronous and fast (SQLite, the engine), and thread-safe: each game has
its own lock, so the asyncio Discord adapter may call in directly or via ``asyncio.to_thread``.
Every call takes the :class:`~bot.table.results.Actor` (who is typing) and the channel it came
from (``None`` for a DM), and returns a typed :class:`~bot.table.results.Outcome` or raises a
:class:`~engine.core.RuleError` (the rules' refusals, :class:`~bot.table.errors.TableError`
for the table's own) after changing nothing.

The way of an action (:meth:`TableService.act`): take the game's lock -> load the game (cached,
checked against the stored sequence number) -> ``engine.core.apply`` on a copy -> append the
action row, its events, a snapshot when the phase changed or every N actions, the outbox rows
and the deadline changes, in one transaction -> swap in the new state -> return
:class:`~bot.table.results.Applied`.

The facade: each concern is a module of its own (docs/table.md, "The house")."""

from __future__ import annotations

from typing import Any

# Re-exported: the names callers have always imported from here.
from bot.table.basics import DEFAULT_SETTINGS, is_irreversible, parse_options, private_part
from bot.table.errors import TableError
from bot.table.lobby import Lobby
from bot.table.looking import Looking
from bot.table.manager import GameManager
from bot.table.prompts import Prompts
from bot.table.results import (
    Actor,
    Outcome,
)
from bot.table.saves import Saves, SaveSupport
from bot.table.steps import skippable
from bot.table.timers import Timers
from engine.core import Refusal

__all__ = ["DEFAULT_SETTINGS", "SaveSupport", "TableService", "is_irreversible", "parse_options", "private_part",
           "skippable"]


class TableService(Lobby, Prompts, Timers, GameManager, Saves, Looking):
    """All games of one bot. See docs/table.md for the API in one page (and "The house" for how
    the parts below compose)."""

    def invoke(self, actor: Actor, channel: str | None, group: str, name: str, values: dict[str, Any] | None = None,
               *, key: str | None = None, game_id: int | None = None) -> Outcome:
        """Run ``/group name`` with raw or typed ``values`` (strings are converted and checked)."""
        values = dict(values or {})
        if "game" in values and game_id is None:
            raw = values.pop("game")
            if raw not in (None, ""):
                try:
                    game_id = int(raw)
                except (TypeError, ValueError):
                    raise TableError(f"game takes a game number, not {raw!r}", code=Refusal.BAD_TYPE) from None
        cmd = self.registry.find(group, name)
        if cmd.is_action:
            values = self.named_values(actor, channel, group, name, values, game_id=game_id)
            action = cmd.build_action(values)
            return self.act(actor, channel, group, action, game_id=game_id, key=key)
        args = cmd.convert(values)
        scoped: dict[str, Any] = {"game_id": game_id} if cmd.scoped else {}
        if name == "new":
            return self.new_game(actor, channel, args["name"], players=args.get("players"),
                                 options=args.get("options"), play=args.get("play", True), key=key)
        if name == "import":
            return self.import_game(actor, channel, _read_file(args["file"]), key=key)
        if name == "rules":
            return self.rules_help(actor, channel, name=args.get("name"), topic=args.get("topic"))
        if name == "list":
            return self.list_games(actor, channel)
        if name == "replace":
            return self.replace(actor, channel, args["seat"], args["user"], args["user"], key=key, **scoped)
        handler = getattr(self, name)
        if cmd.mutates:
            scoped["key"] = key
        out: Outcome = handler(actor, channel, **args, **scoped)
        return out


def _read_file(value: Any) -> str:
    if isinstance(value, bytes | bytearray):
        return bytes(value).decode("utf-8")
    from pathlib import Path

    path = Path(str(value)).expanduser()
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        raise TableError(f"cannot read {path}: {err.strerror}", code=Refusal.BAD_FILE) from None

"""The table service: games at a table, with no Discord in sight.

Every entry point is synchronous and fast (SQLite, the engine), and thread-safe: each game has
its own lock, so the asyncio Discord adapter may call in directly or via ``asyncio.to_thread``.
Every call takes the :class:`~bot.table.results.Actor` (who is typing) and the channel it came
from (``None`` for a DM), and returns a typed :class:`~bot.table.results.Outcome` or raises a
:class:`~engine.core.RuleError` (the rules' refusals, :class:`~bot.table.errors.TableError`
for the table's own) after changing nothing.

The way of a command (:meth:`TableService.invoke`, the one entry point of both adapters): find the
game ("this channel's, else mine": ``TableCore.resolve``) -> take its lock and read it once into a
session (row, rules, seats, state: ``TableCore.session``) -> names typed turned into values ->
``engine.core.apply`` on a copy -> append the action row, its events, a snapshot when the phase
changed or every N actions, the outbox rows and the deadline changes, in one transaction -> swap
in the new state -> return :class:`~bot.table.results.Applied`.

The facade: the core (``TableCore``) and one method per command handing it to the part that runs
it, each part a module of its own made with what it needs (docs/table.md, "The house")."""

from __future__ import annotations

import functools
import inspect
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Re-exported: the names callers have always imported from here.
from bot.table import limits
from bot.table.actions import Actions
from bot.table.basics import DEFAULT_SETTINGS, ROW_NAMES, is_irreversible, parse_options, private_part
from bot.table.commands import Call, Command, Handler
from bot.table.computers import ComputerPlayers
from bot.table.core import TableCore
from bot.table.errors import CorruptGame, TableError, TableRefusal
from bot.table.lobby import Lobby
from bot.table.manager import Manager
from bot.table.prompts import Prompts
from bot.table.reads import Reads
from bot.table.results import (
    Actor,
    AlreadyDone,
    Applied,
    Asked,
    Board,
    ComputerSeated,
    Created,
    Exported,
    GameList,
    Guide,
    Hand,
    Imported,
    Joined,
    Left,
    LogPage,
    Outcome,
    RoleChosen,
    RulesHelp,
    Settings,
    Started,
    Status,
    TableChanged,
    Undone,
)
from bot.table.saveformat import SaveSupport
from bot.table.saves import Saves
from bot.table.session import GameSession
from bot.table.steps import skippable
from bot.table.store import DamagedRow, Store
from bot.table.timers import Timers
from engine.core import Action, OptionHelp, Refusal

__all__ = ["DEFAULT_SETTINGS", "SaveSupport", "TableService", "is_irreversible", "parse_options", "private_part",
           "skippable"]


class TableService(TableCore):
    """All games of one bot. See docs/table.md for the API in one page (and "The house" for how
    the parts below compose)."""

    #: Whether ``/game board`` draws its image in the call (the local table); the Discord adapter
    #: draws it in its own painter, off the event loop, and sets this False.
    draws_boards: bool = True

    def __init__(self, store: Store, **options: Any) -> None:
        """The core (``TableCore``: ``options`` are its own), then the parts, each made with what it
        needs (docs/table.md, "The house"); the core knows none of them."""
        super().__init__(store, **options)
        self.reads = Reads(self)
        self.actions = Actions(self, self.deadlines)
        self.timers = Timers(self, self.actions, self.deadlines)
        self.lobby = Lobby(self, self.deadlines)
        self.computers = ComputerPlayers(self, self.lobby, self.actions, self.deadlines)
        self.manager = Manager(self, self.actions, self.deadlines)
        self.saves = Saves(self, self.deadlines)
        self.prompts = Prompts(self, self.actions)

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
                    raise TableError(f"`game:` takes a game's number, not {raw!r}", code=Refusal.BAD_TYPE) from None
        cmd = self.registry.find(group, name)
        if cmd.is_action:
            row = self.resolve(actor, channel, game_id)   # this channel's game, else mine: decided once
            with self.game_lock(row.id):
                session = self.session(row.id)   # row, rules, seats and state: read once for the call
                action = cmd.build_action(self.named_values(actor, session, cmd, values))
                return self.actions.act_in(actor, session, group, action, key=key)
        handler = self.registry.handler(cmd)
        return handler(Call(actor, channel, cmd.convert(values), game_id, key))

    # -- the lobby: the part bot/table/lobby.py ----------------------------------------------
    def new_game(self, actor: Actor, channel: str | None, name: str, *, players: int | None = None,
                 options: str | dict[str, Any] | None = None, play: bool = True, seed: int | None = None,
                 key: str | None = None) -> Created | AlreadyDone:
        return self.lobby.new_game(actor, channel, name, players=players, options=options, play=play,
                                   seed=seed, key=key)

    def option_help(self, name: str, players: int | None = None) -> list[OptionHelp]:
        return self.lobby.option_help(name, players)

    def suggest_options(self, name: str, typed: str, players: int | None = None) -> list[str]:
        return self.lobby.suggest_options(name, typed, players)

    def join(self, actor: Actor, channel: str | None, *, seat: str | None = None, role: str | None = None,
             game_id: int | None = None, key: str | None = None) -> Joined | AlreadyDone:
        return self.lobby.join(actor, channel, seat=seat, role=role, game_id=game_id, key=key)

    def role(self, actor: Actor, channel: str | None, *, role: str, game_id: int | None = None,
             key: str | None = None) -> RoleChosen | AlreadyDone:
        return self.lobby.role(actor, channel, role=role, game_id=game_id, key=key)

    def leave(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
              key: str | None = None) -> Left | AlreadyDone:
        return self.lobby.leave(actor, channel, game_id=game_id, key=key)

    def start(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
              key: str | None = None) -> Started | AlreadyDone:
        return self.lobby.start(actor, channel, game_id=game_id, key=key)

    # -- the computers: the part bot/table/computers.py ----------------------------------------------
    def computer(self, actor: Actor, channel: str | None, *, strength: str | None = None,
                 name: str | None = None, role: str | None = None, game_id: int | None = None,
                 key: str | None = None) -> ComputerSeated | AlreadyDone:
        return self.computers.computer(actor, channel, strength=strength, name=name, role=role,
                                       game_id=game_id, key=key)

    def dismiss(self, actor: Actor, channel: str | None, *, seat: str, game_id: int | None = None,
                key: str | None = None) -> ComputerSeated | AlreadyDone:
        return self.computers.dismiss(actor, channel, seat=seat, game_id=game_id, key=key)

    def computer_turns(self, now: float | None = None) -> list[int]:
        return self.computers.computer_turns(now)

    def game_of_turn(self, turn_id: int) -> int | None:
        return self.computers.game_of_turn(turn_id)

    def run_computers(self, now: float | None = None, limit: int = 10_000) -> list[Outcome]:
        return self.computers.run_computers(now, limit)

    def play_computer(self, turn_id: int) -> list[Outcome]:
        return self.computers.play_computer(turn_id)

    # -- the manager: the part bot/table/manager.py ----------------------------------------------
    def pause(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
              key: str | None = None) -> TableChanged | AlreadyDone:
        return self.manager.pause(actor, channel, game_id=game_id, key=key)

    def resume(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
               key: str | None = None) -> TableChanged | AlreadyDone:
        return self.manager.resume(actor, channel, game_id=game_id, key=key)

    def replace(self, actor: Actor, channel: str | None, seat: str, user_id: str | None = None,
                name: str | None = None, *, computer: str | None = None, game_id: int | None = None,
                key: str | None = None) -> TableChanged | AlreadyDone:
        return self.manager.replace(actor, channel, seat, user_id, name, computer=computer,
                                    game_id=game_id, key=key)

    def abandon(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
                key: str | None = None) -> TableChanged | AlreadyDone:
        return self.manager.abandon(actor, channel, game_id=game_id, key=key)

    def settings(self, actor: Actor, channel: str | None, *, setting: str | None = None, value: str | None = None,
                 game_id: int | None = None, key: str | None = None) -> Settings | AlreadyDone:
        return self.manager.settings(actor, channel, setting=setting, value=value, game_id=game_id, key=key)

    # -- the saves: the part bot/table/saves.py ----------------------------------------------
    def export(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Exported:
        return self.saves.export(actor, channel, game_id=game_id)

    def import_game(self, actor: Actor, channel: str | None, text: str | bytes, *,
                    key: str | None = None) -> Imported | AlreadyDone:
        return self.saves.import_game(actor, channel, text, key=key)

    # -- the prompts: the part bot/table/prompts.py ----------------------------------------------
    def prompt(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> dict[str, Any]:
        return self.prompts.prompt(actor, channel, game_id=game_id)

    def choose(self, actor: Actor, channel: str | None, *, version: int, path: list[list[int]] | tuple[Any, ...],
               game_id: int | None = None, key: str | None = None, confirmed: bool = False,
               text: str | None = None) -> Applied | Asked:
        """``/game choose``: a click on a prompt (hidden from people, run through :meth:`invoke`)."""
        return self.prompts.choose(actor, channel, version=version, path=path, game_id=game_id, key=key,
                                   confirmed=confirmed, text=text)

    def named_values(self, actor: Actor, session: GameSession, cmd: Command, values: dict[str, Any]) -> dict[str, Any]:
        return self.prompts.named_values(actor, session, cmd, values)

    def suggest(self, actor: Actor, channel: str | None, group: str, name: str, param: str, prefix: str = "",
                *, game_id: int | None = None, limit: int = 25, given: dict[str, Any] | None = None) -> list[Any]:
        return self.prompts.suggest(actor, channel, group, name, param, prefix, game_id=game_id,
                                    limit=limit, given=given)

    def suggest_named(self, actor: Actor, channel: str | None, group: str, name: str, param: str, prefix: str = "",
                      *, game_id: int | None = None, limit: int = 25,
                      given: dict[str, Any] | None = None) -> list[tuple[str, Any]]:
        return self.prompts.suggest_named(actor, channel, group, name, param, prefix, game_id=game_id,
                                          limit=limit, given=given)

    # -- the timers: the part bot/table/timers.py ----------------------------------------------
    def next_wakeup(self, *, computers: bool = True) -> float | None:
        return self.timers.next_wakeup(computers=computers)

    # -- the timers: the part bot/table/timers.py, with the computer players' turns ------------
    def run_due(self, now: float | None = None, *, computers: bool = True) -> list[Outcome]:
        """Reminders and passed deadlines (:meth:`Timers.run_due`), then, with ``computers``, every
        computer player's turn due (the local table and tests; the Discord adapter plays those in
        its own workers: ``computers=False`` and :meth:`computer_turns`)."""
        out = self.timers.run_due(now)
        if computers:
            out += self.computers.run_computers(now)
        return out

    def catch_up(self) -> list[Outcome]:
        """Call once at start: applies the deadlines that passed while the bot was down."""
        return self.run_due()

    # -- actions: the part bot/table/actions.py --------------------------------------------
    def act(self, actor: Actor, channel: str | None, group: str | None, action: Action, *,
            game_id: int | None = None, key: str | None = None, expect_version: int | None = None) -> Applied:
        return self.actions.act(actor, channel, group, action, game_id=game_id, key=key,
                                expect_version=expect_version)

    def undo(self, actor: Actor, channel: str | None, *, count: int = 1, game_id: int | None = None,
             key: str | None = None) -> Undone | AlreadyDone:
        return self.actions.undo(actor, channel, count=count, game_id=game_id, key=key)

    def skip(self, actor: Actor, channel: str | None, *, seat: str, game_id: int | None = None,
             key: str | None = None) -> Applied:
        return self.actions.skip(actor, channel, seat=seat, game_id=game_id, key=key)

    # -- reading: the part bot/table/reads.py ----------------------------------------------
    def status(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Status:
        return self.reads.status(actor, channel, game_id=game_id)

    def board(self, actor: Actor, channel: str | None, *, private: bool = False, game_id: int | None = None,
              draw: bool = True) -> Board:
        return self.reads.board(actor, channel, private=private, game_id=game_id, draw=draw)

    def hand(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Hand:
        return self.reads.hand(actor, channel, game_id=game_id)

    def log(self, actor: Actor, channel: str | None, *, last: int = 10, game_id: int | None = None) -> LogPage:
        return self.reads.log(actor, channel, last=last, game_id=game_id)

    def list_games(self, actor: Actor, channel: str | None) -> GameList:
        return self.reads.list_games(actor, channel)

    def rules_help(self, actor: Actor, channel: str | None, *, name: str | None = None,
                   topic: str | None = None) -> RulesHelp:
        return self.reads.rules_help(actor, channel, name=name, topic=topic)

    def guide(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Guide:
        return self.reads.guide(actor, channel, game_id=game_id)

    # -- an adapter's own bookkeeping (which message is a game's status or lobby), kept beside the game

    def adapter_ref(self, game: int, name: str) -> tuple[str, str] | None:
        return self.store.ref(game, name)

    def keep_adapter_ref(self, game: int, name: str, where: str, what: str) -> None:
        self.store.put_ref(game, name, where, what)

    def table_handlers(self) -> dict[str, Handler]:
        """Each ``/game`` command bound to the method that runs it (checked by the registry)."""
        def scoped(run: Callable[..., Outcome]) -> Handler:
            return lambda c: run(c.actor, c.channel, **c.args, game_id=c.game_id)

        def changing(run: Callable[..., Outcome]) -> Handler:
            return lambda c: run(c.actor, c.channel, **c.args, game_id=c.game_id, key=c.key)

        return {
            "new": lambda c: self.new_game(c.actor, c.channel, c.args["name"], players=c.args.get("players"),
                                           options=c.args.get("options"), play=c.args.get("play", True), key=c.key),
            "import": lambda c: self.import_game(c.actor, c.channel, _read_file(c.args["file"]), key=c.key),
            "rules": lambda c: self.rules_help(c.actor, c.channel, name=c.args.get("name"), topic=c.args.get("topic")),
            "list": lambda c: self.list_games(c.actor, c.channel),
            "replace": lambda c: self.replace(c.actor, c.channel, c.args["seat"], _person(c.args).user_id or None,
                                              _person(c.args).name or None, computer=c.args.get("computer"),
                                              game_id=c.game_id, key=c.key),
            "computer": changing(self.computer), "dismiss": changing(self.dismiss),
            "join": changing(self.join), "role": changing(self.role), "leave": changing(self.leave),
            "start": changing(self.start), "undo": changing(self.undo), "skip": changing(self.skip),
            "pause": changing(self.pause), "resume": changing(self.resume), "settings": changing(self.settings),
            "abandon": changing(self.abandon),
            "status": scoped(self.status), "hand": scoped(self.hand),
            "board": lambda c: self.board(c.actor, c.channel, **c.args, game_id=c.game_id, draw=self.draws_boards),
            "log": scoped(self.log), "export": scoped(self.export), "help": scoped(self.guide),
            "choose": changing(self.choose),
        }


def _person(args: dict[str, Any]) -> Actor:
    """The person a ``user:`` value names: an :class:`Actor` from an adapter that knows their name
    (Discord's mention), else the id typed, which names them too (the local table)."""
    user = args.get("user")
    if isinstance(user, Actor):
        return user
    return Actor(str(user or ""), str(user or ""))


def _read_file(value: Any) -> bytes:
    """An import file's bytes: given (an attachment), or read from a path (the local table), at most
    one byte past the largest file import takes, so ``/dev/zero`` or a huge file costs no memory;
    the schema refuses what is too large or not UTF-8 in a sentence (bot/table/saveschema.py)."""
    if isinstance(value, bytes | bytearray):
        return bytes(value)
    path = Path(str(value)).expanduser()
    try:
        with path.open("rb") as f:
            data = f.read(limits.MAX_FILE_BYTES + 1)
    except OSError as err:
        raise TableError(f"cannot read `{path}`: {err.strerror or err}", code=TableRefusal.BAD_FILE) from None
    if len(data) > limits.MAX_FILE_BYTES:
        raise TableError(f"`{path}` is larger than {limits.MAX_FILE_BYTES // 2**20} MB, the largest file import takes",
                         code=TableRefusal.BAD_FILE)
    return data


#: How deep the current thread is in the service's public methods (a part calling the core's
#: public methods goes through them again): only the outermost call answers a damaged row.
_calls = threading.local()


def _contained(method: Callable[..., Any]) -> Callable[..., Any]:
    """The last line of defence of every entry point: a row found damaged on the way (a seat, a
    deadline read by a status...) sets its game aside and is answered as the corrupt-game refusal,
    never as an internal error. Only at the outermost call: inside, a part that meets a damaged row
    (a list of games, another game's row) handles it itself."""
    @functools.wraps(method)
    def run(self: TableService, *args: Any, **kwargs: Any) -> Any:
        depth = getattr(_calls, "depth", 0)
        _calls.depth = depth + 1
        try:
            return method(self, *args, **kwargs)
        except DamagedRow as err:
            if depth:
                raise
            self.quarantine(err)
            raise CorruptGame(err.game, int(err.row) if str(err.row).isdigit() else 0, err.reason,
                              what=ROW_NAMES.get(err.table, err.table)) from None
        finally:
            _calls.depth = depth
    return run


for _name in dir(TableService):
    _attr = inspect.getattr_static(TableService, _name)
    if not _name.startswith("_") and inspect.isfunction(_attr) and _attr.__module__.startswith("bot.table"):
        setattr(TableService, _name, _contained(_attr))

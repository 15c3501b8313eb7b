"""The command registry: one declarative definition per command, for Discord and the local table.

Two groups of commands:

- ``/game ...``: table commands (lobby, status, undo, export...), declared in ``TABLE_COMMANDS``;
- ``/<game> ...`` (``/fief``, ``/okc``, ``/tribute`` in tests): one command per ``ActionSpec`` of
  the game's ``Rules.actions``, built automatically, so a game adds commands by declaring specs.

A :class:`Command` carries its name, typed parameters (each with an autocomplete source), GM
and secrecy flags, and for game commands the spec that builds the :class:`~engine.core.Action`.
The Discord adapter turns each group into a slash-command group; the local table parses
``/group name args`` with :meth:`CommandRegistry.split`, and game commands go through
``engine.core.textform`` so the text form is the same everywhere.

Every game-scoped command also takes an optional ``game`` parameter (the game id), needed only
where the channel does not say which game is meant (in DMs, by someone seated at several games).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.table.errors import TableError, TableRefusal
from bot.table.results import Actor, Outcome
from engine import agents
from engine.core import Action, ActionSpec, CommandGroup, ParamType, Refusal, Rules, textform

TABLE_GROUP = "game"
#: Discord holds at most this many subcommands in a group, and this many groups in a command: a game
#: with more actions gathers them in groups by what they do (``Rules.command_groups``: ``/fief war move``).
GROUP_SIZE = 25
_NAME = re.compile(r"^[a-z0-9_-]{1,32}$")


class ParamKind(StrEnum):
    STR = "str"
    INT = "int"
    BOOL = "bool"
    SEAT = "seat"  # a seat name of the game
    LIST = "list"  # comma-separated values
    USER = "user"  # a person (Discord user id; a name on the local table)
    FILE = "file"  # an attachment (Discord) or a file path (local table)
    PATH = "path"  # the clicks on a prompt: a choice's index, then each step's picks (``3/1/0+2``)


class Source(StrEnum):
    """Where autocomplete values come from."""

    NONE = "none"
    SUGGEST = "suggest"  # rules.suggest(state, seat, kind, param): engine-backed legal values
    SEATS = "seats"  # the game's seat names
    GAMES = "games"  # registered game names
    MY_GAMES = "my_games"  # ids of live games the person sits at (or of the channel)
    SETTINGS = "settings"  # table setting names
    TOPICS = "topics"  # rule topic titles of a game (bot/table/help/<game>.json)
    ROLES = "roles"  # the lobby roles still free (Rules.roles: Fief colours, OKC factions), and random


@dataclass(frozen=True)
class CommandParam:
    name: str
    kind: ParamKind = ParamKind.STR
    doc: str = ""
    required: bool = True
    choices: tuple[str, ...] = ()
    autocomplete: Source = Source.NONE


@dataclass(frozen=True)
class Command:
    group: str
    name: str
    doc: str
    params: tuple[CommandParam, ...] = ()
    gm: bool = False  # needs GM authority (Manage Server / GM role; the creator on the local table)
    secret: bool = False  # answer ephemerally / take by DM only
    scoped: bool = True  # addresses one game (takes the optional ``game`` id)
    mutates: bool = False  # changes the table (idempotency key recorded)
    section: str = ""
    anytime: bool = False
    spec: ActionSpec | None = None  # game commands: the spec that builds the Action
    subgroup: str = ""  # the game's group of commands by what they do ("war": ``/fief war move``)
    top: str = ""  # the top-level command of that group when it is not the game's own ("fief-court")
    hidden: bool = False  # not typed by people (a prompt's click): no slash command, not in the docs

    @property
    def is_action(self) -> bool:
        return self.spec is not None

    @property
    def path(self) -> str:
        """The command as Discord spells it, and as every prompt, refusal and help names it
        (``/fief war move``); the local table also takes :attr:`short` (``/fief move``)."""
        return f"/{self.top or self.group} {self.subgroup} {self.name}" if self.subgroup else self.short

    @property
    def short(self) -> str:
        return f"/{self.group} {self.name}"

    def usage(self) -> str:
        parts = [self.path]
        for p in self.params:
            shown = f"{p.name}:<{'|'.join(p.choices) if p.choices else p.kind.value}>"
            parts.append(shown if p.required else f"[{shown}]")
        return " ".join(parts)

    def param(self, name: str) -> CommandParam | None:
        return next((p for p in self.params if p.name == name), None)

    def build_action(self, values: dict[str, Any]) -> Action:
        """The Action of a game command from raw or typed values (refusals are RuleErrors)."""
        if self.spec is None:
            raise TableError(f"{self.path} is a table command, not a game action", code=TableRefusal.NOT_ACTION)
        return textform.build(self.spec, values)

    def convert(self, values: dict[str, Any]) -> dict[str, Any]:
        """Typed values of a table command, checked (unknown or missing parameters are refused)."""
        known = {p.name for p in self.params}
        unknown = sorted(set(values) - known)
        if unknown:
            raise TableError(f"{self.path} has no parameter {unknown[0]!r}", code=Refusal.BAD_PARAM, legal=self.usage())
        out: dict[str, Any] = {}
        for p in self.params:
            raw = values.get(p.name)
            if raw is None or raw == "":
                if p.required:
                    raise TableError(f"{self.path} needs {p.name}", code=Refusal.MISSING_PARAM, legal=self.usage())
                continue
            out[p.name] = _convert(self, p, raw)
        return out


_GAME_ID = CommandParam("game", ParamKind.INT, "which game (only needed where the channel does not say)",
                        required=False, autocomplete=Source.MY_GAMES)


def _convert(cmd: Command, p: CommandParam, raw: Any) -> Any:
    where = f"`{cmd.path} {p.name}:`"
    if p.kind is ParamKind.INT:
        if isinstance(raw, bool):
            raise TableError(f"{where} takes a whole number", code=Refusal.BAD_TYPE, legal="a number")
        try:
            value: Any = int(raw)
        except (TypeError, ValueError):
            raise TableError(f"{where} takes a whole number, not {raw!r}", code=Refusal.BAD_TYPE, legal="a number") from None
    elif p.kind is ParamKind.BOOL:
        if isinstance(raw, bool):
            value = raw
        elif str(raw).lower() in textform.TRUE:
            value = True
        elif str(raw).lower() in textform.FALSE:
            value = False
        else:
            raise TableError(f"{where} takes yes or no, not {raw!r}", code=Refusal.BAD_TYPE, legal=["yes", "no"])
    elif p.kind is ParamKind.FILE:
        value = raw if isinstance(raw, bytes | bytearray) else str(raw)
    elif p.kind is ParamKind.PATH:
        value = parse_path(raw, where)
    elif p.kind is ParamKind.USER and isinstance(raw, Actor):
        value = raw   # a person an adapter names with their id and name (a Discord mention)
    else:
        value = str(raw)
    if p.choices and value not in p.choices:
        raise TableError(f"{where} cannot be {value!r}", code=Refusal.BAD_CHOICE, legal=list(p.choices))
    return value


def parse_path(raw: Any, where: str = "path") -> tuple[tuple[int, ...], ...]:
    """The clicks on a prompt: ``3/1/0+2`` (a button's form) or ``[[3], [1], [0, 2]]`` -> ``((3,), (1,), (0, 2))``;
    an empty step is a multi-select left empty."""
    try:
        if isinstance(raw, str):
            return tuple(tuple(int(x) for x in step.split("+") if x != "") for step in raw.split("/")) if raw else ()
        return tuple(tuple(int(x) for x in step) for step in raw)
    except (TypeError, ValueError):
        raise TableError(f"{where} takes the clicks on a prompt, not {raw!r}", code=Refusal.BAD_TYPE,
                         legal="3/1/0+2") from None


def _t(name: str, doc: str, *params: CommandParam, **flags: Any) -> Command:
    scoped = flags.pop("scoped", True)
    all_params = tuple(params) + ((_GAME_ID,) if scoped else ())
    return Command(TABLE_GROUP, name, doc, all_params, scoped=scoped, **flags)


P = CommandParam
K = ParamKind
S = Source

#: The ``/game`` commands. Their handlers are bound by the service (``TableService.table_handlers``:
#: ``new`` -> ``new_game``, ``import`` -> ``import_game``, the others by the same name).
TABLE_COMMANDS: tuple[Command, ...] = (
    _t("new", "Open a new game in this channel (you take the first seat unless play:no)",
       P("name", K.STR, "the game: fief, okc, ...", autocomplete=S.GAMES),
       P("players", K.INT, "how many seats to fill before the start", required=False),
       P("options", K.STR, "game options (and table settings such as deadline=2h) as key=value pairs, "
                           "comma-separated", required=False),
       P("play", K.BOOL, "take a seat yourself (default yes)", required=False),
       scoped=False, mutates=True),
    _t("join", "Take a seat in the lobby (and a colour or faction with role:)",
       P("seat", K.STR, "the seat name you want (default: your name)", required=False),
       P("role", K.STR, "your colour or faction (Fief family, OKC faction); default: dealt at the start",
         required=False, autocomplete=S.ROLES), mutates=True),
    _t("role", "Choose or change your colour or faction in the lobby (random: dealt at the start)",
       P("role", K.STR, "a free colour or faction, or random", autocomplete=S.ROLES), mutates=True),
    _t("leave", "Give up your seat while the game is still in its lobby", mutates=True),
    _t("computer", "Seat a computer player in the lobby, with its strength, a name and a role (GM)",
       P("strength", K.STR, "random, steady (the default) or schemer, the strongest", required=False,
         choices=agents.STRENGTHS),
       P("name", K.STR, "its name (default: one of ours, never one already at the table)", required=False),
       P("role", K.STR, "its colour or faction (default: dealt at the start)", required=False,
         autocomplete=S.ROLES), gm=True, mutates=True),
    _t("dismiss", "Take a computer player out of the lobby (GM)",
       P("seat", K.SEAT, "the computer player's seat", autocomplete=S.SEATS), gm=True, mutates=True),
    _t("start", "Start the game (its creator or a GM)", mutates=True),
    _t("status", "Where the game stands, and who it waits for"),
    _t("board", "The board: public, or private:yes for what only you know",
       P("private", K.BOOL, "your private board", required=False)),
    _t("hand", "Your private view: hand, money, secrets (shown only to you)", secret=True),
    _t("log", "The last actions and what happened", P("last", K.INT, "how many actions (default 10)", required=False)),
    _t("undo", "Take back the last actions (GM; refused across dice and revealed secrets)",
       P("count", K.INT, "how many actions (default 1)", required=False), gm=True, mutates=True),
    _t("skip", "Play the default for a seat the game waits on now, as if its deadline had passed (GM)",
       P("seat", K.SEAT, "the awaited seat", autocomplete=S.SEATS), gm=True, mutates=True),
    _t("pause", "Stop the game and its clock (GM)", gm=True, mutates=True),
    _t("resume", "Restart the game and its clock (GM)", gm=True, mutates=True),
    _t("replace", "Give a seat to another person or a computer player, or take it back (GM, or the seat's owner)",
       P("seat", K.SEAT, "the seat", autocomplete=S.SEATS),
       P("user", K.USER, "the person who takes it over (the owner: yourself, to take it back)", required=False),
       P("computer", K.STR, "or a computer player of this strength takes it over", required=False,
         choices=agents.STRENGTHS),
       mutates=True),
    _t("export", "The whole game as one JSON file (GM)", gm=True),
    _t("import", "Open a game from an exported JSON file in this channel (GM)",
       P("file", K.FILE, "the exported file"), gm=True, scoped=False, mutates=True),
    _t("settings", "Show the table settings, or change one (GM)",
       P("setting", K.STR, "which setting", required=False, autocomplete=S.SETTINGS),
       P("value", K.STR, "its new value", required=False), mutates=True),
    _t("abandon", "End the game without a result (GM; the creator may drop a lobby)", gm=True, mutates=True),
    _t("rules", "Rule topics in short (with their sections) and the commands of a game",
       P("name", K.STR, "the game (default: this channel's)", required=False, autocomplete=S.GAMES),
       P("topic", K.STR, "a topic, word or rule section, e.g. siege, 5.4 or p.30 (default: list them)",
         required=False, autocomplete=S.TOPICS),
       scoped=False),
    _t("list", "The games of this channel, or yours", scoped=False),
    _t("help", "What to do now, and the five commands that matter here"),
    _t("choose", "Answer your prompt by its choices: a click on a prompt (the local table's choose)",
       P("version", K.INT, "the prompt's menu (a click on a prompt whose choices changed is refused)"),
       P("path", K.PATH, "the choice's index, then each step's picks"),
       P("confirmed", K.BOOL, "the answer to a harmful choice's confirmation", required=False),
       P("text", K.STR, "the words a step asks for", required=False), hidden=True, mutates=True),
)


def _param_kind(t: ParamType) -> ParamKind:
    return {ParamType.STR: K.STR, ParamType.INT: K.INT, ParamType.BOOL: K.BOOL, ParamType.SEAT: K.SEAT,
            ParamType.LIST: K.LIST}[t]


def command_groups(rules: Rules) -> dict[str, str]:
    """Each action kind of ``rules`` -> its group (``Rules.command_groups``), checked: every kind in
    exactly one group, at most 25 groups and 25 commands in each, names Discord accepts, and no group
    named like a command. A game without groups has at most 25 commands."""
    groups = rules.command_groups
    where = f"{rules.name}: command groups"
    if not groups:
        if len(rules.actions) > GROUP_SIZE:
            raise ValueError(f"{where}: {len(rules.actions)} commands need groups (Rules.command_groups); "
                             f"Discord holds {GROUP_SIZE} in one")
        return {}
    out: dict[str, str] = {}
    names = set()
    per_top: dict[str, int] = {}
    for g in groups:
        if not _NAME.match(g.name) or g.name in names or g.name in rules.actions:
            raise ValueError(f"{where}: {g.name!r} is not a free lower-case name")
        if g.command and (not _NAME.match(g.command) or not g.command.startswith(f"{rules.name}-")):
            raise ValueError(f"{where}: {g.name} sits under {g.command!r}, which is not {rules.name}-<word>")
        per_top[g.command] = per_top.get(g.command, 0) + 1
        if per_top[g.command] > GROUP_SIZE:
            raise ValueError(f"{where}: more than {GROUP_SIZE} groups under /{g.command or rules.name}")
        names.add(g.name)
        if not g.kinds or len(g.kinds) > GROUP_SIZE:
            raise ValueError(f"{where}: {g.name} holds {len(g.kinds)} commands (1 to {GROUP_SIZE})")
        for kind in g.kinds:
            if kind not in rules.actions:
                raise ValueError(f"{where}: {g.name} names {kind!r}, which is no action of the game")
            if kind in out:
                raise ValueError(f"{where}: {kind} is in both {out[kind]} and {g.name}")
            out[kind] = g.name
    missing = [k for k in rules.actions if k not in out]
    if missing:
        raise ValueError(f"{where}: {', '.join(missing)} in no group")
    return out


def spelled(rules: Rules, kind: str) -> str:
    """How Discord spells the command of ``kind`` (``/fief war move``), without a registry at hand."""
    group = next((g for g in rules.command_groups if kind in g.kinds), None)
    return f"/{group.command or rules.name} {group.name} {kind}" if group else f"/{rules.name} {kind}"


def game_commands(rules: Rules) -> tuple[Command, ...]:
    """One command per action spec of ``rules``, in the group named after the game and, when the
    game gathers its commands (``Rules.command_groups``), in its group's order."""
    grouped = command_groups(rules)
    tops = {g.name: g.command for g in rules.command_groups}
    kinds = [k for g in rules.command_groups for k in g.kinds] if grouped else list(rules.actions)
    out = []
    for kind in kinds:
        spec = rules.actions[kind]
        if spec.param("game") is not None:
            raise ValueError(f"{rules.name}.{spec.kind}: a parameter may not be called 'game' (the table uses it)")
        params = tuple(
            CommandParam(p.name, _param_kind(p.type), p.doc, p.required, tuple(p.choices),
                         Source.NONE if p.choices else Source.SUGGEST)
            for p in spec.params
        )
        out.append(Command(rules.name, spec.kind, spec.doc, params + (_GAME_ID,), secret=spec.secret,
                           mutates=True, section=spec.section, anytime=spec.anytime, spec=spec,
                           subgroup=grouped.get(kind, ""), top=tops.get(grouped.get(kind, ""), "")))
    return tuple(out)


@dataclass(frozen=True)
class Invocation:
    """A parsed command line: ``/group name`` and its raw values (``game`` id taken out)."""

    group: str
    name: str
    values: dict[str, Any]
    game_id: int | None = None
    text: str = ""


@dataclass(frozen=True)
class Call:
    """One ``/game`` command as its handler gets it: who typed it, where, its checked values, the
    game it names (if any) and its idempotency key."""

    actor: Actor
    channel: str | None
    args: dict[str, Any]
    game_id: int | None = None
    key: str | None = None


#: What runs a ``/game`` command.
Handler = Callable[[Call], Outcome]


class CommandRegistry:
    """All commands: ``/game`` plus one group per game the service knows.

    ``handlers`` binds each ``/game`` command to what runs it (the service passes its own; a
    registry that only lists commands, as for the docs, needs none). Every table command must have
    one, checked here, so a command added without a handler fails at start, not when typed."""

    def __init__(self, games: Callable[[], dict[str, Rules]], handlers: Mapping[str, Handler] | None = None):
        self._games = games
        self._cache: dict[str, tuple[int, tuple[Command, ...]]] = {}
        self._handlers = dict(handlers or {})
        if handlers is not None:
            missing = sorted({c.name for c in TABLE_COMMANDS} - set(self._handlers))
            if missing:
                raise ValueError(f"table commands without a handler: {', '.join(missing)}")

    def handler(self, cmd: Command) -> Handler:
        """What runs ``cmd`` (a ``/game`` command; game commands are actions, run by ``act``)."""
        found = self._handlers.get(cmd.name) if cmd.group == TABLE_GROUP else None
        if found is None:
            raise TableError(f"{cmd.path} cannot be run here", code=TableRefusal.UNKNOWN_COMMAND,
                             legal=sorted(self._handlers))
        return found

    def groups(self) -> list[str]:
        return [TABLE_GROUP, *sorted(self._games())]

    def commands(self, group: str | None = None) -> list[Command]:
        """The commands people type, of one group or all (a hidden one is found by :meth:`find`)."""
        if group is None:
            return [c for g in self.groups() for c in self.commands(g)]
        if group == TABLE_GROUP:
            return [c for c in TABLE_COMMANDS if not c.hidden]
        rules = self._games().get(group)
        if rules is None:
            raise TableError(f"no command group `/{group}`", code=TableRefusal.UNKNOWN_GROUP, legal=[f"/{g}" for g in self.groups()])
        cached = self._cache.get(group)
        if cached is None or cached[0] != id(rules):
            cached = (id(rules), game_commands(rules))
            self._cache[group] = cached
        return list(cached[1])

    def find(self, group: str, name: str) -> Command:
        """``/group name``, hidden commands included (:attr:`Command.hidden`: the adapters' own)."""
        for cmd in TABLE_COMMANDS if group == TABLE_GROUP else self.commands(group):
            if cmd.name == name:
                return cmd
        raise TableError(f"`/{group}` has no command {name!r}", code=TableRefusal.UNKNOWN_COMMAND,
                         legal=[c.name for c in self.commands(group)])

    def subgroups(self, group: str) -> tuple[CommandGroup, ...]:
        """The groups of a game's commands by what they do (none for ``/game`` and flat games)."""
        if group == TABLE_GROUP:
            return ()
        rules = self._games().get(group)
        return rules.command_groups if rules is not None else ()

    @staticmethod
    def group_path(group: str, sub: CommandGroup) -> str:
        """How Discord spells a group of a game's commands (``/fief war``, ``/fief-court crown``)."""
        return f"/{sub.command or group} {sub.name}"

    def tops(self, group: str) -> list[str]:
        """The top-level commands a game's commands sit under on Discord (``fief``, ``fief-court``)."""
        return list(dict.fromkeys([group, *(g.command for g in self.subgroups(group) if g.command)]))

    def top_of(self, head: str) -> tuple[str, str] | None:
        """(game, top-level command) for a top-level command a game's groups sit under (``fief-court``)."""
        for game in self._games():
            if head in self.tops(game)[1:]:
                return game, head
        return None

    def path(self, group: str, name: str) -> str:
        """How Discord spells ``/group name`` (``/fief war move``); an unknown name as given."""
        return next((c.path for c in self.commands(group) if c.name == name), f"/{group} {name}")

    def respell(self, group: str, text: str) -> str:
        """``text`` with every ``/group kind`` it names spelled as Discord does (``/fief war move``)."""
        if group == TABLE_GROUP or not self.subgroups(group):
            return text
        paths = {c.name: c.path for c in self.commands(group)}
        return re.sub(rf"/{re.escape(group)} ([a-z_]+)\b",
                      lambda m: paths.get(m.group(1), m.group(0)), text)

    def split(self, line: str, default_group: str | None = None) -> Invocation:
        """Parse ``/group name args...`` (``name:value`` pairs or bare values in parameter order).

        ``default_group`` is used when the line starts with a command name instead of ``/group``.
        Game commands are parsed by ``engine.core.textform`` against the game's specs.
        """
        try:
            words = shlex.split(line)
        except ValueError as err:
            raise TableError(f"cannot read {line!r}: {err}", code=Refusal.SYNTAX) from None
        if not words:
            raise TableError("empty command", code=Refusal.SYNTAX, legal=[f"/{g}" for g in self.groups()])
        head = words[0]
        top = ""
        if head.startswith("/"):
            group, words = head[1:], words[1:]
            under = self.top_of(group) if group not in self.groups() else None
            if under is not None:   # /fief-court crown nominate: the game's commands, under their own top
                group, top = under
            if not words:
                raise TableError(f"`/{top or group}` needs a command", code=Refusal.SYNTAX,
                                 legal=[f"/{g.command or group} {g.name}" for g in self.subgroups(group)
                                        if not top or g.command == top]
                                 or [c.path for c in self.commands(group)])
        elif default_group:
            group = default_group
        else:
            raise TableError(f"a command starts with /group, not {head!r}", code=Refusal.SYNTAX,
                             legal=[f"/{g}" for g in self.groups()])
        subgroup = next((g for g in self.subgroups(group) if g.name == words[0]), None)
        if top and (subgroup is None or subgroup.command != top):
            raise TableError(f"/{top} has no group {words[0]!r}", code=Refusal.SYNTAX,
                             legal=[f"/{top} {g.name}" for g in self.subgroups(group) if g.command == top])
        if subgroup is not None:
            # ``/fief war move ...`` as on Discord (``/fief move ...`` is taken too).
            where = f"/{subgroup.command or group} {subgroup.name}"
            if len(words) < 2 or words[1] not in subgroup.kinds:
                raise TableError(f"`{where}` needs one of its commands", code=Refusal.SYNTAX,
                                 legal=[f"{where} {k}" for k in subgroup.kinds])
            words = words[1:]
        cmd = self.find(group, words[0])
        rest = words[1:]
        game_id = None
        kept = []
        for word in rest:
            name, sep, value = word.partition(":")
            if sep and name == "game":
                try:
                    game_id = int(value)
                except ValueError:
                    raise TableError(f"game takes a game number, not {value!r}", code=Refusal.BAD_TYPE) from None
            else:
                kept.append(word)
        if cmd.spec is not None:
            # The engine's text form: validates and converts against the spec.
            action = textform.parse(shlex.join([cmd.name, *kept]), {cmd.name: cmd.spec})
            return Invocation(group, cmd.name, dict(action.params), game_id, line)
        values: dict[str, Any] = {}
        names = [p.name for p in cmd.params if p.name != "game"]
        for word in kept:
            name, sep, value = word.partition(":")
            if sep and name in names:
                values[name] = value
                continue
            if sep and name.isidentifier() and name not in names:
                raise TableError(f"{cmd.path} has no parameter {name!r}", code=Refusal.BAD_PARAM, legal=cmd.usage())
            free = [n for n in names if n not in values]
            if not free:
                raise TableError(f"{cmd.path}: too many values ({word!r})", code=Refusal.SYNTAX, legal=cmd.usage())
            values[free[0]] = word
        return Invocation(group, cmd.name, values, game_id, line)



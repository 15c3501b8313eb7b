"""The export file's schema: every field's type, bounds and length, checked before import writes a thing.

:func:`parse` turns the file's text into a :class:`SaveFile` (plain, checked values) or raises a
``bad_file`` refusal naming the field's path (``seats[2].user_id``) and what it may be. The rules
of the game still have the last word: import replays the log through them (bot/table/saveformat.py).
docs/save-format.md lists the schema in one table.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.table import limits
from bot.table.errors import TableError, TableRefusal
from bot.table.results import GameStatus
from engine import agents
from engine.core import RuleError, Rules

FORMAT = "seneschal-game"
VERSION = 1

#: Who may have played a logged action: its seat's player, a passed deadline, a GM's skip.
#: skip: a pass the table made for a seat with no choice; computer: a computer player's choice
SOURCES = ("player", "deadline", "gm", "skip", "computer")
_SEAT = re.compile(rf"[a-z0-9_-]{{1,{limits.MAX_SEAT_NAME}}}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: What the nesting check looks at: a whole JSON string (skipped in one match; the possessive ``++`` and
#: ``*+`` keep no backtracking state, so a string of 8 MB costs no memory, where ``(?:[^"\\]|\\.)*``
#: kept some per character: 982 MB for a 7.6 MB string), or a bracket outside strings.
_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]', re.DOTALL)
_SURROGATE = re.compile("[\ud800-\udfff]")


def bad(path: str, what: str) -> TableError:
    """The refusal of a file: the field's path and what it should be."""
    return TableError(f"the file's {path} {what}", code=TableRefusal.BAD_FILE)


@dataclass(frozen=True)
class SeatEntry:
    seat: str
    user_id: str
    name: str
    role: str
    agent: str = ""  # the strength of the computer player playing the seat ('' = a person)


@dataclass(frozen=True)
class ActionEntry:
    seq: int
    seat: str
    action: dict[str, Any]
    key: str
    at: float
    user_id: str | None
    source: str


@dataclass(frozen=True)
class SaveFile:
    """A checked export file (docs/save-format.md)."""

    rules: Rules
    source_id: int | None
    status: GameStatus
    players: int | None
    options: dict[str, Any]
    settings: dict[str, str]
    seed: int
    seats: tuple[SeatEntry, ...]
    actions: tuple[ActionEntry, ...]
    state: dict[str, Any] | None

    @property
    def seat_names(self) -> list[str]:
        return [s.seat for s in self.seats]


# -- reading the text -----------------------------------------------------------------------
def load_json(text: str | bytes) -> Any:
    """The file's JSON, refused when too big or nested deeper than any export (no RecursionError)."""
    if isinstance(text, bytes | bytearray):
        if len(text) > limits.MAX_FILE_BYTES:
            raise bad("size", f"is over {limits.MAX_FILE_BYTES // 2**20} MB")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise bad("text", "is not UTF-8") from None
    if len(text) > limits.MAX_FILE_BYTES:
        raise bad("size", f"is over {limits.MAX_FILE_BYTES // 2**20} MB")
    _check_depth(text)
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise bad("text", f"is not JSON ({str(err)[:80]})") from None
    where = _surrogate_at(doc, "")
    if where is not None:
        raise bad(where or "top level", "holds a lone surrogate (\\ud800 to \\udfff): text must be valid Unicode")
    return doc


def _check_depth(text: str) -> None:
    """Refuse JSON nested deeper than ``MAX_JSON_DEPTH`` before parsing it, in one streaming pass that
    allocates nothing per character (a file of one long string costs no more than its own text)."""
    depth = 0
    for m in _TOKENS.finditer(text):
        c = text[m.start()]
        if c == '"':  # a string, brackets and escaped quotes within it included
            continue
        depth += 1 if c in "[{" else -1
        if depth > limits.MAX_JSON_DEPTH:
            raise bad("nesting", f"is deeper than {limits.MAX_JSON_DEPTH} levels")


def _surrogate_at(node: Any, path: str) -> str | None:
    """The path of the first text (a value or a key) holding a lone surrogate, which JSON's ``\\ud800``
    escapes can make and no database or Discord message can hold; None when there is none."""
    if isinstance(node, str):
        return path if _SURROGATE.search(node) else None
    if isinstance(node, dict):
        for key, value in node.items():
            at = f"{path}.{key}" if path else str(key)
            if _SURROGATE.search(key):
                return f"{path}.<a key>" if path else "<a key>"
            found = _surrogate_at(value, at)
            if found is not None:
                return found
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found = _surrogate_at(value, f"{path}[{i}]")
            if found is not None:
                return found
    return None


# -- field readers: each names the path it refuses ------------------------------------------
def _field(node: dict[str, Any], path: str, key: str) -> Any:
    if key not in node:
        raise bad(f"{path}{key}", "is missing")
    return node[key]


def _obj(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise bad(path, "must be an object")
    return value


def _list(value: Any, path: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise bad(path, "must be a list")
    if len(value) > most:
        raise bad(path, f"has {len(value)} entries, at most {most} allowed")
    return value


def _int(value: Any, path: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise bad(path, "must be a whole number")
    if not lo <= value <= hi:
        raise bad(path, f"must be from {lo} to {hi}")
    return value


def _time(value: Any, path: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        raise bad(path, "must be a time (seconds since 1970)")
    if not 0 <= value <= limits.MAX_TIME:
        raise bad(path, "must be a time between 1970 and the year 3000")
    return float(value)


def _text(value: Any, path: str, most: int, *, empty: bool = True) -> str:
    if not isinstance(value, str):
        raise bad(path, "must be text")
    if len(value) > most:
        raise bad(path, f"is {len(value)} characters long, at most {most} allowed")
    if not empty and not value:
        raise bad(path, "must not be empty")
    if _CONTROL.search(value):
        raise bad(path, "holds control characters")
    return value


def _scalar(value: Any, path: str) -> Any:
    """An option value: text, a whole number or true/false."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return _int(value, path, limits.SQLITE_MIN, limits.SQLITE_MAX)
    if isinstance(value, str):
        return _text(value, path, limits.MAX_OPTION_VALUE)
    raise bad(path, "must be text, a whole number or true/false")


def _unique(values: list[str], path: str, what: str) -> None:
    seen: set[str] = set()
    for i, v in enumerate(values):
        if v in seen:
            raise bad(f"{path}[{i}].{what}", f"repeats {v!r}: each must differ")
        seen.add(v)


# -- the file ---------------------------------------------------------------------------------
def parse(text: str | bytes, games: Callable[[str], Rules], check_setting: Callable[[str, str], None],
          settings: tuple[str, ...]) -> SaveFile:
    """Check a whole export file. ``games`` finds a game's rules by name (refusing unknown ones),
    ``check_setting`` refuses a bad table setting value, ``settings`` are the setting names."""
    doc = _obj(load_json(text), "top level")
    if doc.get("format") != FORMAT:
        raise bad("format", f"must be {FORMAT!r}: this is not a Seneschal game file")
    if doc.get("version") != VERSION or isinstance(doc.get("version"), bool):
        raise bad("version", f"is {doc.get('version')!r}; this build reads version {VERSION}")
    _time(_field(doc, "", "exported"), "exported")
    game = _obj(_field(doc, "", "game"), "game")
    name = _text(_field(game, "game.", "name"), "game.name", limits.MAX_LABEL, empty=False)
    try:
        rules = games(name)
    except TableError:
        raise bad("game.name", f"is {name!r}, a game this table does not have") from None
    source_id = game.get("id")
    if source_id is not None:
        source_id = _int(source_id, "game.id", limits.SQLITE_MIN, limits.SQLITE_MAX)
    for key in ("title", "engine_version", "phase"):
        if key in game:
            _text(game[key], f"game.{key}", limits.MAX_LABEL)
    if "schema" in game:
        _int(game["schema"], "game.schema", 0, 1_000_000)
    if "creator" in game:  # informative: the importer becomes the creator
        _text(game["creator"], "game.creator", limits.MAX_USER_ID)
    if "created" in game:
        _time(game["created"], "game.created")
    if game.get("result") is not None:
        _obj(game["result"], "game.result")
    status_text = _text(_field(game, "game.", "status"), "game.status", 20)
    if status_text not in {s.value for s in GameStatus}:
        raise bad("game.status", f"is {status_text!r}, not one of {', '.join(s.value for s in GameStatus)}")
    status = GameStatus(status_text)
    seed = _int(_field(doc, "", "seed"), "seed", 0, limits.SQLITE_MAX)

    seats = _seats(_list(_field(doc, "", "seats"), "seats", rules.max_seats))
    players = game.get("players")
    if players is not None:
        players = _int(players, "game.players", rules.min_seats, rules.max_seats)
        if len(seats) > players:
            raise bad("seats", f"has {len(seats)} seats for a game of {players} players")
    count = players or max(len(seats), rules.min_seats)
    known = rules.default_options(count)
    options = _options(_obj(game.get("options") or {}, "game.options"), "game.options", known)
    _game_takes(rules, count, {**known, **options}, "game.options")
    table_settings = _settings(_obj(game.get("settings") or {}, "game.settings"), settings, check_setting)

    if status is GameStatus.LOBBY:  # a lobby's roles are choices the game must offer
        offered = _offered_roles(rules, count, {**known, **options})
        for i, s in enumerate(seats):
            if s.role and s.role not in offered:
                raise bad(f"seats[{i}].role", f"is {s.role!r}, not a role {rules.title} offers")
    actions = _actions(_list(_field(doc, "", "actions"), "actions", limits.MAX_ACTIONS), rules,
                       {s.seat for s in seats})
    state = doc.get("state")
    if state is None:
        if actions:
            raise bad("state", "is missing, yet the file has actions")
        if status not in (GameStatus.LOBBY, GameStatus.ABANDONED):
            raise bad("state", f"is missing for a game that is {status.value}")
    else:
        state = _obj(state, "state")
        if status is GameStatus.LOBBY:
            raise bad("state", "is given for a game still in its lobby")
        if not rules.min_seats <= len(seats) <= rules.max_seats:
            raise bad("seats", f"has {len(seats)} seats; {rules.title} takes {rules.min_seats} to "
                               f"{rules.max_seats}")
        if players is not None and players != len(seats):
            raise bad("seats", f"has {len(seats)} seats for a game of {players} players")
        state_options = _options(_obj(_field(state, "state.", "options"), "state.options"), "state.options",
                                 rules.default_options(len(seats)))
        _state_options(rules, len(seats), state_options)
        _options_agree(options, state_options, rules.default_options(len(seats)))
    return SaveFile(rules, source_id, status, players, options, table_settings, seed, seats, actions, state)


def _seats(entries: list[Any]) -> tuple[SeatEntry, ...]:
    out = []
    for i, entry in enumerate(entries):
        path = f"seats[{i}]"
        s = _obj(entry, path)
        seat = _text(_field(s, f"{path}.", "seat"), f"{path}.seat", limits.MAX_SEAT_NAME, empty=False)
        if not _SEAT.fullmatch(seat):
            raise bad(f"{path}.seat", "may hold only lower case letters, digits, '-' and '_'")
        user_id = _text(_field(s, f"{path}.", "user_id"), f"{path}.user_id", limits.MAX_USER_ID, empty=False)
        name = _text(s.get("name", seat), f"{path}.name", limits.MAX_PERSON_NAME)
        role = _text(s.get("role", ""), f"{path}.role", limits.MAX_LABEL)
        agent = _text(s.get("agent", ""), f"{path}.agent", limits.MAX_LABEL)
        if agent and agent not in agents.STRENGTHS:
            raise bad(f"{path}.agent", f"is {agent!r}, not a strength ({', '.join(agents.STRENGTHS)})")
        out.append(SeatEntry(seat, user_id, name or seat, role, agent))
    _unique([s.seat for s in out], "seats", "seat")
    _unique([s.user_id for s in out], "seats", "user_id")
    return tuple(out)


def _game_takes(rules: Rules, seats: int, options: dict[str, Any], path: str) -> None:
    """The game's own check of its options (``Rules.check_options``)."""
    try:
        rules.check_options(seats, options)
    except RuleError as err:
        raise bad(path, f"are refused by the game: {err.message}") from None
    except Exception as err:  # noqa: BLE001  (untrusted values may trip a game's check)
        raise bad(path, f"are refused by the game ({type(err).__name__})") from None


def _state_options(rules: Rules, seats: int, given: dict[str, Any]) -> None:
    """A state's options are written as the game writes them: the game's check takes them and leaves each
    value as it is (a count written as text, say, would load as a different game)."""
    normal = dict(given)
    _game_takes(rules, seats, normal, "state.options")
    for key in sorted(given):
        if normal.get(key) != given[key] or type(normal.get(key)) is not type(given[key]):
            raise bad(f"state.options.{key}", f"is {given[key]!r}, not as the game writes it ({normal.get(key)!r})")


def _options_agree(given: dict[str, Any], state: dict[str, Any], defaults: dict[str, Any]) -> None:
    """The game's options (as given at the start) and its state's (the defaults merged in) say the same:
    the game is set up again from the former when it is checked or repaired, from the latter here."""
    for key, value in sorted(given.items()):
        if key not in state or state[key] != value or type(state[key]) is not type(value):
            raise bad(f"game.options.{key}", f"is {value!r} but the state's options say "
                                             f"{state.get(key, 'nothing')!r}: they must agree")
    for key, value in sorted(state.items()):
        if key not in given and key in defaults and (defaults[key] != value or type(defaults[key]) is not type(value)):
            raise bad(f"state.options.{key}", f"is {value!r} but the game's options leave it at its default "
                                              f"({defaults[key]!r}): they must agree")


def _offered_roles(rules: Rules, seats: int, options: dict[str, Any]) -> set[str]:
    try:
        return set(rules.roles(seats, options))
    except Exception:  # noqa: BLE001  (then no role is valid)
        return set()


def _options(given: dict[str, Any], path: str, known: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in given.items():
        if key not in known:
            raise bad(f"{path}.{key}", f"is no option of this game (its options: {', '.join(sorted(known)) or 'none'})")
        out[key] = _scalar(value, f"{path}.{key}")
    return out


def _settings(given: dict[str, Any], names: tuple[str, ...], check: Callable[[str, str], None]) -> dict[str, str]:
    out = {}
    for key, value in given.items():
        path = f"game.settings.{key}"
        if key not in names:
            raise bad(path, f"is no table setting (the settings: {', '.join(names)})")
        text = _text(value, path, limits.MAX_SETTING_VALUE)
        try:
            check(key, text)
        except TableError as err:
            raise bad(path, f"is refused: {err.message}") from None
        out[key] = text
    return out


def _actions(entries: list[Any], rules: Rules, seats: set[str]) -> tuple[ActionEntry, ...]:
    out = []
    for i, entry in enumerate(entries):
        path = f"actions[{i}]"
        a = _obj(entry, path)
        seq = _int(_field(a, f"{path}.", "seq"), f"{path}.seq", i + 1, i + 1)
        seat = _text(_field(a, f"{path}.", "seat"), f"{path}.seat", limits.MAX_SEAT_NAME)
        if seat not in seats:
            raise bad(f"{path}.seat", f"is {seat!r}, not a seat of the file")
        action = _obj(_field(a, f"{path}.", "action"), f"{path}.action")
        kind = _text(_field(action, f"{path}.action.", "kind"), f"{path}.action.kind", limits.MAX_LABEL)
        if kind not in rules.actions:
            raise bad(f"{path}.action.kind", f"is {kind!r}, no action of {rules.title}")
        _obj(action.get("args") or {}, f"{path}.action.args")
        key = _text(_field(a, f"{path}.", "key"), f"{path}.key", limits.MAX_KEY, empty=False)
        at = _time(_field(a, f"{path}.", "at"), f"{path}.at")
        user_id = a.get("user_id")
        if user_id is not None:
            user_id = _text(user_id, f"{path}.user_id", limits.MAX_USER_ID)
        source = a.get("source", "player")
        if source not in SOURCES:
            raise bad(f"{path}.source", f"is {source!r}, not one of {', '.join(SOURCES)}")
        if "events" in a:
            _list(a["events"], f"{path}.events", 10_000)
        out.append(ActionEntry(seq, seat, action, key, at, user_id, source))
    _unique([a.key for a in out], "actions", "key")
    return tuple(out)

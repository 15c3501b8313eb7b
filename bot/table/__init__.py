"""The Discord-free table service. See docs/table.md.

    store = Store("seneschal.sqlite3")
    table = TableService(store, clock=SystemClock())
    outcome = table.invoke(Actor("123", "alice"), "chan-1", "game", "new", {"name": "fief"})
"""

from bot.table.clock import Clock, FakeClock, SystemClock, format_duration, parse_duration
from bot.table.commands import (
    TABLE_COMMANDS,
    TABLE_GROUP,
    Command,
    CommandParam,
    CommandRegistry,
    Invocation,
    ParamKind,
    Source,
)
from bot.table.errors import CorruptGame, NotAllowed, TableError
from bot.table.outbox import BOARD_IMAGE, CHANNEL_POST, DM, STATUS_EDIT, Outgoing
from bot.table.results import (
    Actor,
    AlreadyDone,
    Applied,
    Asked,
    Board,
    ComputerSeated,
    Created,
    Exported,
    GameInfo,
    GameList,
    GameStatus,
    Guide,
    Hand,
    Imported,
    Joined,
    Left,
    LogEntry,
    LogPage,
    Outcome,
    RoleChosen,
    RoleInfo,
    RulesHelp,
    SeatInfo,
    Settings,
    Started,
    Status,
    TableChanged,
    Undone,
    Waiting,
)
from bot.table.service import DEFAULT_SETTINGS, TableService, is_irreversible
from bot.table.store import CannotSave, Store

__all__ = [
    "BOARD_IMAGE", "CHANNEL_POST", "DEFAULT_SETTINGS", "DM", "STATUS_EDIT", "TABLE_COMMANDS", "TABLE_GROUP",
    "Actor", "AlreadyDone", "CannotSave", "Applied", "Asked", "Board", "Clock", "Command", "CommandParam", "ComputerSeated", "CommandRegistry", "CorruptGame",
    "Created", "Exported", "FakeClock", "GameInfo", "GameList", "GameStatus", "Guide", "Hand", "Imported", "Invocation",
    "Joined", "Left", "LogEntry", "LogPage", "NotAllowed", "Outcome", "Outgoing", "ParamKind",
    "RoleChosen", "RoleInfo", "RulesHelp", "SeatInfo", "Settings", "Source", "Started", "Status", "Store", "SystemClock", "TableChanged", "TableError",
    "TableService", "Undone", "Waiting", "format_duration", "is_irreversible", "parse_duration",
]

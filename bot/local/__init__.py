"""The local table: the table service driven from a terminal or a script. See repl.py."""

from bot.local.repl import LocalTable, ShiftedClock

__all__ = ["LocalTable", "ShiftedClock"]

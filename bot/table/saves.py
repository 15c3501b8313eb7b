"""Save files: the export and import commands (the format, and what it may use of the service:
bot/table/saveformat.py)."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from bot.table import saveformat
from bot.table.results import (
    Actor,
    AlreadyDone,
    Exported,
    Imported,
)
from bot.table.saveformat import SaveSupport

if TYPE_CHECKING:
    from bot.table.core import TableCore
    from bot.table.deadlines import DeadlineBook


class Saves:
    """Export and import of save files (the format itself is bot.table.saveformat). A part of the table
    service, made with the table's core and its deadlines."""

    def __init__(self, core: TableCore, deadlines: DeadlineBook):
        self.core = core
        self.deadlines = deadlines

    @cached_property
    def support(self) -> SaveSupport:
        """What the save format may use of the service."""
        return SaveSupport(self.core.store, self.core.clock, self.core.snapshot_every, self.core.rules_for, self.core.known_games,
                           self.core.game_row, self.core.game_info, self.core.load_state, self.core.check_setting, self.core.queue,
                           self.deadlines.sync)

    def export(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Exported:
        """The whole game as one JSON text (docs/save-format.md). The game's manager only: it holds
        every secret."""
        row = self.core.resolve(actor, channel, game_id)
        self.core.need_gm(actor, row, "export a game (the file holds every secret)")
        with self.core.game_lock(row.id):
            return saveformat.export_game(self.support, self.core.game_row(row.id))

    def import_game(self, actor: Actor, channel: str | None, text: str | bytes, *,
                    key: str | None = None) -> Imported | AlreadyDone:
        """Open a game from an export file in ``channel`` (a GM of this server; the importer becomes
        its creator). The file is checked against the schema, then every action is replayed and the
        result compared with the file's state, before anything is written."""
        return self.core.opening(actor, channel, key, lambda: saveformat.import_game(self.support, actor,
                                  channel, text, key),
                             gm="import a game")

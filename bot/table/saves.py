"""Save files: what the save format may use of the service, and the export and import commands."""

from __future__ import annotations

from functools import cached_property

from bot.table import outbox as ob
from bot.table.deadlines import Deadlines
from bot.table.results import (
    Actor,
    AlreadyDone,
    Exported,
    GameInfo,
    Imported,
)
from bot.table.store import GameRow
from engine.core import GameState, Rules


class Saves(Deadlines):
    """Export and import of save files (the format itself is bot.table.saveformat)."""

    @cached_property
    def saves(self) -> SaveSupport:
        """What the save format may use of the service."""
        return SaveSupport(self)

    def export(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Exported:
        """The whole game as one JSON text (docs/save-format.md). The game's manager only: it holds
        every secret."""
        from bot.table import saveformat

        row = self.resolve(actor, channel, game_id)
        self._need_gm(actor, row, "export a game (the file holds every secret)")
        with self._lock(row.id):
            return saveformat.export_game(self.saves, self._row(row.id))

    def import_game(self, actor: Actor, channel: str | None, text: str | bytes, *,
                    key: str | None = None) -> Imported | AlreadyDone:
        """Open a game from an export file in ``channel`` (a GM of this server; the importer becomes
        its creator). The file is checked against the schema, then every action is replayed and the
        result compared with the file's state, before anything is written."""
        from bot.table import saveformat

        return self._opening(actor, channel, key, lambda: saveformat.import_game(self.saves, actor, channel, text, key),
                             gm="import a game")


class SaveSupport:
    """What :mod:`bot.table.saveformat` needs from the service, and nothing more (package-internal).

    Export reads a game (its row, its loaded state, its public info); import writes one in the
    caller's transaction (queues its announcement, opens its deadlines). Nothing else in the
    service is reachable from the save format."""

    def __init__(self, service: Deadlines):
        self._service = service
        self.store = service.store
        self.clock = service.clock
        self.snapshot_every = service.snapshot_every

    def rules_for(self, name: str) -> Rules:
        return self._service.rules_for(name)

    def known_games(self) -> dict[str, Rules]:
        return self._service.known_games()

    def row(self, game_id: int) -> GameRow:
        return self._service._row(game_id)

    def info(self, row: GameRow) -> GameInfo:
        return self._service._info(row)

    def load(self, row: GameRow) -> GameState:
        """The game's current state (the caller holds the game's lock)."""
        return self._service._load(row)

    def check_setting(self, name: str, value: str) -> None:
        self._service._check_setting(name, value)

    def queue(self, game_id: int, messages: list[ob.Message]) -> None:
        self._service._queue(game_id, messages)

    def sync_deadlines(self, row: GameRow, rules: Rules, state: GameState, now: float) -> None:
        self._service._sync_deadlines(row, rules, state, now)

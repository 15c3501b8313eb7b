"""Save files: what the save format may use of the service, and the export and import commands."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from bot.table import outbox as ob
from bot.table.clock import Clock
from bot.table.core import TableCore
from bot.table.results import (
    Actor,
    AlreadyDone,
    Exported,
    GameInfo,
    Imported,
)
from bot.table.store import GameRow, Store
from engine.core import GameState, Rules


class Saves(TableCore):
    """Export and import of save files (the format itself is bot.table.saveformat)."""

    @cached_property
    def saves(self) -> SaveSupport:
        """What the save format may use of the service."""
        return SaveSupport(self.store, self.clock, self.snapshot_every, self.rules_for, self.known_games,
                           self._row, self._info, self._load, self._check_setting, self._queue,
                           self.deadlines.sync)

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


@dataclass(frozen=True)
class SaveSupport:
    """What :mod:`bot.table.saveformat` needs from the service, and nothing more (package-internal).

    Export reads a game (its row, its loaded state, its public info); import writes one in the
    caller's transaction (queues its announcement, opens its deadlines). Nothing else in the
    service is reachable from the save format: :class:`Saves` hands over these and only these."""

    store: Store
    clock: Clock
    snapshot_every: int
    rules_for: Callable[[str], Rules]
    known_games: Callable[[], dict[str, Rules]]
    row: Callable[[int], GameRow]
    info: Callable[[GameRow], GameInfo]
    #: the game's current state (the caller holds the game's lock)
    load: Callable[[GameRow], GameState]
    check_setting: Callable[[str, str], None]
    queue: Callable[[int, list[ob.Message]], None]
    sync_deadlines: Callable[[GameRow, Rules, GameState, float], object]

"""A game session: one call's game, looked up once under the game's lock and handed to the parts
that need it (names typed, the action applied, the deadlines kept, the messages queued).

Before, each part read the games row and the seats again for itself (one Fief action read the row 5
times and the seats 6 times); a session reads each once and carries them
(tests/table/test_session_reads.py counts the reads)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.table.results import SeatInfo
from bot.table.store import GameRow, SeatRow
from engine.core import GameState, Rules


@dataclass
class GameSession:
    """The game row, its rules, its seats and (loaded when first asked) its state, for one call.
    Made by ``TableCore.session`` with the game's lock held; valid while the lock is held."""

    row: GameRow
    rules: Rules
    seats: tuple[SeatRow, ...]
    load: Callable[[GameRow], GameState]
    _state: GameState | None = field(default=None, repr=False)

    @property
    def state(self) -> GameState:
        """The game's current state (the cached one: never changed in place by the caller)."""
        if self._state is None:
            self._state = self.load(self.row)
        return self._state

    def loaded(self) -> GameSession:
        """The session with its state loaded now (while the caller holds the game's lock)."""
        if self._state is None:
            self._state = self.load(self.row)
        return self

    @property
    def names(self) -> dict[str, str]:
        """Seat -> the name of the person holding it, for the words people read."""
        return {s.seat: s.name or s.seat for s in self.seats}

    @property
    def computers(self) -> set[str]:
        """The seats a computer player plays."""
        return {s.seat for s in self.seats if s.agent}

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(s.seat, s.user_id, s.name, s.position, s.role, s.agent) for s in self.seats)

    def seated(self, seat: SeatRow) -> None:
        """Keep the seats true after the caller stored ``seat`` (added, or changed), without a read."""
        kept = [s for s in self.seats if s.seat != seat.seat]
        self.seats = tuple(sorted([*kept, seat], key=lambda s: s.position))

    def unseated(self, seat: str) -> None:
        """Keep the seats true after the caller removed ``seat``."""
        self.seats = tuple(s for s in self.seats if s.seat != seat)

    def changed(self, **fields: Any) -> None:
        """Keep the row true after the caller stored these of its fields (``Store.update_game``)."""
        self.row = replace(self.row, **fields)

    def seat_row(self, seat: str) -> SeatRow | None:
        """The seat named ``seat``, if any."""
        return next((s for s in self.seats if s.seat == seat), None)

    def seat_of(self, user_id: str) -> SeatRow | None:
        """The seat ``user_id`` holds, if any."""
        return next((s for s in self.seats if s.user_id == user_id), None)

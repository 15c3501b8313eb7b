"""Simultaneous secret choices, collected one by one and revealed together.

Used for OKC bids and Region cards and Fief votes. Like a card placed face-down, a choice is
final once made; when the last one arrives everything is revealed in one public event.
Before that, the public only learns who has chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import Refusal, RuleError
from engine.core.events import Event
from engine.core.state import GameState


@dataclass
class SecretChoices:
    key: str
    awaiting: list[str]
    chosen: dict[str, Any] = field(default_factory=dict)

    def missing(self) -> list[str]:
        return [s for s in self.awaiting if s not in self.chosen]

    @property
    def complete(self) -> bool:
        return all(s in self.chosen for s in self.awaiting)

    def check(self, seat: str, section: str) -> None:
        if seat not in self.awaiting:
            raise RuleError(section, f"{seat} takes no part in this choice", code=Refusal.NOT_AWAITED,
                            legal=f"awaiting {', '.join(self.missing())}")
        if seat in self.chosen:
            raise RuleError(section, f"{seat} has already chosen; the choice is final", code=Refusal.ALREADY_CHOSEN,
                            legal=f"awaiting {', '.join(self.missing())}")

    def submit(self, state: GameState, seat: str, value: Any, section: str = "") -> bool:
        """Record ``seat``'s secret choice; return True when everyone has chosen."""
        self.check(seat, section)
        self.chosen[seat] = value
        state.emit(Event.private(seat, "secret.chosen", key=self.key, value=value))
        state.emit(Event.public("secret.submitted", key=self.key, seat=seat, missing=self.missing()))
        return self.complete

    def reveal(self, state: GameState) -> dict[str, Any]:
        """All choices at once, in seat order, as one public event."""
        values = {s: self.chosen[s] for s in self.awaiting if s in self.chosen}
        state.emit(Event.public("secret.revealed", key=self.key, values=values))
        return values

    def public(self) -> dict[str, Any]:
        return {"key": self.key, "awaiting": list(self.awaiting), "submitted": [s for s in self.awaiting if s in self.chosen]}

    def own(self, seat: str) -> Any:
        return self.chosen.get(seat)

"""Reaction windows: moments when listed seats may play something, or pass.

The engine opens a window at the moments that matter (a battle declared, a noble about to
die). It closes when every seat in it has passed; if someone reacts, the game may reopen it
so the others can answer the reaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision, DecisionKind, decision
from engine.core.errors import Refusal, RuleError
from engine.core.events import Event
from engine.core.state import GameState

PASS = "pass"


@dataclass
class ReactionWindow:
    key: str
    seats: list[str]
    passed: list[str] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)

    def open_seats(self) -> list[str]:
        return [s for s in self.seats if s not in self.passed]

    @property
    def closed(self) -> bool:
        return not self.open_seats()

    def decision(self) -> Decision:
        return decision(f"reaction-{self.key}", DecisionKind.REACTION, self.open_seats(),
                        f"reaction.{self.key}", Action.of(PASS), **self.info)

    def pass_(self, state: GameState, seat: str, section: str = "") -> bool:
        """``seat`` passes; return True when the window has closed."""
        if seat not in self.open_seats():
            raise RuleError(section, f"{seat} cannot pass in this window", code=Refusal.NOT_AWAITED,
                            legal=f"open to {', '.join(self.open_seats()) or 'nobody'}")
        self.passed.append(seat)
        state.emit(Event.public("reaction.passed", key=self.key, seat=seat))
        return self.closed

    def reopen(self, reacted: str) -> None:
        """After ``reacted`` played something, everyone else may answer it."""
        self.passed = [reacted]

"""Decisions: what the game is waiting for, from whom, and what happens if they never answer.

The four kinds follow Board Game Arena's active / multiple-active states and boardgame.io's
stages, made explicit:

- ``sequential``: one seat acts (a turn, a step in turn order).
- ``simultaneous``: several seats each make a secret choice; revealed together when the last arrives.
- ``response``: one seat answers another's request or offer (accept or decline).
- ``reaction``: a window in which listed seats may play something or pass.

Every decision carries a default action for each awaited seat: what the table applies when
that seat's deadline passes (pass, refuse, or a simple legal choice; never anything that ends
the game early).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.core.actions import Action


class DecisionKind(StrEnum):
    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"
    RESPONSE = "response"
    REACTION = "reaction"


@dataclass(frozen=True)
class Decision:
    id: str
    kind: DecisionKind
    seats: tuple[str, ...]
    prompt: str
    defaults: tuple[tuple[str, Action], ...] = ()
    secret: bool = False
    # A blocking decision holds the game up; a non-blocking one (an open offer) does not.
    blocking: bool = True
    info: dict[str, Any] = field(default_factory=dict, compare=False)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its fields (a frozen dataclass compiled by ``make build`` cannot be rebuilt field by field)
        return Decision, (self.id, self.kind, self.seats, self.prompt, self.defaults, self.secret, self.blocking,
                          self.info)

    def default_for(self, seat: str) -> Action | None:
        for who, action in self.defaults:
            if who == seat:
                return action
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind.value,
            "seats": list(self.seats),
            "prompt": self.prompt,
            "defaults": {seat: action.to_json() for seat, action in self.defaults},
            "secret": self.secret,
            "blocking": self.blocking,
            "info": self.info,
        }


def decision(
    id: str,
    kind: DecisionKind,
    seats: list[str] | tuple[str, ...],
    prompt: str,
    default: Action | dict[str, Action] | None = None,
    *,
    secret: bool = False,
    blocking: bool = True,
    **info: Any,
) -> Decision:
    """Build a decision; ``default`` is one action for every seat or a mapping seat -> action."""
    seats = tuple(seats)
    if isinstance(default, Action):
        defaults = tuple([(s, default) for s in seats])
    elif isinstance(default, dict):
        defaults = tuple([(s, default[s]) for s in seats if s in default])
    else:
        defaults = ()
    return Decision(id, kind, seats, prompt, defaults, secret, blocking, info)


def awaited(decisions: list[Decision], *, blocking_only: bool = True) -> list[str]:
    """Seats the game is waiting on, in first-seen order."""
    seen: dict[str, None] = {}
    for d in decisions:
        if d.blocking or not blocking_only:
            for s in d.seats:
                seen.setdefault(s, None)
    return list(seen)

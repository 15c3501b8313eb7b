"""The one source for how a game ended."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    winners: tuple[str, ...]
    reason: str
    scores: dict[str, Any] = field(default_factory=dict, compare=False)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its fields (a frozen dataclass compiled by ``make build`` cannot be rebuilt field by field)
        return Result, (self.winners, self.reason, self.scores)

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "scores": self.scores}

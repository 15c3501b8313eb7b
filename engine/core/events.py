"""Events: what happened, and who may know it.

The log, the channel posts, the DMs and the replay are all built from events. An event is
public (``to is None``) or private to the listed seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    to: tuple[str, ...] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its fields (a frozen dataclass compiled by ``make build`` cannot be rebuilt field by field)
        return Event, (self.kind, self.data, self.to)

    @classmethod
    def public(cls, kind: str, **data: Any) -> Event:
        return cls(kind, data, None)

    @classmethod
    def private(cls, seats: str | tuple[str, ...] | list[str], kind: str, **data: Any) -> Event:
        to = (seats,) if isinstance(seats, str) else tuple(seats)
        return cls(kind, data, to)

    @property
    def is_public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: str | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.to is not None:
            out["to"] = list(self.to)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        to = data.get("to")
        return cls(data["kind"], dict(data.get("data") or {}), tuple(to) if to is not None else None)


def public_events(events: list[Event]) -> list[Event]:
    return [e for e in events if e.to is None]


def events_for(events: list[Event], seat: str | None) -> list[Event]:
    return [e for e in events if e.visible_to(seat)]

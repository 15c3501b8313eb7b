"""The state envelope: the engine's bookkeeping around each game's own data.

Like boardgame.io's ``ctx`` next to ``G``: the envelope holds what every game needs (seats,
options, seed, the random source, the state version) and ``data`` holds the game's own
dataclass tree. The envelope also carries the event sink that rules and the random source
write to while an action is applied; the sink is never serialised.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event
from engine.core.rng import Rng

CORE_SCHEMA = 1


@dataclass
class GameState:
    game: str
    seats: list[str]
    options: dict[str, Any]
    seed: int
    rng: Rng
    data: Any = None
    version: int = 0
    schema: int = 1
    _events: list[Event] = field(default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.rng.sink = self._events.append

    def emit(self, event: Event) -> None:
        self._events.append(event)

    def take_events(self) -> list[Event]:
        events = list(self._events)
        self._events.clear()
        return events


def canonical(data: Any) -> str:
    """One canonical JSON text: equal states give equal strings."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

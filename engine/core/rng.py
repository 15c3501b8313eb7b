"""The seeded random source kept inside every game state.

One generator per game (SplitMix64: one integer of state, so it serialises trivially and
is fast in pure Python). Every draw is recorded as an event through the state's event sink,
so the log shows each die, shuffle and random pick. Tests and scenarios may force the next
draws with :meth:`Rng.force`; a forced value is used instead of a fresh draw and is recorded
the same way.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.core.events import Event

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass
class Rng:
    state: int
    draws: int = 0
    forced: list[Any] = field(default_factory=list)
    # Where draws are reported. Set by GameState; not serialised.
    sink: Callable[[Event], None] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        return cls(state=_mix(seed & _MASK))

    # -- raw draws ---------------------------------------------------------
    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        self.draws += 1
        return _mix(self.state)

    def _below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("empty range")
        return self._next() % n

    def _emit(self, kind: str, **data: Any) -> None:
        if self.sink is not None:
            self.sink(Event.public(kind, **data))

    def force(self, *values: Any) -> None:
        """Make the next draws return these values (dice faces, picks or permutations)."""
        self.forced.extend(values)

    def _forced_or(self, draw: Callable[[], T]) -> T:
        if self.forced:
            return self.forced.pop(0)  # type: ignore[no-any-return]
        return draw()

    # -- draws the games use -----------------------------------------------
    def roll(self, sides: int = 6, why: str = "", public: bool = True) -> int:
        """A die from 1 to ``sides``."""
        value = int(self._forced_or(lambda: self._below(sides) + 1))
        if not 1 <= value <= sides:
            raise ValueError(f"forced roll {value} is not on a d{sides}")
        if public:
            self._emit("random.roll", sides=sides, value=value, why=why)
        return value

    def pick(self, options: Sequence[T], why: str = "", public: bool = True) -> T:
        """One of ``options``, uniformly. Forced values name the option itself."""
        if not options:
            raise ValueError("nothing to pick from")
        if self.forced:
            value = self.forced.pop(0)
            if value not in options:
                raise ValueError(f"forced pick {value!r} is not among {list(options)!r}")
            chosen = typing.cast(T, value)
        else:
            chosen = options[self._below(len(options))]
        self._emit("random.pick", why=why, value=chosen if public else None, hidden=not public)
        return chosen

    def shuffle(self, items: list[T], why: str = "") -> None:
        """Shuffle in place (Fisher-Yates). The order is never put in the event."""
        if self.forced and isinstance(self.forced[0], list | tuple) and sorted(
            map(repr, self.forced[0])
        ) == sorted(map(repr, items)):
            items[:] = list(self.forced.pop(0))
        else:
            for i in range(len(items) - 1, 0, -1):
                j = self._below(i + 1)
                items[i], items[j] = items[j], items[i]
        self._emit("random.shuffle", why=why, size=len(items))

    def sample_seed(self) -> int:
        """A fresh integer for tools that need their own generator (never for game rules)."""
        return self._next()

    # -- persistence ---------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"state": self.state, "draws": self.draws}
        if self.forced:
            out["forced"] = list(self.forced)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rng:
        return cls(state=int(data["state"]), draws=int(data.get("draws", 0)), forced=list(data.get("forced", [])))

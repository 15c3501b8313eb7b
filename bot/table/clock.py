"""Time, injectable: the service never reads the wall clock directly, so tests drive deadlines."""

from __future__ import annotations

import re
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""


class SystemClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock for tests: it only moves when told to."""

    def __init__(self, start: float = 1_800_000_000.0):
        self.t = float(start)

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> float:
        self.t += seconds
        return self.t


_UNITS = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}
_PART = re.compile(r"(\d+(?:\.\d+)?)([wdhms])")


def parse_duration(text: str | int | float) -> float:
    """``"90s"``, ``"30m"``, ``"2h"``, ``"1d12h"``, or a number of seconds. ``"off"`` and 0 mean none (0.0)."""
    if isinstance(text, bool):
        raise ValueError(f"not a duration: {text!r}")
    if isinstance(text, int | float):
        if text < 0:
            raise ValueError("a duration cannot be negative")
        return float(text)
    raw = str(text).strip().lower().replace(" ", "")
    if raw in ("off", "none", "never", "0", ""):
        return 0.0
    if re.fullmatch(r"\d+(\.\d+)?", raw):
        return float(raw)
    if not re.fullmatch(r"(\d+(\.\d+)?[wdhms])+", raw):
        raise ValueError(f"not a duration: {text!r} (examples: 90s, 30m, 2h, 1d12h, off)")
    return float(sum(float(n) * _UNITS[u] for n, u in _PART.findall(raw)))


def format_duration(seconds: float) -> str:
    """The short form: ``1d2h``, ``45m``, ``30s``; ``off`` for none."""
    if seconds <= 0:
        return "off"
    left = int(round(seconds))
    if left >= 3600:  # minutes are precise enough past an hour
        left = (left + 30) // 60 * 60
    out = []
    for unit, size in _UNITS.items():
        if unit == "w":
            continue
        n, left = divmod(left, size)
        if n:
            out.append(f"{n}{unit}")
    return "".join(out) or "0s"

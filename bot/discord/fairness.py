"""Fair shares under flood: how many interactions one person, and one game, may send.

Two token buckets per interaction: one for the person, one for the game it addresses (the game named
in a button's custom_id, else the channel or thread it was typed in: a game's thread). A bucket
holds ``burst`` tokens and refills ``rate`` a second; each interaction takes one from both. One
that finds either empty is answered at once, politely and ephemerally, with when to try again,
and nothing else runs: the table, its games and the other people's interactions are not touched.
Autocomplete requests are counted too and, over the limit, get no suggestions.

The defaults let a person click through a flow as fast as Discord shows it (a burst of 10, two a
second after that) and a game's table of six act at once (a burst of 30, ten a second), while one
person sending commands with many in flight gets an answer for a few a second instead of a hundred.
A board costs four tokens (``COSTS``): drawing one is many times the work of an answer.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

#: The game a custom_id names (``sn:<kind>:<game>:...``, bot/discord/components.py).
_GAME = re.compile(r"^sn:[a-z]:(\d+)")


@dataclass
class _Bucket:
    tokens: float
    at: float


class Buckets:
    """Token buckets by key, at most ``keep`` keys (the least recently used go first: a key that went
    quiet for long is full again anyway)."""

    def __init__(self, rate: float, burst: float, *, keep: int = 10_000,
                 clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.keep, self.clock = rate, burst, keep, clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, key: str, cost: float = 1.0) -> float:
        """Seconds until ``key`` has ``cost`` tokens (0 when it has them now); takes nothing."""
        with self._lock:
            b = self._fill(key)
            need = min(cost, self.burst)
            return 0.0 if b.tokens >= need else (need - b.tokens) / self.rate

    def take(self, key: str, cost: float = 1.0) -> None:
        with self._lock:
            self._fill(key).tokens -= min(cost, self.burst)

    def _fill(self, key: str) -> _Bucket:
        now = self.clock()
        b = self._buckets.get(key)
        if b is None:
            b = self._buckets[key] = _Bucket(self.burst, now)
            while len(self._buckets) > self.keep:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
            b.tokens = min(self.burst, b.tokens + (now - b.at) * self.rate)
            b.at = now
        return b


class Fairness:
    """The person's and the game's buckets (see the module's docstring)."""

    def __init__(self, *, person: tuple[float, float] = (2.0, 10.0), game: tuple[float, float] = (10.0, 30.0),
                 clock: Callable[[], float] = time.monotonic):
        self.people = Buckets(*person, clock=clock)
        self.games = Buckets(*game, clock=clock)
        self.refused = 0

    def admit(self, user: str, game: str | None, cost: float = 1.0) -> float:
        """0 when the interaction may run (its ``cost`` in tokens taken), else the seconds to wait before
        trying again."""
        wait = max(self.people.wait(user, cost), self.games.wait(game, cost) if game else 0.0)
        if wait > 0:
            self.refused += 1
            return wait
        self.people.take(user, cost)
        if game:
            self.games.take(game, cost)
        return 0.0


#: Commands that cost more than one token: drawing a board takes many times an answer's work.
COSTS = {"board": 4.0}


def cost_of(data: object) -> float:
    """The tokens an interaction costs: its command's (the last word of its path) or 1."""
    name = ""
    node: object = data
    while isinstance(node, dict) and node.get("name"):
        name = str(node["name"])
        options = node.get("options") or []
        node = next((o for o in options if isinstance(o, dict) and o.get("type") in (1, 2)), None)
    return COSTS.get(name, 1.0)


def game_key(custom_id: str | None, channel_id: int | None) -> str | None:
    """What an interaction addresses, for the game's bucket: the game in its custom_id, else its channel."""
    if custom_id:
        m = _GAME.match(custom_id)
        if m:
            return f"game:{m.group(1)}"
    return f"channel:{channel_id}" if channel_id is not None else None


def slow_down(wait: float) -> str:
    """The polite refusal, with when to try again."""
    seconds = max(1, int(wait + 0.999))
    return (f"The table is answering a lot at once, so this one waits: please try again in {seconds} second"
            f"{'' if seconds == 1 else 's'}. Nothing was changed.")

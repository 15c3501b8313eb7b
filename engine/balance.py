"""What the balance commands share (``python -m engine.okc.balance``, ``python -m engine.fief.balance``):
a whole game played by one kind of computer player in every seat, and shared wins per key against fair
shares, with 95% Wilson intervals.

A game's win is shared among its winners (a tie of two gives each half), so the wins of a game add up to
one; a key's fair rate is the mean of its fair share over the games it was in (1/players for a seat). The
ratio is the rate over fair; the interval is the Wilson interval of the rate, divided by fair.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.agents import decide
from engine.core import Event, GameState, Result, Rules, apply


def play_through(rules: Rules, seats: list[str], options: dict[str, Any], seed: int, agent: str,
                 max_decisions: int, watch: Callable[[GameState, Event], None],
                 prepare: Callable[[GameState], None] | None = None) -> tuple[GameState, Result, int] | None:
    """One game with ``agent`` in every seat, each public event shown to ``watch`` as it happens: the final
    state, the result and the decisions made; None when it runs past ``max_decisions``. ``prepare`` may
    change the new game before the first decision (a measurement's handicap, never a rule)."""
    state, _ = rules.new_game(seats, options, seed)
    if prepare is not None:
        prepare(state)
    step = 0
    while (result := rules.result(state)) is None:
        if step >= max_decisions:
            return None
        seat = next(d for d in rules.pending(state) if d.blocking).seats[0]
        for e in apply(rules, state, seat, decide(rules, state, seat, agent, seed=seed * 7919 + step)):
            if e.to is None:
                watch(state, e)
        step += 1
    return state, result, step


@dataclass
class Tally:
    """Shared wins (``won``), games (``played``) and fair shares (``fair``) per key."""

    won: dict[str, float] = field(default_factory=dict)
    played: Counter[str] = field(default_factory=Counter)
    fair: dict[str, float] = field(default_factory=dict)

    def add(self, key: str, share: float, n: int) -> None:
        """One game of ``key``: its share of the win, at a table where its fair share is 1/``n``."""
        self.won[key] = self.won.get(key, 0.0) + share
        self.played[key] += 1
        self.fair[key] = self.fair.get(key, 0.0) + 1 / n

    def ratio(self, key: str) -> float:
        return self.won[key] / self.fair[key] if self.fair.get(key) else 0.0

    def interval(self, key: str) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate, as ratios to fair."""
        n = self.played[key]
        if not n:
            return 0.0, 0.0
        lo, hi = wilson(self.won[key], n)
        mean_fair = self.fair[key] / n
        return lo / mean_fair, hi / mean_fair


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def line(t: Tally, key: str, label: str) -> str:
    """One key's row: shared wins of games, rate (fair rate), ratio to fair [95% interval]."""
    lo, hi = t.interval(key)
    return (f"  {label:<28} won {t.won[key]:6.1f} of {t.played[key]:>4} = {t.won[key] / t.played[key]:6.1%} "
            f"(fair {t.fair[key] / t.played[key]:5.1%}) ratio {t.ratio(key):4.2f} [{lo:4.2f}-{hi:4.2f}]")

"""Engine benchmarks for `make bench` (targets from design.md).

- decisions/s in random playouts, legal-choice enumeration included, checks off, per game;
- a whole 4-player Fief: England game played out at random, median seconds.
"""

from __future__ import annotations

import statistics

from engine.playout import Playout
from engine.registry import get

Row = tuple[str, float, str, str]


def playouts(game: str, seats: int, games: int, seed: int) -> tuple[float, list[float]]:
    rules = get(game)
    decisions, seconds, per_game = 0, 0.0, []
    for i in range(games):
        playout = Playout(rules, [f"p{k + 1}" for k in range(seats)], seed * 1000 + i, check=False)
        playout.run()
        decisions += playout.decisions
        seconds += playout.engine_seconds
        per_game.append(playout.engine_seconds)
    return decisions / seconds, per_game


def bench() -> list[Row]:
    from engine import games  # noqa: F401  (registers fief and okc)

    rows: list[Row] = []
    rate, per_game = playouts("fief", 4, 20, 11)
    rows.append(("fief: random playout, 4 players", round(rate), "decisions/s", ">= 10000"))
    rows.append(("fief: whole 4-player game, median", round(statistics.median(per_game), 3), "s", "<= 0.5"))
    for seats in (2, 4):
        rate, _ = playouts("okc", seats, 30, 13)
        rows.append((f"okc: random playout, {seats} players", round(rate), "decisions/s", ">= 10000"))
    return rows

"""Engine benchmarks for `make bench` (targets from design.md and issue 16).

- decisions/s in random playouts, legal-choice enumeration included, checks off, per game: with the
  compiled engine (`make bench` builds it first) and in plain Python (``SENESCHAL_PURE=1``), each in
  a process of its own. Before issue 16's speed work this machine ran about 10,500 (Fief) and 29,000
  (OKC) decisions/s (docs/agents.md, "Playout speed");
- a whole 4-player Fief: England game played out at random, median seconds.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

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


RUNS = (("fief", 4, 20, 11, ">= 33000"), ("okc", 2, 30, 13, ">= 60000"), ("okc", 4, 30, 13, ">= 60000"))


def results() -> list[tuple[float, list[float]]]:
    from engine import games  # noqa: F401  (registers fief and okc)

    return [playouts(game, seats, n, seed) for game, seats, n, seed, _ in RUNS]


def fresh_results(pure: bool) -> list[tuple[float, list[float]]]:
    """:func:`results` in a process of its own: the figures do not depend on what ran before them in
    ``make bench`` (a heap left large by the other benchmarks slows the garbage collector). ``pure``:
    every engine module imported from its source (plain Python)."""
    code = "import json; from tests.bench_engine import results; print(json.dumps(results()))"
    env = {**os.environ, "SENESCHAL_PURE": "1" if pure else ""}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    return [(float(rate), [float(x) for x in games]) for rate, games in json.loads(out)]


def bench() -> list[Row]:
    built_runs = fresh_results(pure=False)   # RUNS[0] is the 4-player Fief: its games give the median too
    rows: list[Row] = [("fief: whole 4-player game, median", round(statistics.median(built_runs[0][1]), 3), "s",
                        "<= 0.5")]
    plain_rates = [rate for rate, _ in fresh_results(pure=True)]
    for (game, seats, _, _, target), (built, _), plain in zip(RUNS, built_runs, plain_rates, strict=True):
        rows.append((f"{game}: random playout, {seats} players", round(built), "decisions/s", target))
        rows.append((f"{game}: random playout, {seats} players, plain Python", round(plain), "decisions/s", ""))
    return rows
